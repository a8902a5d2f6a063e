"""tools/emu's and tools/uf2's modules import each other by name, as they do when run as
scripts; firmware/ and the tools package give the PC-side expectations (the same firmware
on CPython)."""

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2]
for path in (TOOLS / "uf2", TOOLS / "emu", TOOLS.parent, TOOLS.parent / "firmware"):
    sys.path.insert(0, str(path))
