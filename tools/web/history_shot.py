"""The README's picture of the History view: a finished game's deals, its chart and the
archive (the game before it), on a phone held upright, in real headless Chromium.

    python -m tools.web.history_shot [--site build/web]     # docs/img/web-history.png

SPDX-License-Identifier: MIT
"""

import argparse
import sys
import time
from pathlib import Path

from tools.web import browser

REPO = Path(__file__).resolve().parents[2]
# (pone's play, dealer's play, pone's hand, dealer's hand, crib), hand by hand; A deals first.
HANDS = ((2, 3, 8, 12, 4), (4, 2, 6, 10, 7), (3, 5, 12, 8, 2), (2, 2, 7, 16, 6),
         (5, 1, 10, 4, 8), (2, 4, 8, 12, 12), (3, 3, 14, 9, 5), (4, 2, 12, 13, 6))  # fmt: skip


def game_keys(hands=HANDS, target=121):
    """The keys of the hands, up to the entry that wins (nothing typed after it)."""
    scores = {"A": 0, "B": 0}
    keys = []
    for n, (pp, dp, ph, dh, crib) in enumerate(hands):
        dealer, pone = ("A", "B") if n % 2 == 0 else ("B", "A")
        if n:
            keys.append("#")  # the deal passes
        for points, side, key in ((pp, pone, f"{pp}{pone}"), (dp, dealer, f"{dp}{dealer} #"),
                                  (ph, pone, f"{ph}#"), (dh, dealer, f"{dh}#"),
                                  (crib, dealer, f"{crib}#")):  # fmt: skip
            keys.append(key)
            scores[side] += points
            if scores[side] >= target:
                return " ".join(keys)
    raise ValueError("the hands end before anyone wins")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", default=str(REPO / "build" / "web"))
    args = ap.parse_args(argv)
    out = REPO / "docs" / "img" / "web-history.png"
    with browser.Site(Path(args.site)) as site, browser.Browser(360, 640, mobile=True) as b:
        b.open(site.url)
        b.js("localStorage.clear()")
        b.reload()
        b.tap(game_keys())
        time.sleep(1.0)
        b.hold("#", 3300)  # a new game: the won one goes to the archive
        b.tap("0A " + game_keys(HANDS[2:] + HANDS[:2]))  # A deals first again; to its win
        time.sleep(1.0)
        b.js("document.querySelector('#history summary').click()")
        b.wait_for("return document.querySelector('[data-history=chart]')")
        time.sleep(0.5)
        b.js("document.querySelector('#history').scrollIntoView(); document.activeElement.blur()")
        time.sleep(0.3)
        b.driver.save_screenshot(str(out))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
