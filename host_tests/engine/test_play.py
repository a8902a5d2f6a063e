# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The play engine: turns, go, last card, resets, 2-4 players, partners, the five-card game.

Every hand below is played out by hand in the comments: who plays, the count, and what the
card (or go) pegs. The same hands are replayed with ``hands=None`` (the board's pegging
helper, which does not know the hands) and must peg exactly the same.
"""

from cribbage import (
    DuplicateCardError,
    IllegalPlayError,
    InvalidCardError,
    InvalidHandError,
    Pegging,
    parse_card,
    parse_cards,
)
from support import pegging_snapshot, raises


def act(p, step):
    """One step like '0:7C' (seat 0 plays the 7 of clubs) or '1:go'."""
    seat, what = step.split(":")
    if what == "go":
        return p.go(int(seat))
    return p.play(int(seat), what)


def run(p, script):
    """Play a script of steps; return each step's (scoring seat, points, items)."""
    return [summary(act(p, step)) for step in script.split()]


def summary(r):
    return (r.seat, r.points, r.items)


def refused(p, fn, *args, error=IllegalPlayError):
    """fn(*args) raises `error` and leaves the engine exactly as it was; returns the message."""
    before = pegging_snapshot(p)
    e = raises(error, fn, *args)
    assert pegging_snapshot(p) == before, (fn, args)
    return str(e)


def same_in_helper_mode(hands, script, **options):
    """The script pegs the same with the hands unknown (players given instead)."""
    known = Pegging(hands, **options)
    helper = Pegging(None, players=len(hands), **options)
    assert run(known, script) == run(helper, script)
    assert known.pegged == helper.pegged and helper.over == known.over


# -- two players ----------------------------------------------------------------------------

# Dealer seat 1, so seat 0 (the pone) leads.
TWO = [["7C", "9H", "8D", "5D"], ["8H", "6C", "KS", "2D"]]
TWO_SCRIPT = "0:7C 1:8H 0:9H 1:6C 0:go 1:go 0:5D 1:2D 0:8D 1:KS"


def test_two_player_hand_with_go_reset_and_last_card():
    p = Pegging(TWO, dealer=1)
    assert p.turn == 0 and p.count == 0 and p.sides == 2
    assert run(p, "0:7C") == [(None, 0, [])]  # count 7
    assert run(p, "1:8H") == [(1, 2, [("fifteen", 2)])]  # 7 + 8 = 15
    assert run(p, "0:9H") == [(0, 3, [("run", 3)])]  # 24: 7-8-9
    assert run(p, "1:6C") == [(1, 4, [("run", 4)])]  # 30: 6-7-8-9
    assert p.count == 30 and p.turn == 0
    assert p.pile == parse_cards("7C 8H 9H 6C")
    # Seat 0 holds 8D and 5D: both pass 31, so go. Nothing is pegged yet: seat 1 may play.
    assert run(p, "0:go") == [(None, 0, [])]
    assert p.gone == [True, False] and p.turn == 1
    # Seat 1 holds KS and 2D: both pass 31. Seat 1 played the last card: 1 for the go,
    # then the count resets and seat 0 (after seat 1) leads.
    r = p.go(1)
    assert summary(r) == (1, 1, [("go", 1)]) and r.side == 1
    assert r.reset and not r.over and r.count == 30
    assert p.count == 0 and p.pile == [] and p.gone == [False, False] and p.turn == 0
    # After the reset, 5 does not join 6-7-8-9 (no run across a reset): count 5, nothing.
    assert run(p, "0:5D") == [(None, 0, [])]
    assert run(p, "1:2D") == [(None, 0, [])]  # 7
    assert run(p, "0:8D") == [(0, 2, [("fifteen", 2)])]  # 15
    assert p.cards_left(0) == 0 and p.cards_left(1) == 1
    assert p.turn == 1  # seat 0 is out of cards, so seat 1 plays on
    r = p.play(1, "KS")  # 25, and the last card of the play
    assert summary(r) == (1, 1, [("last card", 1)])
    assert r.over and not r.reset and p.over and p.turn is None
    # Seat 0: 3 + 2 = 5; seat 1: 2 + 4 + 1 + 1 = 8.
    assert p.pegged == [5, 8]
    assert sum(r.points for r in p.scores) == 13
    assert len(p.history) == 10 and p.history[4] == (0, None)


