"""The web page's History view (tools/web/site/history.js) in Debian's headless Chromium: a
scripted game played to its win by clicking the keys, then its deals, the chart's last points,
the download (the same JSON as `make export` of the same files), and a 360x640 phone.

Without chromium, chromium-driver or the npm package it skips, except under PICOPEG_CI=1.
"""

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_web_browser import site, site_dir  # noqa: F401 (the fixtures: the site, served)

from tools.web import browser

REPO = Path(__file__).resolve().parents[2]

# Each hand: the pone pegs 4 and the dealer 8 in the play, then the show: the pone's hand 24,
# the dealer's 28, the crib 20. A deals first.
HANDS = 3
PONE_PLAY, DEALER_PLAY, PONE_HAND, DEALER_HAND, CRIB = 4, 8, 24, 28, 20


def expected():
    """[(dealer, {side: score after})] worked out from the script: A deals first, the deal
    alternates, and a score stops at 121 (the game hole)."""
    a = b = 0
    out = []
    for hand in range(HANDS):
        dealer = "AB"[hand % 2]
        gain = {
            dealer: DEALER_PLAY + DEALER_HAND + CRIB,
            "AB"[1 - hand % 2]: PONE_PLAY + PONE_HAND,
        }
        a, b = min(a + gain["A"], 121), min(b + gain["B"], 121)
        out.append((dealer, {"A": a, "B": b}))
    return out


def play_the_game(b, url):
    b.open(url)
    b.js("localStorage.clear()")
    b.reload()
    for hand in range(HANDS):
        dealer, pone = ("A", "B") if hand % 2 == 0 else ("B", "A")
        b.tap(f"{PONE_PLAY}{pone} {DEALER_PLAY}{dealer} # {PONE_HAND}# {DEALER_HAND}# {CRIB}#")
        if hand < HANDS - 1:
            b.tap("#")  # the deal passes
    time.sleep(0.5)


def open_history(b):
    b.js("document.querySelector('#history summary').click()")
    b.wait_for("return document.querySelectorAll('[data-history=deals] tbody tr').length > 0")


def deal_rows(b):
    return b.js(
        "return [...document.querySelectorAll('[data-history=deals] tbody tr')].map(r =>"
        " [r.children[1].textContent, Object.fromEntries([...r.querySelectorAll('td[data-side]')]"
        ".map(c => [c.dataset.side, Number(c.dataset.score)]))])"
    )


def chart_ends(b):
    return b.js(
        "const out = {}; for (const g of document.querySelectorAll('[data-history=chart]"
        " g[data-side]')) { const c = g.querySelectorAll('circle');"
        " out[g.dataset.side] = Number(c[c.length - 1].dataset.score); } return out;"
    )


def storage_files(b):
    """The board's files as the page keeps them (localStorage, one character a byte)."""
    pairs = b.js(
        "return Object.keys(localStorage).filter(k => k.startsWith('picopeg/state/'))"
        ".map(k => [k.slice('picopeg/state/'.length), localStorage.getItem(k)])"
    )
    return {name: bytes(ord(ch) for ch in value) for name, value in pairs}


