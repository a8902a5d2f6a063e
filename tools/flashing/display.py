"""The optional SSD1306 display: probe for it on the board, install its driver with mip.

hal.py uses micropython-lib's `ssd1306` driver when it is installed and a display answers on
I2C address 0x3C (pins from firmware/pins.py). `make flash` installs the driver only when the
display is there and the driver is not; without a network it says so in one line and goes on,
since the board works the same without the display.
SPDX-License-Identifier: MIT
"""

import ast
import contextlib
import io
import re
from pathlib import Path

from tools.flashing import device
from tools.flashing.errors import LinkLost

OLED_ADDR = 0x3C  # hal.OLED_ADDR
DRIVER = "ssd1306"
DRIVER_FILES = ("/lib/ssd1306.mpy", "/lib/ssd1306.py")
TARGET = "/lib"


def i2c_pins(pins_py):
    """(bus, sda, scl) from firmware/pins.py's I2C_BUS, I2C_SDA, I2C_SCL = const(n) lines."""
    found = {}
    for node in ast.parse(Path(pins_py).read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            name = node.targets[0].id if isinstance(node.targets[0], ast.Name) else ""
            if name in ("I2C_BUS", "I2C_SDA", "I2C_SCL") and node.value.args:
                found[name] = ast.literal_eval(node.value.args[0])
    return found["I2C_BUS"], found["I2C_SDA"], found["I2C_SCL"]


def mip_install(transport, package=DRIVER, index=None):
    """mpremote's own `mip install` code, on our transport (prints its progress)."""
    from mpremote import mip

    index = (index or mip._PACKAGE_INDEX).rstrip("/")
    mip._install_package(transport, package, index, TARGET, None, True)


def ensure_driver(link, device_files, pins, log=print, install=mip_install):
    """Install the driver if a display answers and the driver is missing; return what
    happened: "present", "no display", "installed" or "failed"."""
    if any(path in device_files for path in DRIVER_FILES):
        log("display driver: ssd1306 is installed")
        return "present"
    link.doing = "looking for the display on I2C"
    bus, sda, scl = pins
    if not device.probe_i2c(link, bus, sda, scl, OLED_ADDR):
        log(f"display: none on I2C 0x{OLED_ADDR:02X} (GP{sda}/GP{scl}); the board runs without")
        return "no display"
    link.doing = "installing the ssd1306 driver"
    progress = io.StringIO()
    try:
        with contextlib.redirect_stdout(progress):
            install(link.transport)
    except Exception as e:  # offline, an index error, a full board: all say the same
        if _is_disconnect(e):
            raise link.lost("disconnected") from e
        log(
            f"display found, but the ssd1306 driver could not be installed ({_reason(e)}): "
            "the board runs without the display; run make flash again when online"
        )
        return "failed"
    log("display found: installed the ssd1306 driver into /lib with mip")
    return "installed"


def _is_disconnect(e):
    import serial

    if isinstance(e, (serial.SerialException, LinkLost)):
        return True
    from mpremote.transport import TransportError, TransportExecError

    return isinstance(e, TransportError) and not isinstance(e, TransportExecError)


def _reason(e):
    """A short reason without the URL (mip's messages end in 'requesting <url>')."""
    text = str(e).strip().splitlines()[-1] if str(e).strip() else type(e).__name__
    return re.sub(r"\s*(requesting|opening) \S+$", "", text) or type(e).__name__
