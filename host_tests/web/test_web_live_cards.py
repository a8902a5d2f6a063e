"""A paired phone picks the show's cards on the live page (tools/web/site/cardpicker.js) in
Debian's headless Chromium, against `tools/sim.py --serve` with the show rule "check claims":
two deals' shows, each of its three counts picked as tiles (data-card in tools/count.py's
notation) and its claim tapped, one deal on a 390x844 phone, the next at 320x568, then held
sideways (844x390). Each count goes to the board as one "cards" entry; the scores the
board keeps are the play's points plus the rules engine's count of those cards
(cribbage.show), a claim over the count is asked about and "Peg what the rules say" pegs the
engine's count. The picker shows the 52 cards, suits in rows and ranks across, all on the
screen (sideways: tiles 40 px or more each way, nothing to scroll sideways); the cards of the
deal's counts already pegged are greyed out and cannot be tapped. The benchmark's phone taps
(`make bench-presses`, tools/presses/phone.py) of two seeded deals played on the page key
those deals, the board's scores the engine's, in as many taps of the page's keys and tiles as
the benchmark counts.

Without chromium, chromium-driver or microdot it skips, except under PICOPEG_CI=1.
"""

import random

import pytest
from cribbage.show import score_show
from test_web_live import open_live, pair, press, show_keys, site_dir

from tools.bench import bench_presses
from tools.board.pcboard import Harness
from tools.presses.dealer import deal
from tools.presses.phone import phone_steps
from tools.presses.ways import deal_scores
from tools.web import browser, liveboard

__all__ = ["site_dir"]  # (the fixture, shared with test_web_live)
CHECK_CLAIMS = 1  # the show rule's setting: the claim is typed, the board checks it

# Where each tile is, and whether the picker fits on the screen.
LAYOUT = """
const tiles = [...document.querySelectorAll('#picker [data-card]')].map(b => {
  const r = b.getBoundingClientRect();
  return [b.dataset.card, r.left, r.top, r.width, r.height];
});
const p = document.getElementById('picker').getBoundingClientRect();
return [tiles, p.top, p.bottom, innerWidth, innerHeight];
"""


def served_board(state, site):
    """The board served from a fresh folder, its show rule "check claims"."""
    h = Harness(str(state))  # the board's settings, as its Settings mode saves them
    h.keeper.set_setting("show", CHECK_CLAIMS)
    return liveboard.LiveBoard(state, site)


@pytest.fixture(scope="module")
def board(site_dir, tmp_path_factory):
    with served_board(tmp_path_factory.mktemp("live-cards"), site_dir) as served:
        yield served


def phone_at(size, url, served):
    b = browser.Browser(*size, mobile=True)
    open_live(b, url)
    pair(b, served)
    return b


def due(b):
    return b.js("return window.picopeg.picker.due")


def check_layout(b):
    tiles, top, bottom, width, height = b.js(LAYOUT)
    assert len(tiles) == 52 and bottom <= height + 0.5 and top >= 0, (top, bottom, height)
    rows = {}
    for card, x, _y, w, h in tiles:
        assert w >= 20 and h >= 36, (card, w, h)  # a thumb's tile, 13 across the screen
        assert 0 <= x and x + w <= width + 0.5, (card, x, w)
        rows.setdefault(card[1], []).append((x, card[0]))
    # suits in rows (clubs, diamonds, hearts, spades), ranks across, ace to king
    ys = [min(y for c, _, y, _, _ in tiles if c[1] == s) for s in "CDHS"]
    assert ys == sorted(ys) and len(set(ys)) == 4
    for row in rows.values():
        assert "".join(r for _, r in sorted(row)) == "A23456789TJQK"


# Held sideways: every tile, claim and action on the screen, no sideways scrolling.
SIDEWAYS = """
const box = (e) => {
  const b = e.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; };
const q = (s) => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length).map(box);
return {w: innerWidth, h: innerHeight, docW: document.documentElement.scrollWidth,
        tiles: q('#picker [data-card]'), keys: q('#picker [data-claim], #picker .actions button')};
"""


SHOWN = (
    "const e = document.querySelector(arguments[0]); return !!e && e.getClientRects().length > 0"
)


