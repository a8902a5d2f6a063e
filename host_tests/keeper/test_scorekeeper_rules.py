# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Scorekeeper rules: pegs, winning mid-count, skunks, undo, corrections and refusals.

Every expected number below is worked out by hand from the rules text and the ACC rules.
"""

from cribbage import Pegging
from scorekeeper import (
    CORRECTION,
    CRIB,
    GO,
    HAND,
    HEELS,
    PLAY,
    BadSide,
    ImpossibleCount,
    ScoreRefused,
)
from support import raises

from tools.board.testkit import at, keeper, with_settings


def test_pegs_leapfrog_front_and_back():
    k = keeper()
    g = k.game
    k.peg(0, 2)
    assert (g.front[0], g.back[0]) == (2, 0)
    k.peg(0, 3)
    assert (g.front[0], g.back[0]) == (5, 2)
    k.peg(1, 4)
    assert (g.front[1], g.back[1], g.scores) == (4, 0, [5, 4, 0, 0])
    k.peg(0, 0, HAND)  # a nineteen hand: the pegs stay put
    assert (g.front[0], g.back[0]) == (5, 2)


def test_pone_wins_mid_count_with_dealer_hand_and_crib_uncounted():
    k = keeper()  # A deals first, so B is the pone and counts first
    at(k, [100, 110])
    assert (k.game.next_side, k.game.next_kind) == (1, HAND)
    k.peg(1, 12, HAND)  # 110 + 12 = 122: the peg stops in the game hole
    g = k.game
    assert (g.winner, g.over, g.scores[1], g.front[1], g.back[1]) == (1, True, 121, 121, 110)
    assert g.skunk == 0  # A has 100, past the skunk line
    e = raises(ScoreRefused, k.peg, 0, 10, HAND)
    assert str(e) == "game over: B won 121-100; undo or start a new game"
    raises(ScoreRefused, k.peg, 0, 8, CRIB)
    assert g.scores[0] == 100


def test_win_by_his_heels():
    k = keeper()
    at(k, [119, 40])
    assert k.game.dealer == 0
    k.peg(0, 2, HEELS)  # the starter is a jack: the dealer pegs out before the play
    g = k.game
    assert (g.winner, g.over, g.scores[0], g.flagged) == (0, True, 121, False)
    assert g.skunk == 2  # B on 40: double skunk (60 or less)
    raises(ScoreRefused, k.peg, 1, 2, PLAY)


def skunk_after(loser, **settings):
    k = with_settings(**settings)
    at(k, [k.game.target - 1, loser])
    k.peg(0, 1, GO)
    return k.game.skunk, k.game.skunk_of(1), k.game.skunk_of(0)


def test_skunk_lines_on_121():
    assert skunk_after(91) == (0, 0, 0)
    assert skunk_after(90) == (1, 1, 0)
    assert skunk_after(61) == (1, 1, 0)
    assert skunk_after(60) == (2, 2, 0)
    assert skunk_after(31) == (2, 2, 0)
    assert skunk_after(30) == (2, 2, 0)  # no triple skunk unless it is switched on
    assert skunk_after(31, triple_skunk=1) == (2, 2, 0)
    assert skunk_after(30, triple_skunk=1) == (3, 3, 0)
    assert skunk_after(0, triple_skunk=1) == (3, 3, 0)


def test_lurch_on_61_is_a_double_game():
    # Issue 11 item 3: a lurch (61 won before the loser reaches 31) is worth a double game:
    # Enquire Within's "Accepted Laws of Cribbage" xvii and Hoyle ("equivalent to a double
    # game"). Level 2 takes the game-points table's double: ACC 3, home 3.
    assert skunk_after(31, target=61) == (0, 0, 0)
    assert skunk_after(30, target=61) == (2, 2, 0)
    assert skunk_after(0, target=61) == (2, 2, 0)


def test_three_sides_skunk_is_judged_by_the_best_loser():
    # Issue 20 (docs/RULES.md): a skunk is a kind of win, so with three or four players it
    # needs every loser short of the line; the result, the match and the statistics agree.
    k = with_settings(players=3)
    at(k, [120, 95, 50])
    k.peg(0, 1, GO)
    g = k.game
    assert (g.skunk_of(1), g.skunk_of(2), g.skunk) == (0, 0, 0)
    st = k.stats
    assert (st.skunks_given[0], st.skunks_taken[1:3], k.match.points[0]) == (0, [0, 0], 2)
    k = with_settings(players=3)
    at(k, [120, 85, 50])  # both short of 91: a skunk for A, taken by B and by C
    k.peg(0, 1, GO)
    g, st = k.game, k.stats
    assert (g.skunk_of(1), g.skunk_of(2), g.skunk) == (1, 1, 1)
    assert (st.skunks_given[0], st.skunks_taken[1:3]) == (1, [1, 1])
    assert st.doubles_taken[1:3] == [0, 0]
    assert k.match.points[0] == 3


def test_undo_across_a_win():
    k = keeper()
    at(k, [118, 87])
    before = k.snapshot()
    k.peg(0, 3)
    assert k.game.winner == 0
    undone = k.undo()
    assert undone[0:4] == (1, 0, PLAY, 3)  # (PEG, side A, play, 3 points)
    assert k.snapshot() == before
    assert (k.game.winner, k.game.over, k.game.scores[0]) == (-1, False, 118)
    k.peg(1, 5)  # the game goes on
    assert k.game.scores[1] == 92


def test_undo_across_a_deal():
    k = keeper()
    k.peg(1, 6, HAND)
    k.peg(0, 4, HAND)
    before = k.snapshot()
    assert (k.game.next_side, k.game.next_kind) == (0, CRIB)
    k.pass_deal()
    assert (k.game.dealer, k.game.next_side, k.game.next_kind) == (1, 0, HAND)
    k.undo()
    assert k.snapshot() == before
    assert (k.game.dealer, k.game.next_side, k.game.next_kind) == (0, 0, CRIB)
    k.peg(0, 5, CRIB)
    assert k.game.next_side == -1


def test_undo_is_repeatable_to_the_start_of_the_game():
    k = keeper()
    first = k.snapshot()
    k.peg(0, 2)
    k.pass_deal()
    k.peg(0, 3, HAND)
    for _ in range(3):
        k.undo()
    assert k.snapshot() == first


def test_refusals_after_a_win_name_the_result():
    k = keeper()
    at(k, [115, 87])
    k.peg(0, 6)
    msg = "game over: A won 121-87; undo or start a new game"
    for side, points, reason in ((1, 2, PLAY), (1, 1, GO), (1, 8, HAND), (0, 4, CRIB),
                                 (1, -1, CORRECTION), (1, 2, HEELS)):  # fmt: skip
        assert str(raises(ScoreRefused, k.peg, side, points, reason)) == msg
    assert str(raises(ScoreRefused, k.pass_deal)) == msg
    assert k.game.scores[0:2] == [121, 87]


def test_negative_corrections_never_below_zero():
    k = keeper()
    k.peg(1, 3)
    k.peg(1, 2)
    assert (k.game.front[1], k.game.back[1]) == (5, 3)
    k.peg(1, -1, CORRECTION)  # the front peg goes back; the back peg stays
    assert (k.game.scores[1], k.game.front[1], k.game.back[1]) == (4, 4, 3)
    k.peg(1, -2, CORRECTION)  # behind the back peg: the back peg comes along
    assert (k.game.front[1], k.game.back[1]) == (2, 2)
    e = raises(ScoreRefused, k.peg, 1, -3, CORRECTION)
    assert str(e) == "B has 2: a correction cannot take a score below 0"
    k.peg(1, -2, CORRECTION)
    assert (k.game.scores[1], k.game.front[1], k.game.back[1]) == (0, 0, 0)
    raises(ScoreRefused, k.peg, 1, 0, CORRECTION)
    raises(ScoreRefused, k.peg, 1, -1, PLAY)


def test_impossible_counts_refused_unless_a_correction():
    k = keeper()
    for n in (19, 25, 26, 27, 30, 31, 99):
        e = raises(ImpossibleCount, k.peg, 1, n, HAND)
        assert isinstance(e, ScoreRefused)
    e = raises(ImpossibleCount, k.peg, 0, 19, CRIB)
    assert str(e) == "no crib scores 19; a correction can enter it"
    assert k.game.scores[0:2] == [0, 0]
    for n in (0, 18, 20, 24, 28, 29):
        k.peg(1, n, HAND)
    assert k.game.scores[1] == 119
    k.peg(0, 19, CORRECTION)
    assert k.game.scores[0] == 19


def test_bad_sides_are_refused_with_a_clear_message():
    k = keeper()
    assert str(raises(BadSide, k.peg, 2, 2)) == "there is no side C in a 2-side game"
    raises(BadSide, k.peg, -1, 2)
    raises(BadSide, k.peg, 4, 2)
    raises(BadSide, k.peg, "A", 2)
    assert k.game.events == []


def test_play_and_go_limits():
    k = keeper()
    k.peg(0, 14)  # four sixes after a seven: 12 for the pairs + 2 for 31
    raises(ScoreRefused, k.peg, 0, 16)
    raises(ScoreRefused, k.peg, 0, 0)
    k.peg(1, 2, GO)
    raises(ScoreRefused, k.peg, 1, 3, GO)
    raises(ScoreRefused, k.peg, 0, 1, HEELS)
    assert k.game.scores[0:2] == [14, 2]


def test_a_card_that_also_takes_the_last_card_point_pegs_15():
    # The rulebook's pegging scoring: the fourth card of a rank pegs 12 and a count of 15 pegs 2;
    # its scoring tables: the last card below 31 pegs 1 and "other combinations made by that
    # card ... can still score" (only 31 replaces it). Dealer B; A leads. K (10), Q (20),
    # J (30: run of 3); B (7 2 2) and A (2 2) cannot play: go, 1 to A. B leads 7, A 2 (9),
    # B 2 (11: pair), A 2 (13: pair royal), B 2 (15): double pair royal 12 + fifteen 2 +
    # last card 1 = 15 for one card, which the board's pegging helper enters as one PLAY.
    p = Pegging([["KH", "JH", "2C", "2D"], ["QS", "7C", "2H", "2S"]], dealer=1)
    for seat, card in ((0, "KH"), (1, "QS"), (0, "JH"), (1, None), (0, None), (1, "7C"),
                       (0, "2C"), (1, "2H"), (0, "2D")):  # fmt: skip
        if card:
            p.play(seat, card)
        else:
            p.go(seat)
    last = p.play(1, "2S")
    assert last.points == 15 and last.over
    k = keeper()
    assert k.peg(last.side, last.points, PLAY) is False
    assert k.game.scores[0:2] == [0, 15]