def test_two_player_hand_in_helper_mode():
    same_in_helper_mode(TWO, TWO_SCRIPT, dealer=1)


def test_combination_across_a_go_still_scores_and_a_lone_player_plays_on():
    # The rulebook's pegging scoring: "If a play said Go as the combination was being formed the
    # combination is still valid."
    hands = [["7C", "9H", "6D", "5S"], ["8S", "KH", "QH", "JH"]]
    p = Pegging(hands, dealer=1)
    script = "0:7C 1:8S 0:9H 1:go 0:6D 0:go 1:KH 0:5S 1:QH 1:go 1:JH"
    assert run(p, script) == [
        (None, 0, []),  # 7
        (1, 2, [("fifteen", 2)]),  # 15
        (0, 3, [("run", 3)]),  # 24: 7-8-9
        (None, 0, []),  # seat 1 (K Q J) cannot play at 24
        (0, 4, [("run", 4)]),  # 30: 6-7-8-9, formed across the go
        (0, 1, [("go", 1)]),  # seat 0 holds 5: nobody can play; reset, seat 1 leads
        (None, 0, []),  # K: 10
        (0, 2, [("fifteen", 2)]),  # 5: 15, seat 0's last card but seat 1 has cards
        (None, 0, []),  # Q: 25; seat 0 is out, so seat 1 plays on
        (1, 1, [("go", 1)]),  # J would be 35: go, and seat 1 played the last card
        (1, 1, [("last card", 1)]),  # seat 1 leads the J alone: last card of the play
    ]
    assert p.pegged == [10, 4] and p.over
    same_in_helper_mode(hands, script, dealer=1)


def test_thirty_one_replaces_the_last_card_point_but_the_pair_still_scores():
    # The rulebook's scoring tables: "31 for 2 replaces the last-card point; it does not cancel an
    # independently valid combination". Dealer 1; seat 0 leads.
    hands = [["KH", "JH", "3D", "7S"], ["QH", "9C", "5C", "7H"]]
    p = Pegging(hands, dealer=1)
    script = "0:KH 1:QH 0:JH 1:go 0:go 1:9C 0:3D 1:5C 0:7S 1:7H"
    assert run(p, script) == [
        (None, 0, []),  # K: 10
        (None, 0, []),  # Q: 20 (K and Q are both 10 but no pair)
        (0, 3, [("run", 3)]),  # J: 30, J-Q-K
        (None, 0, []),  # seat 1 (9 5 7) cannot play
        (0, 1, [("go", 1)]),  # seat 0 (3 7) cannot either: 1 for the go to seat 0
        (None, 0, []),  # seat 1 leads after the reset: 9
        (None, 0, []),  # 12
        (None, 0, []),  # 17
        (None, 0, []),  # 24 (3-5-7 is not a run)
        (1, 4, [("thirty-one", 2), ("pair", 2)]),  # 31 with a pair, and no last-card point
    ]
    assert p.pegged == [4, 4] and p.over
    same_in_helper_mode(hands, script, dealer=1)


def test_thirty_one_mid_play_resets_and_the_next_player_leads():
    # Dealer 0, so seat 1 leads. K + Q + A + K... : 10, 20, 21, 31.
    hands = [["QS", "KD", "2C", "3C"], ["KH", "AS", "4D", "5D"]]
    p = Pegging(hands, dealer=0)
    assert p.turn == 1
    assert run(p, "1:KH 0:QS 1:AS 0:KD") == [
        (None, 0, []),
        (None, 0, []),
        (None, 0, []),  # 21: Q-K-A is no run
        (0, 2, [("thirty-one", 2)]),  # 31: 2, no go point
    ]
    assert p.count == 0 and p.turn == 1  # reset; seat 1 follows seat 0's 31
    # 4 then 3 then 5 then 2: runs 3-4-5 (3) and 2-3-4-5 (4); 2+... = 14, no 15.
    assert run(p, "1:4D 0:3C 1:5D 0:2C") == [
        (None, 0, []),
        (None, 0, []),
        (1, 3, [("run", 3)]),  # 12
        (0, 5, [("run", 4), ("last card", 1)]),  # 14: run of 4 and the last card
    ]
    assert p.pegged == [7, 3] and p.over