def size(b, width, height):
    """The phone's screen as width x height (844x390: a 390x844 phone held sideways)."""
    b.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})  # fmt: skip
    b.wait_for("return innerWidth === arguments[0] && innerHeight === arguments[1]", 5,
               width, height)  # fmt: skip


def check_sideways(b):
    """The picker held sideways (844x390): check_layout's grid, every tile at least 40 px
    each way (a thumb's), every claim and action key whole on the screen, and nothing to
    scroll sideways."""
    check_layout(b)
    m = b.js(SIDEWAYS)
    assert m["docW"] <= m["w"], m["docW"]
    assert len(m["tiles"]) == 52 and m["keys"], m
    for _, _, w, h in m["tiles"]:
        assert w >= 40 and h >= 40, (w, h)
    for x, y, w, h in m["tiles"] + m["keys"]:
        assert x >= 0 and y >= 0 and x + w <= m["w"] + 0.5 and y + h <= m["h"] + 0.5, (x, y, m)
    for _, _, w, h in m["keys"]:
        assert w >= 32 and h >= 32, (w, h)


def pick(b, cards, starter, claim):
    """Tap a count's cards (and the starter when the board has none from a phone), then the
    claim; until the board has answered. The taps the picker counted."""
    before = b.js("return window.picopeg.picker.taps")
    taps = list(cards) + ([starter] if due(b)["starter"] is None else [])
    for card in taps:
        b.driver.find_element("css selector", f'#picker [data-card="{card}"]').click()
    b.driver.find_element("css selector", f'#picker [data-claim="{claim}"]').click()
    b.wait_for("return window.picopeg.idle()", 10)
    return b.js("return window.picopeg.picker.taps") - before


def count(b, cards, starter, crib=False, claim=None):
    """One count picked and claimed right (or claim, when given: then pegged as the board's
    verdict says); the engine's total, once the board has moved on to the next count."""
    name = due(b)["count"]
    total = score_show(cards, starter, crib).total
    taps = pick(b, cards, starter, total if claim is None else claim)
    if claim is not None and claim != total:
        said = b.js("return document.querySelector('#picker .said').textContent")
        assert f"claim {claim}: is {total}" in said, said
        peg = b.driver.find_element("css selector", '#picker [data-action="peg-cards"]')
        assert peg.text == "Peg what the rules say"
        peg.click()
        b.wait_for("return window.picopeg.idle()", 10)
        taps += 1
    b.wait_for(f"const d = window.picopeg.picker.due; return !d || d.count !== {name!r}", 10)
    return total, taps


def scores(served):
    return served.state()["scores"]


