"""A paired phone's page (Debian's headless Chromium) keying a deal's pegs through a hostile
network (host_tests/fault_proxy.py): its entries meet 503s, connections closed unanswered,
answers lost after the board applied the entry, and an answer held past the page's timeout.
The page says "sending…" in the entry line while it has no answer, sends the same entry again
with the same number, backing off 0.25 s then twice as long each time, and shows the board's
verdict; the board applies each entry exactly once (its scores are the script's); the page's
scores are never ahead of the board's; a watching phone sees every commit.

Without chromium, chromium-driver or microdot it skips, except under PICOPEG_CI=1.
"""

import itertools
import time

import pytest
from fault_proxy import FaultProxy
from test_web_live import ENTRY, open_live, pair, phone, show_keys, shown_scores, site_dir

from tools.web import liveboard

__all__ = ["site_dir"]  # (the fixture, shared with test_web_live)
pytestmark = pytest.mark.slow  # Chromium

# (keys on the phone, the faults its entry meets before it passes, the score it adds)
SCRIPT = [
    ("2A", ["503", "503", "503", "503"], (2, 0)),  # a busy board: backs off, 4 times
    ("3B", ["drop", "drop"], (0, 3)),  # connections closed unanswered
    ("5A", ["lost"], (5, 0)),  # applied, the answer lost: the retry gets the first answer
    ("4B", ["late"], (0, 4)),  # applied, the answer too late: the page gave up and retried
    ("A", [], (1, 0)),  # a go, straight through
]
BACKOFF = [0.25, 0.5, 1.0, 2.0]  # the page's waits after the 1st, 2nd, ... failure
PAGE_WAITS_S = 8.0  # for an answer, before it gives up on a request (liveentry.js)
# Every score pair a page draws, in order (a page's own record, from its score strip).
WATCH = (
    "window.seen = []; new MutationObserver(() => {"
    " const s = [...document.querySelectorAll('#scores b')].map(e => e.textContent).join(',');"
    " if (window.seen[window.seen.length - 1] !== s) window.seen.push(s); })"
    ".observe(document.getElementById('scores'), {subtree: true, childList: true,"
    " characterData: true})"
)


def test_a_paired_page_sends_again_until_the_board_answers_and_pegs_once(site_dir, tmp_path):
    seqs = []  # the entries' numbers, as they first reach the network

    def plan(seq, attempt):
        if seq not in seqs:
            seqs.append(seq)
        planned = SCRIPT[seqs.index(seq)][1]
        return planned[attempt] if attempt < len(planned) else "pass"

    with (
        liveboard.LiveBoard(tmp_path / "state", site_dir) as board,
        FaultProxy(board.port, plan) as proxy,
    ):
        watcher, keyer = phone(), phone()
        try:
            open_live(watcher, board.url)  # straight to the board
            open_live(keyer, proxy.url)  # through the hostile network
            pair(keyer, board)
            show_keys(keyer)
            for page in (keyer, watcher):
                page.js(WATCH)
            want, commits = [0, 0], []
            for n, (keys, planned, adds) in enumerate(SCRIPT):
                before = board.state()["scores"]
                for legend in keys:
                    keyer.key(legend).click()
                if planned:
                    line = keyer.wait_for(f"return {ENTRY}.dataset.kind === 'sending' && "
                                          f"{ENTRY}.textContent", 10)  # fmt: skip
                    assert line.startswith("sending…"), line
                if planned and planned[0] in ("503", "drop"):  # nothing reached the board
                    keyer.wait_for(f"return {ENTRY}.textContent.includes('(again)')", 10)
                    assert shown_scores(keyer) == before == board.state()["scores"]
                keyer.wait_for("return window.picopeg.idle()", 30)
                want = [want[0] + adds[0], want[1] + adds[1]]
                commits.append("{},{}".format(*want))
                verdict = keyer.js(f"return [{ENTRY}.dataset.kind, {ENTRY}.textContent]")
                assert verdict[0] == "done" and verdict[1].startswith("✓"), verdict
                assert board.state()["scores"] == want, (keys, planned)
                tries = [t for t, s, _ in proxy.attempts if s == seqs[n]]
                assert len(tries) == len(planned) + 1, (keys, proxy.attempts)
                for i, (a, b) in enumerate(itertools.pairwise(tries)):
                    least = BACKOFF[i] + (PAGE_WAITS_S if planned[i] == "late" else 0)
                    assert b - a >= least - 0.05, (keys, i, b - a)
            for page in (keyer, watcher):
                end = time.monotonic() + 10
                while shown_scores(page) != want and time.monotonic() < end:
                    time.sleep(0.05)
                assert shown_scores(page) == want
                seen = [s for s in page.js("return window.seen") if s != "0,0"]
                assert seen == commits  # each commit once, in order; nothing the board had not
            assert [s for _, s, _ in proxy.attempts] == sorted(s for _, s, _ in proxy.attempts)
            counts = "return [window.picopeg.entries.sent, window.picopeg.entries.refused]"
            assert keyer.js(counts) == [len(SCRIPT), 0]
        finally:
            watcher.quit()
            keyer.quit()