# -- three players --------------------------------------------------------------------------

THREE = [["TC", "5D", "6H", "7S"], ["KC", "AH", "4C", "9D"], ["9C", "5S", "6C", "3H"]]
THREE_SCRIPT = (
    "0:TC 1:KC 2:9C 0:go 1:AH 2:go 1:go 2:5S 0:5D 1:4C 2:6C 0:6H 1:go 2:3H 0:go 0:7S 1:9D"
)


def test_three_player_go_point_goes_to_whoever_played_the_last_card():
    # Dealer seat 2, so seat 0 leads; play goes 0, 1, 2.
    p = Pegging(THREE, dealer=2)
    assert p.turn == 0 and p.sides == 3
    assert run(p, "0:TC 1:KC 2:9C") == [(None, 0, [])] * 3  # 10, 20, 29
    # Seat 0 (5 6 7) cannot play: go. Seat 1 must play its ace: 30.
    assert run(p, "0:go 1:AH") == [(None, 0, []), (None, 0, [])]
    assert p.gone == [True, False, False] and p.turn == 2
    # Seat 2 (5 6 3) says go; seat 0 has said go, so the turn goes back to seat 1, which
    # played the ace; it holds 4 and 9: go, and it pegs 1 for the last card it played.
    assert run(p, "2:go") == [(None, 0, [])]
    assert p.turn == 1
    r = p.go(1)
    assert summary(r) == (1, 1, [("go", 1)]) and r.reset
    # The next leader is the player after seat 1: seat 2.
    assert p.turn == 2 and p.count == 0
    assert run(p, "2:5S 0:5D 1:4C 2:6C 0:6H") == [
        (None, 0, []),  # 5
        (0, 2, [("pair", 2)]),  # 10: pair of fives
        (None, 0, []),  # 14
        (2, 3, [("run", 3)]),  # 20: 5-4-6
        (0, 2, [("pair", 2)]),  # 26: pair of sixes
    ]
    # Seat 1 holds only the 9: go. Seat 2 plays its 3 (29): 6-6-3 repeats, nothing.
    assert run(p, "1:go 2:3H") == [(None, 0, []), (None, 0, [])]
    assert p.cards_left(2) == 0 and p.turn == 0
    # Seat 0's 7 would make 36: go. Seat 1 has said go and seat 2 is out of cards, so
    # nobody can play: the point goes to seat 2, who played the last card (the 3), not to
    # seat 0, the last to say go.
    r = p.go(0)
    assert summary(r) == (2, 1, [("go", 1)]) and r.actor == 0 and r.reset
    assert p.turn == 0  # the player after seat 2 with cards
    assert run(p, "0:7S 1:9D") == [(None, 0, []), (1, 1, [("last card", 1)])]  # 7, 16
    assert p.over and p.pegged == [4, 2, 4]


# Issue 11 item 4: the two published readings of the three-player go (docs/RULES.md).
GO_THREE = [["TC", "AS", "AD", "7C"], ["KD", "5D", "6D", "8D"], ["9H", "6H", "7H", "8H"]]


def test_three_player_go_round_the_table_and_bicycles_reading():
    # Dealer seat 2: seat 0 leads. TC (10), KD (20), 9H (29), AS (30); seat 1 (5 6 8) and
    # seat 2 (6 7 8) cannot play: go, go.
    for three_go in (0, 1):
        p = Pegging(GO_THREE, dealer=2, three_go=three_go)
        assert run(p, "0:TC 1:KD 2:9H 0:AS 1:go") == [(None, 0, [])] * 5
        r = p.go(2)
        if not three_go:
            # Round the table (the default): play goes on to seat 0, which plays its AD:
            # 31 (2) and a pair of aces (2).
            assert summary(r) == (None, 0, []) and p.turn == 0 and p.count == 30
            assert summary(p.play(0, "AD")) == (0, 4, [("thirty-one", 2), ("pair", 2)])
        else:
            # Bicycle: the first player after the go (seat 2) cannot play either, so the
            # count ends: seat 0, who played the last card, pegs the go and may not play on.
            assert summary(r) == (0, 1, [("go", 1)]) and r.reset and p.count == 0
            assert p.turn == 1 and p.cards_left(0) == 2  # the AD is still in hand
    # The same in helper mode (hands unknown), and an unknown rule is an error.
    script = "0:TC 1:KD 2:9H 0:AS 1:go 2:go"
    helper = Pegging(None, dealer=2, players=3, three_go=1)
    assert run(helper, script)[-1] == (0, 1, [("go", 1)])
    raises(InvalidHandError, Pegging, None, 0, players=3, three_go=2)


