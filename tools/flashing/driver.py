"""The SSD1306 display driver, from PyPI at build time, pinned by version and hash.

    path = driver.fetch()                  # ~/.cache/picopeg/drivers/micropython-ssd1306-0.3/
    data = driver.compiled("mpy-cross")    # its .mpy, for /lib/ssd1306.mpy (make flash)

The fetch is tools/flashing/pinned.py's (microdot comes the same way: tools/flashing/weblib.py).

PicoPeg drives the optional display with MicroPython's SSD1306 driver, the ssd1306.py that
MicroPython kept in drivers/display/ before it moved to micropython-lib. micropython-lib itself
publishes to no registry this project can use; its driver as a package is `micropython-ssd1306`
0.3 on PyPI (Stefan Lehmann, MIT), an sdist in the old upip format: ssd1306.py and PKG-INFO,
no setup.py. `make flash` (copied to the board's /lib) and `make uf2` (frozen in) use this one
file, so both boards run the same driver, and the repository holds no copy of it.

pip fetches it: `pip download --require-hashes` checks the sdist's SHA-256 against SDIST_SHA256
before unpacking it, then stops, since the sdist has no setup.py to read metadata from. With
--no-clean the tree it unpacked stays in the temporary folder this module gives it, and the
one ssd1306.py in it whose SHA-256 is FILE_SHA256 is kept in the cache. Stdlib only (make_uf2.py
runs it too, outside the venv).
SPDX-License-Identifier: MIT
"""

import tempfile
from pathlib import Path

from tools.flashing.pinned import DriverError, Pinned, default_cache, sha256  # noqa: F401

PACKAGE = "micropython-ssd1306"
VERSION = "0.3"
SDIST_SHA256 = "d00cae1ff680e6ae504e258e700f002874b0d924b1a604253b6ea63144b58289"
FILE = "ssd1306.py"
FILE_SHA256 = "fcdaff406b4c5cc56bc99a5cb1e85d58be2108b43d1bb50c432062323a48edb7"
NAME = f"{PACKAGE} {VERSION}"
SSD1306 = Pinned(PACKAGE, VERSION, SDIST_SHA256, {FILE: FILE_SHA256}, what="the display driver")


def fetch(cache=None, python=None, log=None):
    """The pinned ssd1306.py (cached after the first fetch); DriverError if pip cannot get it."""
    return SSD1306.fetch(cache, python, log) / FILE


def compiled(mpy_cross, cache=None, log=None):
    """The driver compiled with mpy-cross, as the board's /lib/ssd1306.mpy."""
    from tools.flashing import image  # (not needed by make_uf2.py, which freezes the source)

    source = fetch(cache, log=log)
    with tempfile.TemporaryDirectory(prefix="picopeg-driver-") as tmp:
        target = Path(tmp) / "ssd1306.mpy"
        image.compile_module(mpy_cross, source, FILE, target)
        return target.read_bytes()
