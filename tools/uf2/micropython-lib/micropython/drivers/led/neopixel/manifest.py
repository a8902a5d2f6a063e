# ruff: noqa: F821 - a MicroPython manifest (see ../../../../README.md)
# The same module the emulator's image freezes: micropython-lib's neopixel, carried with its
# MIT notice (tools/emu/frozen/neopixel.py says why).
metadata(description="WS2812/NeoPixel driver (tools/emu/frozen/neopixel.py).", version="0.1.0")
module("neopixel.py", base_path="$(MPY_LIB_DIR)/../../emu/frozen", opt=3)
