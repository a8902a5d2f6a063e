# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""A count of the show picked as cards on a paired phone (the "cards" entry, firmware/live/
cardentry.py): the board takes it as the keypad's keys for the same cards, one key a rank and
one for what the suits make, so it pegs what the same keys on the keypad peg; the suits come
from the cards themselves; what the board would refuse on the keypad it refuses whole."""

import json

from scorekeeper.events import CRIB, HAND, MUGGINS, PEG
from test_live_entries import ADDR, Table, same_board

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness

CHECK, COUNT = ("show", 1), ("show", 2)


def boards(*settings):
    """(a table with a phone, a board for the keypad), both on these settings."""
    out = []
    for root in ("/s", "/k"):
        fs = MemFS()
        h = Harness(root, fs=fs)
        for name, value in settings:
            h.keeper.set_setting(name, value)
        out.append(fs)
    return Table(out[0]), Harness("/k", fs=out[1])


def counts(h):
    return [ev[1:4] for ev in h.keeper.game.events if ev[0] == PEG and ev[2] in (HAND, CRIB)]


def test_a_deals_show_picked_as_cards_pegs_what_its_keys_peg_on_the_keypad():
    # The play: B 2 (fifteen), A a go; the show. A deals.
    # B 5H 5C JD KS, the starter 2C: 5+J, 5+K with each five (8), the pair (2): 10; the jack
    # a diamond, the starter a club: no nobs (#). A 4H 6D 7S 8C: 7+8, 2+6+7 (4), the run
    # 6-7-8 (3): 7. A's crib 3D 9H QC AS: Q+3+2, 9+3+2+A (4), the run A-2-3 (3): 7.
    t, k = boards(CHECK)
    for doc in ({"kind": "peg", "side": "B", "points": 2}, {"kind": "go", "side": "A"},
                {"kind": "next"}):  # fmt: skip
        t.ok(doc)
    answer = t.ok({"kind": "cards", "cards": ["5H", "5C", "JD", "KS"], "starter": "2C",
                   "claim": 10})  # fmt: skip
    assert "B hand" in answer["note"]
    # A card is in one count, the starter one card: what only the suits show is refused too.
    before = t.h.keeper.snapshot()
    for cards, starter, why in (
        (["4H", "6D", "7S", "5C"], "2C", "5C is in B hand already"),
        (["4H", "6D", "7S", "8C"], "2D", "the starter is 2C, not 2D"),
    ):
        status, answer = t.send({"kind": "cards", "cards": cards, "starter": starter,
                                 "claim": 7})  # fmt: skip
        assert status == 409 and answer["error"] == why, answer
    assert t.h.keeper.snapshot() == before
    t.h.type("4678")  # A's hand on the board's own keypad: the starter is kept for it
    assert "4 6 7 8 | 2" in t.h.lines
    t.h.type("7#")
    before = t.h.keeper.snapshot()
    status, answer = t.send({"kind": "cards", "cards": ["3D", "9H", "QC", "AS"],
                             "starter": "3C", "claim": 7})  # fmt: skip
    assert status == 409 and answer["error"] == "the starter on the board is a 2, not a 3"
    assert t.h.keeper.snapshot() == before
    t.ok({"kind": "cards", "cards": ["3D", "9H", "QC", "AS"], "starter": "2C", "claim": 7})
    assert counts(t.h) == [(1, HAND, 10), (0, HAND, 7), (0, CRIB, 7)]
    k.type("2BA#")
    k.type("55AC2")  # the starter typed once a deal
    k.type("10#")
    k.type("46787#")
    k.type("39B17#")
    k.wait(200)
    same_board(t.h, k)
    assert t.h.keeper.game.scores[:2] == [1 + 7 + 7, 2 + 10]


def test_the_suits_come_from_the_cards():
    # B JH 2H 3H 4H, the starter 5H: J+5, J+2+3 (4), the run 2-3-4-5 (4), a flush of five
    # (5), nobs (1): 14; on the keypad C says the flush with the starter.
    t, k = boards(COUNT)
    t.ok({"kind": "next"})
    t.ok({"kind": "cards", "cards": ["JH", "2H", "3H", "4H"], "starter": "5H"})
    # A 5S 5D TC JD and the 5H: 10+5 and J+5 with each five (12), 5+5+5 (2), three pairs
    # (6): 20; the jack a diamond: no nobs.
    t.ok({"kind": "cards", "cards": ["5S", "5D", "TC", "JD"], "starter": "5H"})
    # A's crib 6C 7C 8C 9C: 6+9, 7+8 (4), the run 5-6-7-8-9 with the starter (5): 9; four
    # clubs and a heart turned: a crib has no flush of four (#).
    t.ok({"kind": "cards", "cards": ["6C", "7C", "8C", "9C"], "starter": "5H"})
    assert [c[2] for c in counts(t.h)] == [14, 20, 9]
    k.type("#A2345C")
    k.type("550A#")
    k.type("6789#")
    k.wait(200)
    same_board(t.h, k)


def test_a_wrong_claim_asks_and_confirm_pegs_what_the_rules_say():
    # B 5H 5C 5D JS, the starter 5S: the 29 hand. A claim of 28 is short by 1: with muggins
    # off the board asks, and # (the entry's confirm) pegs the claim (the ACC's short claim).
    t, _k = boards(CHECK)
    t.ok({"kind": "next"})
    before = t.h.keeper.snapshot()
    doc = {"kind": "cards", "cards": ["5H", "5C", "5D", "JS"], "starter": "5S", "claim": 28}
    status, answer = t.send(doc)
    assert status == 409 and answer["confirm"] is True
    assert "claim 28: is 29" in answer["error"]
    assert t.h.keeper.snapshot() == before
    t.ok(dict(doc, confirm=True))
    assert counts(t.h) == [(1, HAND, 28)]


def muggins_events(h):
    return [ev[1:4] for ev in h.keeper.game.events if ev[0] == PEG and ev[2] == MUGGINS]


def test_with_muggins_on_the_opponent_takes_what_a_short_claim_missed_as_on_the_keypad():
    # B 5H 5C JD KS, the starter 2C, counts 10 (above); B claims 8: missed 2. With muggins on
    # the verdict offers A the 2 ("A: +2 muggins"); the entry with "muggins": "A" is A's key
    # and # on the keypad: A +2 (muggins), then B's claim, 8, and the next count is due.
    t, k = boards(CHECK, ("muggins", 1))
    t.ok({"kind": "next"})
    doc = {"kind": "cards", "cards": ["5H", "5C", "JD", "KS"], "starter": "2C", "claim": 8}
    status, answer = t.send(doc)
    assert status == 409 and answer["confirm"] is True and "A: +2 muggins" in answer["error"]
    assert due(t)["muggins"] == ["A"]
    t.ok(dict(doc, muggins="A"))
    assert muggins_events(t.h) == [(0, MUGGINS, 2)] and counts(t.h) == [(1, HAND, 8)]
    assert due(t)["count"] == "A hand" and due(t)["used"] == ["5H", "5C", "JD", "KS"]
    k.type("#")
    k.type("55AC2")
    k.type("8#")
    k.type("A#")
    k.wait(200)
    same_board(t.h, k)
    # What muggins cannot take is refused whole: an over-claim missed nothing, B cannot take
    # from B, muggins off.
    before = t.h.keeper.snapshot()
    over = {"kind": "cards", "cards": ["4H", "6D", "7S", "8C"], "starter": "2C", "claim": 9}
    for side, why in (("B", "no muggins"), ("A", "#: A +7")):
        status, answer = t.send(dict(over, muggins=side))
        assert status == 409 and why in answer["error"], answer
        assert t.h.keeper.snapshot() == before
    t, _k = boards(CHECK)
    t.ok({"kind": "next"})
    assert due(t)["muggins"] == []
    status, answer = t.send(dict(doc, muggins="A"))
    assert status == 409 and "muggins is off" in answer["error"], answer
    assert counts(t.h) == [] and muggins_events(t.h) == []
    status, answer = t.send(dict(doc, muggins="E"), seq=t.seq + 1)
    assert status == 400 and '"muggins" is the side' in answer["error"]


def test_what_the_keypad_refuses_the_phone_cannot_send():
    t, _k = boards(CHECK)
    t.ok({"kind": "next"})
    before = t.h.keeper.snapshot()
    for doc, why in (
        ({"cards": ["5H", "5C", "5D"], "starter": "5S", "claim": 6}, "counts 4 cards, not 3"),
        ({"cards": ["5H", "5C", "5D", "JS"], "starter": "5S"}, 'send "claim"'),
        ({"cards": ["2H", "3C", "4D", "6S"], "starter": "5S", "claim": 19}, "no hand scores 19"),
    ):  # fmt: skip
        status, answer = t.send(dict(doc, kind="cards"))
        assert status == 409 and why in answer["error"], (doc, answer)
        assert t.h.keeper.snapshot() == before
    for doc in (
        {"cards": ["5H", "5H", "5D", "JS"], "starter": "5S", "claim": 29},  # a card twice
        {"cards": ["5H", "5C", "5D", "JS"], "starter": "5H", "claim": 29},  # the starter too
        {"cards": ["5H", "5C", "5D", "1Z"], "starter": "5S", "claim": 29},
        {"cards": "5H 5C 5D JS", "starter": "5S", "claim": 29},
        {"cards": ["5H", "5C", "5D", "JS"], "claim": 29},
        {"cards": ["5H", "5C", "5D", "JS"], "starter": "5S", "claim": 30},
        {"cards": ["5H", "5C", "5D", "JS"], "starter": "5S", "claim": True},
        {"cards": ["5H", "5C", "5D", "JS", "2C"], "starter": "5S", "claim": 2},
    ):  # fmt: skip
        status, answer = t.send(dict(doc, kind="cards"), seq=t.seq + 1)
        assert status == 400 and answer["error"], (doc, answer)
    assert t.h.keeper.snapshot() == before
    # On a board whose show is typed as counts, cards are not taken: the count is sent.
    t, _k = boards()
    t.ok({"kind": "next"})
    status, answer = t.send({"kind": "cards", "cards": ["5H", "5C", "5D", "JS"],
                             "starter": "5S", "claim": 29})  # fmt: skip
    assert status == 409 and "send the count" in answer["error"]
    # Where the show is typed as cards, a count's digits would be ranks: a count is refused.
    t, _k = boards(CHECK)
    t.ok({"kind": "next"})
    before = t.h.keeper.snapshot()
    for doc in ({"kind": "count", "side": "B", "points": 8}, {"kind": "count", "points": 8}):
        status, answer = t.send(doc)
        assert status == 409 and "send its cards" in answer["error"], answer
    assert t.h.keeper.snapshot() == before
    # In the play, the show has not begun.
    t, _k = boards(COUNT)
    status, answer = t.send({"kind": "cards", "cards": ["5H", "5C", "5D", "JS"],
                             "starter": "5S"})  # fmt: skip
    assert status == 409 and "the show has not begun" in answer["error"]


def due(t):
    return json.loads(t.hub.state(None, ADDR, t.h.board.ticks_ms()))["due"]


def test_the_state_says_the_count_due_and_the_cards_a_phone_used():
    # The phone's card picker reads "due": the count, its side, how many cards, the rule, and
    # the cards with their suits of the counts a phone picked this deal (and their starter).
    t, _k = boards(CHECK)
    assert due(t) is None  # the play
    t.ok({"kind": "next"})
    assert due(t) == {"count": "B hand", "side": "B", "crib": False, "cards": 4,
                      "claims": True, "starter": None, "used": [], "keyed": "",
                      "muggins": []}  # fmt: skip
    t.ok({"kind": "cards", "cards": ["5H", "5C", "JD", "KS"], "starter": "2C", "claim": 10})
    used = ["5H", "5C", "JD", "KS"]
    assert due(t) == {"count": "A hand", "side": "A", "crib": False, "cards": 4,
                      "claims": True, "starter": "2C", "used": used, "keyed": "",
                      "muggins": []}  # fmt: skip
    t.h.type("46787#")  # A's hand on the keypad: its suits are not known, nothing more used
    d = due(t)
    assert (d["count"], d["crib"], d["used"]) == ("A crib", True, ["5H", "5C", "JD", "KS"])
    assert d["keyed"] == "4678"  # its ranks are (the starter is the phone's 2C)
    t.ok({"kind": "undo"})  # A's hand undone: due again
    assert due(t)["count"] == "A hand" and due(t)["keyed"] == ""
    t.ok({"kind": "undo"})  # B's hand undone: its cards are free again, the starter kept
    assert due(t) == {"count": "B hand", "side": "B", "crib": False, "cards": 4,
                      "claims": True, "starter": "2C", "used": [], "keyed": "",
                      "muggins": []}  # fmt: skip
    # A refused entry uses nothing; with the rule "count the cards" claims is false.
    status, _ = t.send({"kind": "cards", "cards": ["5H", "5C", "5D", "JS"], "starter": "5S",
                        "claim": 19})  # fmt: skip
    assert status == 409 and due(t)["used"] == []
    t, _k = boards(COUNT)
    t.ok({"kind": "next"})
    assert due(t)["claims"] is False
    # The deal's first count keyed on the keypad: its ranks and the starter's rank, once.
    t, _k = boards(CHECK)
    t.ok({"kind": "next"})
    t.h.type("55AC2")
    t.h.type("10#")
    assert due(t)["keyed"] == "55JK2" and due(t)["used"] == [] and due(t)["starter"] is None
    t.h.type("4678")
    t.h.type("7#")
    assert due(t)["keyed"] == "55JK46782"
    # The show typed as counts: nothing to pick.
    t, _k = boards()
    t.ok({"kind": "next"})
    assert due(t) is None
