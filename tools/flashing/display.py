"""The optional SSD1306 display: probe for it on the board, copy it the pinned driver.

hal.py uses the `ssd1306` driver when it is installed and a display answers on I2C address
0x3C (pins from firmware/pins.py). `make flash` copies the driver to /lib/ssd1306.mpy only when
the display is there: the one file driver.py fetches (micropython-ssd1306 0.3 from PyPI,
pinned by hash), compiled with mpy-cross, the same file the UF2 freezes. A driver already on
the board is checked against it by hash and replaced when it differs. If the driver cannot be
fetched (offline, first time) it says so in one line and goes on: the board works the same
without the display.
SPDX-License-Identifier: MIT
"""

import ast
from pathlib import Path

from tools.flashing import device
from tools.flashing.driver import NAME, DriverError, sha256

OLED_ADDR = 0x3C  # hal.OLED_ADDR
TARGET = "/lib"
DRIVER = TARGET + "/ssd1306.mpy"
OWN = TARGET + "/ssd1306.py"  # a maker's own driver: imported before the .mpy, left alone


def i2c_pins(pins_py):
    """(bus, sda, scl) from firmware/pins.py's I2C_BUS, I2C_SDA, I2C_SCL = const(n) lines."""
    found = {}
    for node in ast.parse(Path(pins_py).read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            name = node.targets[0].id if isinstance(node.targets[0], ast.Name) else ""
            if name in ("I2C_BUS", "I2C_SDA", "I2C_SCL") and node.value.args:
                found[name] = ast.literal_eval(node.value.args[0])
    return found["I2C_BUS"], found["I2C_SDA"], found["I2C_SCL"]


def ensure_driver(link, device_files, pins, log=print, driver=None):
    """Make /lib/ssd1306.mpy the pinned driver if a display answers; `driver()` gives its
    bytes (DriverError if it cannot). Return "present", "no display", "installed" or
    "failed"."""
    if OWN in device_files:
        log(f"display driver: {OWN} is there (the maker's own; left alone)")
        return "present"
    data, why = None, "no driver given"
    have = DRIVER in device_files
    if have:
        data, why = _get(driver)
        link.doing = "hashing the display driver"
        files, _ = device.tree(link, roots=[DRIVER])
        if data is not None and files[DRIVER].sha256 == sha256(data):
            log(f"display driver: ssd1306 is installed ({NAME}, the pinned one)")
            return "present"
        if data is None:
            log(f"display driver: ssd1306 is installed (not checked against {NAME}: {why})")
            return "present"
    link.doing = "looking for the display on I2C"
    bus, sda, scl = pins
    if not device.probe_i2c(link, bus, sda, scl, OLED_ADDR):
        log(f"display: none on I2C 0x{OLED_ADDR:02X} (GP{sda}/GP{scl}); the board runs without")
        return "no display"
    if data is None:
        data, why = _get(driver)
    if data is None:
        log(f"display found, but {why}: the board runs without the display; run make flash "
            "again when online")  # fmt: skip
        return "failed"
    link.doing = "copying the ssd1306 driver"
    device.make_dirs(link, [TARGET])
    device.write_file(link, DRIVER, data)
    log(f"display found: {'updated' if have else 'installed'} the ssd1306 driver ({NAME}) "
        f"in {DRIVER}")  # fmt: skip
    return "installed"


def _get(driver):
    """(bytes, None) or (None, why)."""
    if driver is None:
        return None, "no driver given"
    try:
        return driver(), None
    except DriverError as e:
        return None, str(e)
