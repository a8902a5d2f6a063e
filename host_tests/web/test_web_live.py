"""The live view of a PicoPeg W (issue 19) in Debian's headless Chromium: `tools/sim.py
--serve` (the board headless, its server on loopback; tools/web/liveboard.py) and phones at
the table. Four watching pages and one paired page play a scripted game, its keys tapped on
the paired page, which sends each whole entry; after every key every page's holes are the
board's frame. A watching page's key is refused and changes nothing. Five wrong codes lock
pairing. The History view of the finished game is its deals, and `make export` of the
board's folder is the History view. A power cut (the server killed and started again on the
same folder and port) while the pages watch: each reconnects by itself and shows the board's
score, and the paired page is still paired. The pairing code is read from the board's
display lines, as a person reads it off the board.

Without chromium, chromium-driver or microdot it skips, except under PICOPEG_CI=1.
"""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ci_gate import need
from test_web_history import (
    CRIB,
    DEALER_HAND,
    DEALER_PLAY,
    HANDS,
    PONE_HAND,
    PONE_PLAY,
    chart_ends,
    deal_rows,
    expected,
)

from tools.web import browser, liveboard
from tools.web import build as webbuild

REPO = Path(__file__).resolve().parents[2]
PHONE = (390, 844)
WATCHERS = 4

# Each page's rev and holes, read at once (one script: the same state for both).
SNAP = (
    "const p = window.picopeg; return [p.live.rev, [...document.querySelectorAll('[data-hole]')]"
    ".sort((a, b) => a.dataset.hole - b.dataset.hole).map(e => e.dataset.rgb).join(';')]"
)
UP = "return !!(window.picopeg && window.picopeg.live && window.picopeg.live.up)"


def holes(text):
    return [tuple(int(v) for v in part.split(",")) for part in text.split(";")]


def phone():
    return browser.Browser(*PHONE, mobile=True)


NOTE = "document.getElementById('pair-note').textContent"


def submit_code(b, code):
    """Type a code into the pairing panel and press Enter; what the panel then says."""
    from selenium.webdriver.common.keys import Keys

    b.js(f"{NOTE} = ''")
    field = b.driver.find_element("css selector", "input[data-pair]")
    field.clear()
    field.send_keys(code + Keys.ENTER)
    b.wait_for(f"return {NOTE} !== '' || document.getElementById('pair').hidden", 10)
    return b.js(f"return {NOTE}")


@pytest.fixture(scope="module")
def site_dir():
    need(browser.missing() or liveboard.missing())
    out = REPO / "build" / "web-live-test"
    webbuild.build_board(out, log=lambda *a: None)
    return out


@pytest.fixture(scope="module")
def table(site_dir, tmp_path_factory):
    """The board served, four watching phones and one that pairs (not yet paired)."""
    state = tmp_path_factory.mktemp("live-state")
    with liveboard.LiveBoard(state, site_dir) as board:
        pages = []
        try:
            for _ in range(WATCHERS + 1):
                b = phone()
                pages.append(b)
                open_live(b, board.url)  # one at a time: the board's connections are few
            yield board, pages[:WATCHERS], pages[WATCHERS]
        finally:
            for b in pages:
                b.quit()


def open_live(b, url):
    b.driver.get(url)
    b.wait_for(UP + " && window.picopeg.live.states > 0", browser.BOOT_S)


def click(b, selector):
    b.driver.find_element("css selector", selector).click()


def pair(b, board):
    """Pair page b as a person does: Pair, read the code off the board's display, type it."""
    mark = board.mark()
    click(b, "[data-action=pair]")
    b.wait_for(f"return {NOTE}.includes('6-digit code')", 10)
    code = board.code(mark)
    said = submit_code(b, code)
    assert said == "" or "Paired" in said, said
    b.wait_for("return window.picopeg.status() === 'paired'", 10)


def show_keys(b):
    if not b.js("return document.body.classList.contains('keys')"):
        click(b, "[data-action=keys]")


def press(b, legend):
    """A click on a page's key; until the board has answered the entry it made, if any."""
    b.key(legend).click()
    b.wait_for("return window.picopeg.idle()", 10)


ENTRY = "document.getElementById('entry')"


