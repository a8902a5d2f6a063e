# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""What the card just played scores in the play: fifteens, 31, pairs, runs.

Expectations are the rulebook's worked examples (its pegging scoring, scoring tables and how to
play: docs/RULES.md), quoted where they are used, and hand-derived cases, each derived in a
comment.
"""

from cribbage import (
    DuplicateCardError,
    IllegalPlayError,
    InvalidCardError,
    parse_cards,
    peg_breakdown,
    peg_points,
    pile_count,
)
from cribbage.pegging import scan
from support import raises


def pts(text):
    """Points of the last card of a pile written as one string, e.g. '4H 2C 3S'."""
    return peg_points(text.split())


def items(text):
    return peg_breakdown(text.split())


# -- fifteen and thirty-one -----------------------------------------------------------------


def test_fifteen_two():
    # 7 + 8 = 15: "fifteen two" (the rulebook's pegging scoring, scoring table).
    assert items("7C 8D") == [("fifteen", 2)]
    assert pts("7C 8D") == 2
    # K counts 10: K + 5 = 15.
    assert items("KS 5H") == [("fifteen", 2)]
    # Passing 15 without landing on it scores nothing: 9 + 7 = 16.
    assert pts("9C 7D") == 0


def test_thirty_one_for_two():
    # 10 + 10 + 10 + A = 31 ("thirty-one for two"); K-Q-J then A is no run (Q-K-A is not).
    assert items("KH QD JC AS") == [("thirty-one", 2)]
    # 9 + 8 + 7 + 7 = 31, with a pair of sevens on the 31 card: 2 + 2 (the rulebook's scoring
    # tables: "31 for 2 ... does not cancel an independently valid combination").
    assert items("9S 8H 7D 7C") == [("thirty-one", 2), ("pair", 2)]
    assert pts("9S 8H 7D 7C") == 4


def test_count_of_the_pile():
    # K=10, Q=10, 5, A=1: 26.
    assert pile_count("KH QD 5C AS".split()) == 26
    assert pile_count(["5H"]) == 5
    assert pile_count(parse_cards("TD JD QD AH")) == 31


# -- pairs ----------------------------------------------------------------------------------


def test_pair_is_rank_not_value():
    # "if a king is played and you then play a king you are entitled to peg 2";
    # "playing a 10 after a queen does not make a Pair" (the rulebook's pegging scoring).
    assert items("KH KS") == [("pair", 2)]
    assert pts("QH 10D") == 0
    assert pts("JH QH") == 0


def test_pair_royal_and_double_pair_royal_are_not_cumulative():
    # Third card of a rank: 6 (not 6 + 2); fourth: 12 (not 12 + 6 + 2) (the rulebook's scoring
    # tables).
    assert items("2C 2D") == [("pair", 2)]
    assert items("2C 2D 2H") == [("pair royal", 6)]
    assert items("2C 2D 2H 2S") == [("double pair royal", 12)]
    assert pts("9C 9D 9H") == 6  # count 27
    assert pts("AC 3C 3D 3H 3S") == 12  # the ace before the four threes changes nothing


def test_fifteen_with_a_pair_royal():
    # Three fives: count 15 and a pair royal on the third, 2 + 6 = 8.
    assert items("5C 5D 5H") == [("fifteen", 2), ("pair royal", 6)]
    assert pts("5C 5D 5H") == 8
    # The fourth five: count 20, double pair royal only.
    assert items("5C 5D 5H 5S") == [("double pair royal", 12)]


def test_pair_across_an_intervening_card_does_not_score():
    # 7, 2, 7: the sevens are not consecutive plays, so no pair (count 16, no fifteen).
    assert pts("7C 2D 7H") == 0
    # 4 4 9 4: only the latest consecutive same-rank cards count: the last 4 follows a 9.
    assert pts("4C 4D 9S 4H") == 0


# -- runs -----------------------------------------------------------------------------------


def test_run_in_any_order_and_extending_it():
    # The rulebook's scoring tables: "4-2-3 scores a run of 3 on the 3. Adding 5 extends it to a
    # run of 4" (and shorter runs inside it are not also scored).
    assert pts("4H 2C") == 0
    assert items("4H 2C 3S") == [("run", 3)]
    assert items("4H 2C 3S 5D") == [("run", 4)]


def test_the_book_example_8_6_7_8_7():
    # The rulebook's pegging scoring: 8-6-7-8-7: the 7 completes 8-6-7 (3, for the player who led
    # the first 8, who also plays the 7); the second 8 completes 6-7-8 (3); the second 7 scores
    # nothing (7-8 is not a run and 7-8-7 repeats a rank).
    assert pts("8C 6D 7H") == 3
    assert pts("8C 6D 7H 8S") == 3
    # The book's last card would take the count to 8+6+7+8+7 = 36, past 31: refused.
    raises(IllegalPlayError, pts, "8C 6D 7H 8S 7D")
    # The run logic alone (scan does not check the count) agrees: count 36, no pair, no run.
    assert scan(parse_cards("8C 6D 7H 8S 7D")) == (36, 1, 0)
    # The same shape with low ranks stays under 31 (3-A-2-3-2, count 11): 3, 3, then 0.
    assert pts("3C AD 2H") == 3
    assert pts("3C AD 2H 3S") == 3
    assert pts("3C AD 2H 3S 2D") == 0


def test_book_runs_and_ace_low():
    # "4-5-6-7, or 10-Jack-Queen ... the ace is low" (the rulebook's pegging scoring).
    assert pts("4C 5D 6H 7S") == 4
    assert pts("10C JD QH") == 3
    assert pts("AC 2D 3H") == 3
    assert pts("JC QD KH") == 3


def test_q_k_a_is_not_a_run():
    # Ace is low only: Q-K-A (count 21) is nothing, in any order.
    assert pts("QC KD AH") == 0
    assert pts("AH QC KD") == 0
    assert pts("KD AH 2S") == 0  # K-A-2 is not a run either (count 13)


def test_duplicate_inside_the_window_breaks_the_run():
    # 3 4 4 5: on the 5, windows 4-5 (2 cards) and 4-4-5 (repeat): no run. Count 16.
    assert pts("3C 4D 4H 5S") == 0
    # 4 5 4 6: on the 6, the window 5-4-6 is a run of 3; 4-5-4-6 repeats a rank. Count 19.
    assert items("4C 5D 4H 6S") == [("run", 3)]
    # 2 3 4 2 5: on the 5, 4-2-5 is no run but 3-4-2-5 is a run of 4 (the first 2 is
    # outside it); the whole pile repeats 2. Count 16.
    assert items("2C 3D 4H 2S 5C") == [("run", 4)]
    # 5 2 5 3: 2-5-3 has a gap and 5-2-5-3 repeats the five, so no run, although its ranks
    # span 2..5 over four cards; the count is 15.
    assert items("5C 2D 5H 3S") == [("fifteen", 2)]


def test_run_must_include_the_card_just_played():
    # 5 6 7 then K: the run 5-6-7 is behind the king, which scores nothing (count 28).
    assert pts("5C 6D 7H KS") == 0


def test_fifteen_and_run_on_the_same_card():
    # 4 + 5 + 6 = 15 and a run of 3: 2 + 3 = 5.
    assert items("4C 5D 6H") == [("fifteen", 2), ("run", 3)]
    assert pts("4C 5D 6H") == 5
    # 10 6 8 7: count 31 and the run 6-8-7: 2 + 3 = 5.
    assert items("TC 6D 8H 7S") == [("thirty-one", 2), ("run", 3)]


def test_long_runs():
    # A-2-3-4-5-6-7 in order (count 28): run of 7 on the 7.
    assert pts("AC 2D 3H 4S 5C 6D 7H") == 7
    # The same seven ranks shuffled, 3 5 A 7 2 6 4 (count 28): only the last card completes a
    # run, and then all seven cards are one run of 7.
    assert pts("3C 5D AH 7S 2C 6D 4H") == 7
    assert pts("3C 5D AH 7S 2C") == 0  # ranks 3,5,1,7,2: no window ending at 2 is a run
    assert pts("3C 5D AH 7S 2C 6D") == 0  # windows ending at 6 all miss the 4
    # 5 then A-2-3-4: a run of 5 on the 4, which also makes the count 15: 2 + 5.
    assert items("5C AD 2H 3S 4C") == [("fifteen", 2), ("run", 5)]


def test_no_flush_in_the_play():
    # Four hearts in a row score nothing for suit: 2H 9H 4H QH (count 25).
    assert pts("2H 9H 4H QH") == 0


def test_cards_as_ints_and_text_agree():
    text = "4H 2C 3S 5D".split()
    assert peg_points(parse_cards(text)) == peg_points(text) == 4
    assert peg_breakdown(parse_cards(text)) == peg_breakdown(text)


# -- errors ---------------------------------------------------------------------------------


def test_card_given_twice_is_an_error():
    e = raises(DuplicateCardError, peg_points, ["5H", "9C", "5h"])
    assert "5H" in str(e)
    raises(DuplicateCardError, peg_breakdown, ["5H", "5H"])


def test_count_past_31_is_an_error():
    # K Q J 2 = 32.
    e = raises(IllegalPlayError, peg_points, "KH QD JC 2S".split())
    assert "32" in str(e) and "31" in str(e)
    raises(IllegalPlayError, pile_count, "KH QD JC 2S".split())
    raises(IllegalPlayError, peg_breakdown, "KH QD JC 2S".split())


def test_bad_cards_and_empty_pile_are_errors():
    raises(InvalidCardError, peg_points, ["5X"])
    raises(InvalidCardError, peg_points, [52])
    raises(InvalidCardError, peg_points, [])
