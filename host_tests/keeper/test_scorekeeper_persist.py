# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Scorekeeper persistence: reloads, matches, statistics, settings, damaged files."""

from scorekeeper import (
    CRIB,
    HAND,
    HOME_POINTS,
    PLAY,
    Keeper,
    NothingToUndo,
    ScoreRefused,
    StorageError,
)
from support import raises

from tools.board.testkit import Clock, FakeFS, at, keeper


def reload(k):
    """A new Keeper on the same files: the board after a power cycle."""
    return Keeper("st", k.fs, Clock())


def win(k, winner, loser_score):
    """Finish the current game: winner pegs out, the loser has loser_score."""
    scores = [0, 0, 0, 0]
    scores[1 - winner] = loser_score
    at(k, scores[0:2])
    k.peg(winner, 121 - k.game.scores[winner], 6)
    assert k.game.over


def test_reload_restores_scores_pegs_dealer_and_history():
    k = keeper()
    k.peg(1, 2)
    k.peg(0, 5)
    k.peg(0, 3)
    k.peg(1, 8, HAND)
    k.peg(0, 7, HAND)
    k.pass_deal()
    k.undo()
    k.pass_deal()
    k2 = reload(k)
    assert k2.notice == ""
    assert k2.snapshot() == k.snapshot()
    g = k2.game
    assert (g.scores[0:2], g.front[0:2], g.back[0:2], g.dealer) == ([15, 10], [15, 10], [8, 2], 1)
    assert k2.history() == ["B +2 play t=3", "A +5 play t=3", "A +3 play t=3",
                            "B +8 hand t=3", "A +7 hand t=3", "deal B t=3"]  # fmt: skip


def test_undo_stops_at_the_start_of_a_game_even_after_a_reload():
    k = keeper()
    raises(NothingToUndo, k.undo)
    k.peg(0, 2)
    k.new_game()
    raises(NothingToUndo, k.undo)
    raises(NothingToUndo, reload(k).undo)


def test_match_game_points_and_the_loser_deals_next():
    k = keeper()
    win(k, 0, 80)  # A skunks B (80 <= 90): ACC 3 game points
    m = k.match
    assert (m.games[0:2], m.points[0:2]) == ([1, 0], [3, 0])
    k.new_game()
    assert k.game.dealer == 1  # B lost, B deals first
    win(k, 1, 100)  # B wins, no skunk: 2
    k.new_game()
    assert k.game.dealer == 0
    win(k, 0, 40)  # double skunk: the ACC scores it as a skunk, 3
    k2 = reload(k)
    m = k2.match
    assert (m.games[0:2], m.points[0:2]) == ([2, 1], [6, 2])
    k2.new_game()
    k2.reset_match()
    assert reload(k2).match.games[0:2] == [0, 0]


def test_home_rule_game_points_table():
    k = keeper()
    assert k.set_setting("game_points", HOME_POINTS) is True
    win(k, 1, 50)  # double skunk: 3 under the home table (1, 2, 3, 4)
    assert k.match.points[0:2] == [0, 3]


def test_match_with_three_players_lowest_loser_deals():
    k = keeper()
    k.set_setting("players", 3)
    at(k, [120, 70, 70])
    k.peg(0, 1)
    k.new_game()
    assert k.game.dealer == 1  # B and C tie on 70: B sits at the winner's left
    at(k, [60, 120, 50])
    k.peg(1, 1)
    k.new_game()
    assert k.game.dealer == 2


def test_an_abandoned_game_counts_for_nothing_but_its_hands():
    k = keeper()
    k.pass_deal()
    k.peg(0, 12, HAND)
    k.new_game()
    assert k.game.dealer == 0  # the same first dealer starts again
    st = k.stats
    assert (st.finished, st.games[0:2]) == (0, [0, 0])
    assert (st.hands[0:2], st.best_hand[0:2]) == ([1, 0], [12, 0])
    assert k.match.games[0:2] == [0, 0]


