"""The card picker on the web board (tools/web/site/cardpicker.js, the firmware in the page on
MicroPython's WebAssembly port), in Debian's headless Chromium, one phone-sized session: the
show rule "check claims" (the board's own settings file, as its Settings mode writes it), two
deals' shows picked by tapping tiles (data-card, tools/count.py's notation) and claims, one
deal at 390x844, the next at 320x568 and held sideways (844x390). Each count goes into the
firmware as one "cards" entry (tools/web/py/webentry.py, the code a paired phone's goes
through); the scores the board
keeps are the play's points plus the rules engine's count of those cards (cribbage.show's
score_show, in test_web_live_cards.count). The
picker shows the 52 cards, suits in rows and ranks across, on the screen in place of the
keypad; a count's cards, once pegged, are greyed and cannot be tapped; an entry the board
refuses (a card twice, a card a count already used, another starter) changes no score and
says why; a claim over the count is asked about and "Peg what the rules say" pegs the
engine's count; with muggins on, a short claim's verdict offers the opponent the points
missed ("A: muggins"). "Keypad" folds the tiles away for the board's keys.

Without chromium, chromium-driver or the npm package it skips, except under PICOPEG_CI=1.
"""

import json

import pytest
from cribbage.show import score_show
from page_support import build_site
from test_web_live_cards import check_layout, check_sideways, count, due, pick, size

from tools.board.pcboard import Harness
from tools.web import browser

CHECK_CLAIMS = 1  # the show rule's setting: the claim is typed, the board checks it
SETTINGS = "picopeg/state/settings.txt"  # the board's settings file in the page's storage


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """The web board on a 390x844 phone, on a fresh game whose show rule is "check claims",
    muggins on."""
    site_dir = build_site("web-cards-test")
    state = tmp_path_factory.mktemp("settings")
    keeper = Harness(str(state)).keeper
    keeper.set_setting("show", CHECK_CLAIMS)
    keeper.set_setting("muggins", 1)
    settings = (state / "settings.txt").read_bytes().decode("latin-1")
    with browser.Site(site_dir) as site, browser.Browser(390, 844, mobile=True) as b:
        b.open(site.url)
        b.js("localStorage.clear(); localStorage.setItem(arguments[0], arguments[1])",
             SETTINGS, settings)  # fmt: skip
        b.reload()
        yield b


def scores(b):
    return json.loads(b.js("return window.picopeg.records()"))["game"]["scores"]


def said(b):
    return b.js("return document.querySelector('#picker .said').textContent")


def refused(b, doc, why):
    """An entry sent as the picker sends one (window.picopeg.entry): refused, says why, and
    no score moves."""
    before = scores(b)
    b.js("window.picopeg.entry(arguments[0])", doc)
    b.wait_for("return window.picopeg.idle()", 10)
    assert why in said(b), (doc, said(b))
    assert said(b).startswith("✗"), said(b)
    assert scores(b) == before


def tiles(b, which):
    """The data-card of the picker's tiles that match which (".keyed", ":disabled")."""
    return b.js("return [...document.querySelectorAll('#picker .tiles button' + arguments[0])]"
                ".map(e => e.dataset.card)", which)  # fmt: skip


def shown(b, selector):
    return b.js("const e = document.querySelector(arguments[0]); return !!e && "
                "e.getClientRects().length > 0", selector)  # fmt: skip