def test_illegal_play_errors_carry_their_fields():
    # A caller can say it its own way (the board's helper names sides, not seats).
    from cribbage.errors import WHY_31, WHY_GO, WHY_TURN

    p = Pegging(None, dealer=1, players=2)
    p.play(0, "KC")  # 10
    e = raises(IllegalPlayError, p.play, 0, "QC")  # seat 1's turn
    assert (e.why, e.seat, e.count) == (WHY_TURN, 0, 10)
    e = raises(IllegalPlayError, p.go, 1)  # at 10 every card fits
    assert (e.why, e.seat, e.count) == (WHY_GO, 1, 10)
    p.play(1, "KD")  # 20
    p.play(0, "9C")  # 29
    e = raises(IllegalPlayError, p.play, 1, "5D")  # 34
    assert (e.why, e.seat, e.count) == (WHY_31, 1, 29)


def test_three_player_hand_in_helper_mode():
    same_in_helper_mode(THREE, THREE_SCRIPT, dealer=2)


def test_three_player_helper_skips_players_out_of_cards_and_after_go():
    # The helper cannot know hands, so after a go it skips that player until the reset.
    p = Pegging(None, players=3, dealer=2)
    run(p, "0:TC 1:KC 2:9C 0:go")
    assert p.turn == 1
    run(p, "1:AH")
    assert p.turn == 2  # seat 0 said go: it is skipped
    refused(p, p.play, 0, "2C")  # out of turn while gone


# -- four players, two partnerships ---------------------------------------------------------

FOUR = [
    ["5C", "4H", "7H", "9H"],
    ["TD", "4D", "8D", "3D"],
    ["KC", "4S", "QS", "AS"],
    ["6S", "4C", "KH", "2H"],
]
FOUR_SCRIPT = (
    "0:5C 1:TD 2:KC 3:6S 0:4H 1:4D 2:4S 3:4C 0:7H 1:8D 2:QS 3:KH 0:9H 1:go 2:AS 3:go 3:2H 1:3D"
)


def test_four_player_partnership_hand():
    # Dealer seat 3, so seat 0 leads. Seats 0 and 2 are side 0, seats 1 and 3 side 1.
    p = Pegging(FOUR, dealer=3, partners=True)
    assert p.turn == 0 and p.sides == 2 and p.side(2) == 0 and p.side(3) == 1
    scored = [(r.side, r.points, r.items) for r in (act(p, s) for s in FOUR_SCRIPT.split())]
    assert scored == [
        (None, 0, []),  # 5
        (1, 2, [("fifteen", 2)]),  # 15
        (None, 0, []),  # 25
        (1, 2, [("thirty-one", 2)]),  # 31: reset, seat 0 leads
        (None, 0, []),  # 4
        (1, 2, [("pair", 2)]),  # 8
        (0, 6, [("pair royal", 6)]),  # 12: partners' cards count like anyone's
        (1, 12, [("double pair royal", 12)]),  # 16
        (None, 0, []),  # 23
        (1, 2, [("thirty-one", 2)]),  # 31 (4-7-8 is no run): reset, seat 2 leads
        (None, 0, []),  # Q: 10
        (None, 0, []),  # K: 20
        (None, 0, []),  # 9: 29 (Q-K-9 no run); seat 0 is now out of cards
        (None, 0, []),  # seat 1 holds 3: go
        (None, 0, []),  # seat 2 plays A: 30; seat 2 is out of cards
        (0, 1, [("go", 1)]),  # seat 3 (2) goes; nobody can play: seat 2's side pegs 1
        (None, 0, []),  # seat 3 leads after seat 2: 2
        (1, 1, [("last card", 1)]),  # seat 0 and 2 are out: seat 1's 3 (5) is last
    ]
    # Side 0: 6 + 1 = 7; side 1: 2 + 2 + 2 + 12 + 2 + 1 = 21.
    assert p.pegged == [7, 21] and p.over


