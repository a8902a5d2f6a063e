# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""A paired phone's entries (firmware/live/entries.py, inbox.py) on a board with a fake clock:
each kind does what the keypad's keys for it do (the same game, lines and LEDs as the same
keys on the keypad), whole or not at all, exactly once however often it is sent, and never
mixed with what is typed on the board's own keypad."""

import json

from live.entries import KINDS, LONG, TAP, build
from live.hub import Hub
from live.inbox import WAIT_MS
from support import raises

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness

ADDR = "192.168.4.2"  # the phone's address


def rand(k):
    return bytes((7 * i + 3) & 255 for i in range(k))


class Table:
    """A board with its hub and one paired phone that sends entries."""

    def __init__(self, fs=None):
        self.fs = fs or MemFS()
        self.h = Harness("/s", fs=self.fs)
        self.hub = Hub(self.h.app, rand)
        now = self.h.board.ticks_ms()
        self.token = self.hub.pair(ADDR, self.hub.pair_request(ADDR, now), now)[1]
        self.seq = 0

    @property
    def phone(self):
        return self.hub.phone(self.token)

    def send(self, doc, seq=None):
        """(status, answer doc) once the board's loop has taken the entry."""
        if seq is None:
            self.seq += 1
            seq = self.seq
        doc = dict(doc, seq=seq)
        got = self.hub.submit(self.phone, doc, self.h.board.ticks_ms())
        return self.answer(got, seq)

    def answer(self, got, seq):
        """(status, answer doc) of submit's result, once the board's loop has taken it."""
        for _ in range(300):
            a = self.phone.answer
            if got is not None or (a is not None and a[0] == seq):
                break
            self.h.wait(20)
        if got is None:
            got = self.phone.answer[1:]
        self.h.wait(20)
        return got[0], json.loads(got[1])

    def ok(self, doc):
        status, answer = self.send(doc)
        assert status == 200 and answer["applied"] is True, (doc, status, answer)
        return answer


def keypad(keys, presses=()):
    """A board on which the same keys are typed on its keypad (presses: (legend, ms) held)."""
    k = Harness("/k", fs=MemFS())
    k.type(keys)
    for legend, ms in presses:
        k.hold(legend, ms)
    k.wait(200)
    return k


def game(h):
    """The game as the players see it: its events (without their times) and what follows."""
    g = h.keeper.game
    return ([tuple(ev[:4]) for ev in g.events], g.scores[:], g.front[:], g.back[:], g.dealer,
            g.deals, g.counted, g.show, g.winner)  # fmt: skip


def same_board(h, k):
    """The same game, and the same LEDs and side lines once both boards' animations are over
    (both clocks brought to the same time: a blink's phase follows it)."""
    assert game(h) == game(k)
    end = max(h.board.now, k.board.now) + 3000
    for b in (h, k):
        b.wait(end - b.board.now)
    assert h.board.leds == k.board.leds
    assert h.lines[1:3] == k.lines[1:3]  # each side's line (the note above the mode's differs)


# Each kind, and the keys of the keypad that say the same (after a few pegs in the play).
BEFORE = [{"kind": "peg", "side": "B", "points": 2}, {"kind": "go", "side": "A"}]
KEYS_BEFORE = "2BA"
CASES = [
    ({"kind": "peg", "side": "A", "points": 12}, "12A"),
    ({"kind": "go", "side": "B"}, "B"),
    ({"kind": "correction", "side": "B", "points": 5}, "", [("*", 1000)], "5B"),
    ({"kind": "correction", "side": "A", "points": -1}, "", [("*", 1000), ("*", 1000)], "1A"),
    ({"kind": "undo"}, "*"),
    ({"kind": "next"}, "#"),
]


def test_each_kind_does_what_its_keys_do_on_the_keypad():
    for case in CASES:
        t = Table()
        for doc in BEFORE:
            t.ok(doc)
        t.ok(case[0])
        k = Harness("/k", fs=MemFS())
        k.type(KEYS_BEFORE + case[1])
        if len(case) > 2:
            for legend, ms in case[2]:
                k.hold(legend, ms)
            k.type(case[3])
        k.wait(200)
        same_board(t.h, k)