def test_a_whole_show_is_picked_on_the_web_board_and_pegs_the_engines_counts(phone):
    b = phone
    # Deal 1, A deals, upright at 390x844: the play B 2 (fifteen), A a go; # starts the show.
    assert not shown(b, "#picker") and shown(b, "#keypad")
    b.tap("2BA#")
    b.wait_for("return !!window.picopeg.picker.due", 10)
    assert due(b) == {"count": "B hand", "side": "B", "crib": False, "cards": 4,
                      "claims": True, "starter": None, "used": [], "keyed": "",
                      "muggins": ["A"]}  # fmt: skip
    assert shown(b, "#picker") and not shown(b, "#keypad")  # the tiles in the keypad's place
    check_layout(b)
    # B claims 8 of the 10: the verdict offers A the 2 missed; A's muggins key takes them and
    # pegs B's claim (the keypad's A, then #).
    b_cards = ["5H", "5C", "JD", "KS"]
    assert pick(b, b_cards, "2C", 8) == 6  # four cards, the starter, the claim
    assert "missed 2" in said(b) and "A: +2 muggins" in said(b), said(b)
    assert scores(b) == [1, 2]
    b.driver.find_element("css selector", '#picker [data-muggins="A"]').click()
    b.wait_for("return window.picopeg.picker.due.count === 'A hand'", 10)
    b_hand = score_show(b_cards, "2C").total
    assert b_hand == 10 and scores(b) == [1 + 2, 2 + 8]
    # Used: B's cards and the starter, greyed and not to be tapped; the board refuses them too.
    for card in ("5H", "5C", "JD", "KS", "2C"):
        tile = b.driver.find_element("css selector", f'#picker [data-card="{card}"]')
        assert not tile.is_enabled() and "used" in tile.get_attribute("class"), card
    hand = {"kind": "cards", "starter": "2C", "claim": 7}
    refused(b, dict(hand, cards=["4H", "6D", "7S", "5C"]), "5C is in B hand already")
    refused(b, dict(hand, cards=["4H", "6D", "7S", "7S"]), "7S is given twice")
    refused(b, dict(hand, cards=["4H", "6D", "7S", "8C"], starter="2D"), "the starter is 2C")
    refused(b, dict(hand, cards=["4H", "6D", "7S", "8C"], claim=19), "no hand scores 19")
    # "Keypad" folds the tiles away: the board's keys, and the count due still in the bar.
    b.driver.find_element("css selector", '#picker [data-action="fold-cards"]').click()
    assert shown(b, "#keypad") and not shown(b, "#picker .tiles") and shown(b, "#picker")
    b.driver.find_element("css selector", '#picker [data-action="fold-cards"]').click()
    assert shown(b, "#picker .tiles") and not shown(b, "#keypad")
    a_hand, a_taps = count(b, ["4H", "6D", "7S", "8C"], "2C")
    a_crib, c_taps = count(b, ["3D", "9H", "QC", "AS"], "2C", crib=True)
    assert (a_taps, c_taps) == (5, 5)  # four cards and the claim: the starter is kept
    assert (b_hand, a_hand, a_crib) == (10, 7, 7)  # the rulebook's sums, by hand
    assert scores(b) == [1 + 2 + a_hand + a_crib, 2 + 8]
    assert not shown(b, "#picker") and shown(b, "#keypad")  # the deal passed: the play's keys

    # Deal 2, B deals, at 320x568: the play A 2, then the show.
    size(b, 320, 568)
    b.tap("2A#")
    b.wait_for("return !!window.picopeg.picker.due", 10)
    assert due(b)["count"] == "A hand" and due(b)["used"] == [] and due(b)["starter"] is None
    check_layout(b)
    before = scores(b)
    # A's hand keyed on the board's own keypad, the tiles folded away: JH 2H 3H 4H, 5H turned:
    # J+5, J+2+3 (4), the run 2-3-4-5 (4), a flush with the starter (C), nobs (1): 14.
    fold = '#picker [data-action="fold-cards"]'
    b.driver.find_element("css selector", fold).click()
    b.tap("A2345" + "14" + "C")
    b.wait_for("return window.picopeg.picker.due.count === 'B hand'", 10)
    a_hand = score_show(["JH", "2H", "3H", "4H"], "5H").total
    assert a_hand == 14 and scores(b) == [before[0] + 14, before[1]]
    # Its ranks are known, not their suits: those ranks' tiles are marked, none greyed.
    assert due(b)["keyed"] == "J2345" and due(b)["used"] == []
    b.driver.find_element("css selector", fold).click()  # the tiles again
    assert sorted(tiles(b, ".keyed")) == sorted(r + s for r in "J2345" for s in "CDHS")
    assert tiles(b, ":disabled") == []
    size(b, 844, 390)  # the phone held sideways: the rest of the show picked so
    check_sideways(b)
    b_hand, _ = count(b, ["5S", "5D", "TC", "JD"], "5H", claim=22)  # over: the engine's 20
    # The starter picked now: the 5 keyed was the starter, 5H, so 5C is free and unmarked;
    # of the jacks, JD picked and one keyed, its suit unknown: JC, JS marked.
    assert sorted(tiles(b, ":disabled")) == sorted(["5S", "5D", "TC", "JD", "5H"])
    assert due(b)["keyed"] == "J234"
    assert sorted(tiles(b, ".keyed")) == sorted(
        r + s for r in "J234" for s in "CDHS" if r + s != "JD"
    )
    b_crib, _ = count(b, ["6C", "7C", "8C", "9C"], "5H", crib=True)
    assert (a_hand, b_hand, b_crib) == (14, 20, 9)
    assert scores(b) == [before[0] + a_hand, before[1] + b_hand + b_crib]
    assert "refused" not in b.js("return window.picopeg.entries.line.dataset.kind")
    assert b.js("return window.picopeg.entries.refused") == 4 + 2  # the four; the 8, the 22 asked
    # Three 5s picked (one the starter) and one keyed without its suit: all four are in
    # counts, so the whole rank is greyed (the page's rule, on a state drawn by hand).
    fake = {"count": "B hand", "side": "B", "crib": False, "cards": 4, "claims": True,
            "starter": "5H", "used": ["5S", "5D"], "keyed": "5", "muggins": []}  # fmt: skip
    b.js("window.picopeg.picker.draw({due: arguments[0]})", fake)
    assert sorted(tiles(b, ":disabled")) == ["5C", "5D", "5H", "5S"]
    fake["keyed"] = ""  # not keyed: 5C is free
    b.js("window.picopeg.picker.draw({due: arguments[0]})", fake)
    assert sorted(tiles(b, ":disabled")) == ["5D", "5H", "5S"]
    b.js("window.picopeg.picker.draw({due: null})")