def test_four_player_hand_in_helper_mode():
    same_in_helper_mode(FOUR, FOUR_SCRIPT, dealer=3, partners=True)


def test_four_individuals_score_by_seat():
    p = Pegging(FOUR, dealer=3)
    run(p, FOUR_SCRIPT)
    # The same plays as above, each seat on its own track:
    # seat 0: 0; seat 1: 2 + 2 + 2 + 1 = 7; seat 2: 6 + 1 = 7; seat 3: 2 + 12 = 14.
    assert p.pegged == [0, 7, 7, 14]


# -- the five-card game ---------------------------------------------------------------------


def test_five_card_game_counts_once_and_unplayed_cards_do_not_score():
    # Two players keep 3 cards. Dealer 1, seat 0 leads: K (10), J (20), Q (30: run J-Q-K 3).
    hands = [["KH", "QD", "5C"], ["JS", "8H", "9D"]]
    p = Pegging(hands, dealer=1, five_card=1)
    assert p.cards_each == 3
    assert run(p, "0:KH 1:JS 0:QD 1:go") == [
        (None, 0, []),
        (None, 0, []),
        (0, 3, [("run", 3)]),
        (None, 0, []),
    ]
    r = p.go(0)  # seat 0's 5 would make 35: nobody can play, the play is over
    assert summary(r) == (0, 1, [("go", 1)]) and r.over and not r.reset
    assert p.over and p.turn is None and p.count == 30
    assert p.cards_left(0) == 1 and p.cards_left(1) == 2  # never played
    assert p.pegged == [4, 0]
    refused(p, p.play, 1, "8H")
    # The same cards in the six-card style would reset and play on: 8 then 5.
    q = Pegging(hands, dealer=1, cards_each=3)
    run(q, "0:KH 1:JS 0:QD 1:go 0:go")
    assert not q.over and q.turn == 1 and q.count == 0
    assert run(q, "1:8H 0:5C 1:9D") == [(None, 0, []), (None, 0, []), (1, 1, [("last card", 1)])]


def test_five_card_game_ends_at_31():
    # 10, 5 (15: 2), 6 (21), 10 (31: 2): the play ends with a card left each.
    hands = [["TH", "6C", "2S"], ["5S", "TC", "9H"]]
    p = Pegging(hands, dealer=1, five_card=True)
    assert run(p, "0:TH 1:5S 0:6C 1:TC") == [
        (None, 0, []),
        (1, 2, [("fifteen", 2)]),
        (None, 0, []),
        (1, 2, [("thirty-one", 2)]),
    ]
    assert p.over and p.pegged == [0, 4] and p.cards_left(0) == 1


def test_five_card_game_all_cards_played_under_31():
    # A A (pair) 2 2 (pair) 3 (2-2-3 repeats: 0) 4 (2-3-4: run 3, count 13, last card).
    hands = [["AH", "2H", "3H"], ["AS", "2S", "4C"]]
    p = Pegging(hands, dealer=1, five_card=1)
    script = "0:AH 1:AS 0:2H 1:2S 0:3H 1:4C"
    assert run(p, script)[-1] == (1, 4, [("run", 3), ("last card", 1)])
    assert p.pegged == [0, 8] and p.over
    same_in_helper_mode(hands, script, dealer=1, five_card=1)


# -- illegal actions change nothing ---------------------------------------------------------


def test_illegal_actions_change_nothing():
    p = Pegging(TWO, dealer=1)
    run(p, "0:7C 1:8H 0:9H")  # count 24, seat 1 to play, holds 6C KS 2D
    msg = refused(p, p.play, 0, "8D")  # out of turn
    assert "player 2's turn" in msg
    msg = refused(p, p.play, 1, "5D")  # not held (seat 0 holds it)
    assert "does not hold 5D" in msg
    msg = refused(p, p.play, 1, "7C")  # already played
    assert "already been played" in msg
    msg = refused(p, p.play, 1, "KS")  # 34
    assert "34" in msg and "another card" in msg
    msg = refused(p, p.go, 1)  # seat 1 can play 6C or 2D
    assert "can play 6C" in msg and "no go yet" in msg
    refused(p, p.play, 1, "ZZ", error=InvalidCardError)
    refused(p, p.play, 5, "6C")
    refused(p, p.go, -1)
    refused(p, p.play, 1, 99, error=InvalidCardError)
    run(p, "1:6C 0:go")  # 30; seat 1 holds KS 2D
    msg = refused(p, p.play, 1, "2D")  # 32
    assert "say go" in msg
    run(p, "1:go 0:5D 1:2D 0:8D 1:KS")
    assert p.over
    refused(p, p.play, 0, "8D")
    refused(p, p.go, 0)
    refused(p, p.go, 1)


