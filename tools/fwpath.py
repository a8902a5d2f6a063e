"""firmware/ on sys.path, for the PC tools that import the firmware's modules.

    import tools.fwpath  # noqa: F401 - firmware/ on sys.path
    # isort: split
    from scorekeeper.fileops import FileOps

The firmware's modules are top-level (``import app``), as on the Pico, not a package, so a
tool run with ``python -m tools.X`` from the repository root finds the tools package on its
own but needs firmware/ added: this is the one place that adds it. (sim.py and count.py, run
as files and sim.py on MicroPython too, and scripts that run on the board or the emulated
Pico set up their own paths: host_tests/test_tools_rooms.py lists them and why.)
SPDX-License-Identifier: MIT
"""

import sys
from pathlib import Path

FIRMWARE = str(Path(__file__).resolve().parents[1] / "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