def test_statistics_across_power_cycles():
    k = keeper()
    k.peg(1, 12, HAND)
    k.peg(0, 29, HAND)
    k.peg(0, 7, CRIB)
    k.pass_deal()
    k.peg(0, 5, HAND)
    k.peg(1, 24, HAND)
    k.peg(1, 16, CRIB)
    k.peg(1, 4, HAND)  # out of turn, still a hand count
    k.undo()  # ... and undone: not in the statistics
    k = reload(k)
    st = k.stats
    assert (st.hands[0:2], st.hand_points[0:2]) == ([2, 2], [34, 36])
    assert (st.best_hand[0:2], st.best_crib[0:2]) == ([29, 24], [7, 16])
    assert (st.average_hand_tenths(0), st.average_hand_tenths(1)) == (170, 180)
    assert k.game.scores[0:2] == [41, 52]  # A: 29 + 7 + 5; B: 12 + 24 + 16
    at(k, [120, 88])
    k.peg(0, 1)  # A wins 121-88: a skunk, not a double
    k.new_game()
    k = reload(k)
    k.peg(1, 8, HAND)  # B opens game 2
    st = reload(k).stats
    assert (st.finished, st.games[0:2], st.wins[0:2]) == (1, [1, 1], [1, 0])
    assert (st.skunks_given[0:2], st.skunks_taken[0:2]) == ([1, 0], [0, 1])
    assert (st.doubles_given[0:2], st.doubles_taken[0:2]) == ([0, 0], [0, 0])
    assert (st.hands[0:2], st.hand_points[0:2]) == ([2, 3], [34, 44])
    assert st.average_hand_tenths(1) == 147  # 44 / 3 = 14.67 -> 14.7
    k.reset_stats()
    assert reload(k).stats.hands[0:2] == [0, 1]  # game 2's hand is still on the board


def test_play_time_adds_the_seconds_between_events():
    clock = Clock(start=0, step=0)
    k = keeper(clock=clock)
    clock.now = 10
    k.peg(0, 2)
    clock.now = 25
    k.peg(1, 2)
    clock.now = 100000  # a long break is capped at 65535 s
    k.peg(1, 2)
    assert k.game.seconds == 10 + 15 + 65535
    k.undo()
    assert k.game.seconds == 25


def test_unknown_log_version_is_set_aside_and_the_board_starts_fresh():
    k = keeper()
    k.peg(0, 5)
    k.fold()
    data = bytearray(k.fs.files["st/game.log"])
    data[7] = 9
    k.fs.files["st/game.log"] = bytes(data)
    k2 = reload(k)
    assert k2.notice == (
        "game log unreadable (game log version 9 is not supported): set aside as game.bad1; "
        "starting fresh"
    )
    assert k2.fs.files["st/game.bad1"] == bytes(data)
    assert (k2.game.scores[0], k2.game.events) == (0, [])
    assert reload(k2).notice == ""  # the fresh log is whole


def test_a_file_that_is_not_a_log():
    fs = FakeFS({"st/game.log": b"hello"})
    k = Keeper("st", fs, Clock())
    assert k.notice.startswith("game log unreadable (not a PicoPeg game log)")


def test_rename_window_on_file_systems_without_atomic_replace():
    # FAT: FileOps removed game.log before the rename; the complete .tmp takes its place.
    k = keeper()
    k.peg(0, 4)
    k.new_game()
    k.peg(1, 6)
    fs = k.fs
    fs.files["st/game.log.tmp"] = fs.files.pop("st/game.log")
    assert reload(k).snapshot() == k.snapshot()
    assert "st/game.log.tmp" not in fs.files
    # An unfinished .tmp next to a good log is dropped.
    fs.files["st/game.log.tmp"] = b"PicoPeg\x01\x16"
    assert reload(k).snapshot() == k.snapshot()
    assert "st/game.log.tmp" not in fs.files


