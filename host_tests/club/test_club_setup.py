"""`make club`'s setup: its venv's one requirement is the same microdot, pinned by the same
wheel hash, as the developer's venv and the Pico W's copy (tools/flashing/weblib.py).
SPDX-License-Identifier: MIT
"""

import re
from pathlib import Path

from tools.flashing import weblib

REPO = Path(__file__).resolve().parents[2]


def requirements(name):
    lines = (REPO / name).read_text().splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def test_the_club_venv_pins_the_same_microdot():
    (line,) = requirements("requirements-club.txt")
    m = re.fullmatch(r"microdot==(\S+) --hash=sha256:([0-9a-f]{64})", line)
    assert m, line
    assert m.group(1) == weblib.VERSION
    assert m.group(2) == weblib.WHEEL_SHA256
    assert f"microdot=={weblib.VERSION}" in requirements("requirements-dev.txt")