def test_the_cut_his_heels_and_the_counts_of_the_show():
    t = Table()
    t.ok({"kind": "cut", "side": "B"})  # B deals first
    answer = t.ok({"kind": "heels"})
    assert answer["note"] == "his heels: B +2"  # the board's own words
    t.ok({"kind": "peg", "side": "A", "points": 2})
    t.ok({"kind": "next"})  # the show
    t.ok({"kind": "count", "side": "A", "points": 8})  # A's hand (the pone's)
    t.ok({"kind": "count", "points": 12})  # whoever counts next: B's hand
    t.ok({"kind": "count", "points": 4})  # B's crib: the deal passes with it
    k = Harness("/k", fs=MemFS())
    k.type("0B")
    k.hold("A", 1000)
    k.type("2A#8A12#4#")
    k.wait(200)
    same_board(t.h, k)
    assert t.h.keeper.game.scores[:2] == [10, 18]


def test_a_refused_entry_changes_nothing_and_says_the_boards_reason():
    t = Table()
    t.ok({"kind": "next"})  # the show
    before = t.h.keeper.snapshot()
    status, answer = t.send({"kind": "count", "side": "B", "points": 19})
    assert status == 409 and answer["applied"] is False
    k = keypad("#19B")  # the same keys on the keypad: the same refusal on its display
    assert answer["error"] == "no hand scores 19; correction: long *, side"
    assert " ".join(k.lines[3:5]).startswith("no hand scores")
    assert t.h.keeper.snapshot() == before
    assert not [x for x in t.h.lines if x.startswith("+19")]  # none of it stays typed
    t.h.type("8B")  # and the board's keypad goes on as if it had never come
    assert t.h.keeper.game.scores[1] == 8


def test_a_retry_gets_the_first_answer_and_never_a_second_peg():
    t = Table()
    first = t.send({"kind": "peg", "side": "A", "points": 3})
    for _ in range(3):
        assert t.send({"kind": "peg", "side": "A", "points": 3}, seq=1) == first
    assert t.h.keeper.game.scores[0] == 3
    refused = t.send({"kind": "peg", "side": "C", "points": 3})  # no side C: refused
    assert refused[0] == 409
    assert t.send({"kind": "peg", "side": "C", "points": 3}, seq=2) == refused
    assert t.send({"kind": "go", "side": "A"}, seq=1) == first  # the number decides, not the body
    status, answer = t.send({"kind": "go", "side": "B"})  # seq 3
    assert status == 200
    status, answer = t.send({"kind": "go", "side": "B"}, seq=2)  # older than the last
    assert status == 409 and "older" in answer["error"]
    assert t.h.keeper.game.scores[:2] == [3, 1]


def test_malformed_entries_are_400_and_leave_the_number_free():
    t = Table()
    before = t.h.keeper.snapshot()
    for doc in ({"kind": "peg", "side": "E", "points": 2}, {"kind": "peg", "side": "A"},
                {"kind": "peg", "side": "A", "points": 1000},
                {"kind": "peg", "side": "A", "points": 2.0},
                {"kind": "peg", "side": "A", "points": True}, {"kind": "fly"}, {},
                {"kind": "correction", "side": "A", "points": 0},
                {"kind": "undo", "confirm": 1}):  # fmt: skip
        status, answer = t.send(doc, seq=1)
        assert status == 400 and answer["error"], (doc, answer)
    for seq in (0, -1, "1", 1.5, True, 1 << 31):
        status, answer = t.send({"kind": "undo"}, seq=seq)
        assert status == 400 and "seq" in answer["error"]
    assert t.h.keeper.snapshot() == before
    assert t.send({"kind": "go", "side": "A"}, seq=1)[0] == 200  # 1 was never taken


def test_what_the_board_asks_to_confirm_needs_the_entrys_confirm():
    t = Table()
    t.ok({"kind": "peg", "side": "B", "points": 2})
    before = t.h.keeper.snapshot()
    status, answer = t.send({"kind": "count", "points": 8})  # in the play: # again?
    assert status == 409 and answer["confirm"] is True
    assert answer["error"].startswith("# again: B's hand 8")
    assert t.h.keeper.snapshot() == before
    t.ok({"kind": "count", "points": 8, "confirm": True})  # the show starts, B's hand in
    status, answer = t.send({"kind": "next"})  # A's hand missing: # again passes the deal
    assert status == 409 and answer["error"] == "A hand is not in: # again passes the deal"
    t.ok({"kind": "next", "confirm": True})
    k = keypad("2B8##")
    k.type("##")
    k.wait(200)
    same_board(t.h, k)
    # A correction to the game hole asks too.
    t.ok({"kind": "correction", "side": "A", "points": 100})
    status, answer = t.send({"kind": "correction", "side": "A", "points": 21})
    assert status == 409 and answer["confirm"] is True and "game hole" in answer["error"]
    assert t.h.keeper.game.scores[0] == 100
    t.ok({"kind": "correction", "side": "A", "points": 21, "confirm": True})
    assert t.h.keeper.game.winner == 0