def test_a_failed_append_loses_nothing_and_the_next_write_repairs_the_file():
    k = keeper()
    k.peg(0, 4)
    before = k.snapshot()
    k.fs.budget = 5  # the flash fills up 5 bytes into the next record
    k.fs.fail_with = OSError(28)
    raises(StorageError, k.peg, 1, 6, PLAY)
    assert k.snapshot() == before
    k.fs.budget = -1
    k.peg(1, 3)  # rewrites the whole file instead of appending after the torn bytes
    k2 = reload(k)
    assert k2.notice == "" and k2.snapshot() == k.snapshot()
    assert k2.game.scores[0:2] == [4, 3]


def test_finish_hand_game_counts_even_if_the_deal_is_not_passed():
    k = keeper()
    k.set_setting("finish_hand", 1)
    at(k, [70, 120])
    k.peg(1, 2)  # B wins; A may still count out the hand
    assert (k.game.over, k.match.games[0:2]) == (False, [0, 1])
    k.new_game()  # the players start again without passing the deal
    assert k.game.dealer == 0  # A lost: A deals
    assert (k.match.games[0:2], k.match.points[0:2], k.stats.wins[0:2]) == (
        [0, 1], [0, 3], [0, 1],
    )  # fmt: skip


def test_a_failed_new_game_leaves_the_board_as_it_was():
    k = keeper()
    win(k, 0, 95)
    before = k.snapshot()
    k.fs.budget = 40  # the flash fills up while the new log is written
    k.fs.fail_with = OSError(28)
    raises(StorageError, k.new_game)
    assert k.snapshot() == before
    k.fs.budget = -1
    k.new_game()
    assert (k.match.games[0:2], k.stats.finished, k.game.dealer) == ([1, 0], 1, 1)
    assert reload(k).snapshot() == k.snapshot()


def test_the_revision_moves_with_every_change_of_the_events_and_only_then():
    """Keeper.revision keys what the modes derive from the events (the pegging helper's
    engine, count verify's muggins award): every commit, undo and rewrite moves it; a refused
    entry, the play time and a fold do not."""
    k = keeper()
    seen = [k.revision]

    def moved():
        assert k.revision not in seen, (k.revision, seen)
        seen.append(k.revision)

    k.peg(0, 2)
    moved()
    k.card(4, 1, 0, PLAY)
    moved()
    k.undo()  # back to the same events as after the peg: still a new revision
    moved()
    before = k.revision
    try:
        k.peg(0, 40)  # refused: nothing written, nothing changed
    except ValueError:
        pass
    k.keep_time()
    k.fold()
    assert k.revision == before
    k.pass_deal()
    moved()
    k.undo_to(1)
    moved()
    k.new_game()  # (the game with its peg is kept: restore_game brings it back)
    moved()
    k.restore_game()
    moved()
    k.undo()
    moved()
    k.set_setting("players", 3)  # nothing pegged: the game starts again under the new rules
    moved()


def test_the_show_is_an_event_of_the_log():
    """The show's start (#) is a SHOW event: undo takes it back, a reload keeps it, the next
    deal ends it; a second one, a card after it, or one after the game is over is refused."""
    k = keeper()
    k.peg(0, 2)
    k.card(4)
    assert not k.game.in_show
    k.begin_show()
    g = k.game
    assert g.in_show and g.counted == 0 and k.history()[-1] == "show t=3"
    raises(ScoreRefused, k.begin_show)
    raises(ScoreRefused, k.card, 5)  # the play is over
    assert reload(k).game.in_show and reload(k).snapshot() == k.snapshot()
    k.undo()
    assert not k.game.in_show and not reload(k).game.in_show
    k.card(5)  # in the play again: cards are taken
    k.begin_show()
    k.peg(1, 8, HAND)
    k.pass_deal()
    assert not k.game.in_show
    k.peg(0, 121 - k.game.scores[0], 6)  # A wins by a correction: the game is over
    raises(ScoreRefused, k.begin_show)
