# ruff: noqa: F821 - include/require/freeze are supplied by MicroPython's manifest tool.
# The PicoPeg UF2's frozen modules (docs/reference/manifest.rst in MicroPython):
# the rp2 port's own manifest (ports/rp2/boards/manifest.py: _boot, rp2, asyncio, neopixel,
# onewire, ds18x20, dht), resolved against the stand-in micropython-lib beside this file,
# then the display driver and every module of firmware/ (main.py too: the board runs it).
include("$(PORT_DIR)/boards/manifest.py")
require("ssd1306")
freeze("../../firmware")