def test_what_is_typed_on_the_keypad_is_kept_aside_and_never_mixed():
    t = Table()
    h = t.h
    h.type("12")  # typed on the board: not yet a side
    t.ok({"kind": "peg", "side": "B", "points": 3})  # the phone's own 3, not 123 or 312
    assert h.keeper.game.scores[:2] == [0, 3]
    assert "A-B: +12 play" in h.lines  # the board's 12 still there ...
    h.type("A")  # ... for its side key
    assert h.keeper.game.scores[:2] == [12, 3]
    # A refused phone entry gives the typed digits back too, and leaves none of its own.
    h.hold("*", 1000)  # a correction typed on the board
    h.type("5")
    status, _ = t.send({"kind": "peg", "side": "D", "points": 7})
    assert status == 409
    h.type("B")
    assert h.keeper.game.scores[:2] == [12, 8]


def test_an_entry_waits_while_a_key_is_down_on_the_board():
    t = Table()
    h = t.h
    h.board.keys |= 1 << 3  # A held down on the board (long: his heels when it reaches 0.8 s)
    got = t.hub.submit(t.phone, {"seq": 1, "kind": "peg", "side": "B", "points": 2},
                       h.board.ticks_ms())  # fmt: skip
    h.wait(600)
    assert got is None and t.phone.answer is None  # it waits: never interleaved
    assert h.keeper.game.scores[1] == 0
    h.wait(400)  # A's long press: his heels, from the board
    h.board.keys = 0
    h.wait(100)
    assert t.phone.answer[:2] == (1, 200)
    assert h.keeper.game.scores[:2] == [2, 2]  # heels (A deals) and the phone's 2 for B
    # A key held longer than WAIT_MS: the entry is answered 503 and its number stays free.
    h.board.keys |= 1 << 7
    got = t.hub.submit(t.phone, {"seq": 2, "kind": "go", "side": "A"}, h.board.ticks_ms())
    h.wait(WAIT_MS + 100)
    assert got is None and t.phone.answer[:2] == (2, 503)
    h.board.keys = 0
    h.wait(100)
    assert t.send({"kind": "go", "side": "A"}, seq=2)[0] == 200


def test_an_entry_for_the_scoreboard_is_refused_in_another_mode():
    t = Table()
    t.h.to_mode(4)  # Settings
    status, answer = t.send({"kind": "peg", "side": "A", "points": 2})
    assert status == 409 and answer["error"].startswith("the board is in Settings")
    assert t.h.keeper.game.scores[0] == 0 and t.h.view.mode == 4


def test_a_kind_needs_its_part_of_the_hand():
    t = Table()
    status, answer = t.send({"kind": "count", "side": "A", "points": 4})  # in the play
    assert status == 409 and answer["error"] == "the show has not begun: # starts it"
    t.ok({"kind": "next"})
    for doc in ({"kind": "peg", "side": "A", "points": 2}, {"kind": "go", "side": "A"},
                {"kind": "heels"}):  # fmt: skip
        status, answer = t.send(doc)
        assert status == 409 and answer["error"] == "the play is over: this hand is in its show"


def test_every_kind_is_in_the_table_with_a_mode_a_phase_and_its_keys():
    for name, row in KINDS.items():
        assert len(row) in (3, 4) and (isinstance(row[2], str) or callable(row[2])), name
        if not isinstance(row[2], str) or [c for c in row[2] if c in "pncs"]:  # its fields
            raises(ValueError, build, {"kind": name, "side": "Z", "points": 1000})
    assert build({"kind": "correction", "side": "B", "points": -12})[0] == [
        (12, LONG),
        (12, LONG),
        (0, TAP),
        (1, TAP),
        (7, TAP),
    ]  # long * twice, 1 2, B
