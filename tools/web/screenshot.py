"""The README's pictures of the web board: a game in progress in real headless Chromium.

    python -m tools.web.screenshot [--site build/web]
        # docs/img/web.png, web-phone.png (upright, 360x640), web-sideways.png (844x390)

SPDX-License-Identifier: MIT
"""

import argparse
import sys
import time
from pathlib import Path

from tools.web import browser

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

# A few hands' worth: A deals; the play, the show, the deal passes, and a play under way.
GAME = "2B 2A 1B # 8# 12# 4# # 2A 3B 2A 6# 10# 7# # 2B 1A 3B"


def shoot(b, url, out, keys):
    b.open(url)
    b.js("localStorage.clear()")
    b.reload()
    b.tap(keys)
    b.js("window.scrollTo(0, 0); document.activeElement.blur()")
    time.sleep(1.6)  # the accepted flash is over
    b.driver.save_screenshot(str(out))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", default=str(REPO / "build" / "web"))
    args = ap.parse_args(argv)
    img = REPO / "docs" / "img"
    with browser.Site(Path(args.site)) as site:
        with browser.Browser(1100, 900) as b:
            shoot(b, site.url, img / "web.png", GAME)
        with browser.Browser(360, 640, mobile=True) as b:
            shoot(b, site.url, img / "web-phone.png", GAME)
        with browser.Browser(844, 390, mobile=True) as b:
            shoot(b, site.url, img / "web-sideways.png", GAME)
    print(f"wrote {img / 'web.png'}, {img / 'web-phone.png'} and {img / 'web-sideways.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
