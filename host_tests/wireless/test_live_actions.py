# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Entries that are no keys (firmware/live/actions.py), as a club's hub sends them to a board:
the sides' names, and a new game with its rules and names; applied once however often sent
(across a power cut too), a game under way ended only when confirmed, malformed ones refused
with nothing changed."""

from scorekeeper import CORRECTION, Keeper
from test_live_entries import Table


class Board(Table):
    """A board with its hub and one paired device (the club's hub) sending entries
    (test_live_entries.Table), and its game."""

    @property
    def game(self):
        return self.h.app.keeper.game


GAME = {"kind": "game", "names": ["Ann Lee", "Bob"], "rules": {"players": 2, "target": 121,
                                                                 "muggins": 1}}  # fmt: skip


def test_names_go_on_the_sides_and_the_display():
    b = Board()
    status, answer = b.send({"kind": "names", "names": ["Ann Lee", "Bob"]})
    assert status == 200 and answer["applied"], answer
    assert b.game.names == ["Ann Lee", "Bob", "", ""]
    b.h.type("5A")
    assert "Ann Lee   5 +5 *" in b.h.lines, b.h.lines
    assert b.send({"kind": "names", "names": ["Ann Lee", "Bob"]})[0] == 200  # the same: fine


def test_a_new_game_with_its_rules_and_names():
    b = Board()
    status, answer = b.send(GAME)
    assert status == 200 and answer["applied"], answer
    g = b.game
    assert g.names[:2] == ["Ann Lee", "Bob"] and g.cfg.muggins == 1 and g.cfg.target == 121
    assert not g.events and g.first_dealer == 0
    again = Keeper("/s", b.fs)  # on flash: the names with the game, in one record
    assert again.game.names[:2] == ["Ann Lee", "Bob"] and again.settings.muggins == 1


def test_a_game_under_way_is_ended_only_when_confirmed():
    b = Board()
    b.h.type("9B")
    status, answer = b.send(GAME)
    assert status == 409 and answer.get("confirm") is True, answer
    assert b.game.scores[:2] == [0, 9]  # nothing changed
    status, answer = b.send(dict(GAME, confirm=True))
    assert status == 200 and b.game.scores[:2] == [0, 0] and b.game.names[0] == "Ann Lee"


def test_a_won_game_is_archived_by_the_next_one():
    b = Board()
    b.send(GAME)
    b.h.app.keeper.peg(1, 121, CORRECTION)  # Bob wins
    status, _ = b.send(dict(GAME, names=["Cat", "Dan"]))
    assert status == 200 and b.game.names[:2] == ["Cat", "Dan"]
    (e,) = b.h.app.keeper.archive()
    assert e.names[:2] == ["Ann Lee", "Bob"] and e.scores == [0, 121]


def test_sent_twice_it_is_applied_once():
    b = Board()
    assert b.send(GAME, seq=5)[0] == 200
    start = b.game.start
    b.h.type("7A")
    status, answer = b.send(GAME, seq=5)  # the hub's retry after a lost answer
    assert status == 200 and answer["applied"]
    assert b.game.scores[0] == 7 and b.game.start == start  # no second new game


def test_malformed_and_refused_entries_change_nothing():
    b = Board()
    before = b.h.app.keeper.snapshot()
    for doc, want in (({"kind": "names", "names": "Ann"}, 400),
                      ({"kind": "names", "names": []}, 400),
                      ({"kind": "game", "names": ["A", "B"], "rules": {"colour": 3}}, 400),
                      ({"kind": "game", "names": ["A", "B"], "rules": {"target": 99}}, 409),
                      ({"kind": "names", "names": ["A" * 17]}, 409),
                      ({"kind": "names", "names": ["tab\there"]}, 409)):  # fmt: skip
        status, answer = b.send(doc)
        assert status == want, (doc, status, answer)
    assert b.h.app.keeper.snapshot() == before and b.game.names == ["", "", "", ""]
