"""tools/emu's modules import each other by name, as they do when run as scripts."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