def test_illegal_actions_in_helper_mode_change_nothing():
    p = Pegging(None, players=2, dealer=0)
    assert p.turn == 1 and p.hand(0) is None and p.playable(0) is None
    msg = refused(p, p.go, 1)  # count 0: any card fits
    assert "every card fits" in msg
    run(p, "1:KH 0:QH")  # 20
    refused(p, p.go, 1)  # 20 + 10 = 30: a ten-card would still fit
    refused(p, p.play, 1, "QH")  # already played
    refused(p, p.play, 0, "5C")  # out of turn
    run(p, "1:2C")  # 22
    refused(p, p.play, 0, "TC")  # 32
    r = p.go(0)  # at 22 a player may hold only tens: go is believable
    assert r.points == 0 and p.turn == 1


def test_each_player_plays_only_their_cards_in_helper_mode():
    # Two players, 4 cards each: after 8 cards the play is over, whatever they were.
    p = Pegging(None, players=2, dealer=1)
    run(p, "0:AC 1:AD 0:AH 1:AS 0:2C 1:2D 0:2H 1:2S")
    # Seat 0 leads. Aces: pair 2 (seat 1), pair royal 6 (seat 0), double pair royal 12
    # (seat 1), count 4; twos (A-A-2 repeats, no run): 6, then pair 2 (seat 1, 8), pair
    # royal 6 (seat 0, 10), double pair royal 12 and last card 1 (seat 1, 12).
    # Seat 0: 6 + 6 = 12; seat 1: 2 + 12 + 2 + 12 + 1 = 29.
    assert p.pegged == [12, 29] and p.over


def test_undo_takes_back_the_last_action():
    p = Pegging(TWO, dealer=1)
    run(p, "0:7C 1:8H 0:9H 1:6C 0:go")
    before = pegging_snapshot(p)
    r = p.go(1)  # ends the count: 1 for the go and a reset
    assert r.reset and p.count == 0
    assert p.undo() == (1, None)
    assert pegging_snapshot(p) == before and p.count == 30
    p.go(1)
    p.play(0, "5D")
    assert p.undo() == (0, parse_card("5D"))
    assert p.hand(0) == parse_cards("8D 5D") and p.pegged == [3, 7]
    q = Pegging(TWO, dealer=1)
    refused(q, q.undo)


# -- set-up ---------------------------------------------------------------------------------


def test_first_player_is_left_of_the_dealer():
    assert Pegging(None, players=2, dealer=0).turn == 1
    assert Pegging(None, players=3, dealer=0).turn == 1
    assert Pegging(None, players=3, dealer=2).turn == 0
    assert Pegging(None, players=4, dealer=3, partners=True).turn == 0


def test_bad_set_ups_are_errors():
    raises(InvalidHandError, Pegging, None)  # players unknown
    raises(InvalidHandError, Pegging, None, 0, players=5)
    raises(InvalidHandError, Pegging, None, 0, players=3, five_card=1)
    raises(InvalidHandError, Pegging, None, 0, players=3, partners=True)
    raises(InvalidHandError, Pegging, None, 2, players=2)  # no seat 2
    raises(InvalidHandError, Pegging, None, 0, players=2, five_card="seven")
    raises(InvalidHandError, Pegging, [["5H", "5C", "5D"], ["JS", "2C", "3C", "4C"]])
    raises(InvalidHandError, Pegging, TWO, 0, players=3)
    raises(DuplicateCardError, Pegging, [["5H", "5C", "5D", "5S"], ["5H", "2C", "3C", "4C"]])
    raises(InvalidCardError, Pegging, [["5H", "5C", "5D", "5X"], ["JS", "2C", "3C", "4C"]])
