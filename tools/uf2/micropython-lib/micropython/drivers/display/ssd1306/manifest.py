# ruff: noqa: F821 - a MicroPython manifest (see ../../../../README.md)
metadata(description="SSD1306 OLED driver (PyPI micropython-ssd1306 0.3).", version="0.3")
module("ssd1306.py", opt=3)
