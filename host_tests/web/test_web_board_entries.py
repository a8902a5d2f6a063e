# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The web board's card picker off the browser (tools/web/py/webentry.py, webmain.py), the
page stood in for (web_support): the runner tells the page the count due (the JSON a Pico W's
state calls "due") after each turn that changed it, and a count picked as cards goes into the
firmware as one entry through the same code as a paired phone's (live.entries, live.cardentry):
it pegs what the rules engine counts for those cards, and what the board refuses changes
nothing. The browser plays the same in Chromium (host_tests/web/test_web_board_cards.py)."""

import json

from cribbage.show import score_show
from web_support import FakeHost, run, tap
from webmain import start

CHECK_CLAIMS = 1  # the show rule: the claim is typed, the board checks it


def board():
    """A web board in the show of its first deal (A deals; the play: B 2, A a go)."""
    host = FakeHost()
    r = start(host)
    r.app.keeper.set_setting("show", CHECK_CLAIMS)
    tap(r, "2BA#")
    return r, host


def due(host):
    return json.loads(host.dues[-1])


def entry(r, **doc):
    doc.setdefault("kind", "cards")
    return json.loads(r.entry(json.dumps(doc)))


def scores(r):
    return r.app.keeper.game.scores[:2]


def test_the_page_is_told_the_count_due_and_a_picked_show_pegs_the_engines_counts():
    r, host = board()
    assert host.dues[0] == "null"  # the play: nothing to pick
    assert due(host) == {"count": "B hand", "side": "B", "crib": False, "cards": 4,
                         "claims": True, "starter": None, "used": [], "keyed": "",
                         "muggins": []}  # fmt: skip
    told = len(host.dues)
    run(r, 500)
    assert len(host.dues) == told  # told once, not every turn
    # B 5H 5C JD KS, the starter 2C: 5+J, 5+K with each five (8), the pair (2): 10.
    b_hand = ["5H", "5C", "JD", "KS"]
    got = entry(r, cards=b_hand, starter="2C", claim=10)
    assert got["applied"] is True and "B hand +10" in got["note"], got
    assert due(host)["count"] == "A hand" and due(host)["used"] == b_hand
    assert due(host)["starter"] == "2C"
    # A 4H 6D 7S 8C: 7+8, 2+6+7 (4), the run 6-7-8 (3): 7. Claimed 9: asked, then confirmed.
    a_hand = ["4H", "6D", "7S", "8C"]
    got = entry(r, cards=a_hand, starter="2C", claim=9)
    assert got["applied"] is False and got["confirm"] is True and "is 7" in got["error"], got
    assert scores(r) == [1, 2 + 10]
    got = entry(r, cards=a_hand, starter="2C", claim=9, confirm=True)
    assert got["applied"] is True, got
    # A's crib 3D 9H QC AS: Q+3+2, 9+3+2+A (4), the run A-2-3 (3): 7.
    crib = ["3D", "9H", "QC", "AS"]
    assert entry(r, cards=crib, starter="2C", claim=7)["applied"] is True
    want = [score_show(h, "2C", c).total for h, c in ((b_hand, 0), (a_hand, 0), (crib, 1))]
    assert want == [10, 7, 7]  # the rulebook's sums, by hand
    assert scores(r) == [1 + 7 + 7, 2 + 10]
    assert host.dues[-1] == "null"  # the deal passed: the play again


def test_what_the_board_refuses_changes_nothing_and_says_why():
    r, host = board()
    assert entry(r, cards=["5H", "5C", "JD", "KS"], starter="2C", claim=10)["applied"]
    before = r.app.keeper.snapshot()
    for doc, why in (
        ({"cards": ["4H", "6D", "7S", "5C"], "claim": 7}, "5C is in B hand already"),
        ({"cards": ["4H", "6D", "7S", "8C"], "claim": 7, "starter": "2D"}, "the starter is 2C"),
        ({"cards": ["4H", "4H", "7S", "8C"], "claim": 7}, "given twice"),
        ({"cards": ["4H", "6D", "7S"], "claim": 7}, "counts 4 cards, not 3"),
        ({"cards": ["4H", "6D", "7S", "8C"], "claim": 19}, "no hand scores 19"),
        ({"cards": ["4H", "6D", "7S", "8C"]}, 'send "claim"'),
        ({"kind": "peg", "side": "A", "points": 2}, "the play is over"),
        ({"kind": "nothing"}, '"kind" is one of'),
    ):  # fmt: skip
        doc.setdefault("starter", "2C")
        got = entry(r, **doc)
        assert got["applied"] is False and why in got["error"], (doc, got)
        assert r.app.keeper.snapshot() == before
    assert json.loads(r.entry("[1, 2]"))["error"] == "an entry is a JSON object"
    assert due(host)["count"] == "A hand" and due(host)["used"] == ["5H", "5C", "JD", "KS"]


def test_an_entry_waits_for_a_key_held_on_the_board_and_none_goes_in_while_off():
    r, host = board()
    r.key("5", True)  # a key down on the board: the entry waits for its release
    run(r, 100)
    assert r.entry(json.dumps({"kind": "cards", "cards": ["5H", "5C", "JD", "KS"],
                               "starter": "2C", "claim": 10})) == ""  # fmt: skip
    assert r.answer() == ""
    r.key("5", False)
    run(r, 200)
    got = json.loads(r.answer())
    assert got["applied"] is True and scores(r) == [1, 12], got
    assert "A hand cards:" in host.text, host.text
    # The board off: nothing is due, an entry is refused.
    r.power_cut(0, 0)
    run(r, 40)
    assert host.dues[-1] == "null"
    assert json.loads(r.entry('{"kind": "undo"}'))["error"] == "the board is off"
