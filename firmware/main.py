"""Boot: build the board while the heap is empty, then run the app (see app.py).

The same file is frozen into the PicoPeg UF2 (tools/uf2), where MicroPython runs it instead of
any /main.py. Frozen modules go first on sys.path, so the UF2's firmware is what runs even
where an earlier `make flash` left its files (on stock MicroPython nothing of PicoPeg's is
frozen, so this changes nothing there); then the UF2 moves those files aside (uf2boot.py).
SPDX-License-Identifier: MIT
"""

import gc
import sys

if ".frozen" in sys.path:
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")
# A built-in module that a file may extend (time, os, struct, machine, ...) is looked for on
# sys.path before the built-in, at every import, and never kept in sys.modules: ~10 ms of
# littlefs look-ups each time on the make flash Pico (a dozen at boot). With sys.path empty
# the built-in comes at once; kept in sys.modules, every later import finds it there.
_path = sys.path[:]
sys.path.clear()
for _name in ("time", "struct", "os", "errno", "machine", "json", "binascii", "io"):
    try:
        sys.modules[_name] = __import__(_name)
    except ImportError:  # not built into this firmware: looked for as before
        pass
sys.path.extend(_path)
del _path, _name
from compat import IN_UF2  # noqa: E402 - after sys.path is set: the frozen one in the UF2

notice = ""
if IN_UF2:
    import os

    import uf2boot

    notice = uf2boot.set_aside(os)
    if notice:
        print("PicoPeg:", notice)
    del sys.modules["uf2boot"]
gc.collect()
import hal  # noqa: E402 - after the collect, so the board's buffers come first

board = hal.Board()
# The keys from here on: a timer reads the keypad while the app and its game load (the
# keeper's ~15 modules, ~200 ms on the make flash Pico) and keeps what was pressed until the
# modes can take it (bootkeys.py), every KEY_MS: the app's scan period.
import bootkeys  # noqa: E402

latch = bootkeys.start_app(board, bootkeys.KEY_MS)
import app  # noqa: E402

start = None
if board.wireless():  # a Pico W: its Wi-Fi (wifi.py); a plain Pico imports nothing of it
    import wifi

    start = wifi.start
app.run(board, notice=notice, start=start, latch=latch)
