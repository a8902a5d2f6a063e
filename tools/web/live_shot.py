"""The README's picture of the live view: a phone (390x844, held upright) watching a game on a
PicoPeg W, in real headless Chromium. The board is `tools/sim.py --serve` (tools/web/
liveboard.py); a script pairs as a phone does and keys the game in; the phone only watches.

    python -m tools.web.live_shot [--site build/board-site]     # docs/img/web-live.png

SPDX-License-Identifier: MIT
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

from tools.web import browser, liveboard
from tools.web import build as webbuild

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "docs" / "img" / "web-live.png"
SIZE = (390, 844)
# Three hands (history_shot.HANDS' first three: the play, then the show), and the fourth's
# play under way: A 46, B 47, B dealing.
GAME = "2B 3A # 8# 12# 4# # 4A 2B # 6# 10# 7# # 3B 5A # 12# 8# 2# # 2A 3B"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", default=str(REPO / "build" / "board-site"))
    args = ap.parse_args(argv)
    webbuild.build_board(args.site, log=lambda *a: None)
    with tempfile.TemporaryDirectory(prefix="picopeg-live-") as state:
        with liveboard.LiveBoard(state, args.site) as board:
            cookie = board.pair()
            board.keys(GAME, cookie)
            with browser.Browser(*SIZE, mobile=True) as b:
                b.driver.get(board.url)
                b.wait_for("return window.picopeg && window.picopeg.live.states > 0", 20)
                time.sleep(1.6)  # the accepted flash is over
                b.js("document.activeElement.blur()")
                b.driver.save_screenshot(str(OUT))
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
