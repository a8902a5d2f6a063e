# ruff: noqa: F821 - freeze/include are supplied by MicroPython's manifest tool.
# Frozen modules of the emulator firmware: the official RPI_PICO manifest
# (ports/rp2/boards/manifest.py) minus the micropython-lib packages no registry ships
# (onewire, ds18x20, dht), with micropython-lib's neopixel carried in neopixel.py (MIT).
freeze("$(PORT_DIR)/modules")
include("$(MPY_DIR)/extmod/asyncio")
module("neopixel.py")
