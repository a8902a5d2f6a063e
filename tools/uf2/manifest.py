# ruff: noqa: F821 - include/require/freeze are supplied by MicroPython's manifest tool.
# The PicoPeg UF2's frozen modules (docs/reference/manifest.rst in MicroPython):
# the rp2 port's own manifest (ports/rp2/boards/manifest.py: _boot, rp2, asyncio, neopixel,
# onewire, ds18x20, dht), resolved against the stand-in micropython-lib beside this file,
# then every module of firmware/ (main.py too: the board runs it). The display driver is
# not in the repository: make_uf2.py fetches it (tools/flashing/driver.py) and freezes it
# through a manifest it writes at build time, which includes this one.
include("$(PORT_DIR)/boards/manifest.py")
freeze("../../firmware")
