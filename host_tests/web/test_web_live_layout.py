"""The live view's layout on phones, in Debian's headless Chromium against `tools/sim.py --serve`
(tools/web/liveboard.py): at 320 and 390 px held upright and 844 px held sideways, in every
state (watching; paired with the keys shown, three-digit scores and a long verdict in the
entry line; the pairing panel open and locked; reconnecting, the board gone), nothing runs off
the screen or into its neighbour: no sideways scrolling, the whole header on the screen with
its state readable, each score tile holding its digits, the entry line whole, right above the
keys, and the keys on the screen. The hole numbers 60 and 90 stay clear of the skunk lines.

Without chromium, chromium-driver or microdot it skips, except under PICOPEG_CI=1.
"""

import time

import pytest
from ci_gate import need

from tools.web import browser, liveboard
from tools.web import build as webbuild

SIZES = [(320, 568), (390, 844), (844, 390)]
VERDICT = "✗ A count 19: no hand scores 19; correction: long *, side"

BOX = "const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom];"
MEASURE = f"""
const shown = (e) => e && e.offsetParent !== null;
const box = (e) => {{ if (!shown(e)) return null; {BOX} }};
const q = (s) => document.querySelector(s);
return {{
  w: innerWidth, h: innerHeight, docW: document.documentElement.scrollWidth,
  header: box(q('header')),
  buttons: [...document.querySelectorAll('header button')].filter(shown).map(box),
  state: [q('#state').scrollWidth, q('#state').clientWidth, q('#state').textContent],
  tiles: [...document.querySelectorAll('#scores .score')].map(e => [box(e), e.scrollWidth,
          e.clientWidth]),
  entry: box(q('#entry')), entryText: q('#entry').textContent,
  keypad: box(q('#keypad')), board: box(q('#board')), play: box(q('#play')),
}};
"""
LABELS = f"""
const box = (e) => {{ {BOX} }};
const nums = [...document.querySelectorAll('#board text.num')]
  .filter(t => t.textContent === '60' || t.textContent === '90').map(box);
return [nums, [...document.querySelectorAll('#board line.skunk')].map(box)];
"""


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a, w, h, slack=1):
    return a[0] >= -slack and a[1] >= -slack and a[2] <= w + slack and a[3] <= h + slack


def check(m, keys):
    """What holds in every state; keys: the keypad and the entry line are shown."""
    w, h = m["w"], m["h"]
    assert m["docW"] <= w, m  # no sideways scrolling
    assert m["header"][3] - m["header"][1] <= 56, m
    for b in m["buttons"]:
        assert inside(b, w, h), m  # Pair, Paired, History, Keys: all on the screen
    wide, room, _ = m["state"]
    assert wide <= room + 1, m  # "reconnecting…" read whole
    tiles = [t[0] for t in m["tiles"]]
    for _, wide, room in m["tiles"]:
        assert wide <= room + 1, m  # the digits fit their tile
    for i, a in enumerate(tiles):
        assert inside(a, w, h), m
        for b in tiles[i + 1 :]:
            assert not overlap(a, b), m
    assert inside(m["board"], w, h), m
    if keys:
        assert inside(m["keypad"], w, h), m
        assert inside(m["entry"], w, h), m
        assert m["entry"][3] <= m["keypad"][1] + 1, m  # the verdict right above the keys
        assert m["keypad"][1] - m["entry"][3] < 20, m
        assert m["entry"][3] - m["entry"][1] >= 30, m  # two lines at least


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    need(browser.missing() or liveboard.missing())
    site = tmp_path_factory.mktemp("layout") / "site"
    webbuild.build_board(site, log=lambda *a: None)
    with liveboard.LiveBoard(tmp_path_factory.mktemp("state"), site) as b:
        cookie = b.pair()
        b.keys("0A 2B 3A 1B", cookie)  # then three-digit scores, and A deals
        b.entry(cookie, {"kind": "correction", "side": "A", "points": 117})
        b.entry(cookie, {"kind": "correction", "side": "B", "points": 108})
        b.cookie = cookie
        yield b


def open_page(b, board, paired):
    b.driver.get(board.url)
    b.wait_for("return window.picopeg && window.picopeg.live.states > 0", browser.BOOT_S)
    if paired:
        name, value = board.cookie.split("=", 1)
        b.driver.add_cookie({"name": name, "value": value})
        b.driver.get(board.url)
        b.wait_for("return window.picopeg && window.picopeg.status() === 'paired'", 20)
        b.js(f"window.picopeg.entries.show({VERDICT!r}, 'refused')")  # as an answer shows it
    time.sleep(0.5)


def test_the_numbers_60_and_90_are_clear_of_the_skunk_lines(board):
    for w, h in SIZES:
        with browser.Browser(w, h, mobile=True) as b:
            open_page(b, board, paired=False)
            b.js("document.body.classList.add('live')")
            nums, lines = b.js(LABELS)
            assert len(nums) == 2 and len(lines) == 2
            for n in nums:
                for line in lines:
                    assert not overlap(n, line), (w, h, n, line)


def test_every_state_fits_upright_and_sideways(board):
    pages = []
    try:
        for w, h in SIZES:
            b = browser.Browser(w, h, mobile=True)
            pages.append(b)
            open_page(b, board, paired=False)
            check(b.js(MEASURE), keys=False)  # watching
            open_page(b, board, paired=True)
            m = b.js(MEASURE)
            assert m["entryText"] == VERDICT
            check(m, keys=True)  # keys shown (a paired phone gets them at once)
            b.js("document.body.classList.add('locked')")
            b.js("document.querySelector('[data-action=pair]').click()")
            b.wait_for("return !document.getElementById('pair').hidden", 5)
            check(b.js(MEASURE), keys=False)  # the pairing panel open, the lock on
            b.js("document.querySelector('[data-action=pair-cancel]').click()")
            b.js("document.body.classList.remove('locked')")
        board.kill()  # the board goes: every page says it is reconnecting
        for b in pages:
            b.wait_for("return window.picopeg.status() === 'down'", 15)
            m = b.js(MEASURE)
            assert "reconnecting" in m["state"][2]
            check(m, keys=True)
    finally:
        for b in pages:
            b.quit()
