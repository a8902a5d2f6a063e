"""Phones scanning the board at the same moment (issue 19), in Debian's headless Chromium: four
phones open the board's page at once (each browser loading the page's ~19 files on up to 6
connections to the board: more than the server answers at once, so some wait for a slot in
live/slots.py's line), and every one draws the board: its holes are the board's frame, its
scores the board's. Then a paired phone's key reaches all four. Slow tier (browsers).

Without chromium, chromium-driver or microdot it skips, except under PICOPEG_CI=1.
"""

import threading

import pytest
from test_web_live import open_live, pair, phone, press, show_keys, site_dir, wait_same

from tools.web import liveboard

__all__ = ["site_dir"]  # (the fixture, shared with test_web_live)
pytestmark = pytest.mark.slow  # Chromium (conftest marks by `browser`, not imported here)
PAGES = 4


def test_four_phones_opening_the_page_at_once_all_draw_the_board(site_dir, tmp_path):
    with liveboard.LiveBoard(tmp_path, site_dir) as board:
        pages = []
        try:
            for _ in range(PAGES + 1):
                pages.append(phone())  # (the browsers start one by one: that is the slow part)
            errors = []

            def load(b):
                try:
                    open_live(b, board.url)
                except Exception as e:  # reported below, in the test's thread
                    errors.append(e)

            threads = [threading.Thread(target=load, args=(b,)) for b in pages[:PAGES]]
            for t in threads:
                t.start()  # all four at once
            for t in threads:
                t.join()
            assert not errors, errors
            watchers, keyer = pages[:PAGES], pages[PAGES]
            state = wait_same(board, watchers)
            for b in watchers:  # (wait_same: each page's holes are the board's frame)
                assert b.js("return window.picopeg.live.states") > 0
            open_live(keyer, board.url)
            pair(keyer, board)
            show_keys(keyer)
            press(keyer, "2")
            press(keyer, "A")
            after = wait_same(board, [*watchers, keyer])
            assert after["rev"] > state["rev"] and after["scores"] != state["scores"]
        finally:
            for b in pages:
                b.quit()