def test_the_history_of_a_finished_game_and_its_download(site, tmp_path):  # noqa: F811
    with browser.Browser(1280, 900) as b:
        b.driver.execute_cdp_cmd(
            "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)}
        )
        play_the_game(b, site.url)
        text = b.display()
        assert re.search(r"A\s+121\b", text) and re.search(r"B\s+112\b", text), text
        open_history(b)
        want = expected()
        assert deal_rows(b) == [[d, s] for d, s in want]
        assert chart_ends(b) == want[-1][1] == {"A": 121, "B": 112}
        summary = b.js("return document.querySelector('[data-history=summary]').textContent")
        assert summary.startswith("A won 121-112 by 9"), summary

        # The download is the JSON the page was given, and the export of the same files.
        page_json = b.js("return window.picopeg.records()")
        b.js("document.querySelector('[data-action=download]').click()")
        got = tmp_path / "picopeg.json"
        end = time.monotonic() + 10
        while not got.exists() and time.monotonic() < end:
            time.sleep(0.1)
        assert got.read_text() == page_json
        state = tmp_path / "state"
        state.mkdir()
        for name, data in storage_files(b).items():
            (state / name).write_bytes(data)
        done = subprocess.run([sys.executable, "-m", "tools.export", "--state", str(state),
                               "--out", str(tmp_path / "out")], cwd=REPO, capture_output=True,
                              text=True, check=False)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert (tmp_path / "out" / "picopeg.json").read_text() == page_json
        doc = json.loads(page_json)
        assert [d["sides"]["A"]["score"] for d in doc["game"]["deals"]] == [56, 84, 121]
        year = time.gmtime().tm_year  # the page's clock is the computer's: a real date
        assert doc["game"]["date"].startswith(str(year)), doc["game"]["date"]

        # A new game: the won one moves to the archive, and the view shows it there.
        b.hold("#", 3300)
        b.tap("2A")
        b.wait_for("return document.querySelectorAll('[data-history=archive] tbody tr').length"
                   " === 1", 10)  # fmt: skip
        row = b.js("return document.querySelector('[data-history=archive] tbody tr').textContent")
        assert "A" in row and "121-112" in row


@pytest.mark.parametrize("size", [(360, 640)])
def test_the_history_view_is_readable_on_a_phone(site, size):  # noqa: F811
    width, height = size
    with browser.Browser(width, height, mobile=True) as phone:
        play_the_game(phone, site.url)
        open_history(phone)
        assert len(deal_rows(phone)) == HANDS
        page_width = phone.js("return document.documentElement.scrollWidth")
        assert page_width <= width  # nothing wider than the phone: no sideways scrolling
        boxes = phone.js(
            "return ['[data-history=chart]', '[data-history=deals]', '[data-history=sides]']"
            ".map(s => { const r = document.querySelector(s).getBoundingClientRect();"
            " return [s, r.left, r.right, r.width]; })"
        )
        for name, left, right, w in boxes:
            assert left >= 0 and right <= width and w >= 0.8 * width - 40, (name, left, right)
        smallest = phone.js(
            "return Math.min(...[...document.querySelectorAll('#history td, #history th')]"
            ".map(e => parseFloat(getComputedStyle(e).fontSize)))"
        )
        assert smallest >= 12
        # The chart's labels: drawn at least 10 px high on the phone.
        scale = phone.js(
            "const s = document.querySelector('[data-history=chart]');"
            " return s.getBoundingClientRect().width / s.viewBox.baseVal.width"
        )
        assert 11 * scale >= 10


def test_the_deals_table_shows_the_cards_count_verify_pegged(site):  # noqa: F811
    # The show of a first deal checked and pegged in count verify, one key a card (as in
    # test_count_cards): B's hand 4 5 6 7, starter 5, claimed 12 and pegged as claimed
    # (muggins off: the ACC's short claim); A's hand 5 5 J 10 with nobs (A), 21; A's crib
    # 2 4 6 8 claimed 9, pegged as the 7 it scores. The deals table puts each count's cards,
    # as typed (ranks), beside it: the hand or crib, then the starter after a bar.
    from test_web_browser import wait_display

    with browser.Browser(1280, 900) as b:
        b.open(site.url)
        b.js("localStorage.clear()")
        b.reload()
        b.hold("D", 1200)  # long D: count verify
        wait_display(b, "Count verify")
        b.tap("4567 5 12# #")  # the verdict, then # pegs the claim
        b.tap("55A0 21A")  # A: the jack is the starter's suit (nobs)
        b.tap("2468 9# #")
        wait_display(b, "Scoreboard")  # the crib's count passed the deal: the scoreboard
        open_history(b)
        show = b.js("return document.querySelector('[data-history=deals] tbody td.show')"
                    ".textContent")  # fmt: skip
        want = "B 12 (4 5 6 7 | 5) · A 21 (5 5 J 10 | 5) · A crib 7 (2 4 6 8 | 5)"
        assert show.startswith(want), show
