"""`make club`'s setup: its venv's one requirement is the same microdot, pinned by the same
wheel hash, as the developer's venv and the Pico W's copy (tools/flashing/weblib.py), and the
hub's modules need nothing else beyond Python's own library (a fresh machine's .venv-club).
SPDX-License-Identifier: MIT
"""

import json
import re
import subprocess
import sys
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


# The club's modules for the developer only (benchmarks, screenshots, the tests' kit): the
# hub and tools/club.py never import them.
DEVELOPER_ONLY = {"bench", "shots", "fakeboards", "kit", "playgen"}

LIST_IMPORTS = """
import importlib, json, pkgutil, sys
import tools.club as club
skip = set(sys.argv[1].split(","))
for m in pkgutil.iter_modules(club.__path__):
    if m.name not in skip and m.name != "__main__":
        importlib.import_module("tools.club." + m.name)
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_the_hub_needs_only_microdot_beside_the_standard_library():
    out = subprocess.run(
        [sys.executable, "-c", LIST_IMPORTS, ",".join(sorted(DEVELOPER_ONLY))],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    outside = set(json.loads(out)) - set(sys.stdlib_module_names)
    outside -= {"__main__", "_distutils_hack"}  # the interpreter's own, and a venv's setuptools
    assert outside == {"tools", "microdot"}, sorted(outside)
