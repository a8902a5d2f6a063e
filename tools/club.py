"""The club night from the command line: tools/club.py --db FILE COMMAND (tools/club/cli.py;
docs/CLUB.md). `make club` runs its `serve`.
SPDX-License-Identifier: MIT
"""

import sys

from tools.club.cli import main

if __name__ == "__main__":
    sys.exit(main())
