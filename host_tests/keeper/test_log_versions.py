# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Every earlier game log version loads unchanged: the logs in data/logformats/ were written
by the firmware of each version (its README says how), and the current keeper must find in
each the rules, scores, dealer and entries that make_fixtures.py played, then rewrite the log
in its own version with nothing lost (and no names: version 6 added them). The archives of
versions 1 (before the rules word) and 2 (before the names) load and are rewritten in the
current version at their next write. The expectations below are worked out from
make_fixtures.py's lines, not read back from the files."""

import os

from scorekeeper import Keeper, archive
from scorekeeper.log import VERSION

from tools.board.testkit import Clock, FakeFS

DATA = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/data/logformats"
DEFAULTS = {"players": 2, "partners": 0, "target": 121, "five_card": 0, "five_keep": 3,
            "muggins": 0, "triple_skunk": 0, "game_points": (2, 3, 3, 3), "stinkhole": 0,
            "finish_hand": 0, "three_go": 0}  # fmt: skip
T = " t=7"  # make_fixtures.py's clock: 7 s between events


def files(folder, log_only=False):
    """The state folder's files as a FakeFS holds them ('st/name'); log_only: the log and
    its journal, without settings.txt (so the rules can only come from the game record)."""
    out = {}
    path = DATA + "/" + folder
    for name in os.listdir(path):
        if log_only and name not in ("game.log", "game.jnl"):
            continue
        with open(path + "/" + name, "rb") as f:
            out["st/" + name] = f.read()
    return out


def boot(folder, log_only=False):
    fs = FakeFS(files(folder, log_only))
    return Keeper("st", fs, Clock()), fs


def rules(**changes):
    out = dict(DEFAULTS)
    out.update(changes)
    return out


def rules_of(cfg):
    return {name: getattr(cfg, name) for name in DEFAULTS}


def expected(version, game):
    """(rules, first dealer, dealer, scores, history, in its show) of a folder."""
    if game == "five":
        history = ["A +3 start", "B +2 play", "A +1 go", "A +8 hand", "B +6 hand", "deal A",
                   "B -1 correction"]  # fmt: skip
        scores = [12, 7]
        if version >= 2:  # the pegging helper's cards: 5C pegs nothing, 10C fifteen 2
            history += ["card 5C", "card 10C A +2 play"]
            scores = [14, 7]
        r = rules(target=61, five_card=1, muggins=1, stinkhole=1, game_points=(1, 2, 3, 4),
                  five_keep=4 if version >= 2 else 3)  # fmt: skip
        return r, 1, 0, scores, history, False
    if game == "three":
        history = ["A +2 play", "B +1 go", "A +12 hand", "B +5 hand", "C +7 hand", "C +3 crib",
                   "deal A"]  # fmt: skip
        scores = [14, 6, 10]
        if version >= 3:
            history.append("show")
        if version >= 4:  # count verify's count, with its cards
            history.append("B +29 hand 5C 5D 5H JS | 5S")
            scores = [14, 35, 10]
        r = rules(players=3, triple_skunk=1, stinkhole=1, finish_hand=1,
                  three_go=1 if version >= 2 else 0)  # fmt: skip
        return r, 2, 0, scores, history, version >= 3
    if game == "partners":
        r = rules(players=4, partners=1, muggins=1, finish_hand=1)
        return r, 0, 1, [0, 6], ["B +6 play", "deal B"], False
    if game == "flags":
        r = rules(triple_skunk=1, finish_hand=1, five_keep=4 if version >= 2 else 3)
        return r, 1, 1, [4, 1], ["A +4 play", "B +1 go"], False
    # won: a new game (the loser, B, deals) after A won 61-16 under these rules
    r = rules(target=61, five_card=1, five_keep=4, muggins=1, stinkhole=1, triple_skunk=1,
              game_points=(1, 2, 3, 4))  # fmt: skip
    return r, 1, 1, [0, 0], [], False


def folders():
    out = []
    for name in sorted(os.listdir(DATA)):
        if name[0] == "v" and "-" in name:
            out.append((int(name[1 : name.index("-")]), name[name.index("-") + 1 :], name))
    return out


def test_there_is_a_log_of_every_earlier_version():
    versions = sorted({v for v, _g, _n in folders()})
    assert versions == list(range(1, VERSION))


def test_each_earlier_log_loads_its_rules_scores_and_entries():
    for version, game, folder in folders():
        r, first, dealer, scores, history, show = expected(version, game)
        for log_only in (False, True):
            k, fs = boot(folder, log_only)
            g = k.game
            assert k.notice == "", (folder, k.notice)
            assert rules_of(g.cfg) == r, (folder, rules_of(g.cfg))
            assert (g.first_dealer, g.dealer, g.scores[: g.sides]) == (first, dealer, scores)
            assert k.history() == [h + T for h in history], folder
            assert g.in_show == show, folder
            assert g.names == ["", "", "", ""], folder  # no game of an earlier version had them
            # Rewritten in this version at the first boot, before anything is appended: a
            # second boot finds the same game and nothing to repair.
            assert fs.files["st/game.log"][7] == VERSION
            again = Keeper("st", fs, Clock())
            assert again.notice == "" and again.snapshot() == k.snapshot()
            assert rules_of(again.game.cfg) == r


def test_an_earlier_archive_loads_and_is_rewritten_at_its_next_write():
    won = rules(target=61, five_card=1, five_keep=4, muggins=1, stinkhole=1, triple_skunk=1,
                game_points=(1, 2, 3, 4))  # fmt: skip
    for version, game, folder in folders():
        if game != "won":
            continue
        k, fs = boot(folder)
        old = 1 if version < 5 else 2  # the archive's version beside log versions 3-4, 5
        assert fs.files["st/games.arc"][7] == old  # (not rewritten by reading it)
        (e,) = k.archive()
        assert (e.winner, e.scores, e.skunk, e.game_points) == (0, [61, 16], 2, 3), folder
        assert rules_of(e.cfg) == won and e.first_dealer == 1
        # The same game again (the fixture's lines): A wins 61-16, a lurch, 3 game points.
        k.peg(0, 3, 7)
        k.peg(0, 29, 2)
        k.peg(1, 2, 2)
        k.peg(1, 4, 3)
        k.pass_deal()
        k.peg(1, 10, 2)
        k.peg(0, 29, 2)
        k.new_game()
        assert fs.files["st/games.arc"][7] == archive.VERSION  # rewritten in this version
        entries = k.archive()
        assert [(x.winner, x.scores, x.skunk) for x in entries] == [(0, [61, 16], 2)] * 2
        assert [rules_of(x.cfg) for x in entries] == [won, won]
        assert [x.names for x in entries] == [["", "", "", ""]] * 2


def test_a_game_of_an_earlier_version_taken_back_loads_as_it_was():
    for _version, game, folder in folders():
        if game != "won":
            continue
        k, fs = boot(folder)
        # game.prev is the won game's whole log, in its old version: restore_game brings it
        # back (and its result leaves the archive).
        assert fs.files["st/game.prev"][7] < VERSION and k.can_restore
        k.restore_game()
        g = k.game
        assert (g.winner, g.scores[:2], g.first_dealer) == (0, [61, 16], 1), folder
        assert k.archive() == [] and k.notice == ""
        assert Keeper("st", fs, Clock()).snapshot() == k.snapshot()
