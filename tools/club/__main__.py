"""python -m tools.club COMMAND: tools/club.py's commands (the way `make club` runs the hub,
from the repository root, in .venv-club).
SPDX-License-Identifier: MIT
"""

import sys

from tools.club.cli import main

sys.exit(main())
