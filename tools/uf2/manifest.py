# ruff: noqa: F821 - include/require/freeze are supplied by MicroPython's manifest tool.
# The PicoPeg UF2's frozen modules (docs/reference/manifest.rst in MicroPython):
# the rp2 port's own manifest (ports/rp2/boards/manifest.py: _boot, rp2, asyncio, neopixel,
# onewire, ds18x20, dht), resolved against the stand-in micropython-lib beside this file,
# then every module of firmware/ (main.py too: the board runs it) but the Pico W's. The
# display driver is not in the repository: make_uf2.py fetches it (tools/flashing/driver.py)
# and freezes it through a manifest it writes at build time, which includes this one.
import os

include("$(PORT_DIR)/boards/manifest.py")
# Not the modules only a Pico W runs: the UF2 is for the Pico (make_uf2.py passes their
# names, tools/flashing/wonly.py; a Pico W runs MicroPython's own firmware and make flash).
options.defaults(exclude=())
_scripts = []
for _dir, _subs, _names in os.walk("../../firmware"):
    _subs[:] = sorted(d for d in _subs if d != "__pycache__")
    _rel = os.path.relpath(_dir, "../../firmware").replace(os.sep, "/")
    for _name in sorted(_names):
        _path = _name if _rel == "." else _rel + "/" + _name
        if _name.endswith(".py") and not any(
            _path.startswith(x) if x.endswith("/") else _path == x for x in options.exclude
        ):
            _scripts.append(_path)
freeze("../../firmware", tuple(_scripts))
