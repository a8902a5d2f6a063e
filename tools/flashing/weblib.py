"""microdot, the board's HTTP server library (issue 19), from PyPI, pinned by version and hash.

    folder = weblib.fetch()          # ~/.cache/picopeg/drivers/microdot-2.7.0/microdot/...
    python -m tools.flashing.weblib DIR   # copy the pinned files into DIR/microdot/ (the
                                     # MicroPython unix port's tests: make upy-lib)

The host venv installs the same version from requirements-dev.txt; the MicroPython unix port
and the Pico W get only the files the server imports (firmware/live/server.py: the core, not
its sse.py), from the wheel whose SHA-256 is pinned here. No copy is committed.
SPDX-License-Identifier: MIT
"""

import shutil
import sys
from pathlib import Path

from tools.flashing.pinned import DriverError, Pinned

PACKAGE = "microdot"
VERSION = "2.7.0"  # the same as requirements-dev.txt's
WHEEL_SHA256 = "1e9b7b825372e1ba8ebd4c59b6180e15c71f4b5200ec4bcbf8c9f9b5652db379"
FILES = (
    "microdot/__init__.py",
    "microdot/microdot.py",
)  # (its sse.py: live/events.py says why not)
MICRODOT = Pinned(PACKAGE, VERSION, WHEEL_SHA256, FILES, wheel=True, what="the web server library")


def fetch(cache=None, python=None, log=None):
    """The cached folder holding microdot/ (fetched with pip the first time)."""
    return MICRODOT.fetch(cache, python, log)


def install(target, cache=None, log=None):
    """Copy the pinned files into target (target/microdot/...); unchanged files are left."""
    source = fetch(cache, log=log)
    for path in FILES:
        dest = Path(target) / path
        data = (source / path).read_bytes()
        if dest.is_file() and dest.read_bytes() == data:
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / path, dest)
    return Path(target)


def main(argv):
    if len(argv) != 1:
        print("usage: python -m tools.flashing.weblib DIR", file=sys.stderr)
        return 2
    try:
        install(argv[0], log=print)
    except DriverError as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
