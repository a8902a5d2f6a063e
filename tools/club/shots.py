"""The README's pictures of a club night: the standings screen (a 1600x900 TV) and the
director's page, in real headless Chromium, of a night of 16 players played by script to its
fifth round (tools/club's own operations; the names are made up).

    python -m tools.club.shots        # docs/img/club-screen.png, docs/img/club-director.png

SPDX-License-Identifier: MIT
"""

import random
import sys
import tempfile
import time
from pathlib import Path

from tools.club import results
from tools.club.kit import HubProcess
from tools.club.night import Club
from tools.web import browser

REPO = Path(__file__).resolve().parents[2]
IMG = REPO / "docs" / "img"
NAMES = ("Ann Lee, Bob Marsh, Cathy Doyle, Dan Ortiz, Eve Park, Fay Quinn, Gus Reed, Hal Stone,"
         " Ivy Tran, Jon Underwood, Kim Vale, Lou Wren, Max Young, Ned Zorn, Ona Abbott,"
         " Pat Bell").split(", ")  # fmt: skip


def play(db):
    """Four rounds played and the fifth half in, two special hands, a correction."""
    c = Club(db)
    c.add_players(NAMES)
    c.new_night(9)
    rng = random.Random(30)
    for rnd in range(1, 6):
        c.draw_round()
        night = c.night()
        for table in c.unfinished(night, rnd):
            if rnd == 5 and table > 4:
                break
            loser = rng.choice([rng.randint(91, 119), rng.randint(70, 112), rng.randint(45, 90)])
            a, b = (121, loser) if rng.random() < 0.5 else (loser, 121)
            source = f"board Table {table}" if table <= 6 else "director"
            results.record(c, table, a, b, source)
        if rnd == 2:
            results.add_hand(c, "Eve Park", 29, "hand", source="board Table 3")
        if rnd == 4:
            results.add_hand(c, "Max Young", 28, "crib", source="director")
            r = c.q1("SELECT score_a, score_b FROM results WHERE round=4 AND number=8")
            a, b = (121, r[1] + 2) if r[0] == 121 else (r[0] + 2, 121)
            results.correct(c, 8, a, b, "the last crib was 10, not 12", rnd=4)
    c.close()


def main():
    if browser.missing():
        print(f"shots: {browser.missing()}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="picopeg-club-shots-") as folder:
        db = Path(folder) / "club.db"
        play(db)
        with HubProcess(db) as hub:
            with browser.Browser(1600, 900) as b:
                b.driver.set_window_size(1600, 900)
                b.driver.get(hub.url + "screen")
                b.wait_for("return window.club.updates > 0", 20)
                time.sleep(4.5)  # the fresh rows' flash is over
                b.driver.save_screenshot(str(IMG / "club-screen.png"))
            with browser.Browser(1280, 1100) as b:
                b.driver.get(hub.url + "director")
                b.wait_for("return document.querySelector('input[name=pin]')", 20)
                b.js("document.querySelector('input[name=pin]').value = arguments[0];"
                     " document.querySelector('form').requestSubmit()", hub.pin)  # fmt: skip
                b.wait_for("return window.club.state && window.club.state.night", 20)
                time.sleep(0.5)
                b.driver.save_screenshot(str(IMG / "club-director.png"))
    print(f"wrote {IMG / 'club-screen.png'} and {IMG / 'club-director.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