def test_a_phone_picks_two_shows_and_the_board_pegs_the_engines_counts(board):
    # Deal 1, A deals, on a 390x844 phone: the play B 2 (fifteen), A a go; the show.
    b = phone_at((390, 844), board.url, board)
    try:
        show_keys(b)
        for legend in "2BA#":
            press(b, legend)
        b.wait_for("return !!window.picopeg.picker.due", 10)
        assert due(b) == {"count": "B hand", "side": "B", "crib": False, "cards": 4,
                          "claims": True, "starter": None, "used": [], "keyed": "",
                          "muggins": []}  # fmt: skip
        check_layout(b)
        b_hand, b_taps = count(b, ["5H", "5C", "JD", "KS"], "2C")
        assert b_taps == 6  # four cards, the starter, the claim
        assert due(b)["starter"] == "2C"
        # the cards of B's hand and the starter are greyed out and cannot be tapped
        for card in ("5H", "5C", "JD", "KS", "2C"):
            tile = b.driver.find_element("css selector", f'#picker [data-card="{card}"]')
            assert not tile.is_enabled(), card
        # "Keypad" folds the tiles away for the keys (shown, though "Keys" had hidden them).
        b.js("document.querySelector('[data-action=keys]').click()")
        fold = b.driver.find_element("css selector", '#picker [data-action="fold-cards"]')
        fold.click()
        assert b.js(SHOWN, "#keypad") and not b.js(SHOWN, "#picker .tiles")
        fold.click()
        assert not b.js(SHOWN, "#keypad") and b.js(SHOWN, "#picker .tiles")
        b.js("document.querySelector('[data-action=keys]').click()")  # (the keys again)
        a_hand, a_taps = count(b, ["4H", "6D", "7S", "8C"], "2C")
        a_crib, c_taps = count(b, ["3D", "9H", "QC", "AS"], "2C", crib=True)
        assert (a_taps, c_taps) == (5, 5)
        assert (b_hand, a_hand, a_crib) == (10, 7, 7)  # the rulebook's sums, by hand
        assert scores(board) == [1 + a_hand + a_crib, 2 + b_hand]
        # Deal 2, B deals, the same phone at 320x568: the play A 2, then the show; A
        # over-claims.
        size(b, 320, 568)
        for legend in "2A#":  # (the deal passed by itself with its last count)
            press(b, legend)
        b.wait_for("return !!window.picopeg.picker.due", 10)
        assert due(b)["count"] == "A hand" and due(b)["used"] == []
        check_layout(b)
        before = scores(board)
        a_hand, _ = count(b, ["JH", "2H", "3H", "4H"], "5H", claim=16)
        assert a_hand == 14 and scores(board)[0] == before[0] + 14  # over: the true count
        assert due(b)["used"] == ["JH", "2H", "3H", "4H"]
        size(b, 844, 390)  # the phone held sideways: the rest of the show picked so
        check_sideways(b)
        b_hand, _ = count(b, ["5S", "5D", "TC", "JD"], "5H")
        b_crib, _ = count(b, ["6C", "7C", "8C", "9C"], "5H", crib=True)
        assert (a_hand, b_hand, b_crib) == (14, 20, 9)
        assert scores(board) == [before[0] + a_hand, before[1] + b_hand + b_crib]
    finally:
        b.quit()


# -- the benchmark's phone taps, played on the page -------------------------------------------

COUNT_TAPS = (
    "window.__taps = 0; document.addEventListener('pointerdown', (e) => {"
    " if (e.target.closest('#keypad button, #picker button')) window.__taps++; }, true);"
)


def bench_deals(n):
    """The benchmark's first two-player deal, then the next of its seeded deals dealt by the
    other side, and so on: n deals a board plays one after another."""
    rng = random.Random(bench_presses.SEED * 10 + 2)
    out = []
    while len(out) < n:
        d = deal(rng, 2)
        if not out or d.dealer != out[-1].dealer:
            out.append(d)
    return out


def tap_step(b, step):
    """One tap of phone_steps on the page: a tile once the picker is up, a claim (until the
    board has moved to the next count), a key (until the board has answered its entry)."""
    what, arg = step
    if what == "card":
        b.wait_for("return !!window.picopeg.picker.due", 10)
        b.driver.find_element("css selector", f'#picker [data-card="{arg}"]').click()
        return
    if what == "claim":
        name = due(b)["count"]
        b.driver.find_element("css selector", f'#picker [data-claim="{arg}"]').click()
        b.wait_for(f"const d = window.picopeg.picker.due; return !d || d.count !== {name!r}", 10)
        return
    if what == "long":
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(b.driver).click_and_hold(b.key(arg)).pause(1.0).release().perform()
    else:
        b.key(arg).click()
    b.wait_for("return window.picopeg.idle()", 10)


def test_the_benchmarks_phone_taps_are_the_pages(tmp_path, site_dir):
    """make bench-presses counts phone_steps per deal: played on the page, they key the deal
    (the board's scores are the engine's) in exactly that many taps of its keys and tiles."""
    deals = bench_deals(2)
    with served_board(tmp_path / "board", site_dir) as served:
        b = phone_at((390, 844), served.url, served)
        try:
            show_keys(b)
            for legend in "0" + "AB"[deals[0].dealer]:  # the cut: who deals first (setup)
                press(b, legend)
            b.js(COUNT_TAPS)
            want = [0, 0]
            for d in deals:
                b.js("window.__taps = 0")
                steps = phone_steps(d)
                for step in steps:
                    tap_step(b, step)
                b.wait_for("return !window.picopeg.picker.due", 10)
                assert b.js("return window.__taps") == len(steps)
                want = [w + p for w, p in zip(want, deal_scores(d), strict=True)]
                assert scores(served) == want, (d.as_json(), want)
        finally:
            b.quit()
