"""The live view's figures (printed, never asserted; `make bench` runs this in .venv).

    python -m tools.web.livebench

- the board's copy of the page (`make board-site`): its files and bytes, and gzipped;
- a phone's first visit (390x844, a new Chromium profile: nothing cached) to the board of
  `tools/sim.py --serve` on loopback: the bytes it downloads (the Resource Timing API's
  transferSize of the page and of every file and request done by the time the board is
  drawn: headers and bodies as sent, the state's stream not counted, as it never ends), how
  many requests, and the time to the first drawn board; beside the web board's first visit
  (`make web`: the same page with MicroPython's WebAssembly port and the firmware).
SPDX-License-Identifier: MIT
"""

import gzip
import statistics
import sys
import tempfile
from pathlib import Path

from tools.web import browser, liveboard
from tools.web import build as webbuild

REPO = Path(__file__).resolve().parents[2]
RUNS = 3
GOAL_KB = 150  # a phone on the board's own Wi-Fi: a first visit well under a second's worth

VISIT = """
const nav = performance.getEntriesByType('navigation')[0];
const res = performance.getEntriesByType('resource').filter(r => r.responseEnd > 0);
return [nav.transferSize + res.reduce((n, r) => n + r.transferSize, 0), res.length + 1,
        window.picopeg.marks.drawn];
"""


def folder_bytes(folder):
    files = [p for p in Path(folder).iterdir() if p.is_file() and not p.name.startswith(".")]
    raw = sum(p.stat().st_size for p in files)
    zipped = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    return len(files), raw, zipped


def first_visits(site):
    out = []
    with tempfile.TemporaryDirectory(prefix="picopeg-bench-") as state:
        with liveboard.LiveBoard(state, site) as board:
            for _ in range(RUNS):
                with browser.Browser(390, 844, mobile=True) as b:
                    b.driver.get(board.url)
                    b.wait_for("return window.picopeg && window.picopeg.marks.drawn", 20)
                    b.wait_for("return document.readyState === 'complete'", 10)
                    out.append(b.js(VISIT))
    return out


def report(site):
    webbuild.build_board(site, log=lambda *a: None)
    n, raw, zipped = folder_bytes(site)
    print(f"the board's copy of the page: {n} files, {raw / 1024:.0f} KB "
          f"({zipped / 1024:.0f} KB gzipped)")  # fmt: skip
    visits = first_visits(site)
    size = statistics.median(v[0] for v in visits)
    reqs = statistics.median(v[1] for v in visits)
    drawn = statistics.median(v[2] for v in visits)
    print(f"a phone's first visit to the live view (390x844, nothing cached, loopback): "
          f"{size / 1024:.0f} KB in {reqs:.0f} requests, the board drawn at {drawn:.0f} ms "
          f"(median of {len(visits)})   goal < {GOAL_KB} KB")  # fmt: skip
    web = REPO / "build" / "web"
    if (web / "micropython.wasm").exists():
        _, wraw, wzip = folder_bytes(web)
        print(f"    the web board's site, for comparison (make web, with the wasm port and "
              f"the firmware): {wraw / 1024:.0f} KB ({wzip / 1024:.0f} KB gzipped)")  # fmt: skip


def main():
    reason = browser.missing() or liveboard.missing()
    if reason:
        print(f"skipped: {reason}")
        return 0
    report(REPO / "build" / "board-site")
    return 0


if __name__ == "__main__":
    sys.exit(main())
