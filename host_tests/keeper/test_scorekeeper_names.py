# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Players' names on the sides (scorekeeper/names.py, Keeper.set_names): part of the game's
record in the log, kept through a power cut at any write, carried to the next game, in the
archive of finished games and in the records export; names the board cannot keep are refused
and change nothing."""

from scorekeeper import CORRECTION, Keeper, records
from scorekeeper.names import NameRefused, check_name, set_names
from support import raises
from textnames import label

from tools.board.testkit import Clock, FakeFS, PowerCut, keeper

ANN = "Ann Lee"
ZOE = "Zo\u00eb Quinn"  # 10 characters, 11 bytes of UTF-8


def test_names_are_kept_in_the_log():
    k = keeper()
    k.peg(0, 5)
    assert set_names(k, [ANN, ZOE]) is True
    assert k.game.names == [ANN, ZOE, "", ""] and k.game.scores[:2] == [5, 0]
    assert set_names(k, [ANN, ZOE]) is False  # the same: nothing written
    again = Keeper("st", k.fs, Clock())
    assert again.notice == "" and again.game.names == [ANN, ZOE, "", ""]
    assert again.snapshot() == k.snapshot()
    set_names(k, ["", ZOE])
    assert Keeper("st", k.fs, Clock()).game.names == ["", ZOE, "", ""]


def test_names_refused_change_nothing():
    k = keeper()
    set_names(k, [ANN])
    for bad in ("A" * 17, "\u00e9" * 9, "Ann\nLee", "tab\there", 7):
        raises(NameRefused, set_names, k, [bad])
    assert k.game.names == [ANN, "", "", ""]
    assert check_name("  Bob  ") == "Bob" and check_name("B" * 16) == "B" * 16
    set_names(k, [ANN, "Bob", "Cat", "Dan"])  # a two-sided game keeps two
    assert k.game.names == [ANN, "Bob", "", ""]


def test_the_next_game_keeps_the_names_and_the_archive_has_them():
    k = keeper()
    set_names(k, [ANN, ZOE])
    k.peg(1, 121, CORRECTION)
    k.new_game()
    assert k.game.names == [ANN, ZOE, "", ""]
    (e,) = k.archive()
    assert e.names == [ANN, ZOE, "", ""] and e.scores == [0, 121]
    doc = records.document(k)
    assert doc["game"]["names"] == {"A": ANN, "B": ZOE}
    assert doc["archive"][0]["names"] == {"A": ANN, "B": ZOE}


def test_a_power_cut_in_setting_names_leaves_the_old_names_or_the_new():
    base = keeper()
    set_names(base, ["Ann", "Bob"])
    base.peg(0, 7)
    base.peg(1, 3)
    files = dict(base.fs.files)
    budget = 0  # units of work (a byte written, a rename) before the power fails
    while True:
        fs = FakeFS(dict(files))
        k = Keeper("st", fs, Clock())
        fs.budget = budget
        try:
            set_names(k, [ANN, ZOE])
            done = True
        except PowerCut:
            done = False
        fs.budget = -1
        after = Keeper("st", fs, Clock())
        assert after.game.names[:2] in (["Ann", "Bob"], [ANN, ZOE]), budget
        assert after.game.scores[:2] == [7, 3], budget  # no entry lost
        if done:
            break
        budget += 1
    assert budget > 200  # the whole log was written (and renamed) before the names counted


def test_the_display_shows_what_fits():
    names = [ANN, ZOE, "", ""]
    assert label(names, 1, 16) == "Zo? Quinn"  # the display's font has no \u00eb
    assert label(names, 0, 5) == "Ann L" and label(names, 0, 4) == "Ann"
