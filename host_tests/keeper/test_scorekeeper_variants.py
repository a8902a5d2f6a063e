# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Scorekeeper rules for more players and variants: counting order, partnerships, the
five-card game, muggins and the house-rule options. Expectations worked out by hand.
"""

from scorekeeper import (
    CORRECTION,
    CRIB,
    GO,
    HAND,
    HEELS,
    MUGGINS,
    PLAY,
    START,
    BadSide,
    ImpossibleCount,
    ScoreRefused,
)
from support import raises

from tools.board.testkit import at, keeper, with_settings


def test_two_player_counting_order_and_out_of_turn_flag():
    k = keeper()
    g = k.game
    assert (g.next_side, g.next_kind) == (1, HAND)
    assert k.peg(0, 8, HAND) is True  # the dealer counted before the pone: flagged
    assert (g.next_side, g.next_kind) == (1, HAND)
    assert k.peg(1, 6, HAND) is False
    assert (g.next_side, g.next_kind) == (0, CRIB)
    assert k.peg(0, 4, CRIB) is False
    assert g.next_side == -1
    assert k.peg(1, 2, HAND) is True  # a second hand for B: nothing left to count
    assert k.pass_deal() is False
    assert (g.dealer, g.next_side) == (1, 0)


def test_pass_deal_with_counts_missing_is_flagged():
    k = keeper()
    k.peg(1, 6, HAND)
    assert k.pass_deal() is True
    assert k.game.dealer == 1


def test_three_players_count_from_the_dealers_left():
    k = with_settings(players=3)
    k.pass_deal()  # B deals: C counts first, then A, then B, then B's crib
    order = []
    g = k.game
    while g.next_side >= 0:
        order.append((g.next_side, g.next_kind))
        assert k.peg(g.next_side, 4, g.next_kind) is False
    assert order == [(2, HAND), (0, HAND), (1, HAND), (1, CRIB)]
    k.pass_deal()
    assert (g.dealer, g.next_side) == (2, 0)
    k.pass_deal()
    assert g.dealer == 0


def test_four_players_as_individuals():
    k = with_settings(players=4)
    for _ in range(3):
        k.pass_deal()
    g = k.game
    assert g.dealer == 3
    order = []
    while g.next_side >= 0:
        order.append((g.next_side, g.next_kind))
        k.peg(g.next_side, 2, g.next_kind)
    assert order == [(0, HAND), (1, HAND), (2, HAND), (3, HAND), (3, CRIB)]


def test_partnerships_share_a_track_and_alternate_counts():
    k = with_settings(players=4, partners=1)
    g = k.game
    assert g.sides == 2
    raises(BadSide, k.peg, 2, 2)
    order = []
    while g.next_side >= 0:
        order.append((g.next_side, g.next_kind))
        k.peg(g.next_side, 6, g.next_kind)
    # A deals: B's first player, A's partner, B's second player, A, then A's crib.
    assert order == [(1, HAND), (0, HAND), (1, HAND), (0, HAND), (0, CRIB)]
    assert g.scores[0:2] == [18, 12]
    k.pass_deal()
    assert (g.dealer, g.next_side) == (1, 0)


def test_five_card_start_bonus():
    k = with_settings(target=61, five_card=1)
    g = k.game
    assert g.start_bonus_due() == 1  # A deals, so B has "three for last"
    e = raises(ScoreRefused, k.peg, 0, 3, START)
    assert str(e) == "three for last goes to the pone, not the dealer"
    raises(ScoreRefused, k.peg, 1, 2, START)
    k.peg(1, 3, START)
    assert (g.scores[1], g.front[1], g.back[1], g.start_bonus_due()) == (3, 3, 0, -1)
    raises(ScoreRefused, k.peg, 1, 3, START)
    k.undo()
    k.pass_deal()  # the cut made B the dealer after all
    assert g.start_bonus_due() == 0
    k.peg(0, 3, START)
    assert g.scores[0:2] == [3, 0]


def test_start_bonus_only_in_the_five_card_game():
    k = keeper()
    assert k.game.start_bonus_due() == -1
    e = raises(ScoreRefused, k.peg, 1, 3, START)
    assert str(e) == "three for last is only in the five-card game"


def test_five_card_hand_keeps_three_cards():
    # Three cards and the starter: 16 cannot be made, 20 can (5-5-5 + 5); the crib has 4.
    k = with_settings(target=61, five_card=1)
    raises(ImpossibleCount, k.peg, 1, 16, HAND)
    k.peg(1, 20, HAND)
    k.peg(0, 16, CRIB)
    assert k.game.scores[0:2] == [16, 20]


def test_muggins_only_when_switched_on():
    k = keeper()
    e = raises(ScoreRefused, k.peg, 1, 2, MUGGINS)
    assert str(e) == "muggins is off in the settings"
    k = with_settings(muggins=1)
    k.peg(1, 2, MUGGINS)
    assert k.game.scores[1] == 2


def test_heels_is_the_dealers_once_a_hand_before_the_dealer_plays():
    # Issue 11 item 2, ACC 6.3: his heels is 2 to the dealer; it is forfeited once the dealer
    # has played a card. A new entry is refused otherwise (a log from older firmware, where
    # these were taken and flagged, still loads: test_scorekeeper_format.py).
    k = keeper()
    e = raises(ScoreRefused, k.peg, 1, 2, HEELS)
    assert str(e) == "his heels is the dealer's: A deals"
    assert k.peg(0, 2, HEELS) is False
    e = raises(ScoreRefused, k.peg, 0, 2, HEELS)  # one starter per hand
    assert str(e) == "his heels is pegged already: one starter a hand"
    k.pass_deal()
    k.peg(0, 2, PLAY)  # B dealt; A (the pone) pegs 2 in the play: the play has begun
    e = raises(ScoreRefused, k.peg, 1, 2, HEELS)
    assert str(e) == "too late for his heels: the play has begun (ACC 6.3)"
    k.pass_deal()  # A deals: the pegging helper's first card begins the play
    k.card(9)  # B leads the 10C
    raises(ScoreRefused, k.peg, 0, 2, HEELS)
    k.undo()
    assert k.peg(0, 2, HEELS) is False  # before any card: in time
    assert (k.game.heels_pegged[0:2], k.stats.heels[0:2]) == ([2, 0], [2, 0])


def test_heels_is_refused_once_play_has_begun_with_any_number_of_players():
    # Issue 20: his heels comes at the cut, "immediately" (rulebook): with three and four
    # players too, any play points (C's 15 on the second card) or any card of the helper
    # mean the play has begun, and it is refused, as in the two-player game.
    for settings in ({"players": 3}, {"players": 4}, {"players": 4, "partners": 1}):
        k = with_settings(**settings)
        k.peg(2 % k.game.sides, 2, PLAY)  # a 15 before the dealer's first card
        e = raises(ScoreRefused, k.peg, 0, 2, HEELS)
        assert str(e) == "too late for his heels: the play has begun (ACC 6.3)"
        k.undo()
        k.card(9)  # the helper: the pone leads the 10C
        raises(ScoreRefused, k.peg, 0, 2, HEELS)
        k.undo()
        assert k.peg(0, 2, HEELS) is False


def test_go_points_are_bounded_by_the_counts_a_deal_can_have():
    # Issue 20: each go (or last card) closes a count and a deal has at most as many counts
    # as cards played: 8 with two players, 12 with three, 16 with four; the five-card game
    # plays to 31 once: one go. One more is refused and says why; the next deal starts over.
    cases = (({}, 8), ({"players": 3}, 12), ({"players": 4}, 16),
             ({"players": 4, "partners": 1}, 16), ({"five_card": 1}, 1))  # fmt: skip
    for settings, most in cases:
        k = with_settings(**settings)
        sides = k.game.sides
        for i in range(most):
            k.peg(1 + i % (sides - 1), 1, GO)  # never the dealer A: his heels stays apart
        before = k.snapshot()
        e = raises(ScoreRefused, k.peg, 1, 1, GO)
        assert k.snapshot() == before
        if settings.get("five_card"):
            assert str(e) == "the five-card game plays to 31 once: 1 go a deal"
        else:
            assert str(e) == "{} gos this deal: {} cards make {} counts at most".format(
                most, most, most
            )
        k.peg(1, 2, PLAY)  # other play points are still taken
        k.pass_deal()
        k.peg(1, 1, GO)  # a new deal


def test_stinkhole_house_rule():
    k = with_settings(stinkhole=1)
    at(k, [120, 50])
    raises(ScoreRefused, k.peg, 0, 1, GO)
    raises(ScoreRefused, k.peg, 0, 2, HEELS)
    k.peg(0, 2, PLAY)
    assert k.game.winner == 0
    k = keeper()  # the ACC default: a go from 120 wins
    at(k, [120, 50])
    k.peg(0, 1, GO)
    assert k.game.winner == 0


def test_finish_hand_house_rule_counts_out_the_hand_but_the_skunk_stands_at_the_win():
    # Issue 20: the game "ends immediately" (rulebook) when B goes out, so the skunk is
    # judged then: A on 85 is skunked, whatever A counts out of the hand afterwards.
    k = with_settings(finish_hand=1)
    at(k, [85, 115])
    k.peg(1, 8, HAND)  # B (pone) wins with the first count
    g = k.game
    assert (g.winner, g.over, g.skunk) == (1, False, 1)
    raises(ScoreRefused, k.peg, 1, 2, PLAY)
    k.peg(0, 6, HAND)  # A counts out the hand: 91, past the skunk line
    k.peg(0, 30, CORRECTION)  # but never into the game hole (121: held at 120)
    assert g.scores[0:2] == [120, 121]
    k.pass_deal()
    assert (g.over, g.skunk, g.dealer) == (True, 1, 0)
    raises(ScoreRefused, k.peg, 0, 1)
    st, m = k.stats, k.match
    assert (st.skunks_given[1], st.skunks_taken[0], m.points[1]) == (1, 1, 3)  # ACC: skunk 3


def test_a_count_out_of_turn_may_not_reach_the_game_hole():
    # Issue 11 item 1, ACC 9.2: A deals at 115, B (the pone) at 118. A's 8 first is refused
    # (the error says whose count is due); B's count is taken; a short count out of turn is
    # still taken and flagged.
    from scorekeeper import OutOfTurn

    k = keeper()
    at(k, [115, 118])
    e = raises(OutOfTurn, k.peg, 0, 8, HAND)
    assert (e.side, e.due_side, e.due_kind) == (0, 1, HAND)
    assert str(e) == "B hand first: A cannot count into the game hole"
    assert k.peg(0, 5, HAND) is True and k.game.scores[0] == 120  # short of it: flagged
    k.undo()
    k.peg(1, 3, HAND)
    assert k.game.winner == 1
    # Three players, A deals: B, then C, then A, then the crib. C's 20 before B's: refused.
    k = with_settings(players=3)
    at(k, [0, 0, 110])
    e = raises(OutOfTurn, k.peg, 2, 12, HAND)
    assert (e.due_side, e.due_kind) == (1, HAND)
    k.peg(1, 4, HAND)
    k.peg(2, 12, HAND)  # now C's turn: C wins
    assert k.game.winner == 2


def test_the_cut_for_deal_and_a_new_game_taken_back():
    # Issue 11 items 9 and 10: the first dealer is chosen before anything is pegged (no empty
    # deal); a new game keeps the one it replaced (game.prev) until restore_game.
    from scorekeeper import Keeper

    from tools.board.testkit import Clock

    k = keeper()
    k.choose_dealer(1)
    assert (k.game.dealer, k.game.first_dealer, k.game.events) == (1, 1, [])
    assert Keeper("st", k.fs, Clock()).game.dealer == 1
    k.peg(0, 5)
    raises(ScoreRefused, k.choose_dealer, 0)  # too late: something is pegged
    assert not k.can_restore
    k.new_game()
    assert k.can_restore and k.game.events == [] and "st/game.prev" in k.fs.files
    k.restore_game()
    assert k.game.scores[0:2] == [5, 0] and k.game.first_dealer == 1
    assert "st/game.prev" not in k.fs.files and not k.can_restore
    assert Keeper("st", k.fs, Clock()).snapshot() == k.snapshot()


def test_heels_and_play_time_survive_a_reload():
    # The statistics' heels (log version 2's stats record) and the TIME records.
    from scorekeeper import Keeper

    from tools.board.testkit import Clock

    clock = Clock(start=0, step=0)
    k = keeper(clock=clock)
    k.peg(0, 2, HEELS)
    clock.now = 59
    assert k.keep_time() is False  # less than a minute: nothing written
    clock.now = 61
    assert k.keep_time() is True and k.game.seconds == 61
    k.new_game()  # the game (heels, time) joins the statistics record
    k2 = Keeper("st", k.fs, Clock(start=0, step=0))
    assert (k2.stats.heels[0:2], k2.stats.seconds) == ([1, 0], 61)