def wait_same(board, pages, timeout=15.0):
    """Until every page has drawn the state the board serves now; then its holes must be the
    board's frame exactly. Returns that state."""
    end = time.monotonic() + timeout
    while True:
        state = board.state()
        seen = [b.js(SNAP) for b in pages]
        if all(rev == state["rev"] for rev, _ in seen):
            want = liveboard.rgbs(state["frame"])
            for i, (_, text) in enumerate(seen):
                assert holes(text) == want, f"page {i}: its holes are not the board's frame"
            return state
        if time.monotonic() > end:
            revs = [rev for rev, _ in seen]
            raise AssertionError(f"the pages are at revs {revs}, the board at {state['rev']}")
        time.sleep(0.05)


def shown_scores(b):
    return b.js("return [...document.querySelectorAll('#scores b')].map(e => +e.textContent)")


def game_keys():
    """The scripted game of test_web_history (A deals first; to A's win at 121)."""
    keys = []
    for hand in range(HANDS):
        dealer, pone = ("A", "B") if hand % 2 == 0 else ("B", "A")
        keys.append(f"{PONE_PLAY}{pone}{DEALER_PLAY}{dealer}#{PONE_HAND}#{DEALER_HAND}#{CRIB}#")
        if hand < HANDS - 1:
            keys.append("#")  # the deal passes
    return "".join(keys)


def play_the_game(board, watchers, phone):
    """The game keyed on the paired phone; every page compared with the board after each key."""
    if getattr(board, "played", False):
        return
    pair(phone, board)
    for legend in game_keys():
        press(phone, legend)
        wait_same(board, [*watchers, phone])
    board.played = True


# -- watching ----------------------------------------------------------------------------------


def test_a_watching_pages_key_changes_nothing_and_it_says_how_to_pair(table):
    board, watchers, _ = table
    b = watchers[0]
    before = wait_same(board, watchers)
    assert b.js("return window.picopeg.status()") == "watching"
    assert not b.js("return document.body.classList.contains('keys')")  # the board, big
    show_keys(b)
    for legend in "5A":
        press(b, legend)
    assert b.js("return window.picopeg.entries.refused") == 2
    after = wait_same(board, watchers)
    for field in ("frame", "lines", "scores", "dealer"):
        assert after[field] == before[field], field
    said = b.js("return document.getElementById('banner-text').textContent")
    assert "Pair" in said and "code" in said, said
    assert b.js("return document.querySelector('#banner button').textContent") == "Pair"


LAYOUT = """
const box = (s) => document.querySelector(s).getBoundingClientRect();
const board = box('#board'), hole = box('[data-hole="1"]'), digits = box('#scores b');
const nums = [...document.querySelectorAll('#board text.num:not(.skunk-label)')]
  .filter(t => t.getBoundingClientRect().height > 0);
return {w: innerWidth, h: innerHeight, bw: board.width, bh: board.height, hole: hole.width,
        digits: digits.height, nums: nums.length, play: box('#play').bottom,
        numPx: nums.length ? nums[0].getBoundingClientRect().height : 0};
"""


def test_a_watching_phone_gets_the_board_as_large_as_its_screen_either_way(table):
    board, watchers, _ = table
    upright = watchers[2].js(LAYOUT)
    assert upright["bh"] > 0.85 * upright["h"] and upright["bh"] > upright["bw"]  # down it
    with browser.Browser(844, 390, mobile=True) as b:  # held sideways
        open_live(b, board.url)
        sideways = b.js(LAYOUT)
    assert sideways["bw"] > 0.95 * sideways["w"] and sideways["bw"] > sideways["bh"]  # across
    for lay in (upright, sideways):
        assert lay["play"] <= lay["h"] + 1, lay  # all of it on the screen at once
        assert lay["nums"] == 24 and lay["numPx"] >= 9, lay  # 5, 10 ... 120, readable
        assert lay["hole"] >= 14 and lay["digits"] >= 48, lay  # at arm's length


def test_four_watchers_follow_a_paired_phone_through_a_game(table):
    board, watchers, phone = table
    play_the_game(board, watchers, phone)
    final = wait_same(board, [*watchers, phone])
    assert final["scores"] == [121, 112] and final["winner"] == 0
    for b in [*watchers, phone]:
        assert shown_scores(b) == [121, 112]
        assert b.js("return document.querySelector('#scores [data-winner]').dataset.side") == "A"


def test_the_history_of_the_finished_game_is_its_deals_and_its_export(table, tmp_path):
    board, watchers, phone = table
    play_the_game(board, watchers, phone)
    b = watchers[1]
    click(b, "[data-action=history]")  # one tap
    b.wait_for("return document.querySelectorAll('[data-history=deals] tbody tr').length > 0")
    assert b.js("return document.querySelector('main').offsetParent") is None  # in its place
    assert deal_rows(b) == [[d, s] for d, s in expected()]
    assert chart_ends(b) == {"A": 121, "B": 112}
    summary = b.js("return document.querySelector('[data-history=summary]').textContent")
    assert summary.startswith("A won 121-112 by 9"), summary
    page_json = b.js("return window.picopeg.records()")
    assert page_json == board.get("api/history")
    done = subprocess.run([sys.executable, "-m", "tools.export", "--state", str(board.state_dir),
                           "--out", str(tmp_path)], cwd=REPO, capture_output=True, text=True,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "picopeg.json").read_text() == page_json
    doc = json.loads(page_json)
    assert [d["dealer"] for d in doc["game"]["deals"]] == [d for d, _ in expected()]
    click(b, "[data-action=history]")  # and back to the board
    assert b.js("return document.querySelector('main').offsetParent") is not None


# -- a power cut ---------------------------------------------------------------------------------


def test_after_a_power_cut_every_page_reconnects_by_itself_to_the_boards_score(table):
    board, watchers, phone = table
    play_the_game(board, watchers, phone)
    pages = [*watchers, phone]
    before = wait_same(board, pages)
    board.kill()
    for b in pages:  # each says the board is gone
        b.wait_for("return window.picopeg.status() === 'down'", 15)
        assert "reconnecting" in b.js("return document.getElementById('state').textContent")
    time.sleep(1.0)
    board.start()  # the power comes back: the same folder and port
    for b in pages:
        b.wait_for(UP, 30)
    after = wait_same(board, pages)
    assert after["scores"] == before["scores"] == [121, 112]
    for b in pages:
        assert shown_scores(b) == [121, 112]
        assert not b.js("return document.body.classList.contains('down')")
    # The board kept its paired phone (on its flash, with its entries' numbers): the phone's
    # next entry goes in with the next number, and the board's verdict shows where it keys.
    phone.wait_for("return window.picopeg.status() === 'paired'", 10)
    refused = phone.js("return window.picopeg.entries.refused")
    for legend in "5A":
        press(phone, legend)
    assert phone.js("return window.picopeg.entries.refused") == refused + 1
    said = phone.js(f"return {ENTRY}.textContent")
    assert said.startswith("✗ A count 5: game over"), said  # the board's own reason
    assert wait_same(board, pages)["scores"] == [121, 112]


# -- the pairing lock --------------------------------------------------------------------------


def test_five_wrong_codes_lock_pairing_for_a_minute(site_dir, tmp_path):
    with liveboard.LiveBoard(tmp_path, site_dir) as board, phone() as b:
        open_live(b, board.url)
        mark = board.mark()
        click(b, "[data-action=pair]")
        code = board.code(mark)
        wrong = f"{(int(code) + 1) % 1000000:06d}"
        for _ in range(5):
            said = submit_code(b, wrong)
            assert said.startswith("Wrong code") or "locked for" in said, said
        # Locked now: even the right code is refused, and the page says so plainly.
        said = submit_code(b, code)
        assert "locked for" in said and "5 wrong codes" in said, said
        assert b.js("return window.picopeg.status()") == "watching"
        locked = board.state()["locked"]
        assert 50 <= locked <= 60, locked
        # A new code is refused too while it lasts, and the page shows the lock.
        b.js(f"{NOTE} = ''")
        click(b, "[data-action=pair]")
        b.wait_for(f"return {NOTE}.includes('locked for')", 5)
        b.wait_for("return document.body.classList.contains('locked')", 5)
        assert b.js("return window.picopeg.status()") == "watching"
