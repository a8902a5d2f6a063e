# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The show: hand-derived cases for every rule, the classic mistakes, the five-card game's
3-card hand, errors, and the fast path against the itemized count on many deals.

Expected figures are worked out by hand in the comments, never taken from the engine.
"""

from cribbage import (
    DuplicateCardError,
    InvalidCardError,
    InvalidHandError,
    parse_card,
    score_show,
)
from show_support import card_sets, categories, check_items, deals, expect_sets, scored
from support import raises

# --- hand-derived cases for each rule ---------------------------------------------------


def test_nobs_needs_the_jack_in_hand_not_the_starter():
    # Starter is the jack of hearts: no nobs, even though a heart is kept (heels is not
    # part of a show). 5H+J: fifteen; 5H 5C pair.
    s = scored(["5H", "5C", "9D", "2S"], "JH")
    assert s.nobs == 0
    # A jack of another suit than the starter: no nobs.
    assert scored(["JD", "2C", "4H", "8S"], "KH").nobs == 0
    # Jack of the starter's suit in the crib counts too.
    assert scored(["JH", "2C", "4D", "8S"], "KH", crib=True).nobs == 1


def test_fifteens_of_two_three_four_and_five_cards():
    # 7+8 (two cards) and A+2+4+8 (four cards); nothing else totals 15.
    s = scored(["7C", "8D", "AH", "2S"], "4C")
    assert card_sets(s, "fifteen") == expect_sets("7C 8D", "AH 2S 4C 8D")
    # 6+9 (two) and 2+6+7 (three).
    s = scored(["2C", "6D", "7H", "KS"], "9C")
    assert card_sets(s, "fifteen") == expect_sets("6D 9C", "2C 6D 7H")
    # A+A+2+3+8 = 15 with all five; A-2-3 twice (either ace) and the pair of aces.
    s = scored(["AC", "AD", "2H", "3S"], "8C")
    assert card_sets(s, "fifteen") == expect_sets("AC AD 2H 3S 8C")
    assert categories(s) == (2, 2, 6, 0, 0, 10)


def test_queen_king_ace_is_not_a_run():
    # Q-K-A and K-A-2 wrap around: not runs. No fifteens (7+A+2=10, tens need a 5).
    s = scored(["QH", "KD", "AS", "7C"], "2S")
    assert categories(s) == (0, 0, 0, 0, 0, 0)
    # A-2-3 is a run (ace low); J-Q-K is a run.
    assert scored(["AH", "2D", "3S", "9C"], "QC").runs == 3
    assert scored(["JH", "QD", "KS", "9C"], "2C").runs == 3


def test_runs_are_counted_for_each_set_of_physical_cards():
    # 7-8-9 with two 8s and two 9s: four runs of three (7 + either 8 + either 9).
    s = scored(["7C", "8D", "8H", "9S"], "9C")
    assert card_sets(s, "run") == expect_sets("7C 8D 9S", "7C 8D 9C", "7C 8H 9S", "7C 8H 9C")
    assert (s.runs, s.pairs) == (12, 4)


def test_four_of_a_kind_is_six_pairs():
    s = scored(["9C", "9D", "9H", "9S"], "AC")
    assert s.pairs == 12 and len(card_sets(s, "pair")) == 6


def test_a_hand_of_nothing():
    # 2, 4, 6, 8, K of mixed suits: all even values (no fifteen), no pair, no run.
    assert categories(scored(["2C", "4D", "6H", "8S"], "KC")) == (0,) * 6


# --- the five-card game's 3 kept cards --------------------------------------------------


def test_three_card_hand_flush_is_three_or_four():
    # 6+9 is the only fifteen; no pairs or runs.
    assert categories(scored(["2H", "6H", "9H"], "KS")) == (2, 0, 0, 3, 0, 5)
    assert categories(scored(["2H", "6H", "9H"], "KH")) == (2, 0, 0, 4, 0, 6)
    assert scored(["2H", "6H", "9C"], "KH").flush == 0
    s = scored(["2H", "6H", "9H"], "KH")
    assert card_sets(s, "flush") == expect_sets("2H 6H 9H KH")


def test_three_card_hand_best_is_twenty():
    # Four fives: six pairs (12) and the four ways to choose three fives (8).
    assert categories(scored(["5C", "5D", "5H"], "5S")) == (8, 12, 0, 0, 0, 20)


def test_three_card_hand_nobs():
    assert scored(["JS", "2C", "3D"], "4S").nobs == 1


def test_crib_of_three_is_refused():
    # The five-card game keeps 3 in hand; its crib is 4 (or 2 kept by a dealer keeping 4).
    e = raises(InvalidHandError, score_show, ["2H", "6H", "9H"], "KS", True)
    assert (e.size, e.sizes) == (3, (2, 4))


# --- errors ------------------------------------------------------------------------------


def test_duplicate_card_in_hand():
    e = raises(DuplicateCardError, score_show, ["5H", "5C", "5h", "JS"], "5S")
    assert e.card == "5H"


def test_starter_duplicating_a_hand_card():
    e = raises(DuplicateCardError, score_show, ["5H", "5C", "5D", "JS"], "j♠")
    assert e.card == "JS"


def test_wrong_sizes():
    for hand in (["5H", "5C"], ["5H", "5C", "5D", "JS", "KD"]):
        e = raises(InvalidHandError, score_show, hand, "2C")
        assert (e.size, e.sizes) == (len(hand), (3, 4))
    e = raises(InvalidHandError, score_show, ["5H", "5C", "5D", "JS", "KD"], "2C", True)
    assert (e.size, e.sizes) == (5, (2, 4))
    assert raises(InvalidCardError, score_show, [], "2C").given == []


def test_malformed_cards():
    e = raises(InvalidCardError, score_show, ["5H", "5X", "5D", "JS"], "2C")
    assert e.given == "5X"
    assert raises(InvalidCardError, score_show, ["5H", "5C", "5D", "JS"], "").given == ""
    assert raises(InvalidCardError, score_show, ["5H", "5C", "5D", "JS"], None).given is None
    assert raises(InvalidCardError, score_show, ["5H", "5C", "5D", "JS"], 52).given == 52


def test_cards_as_ints_and_text_agree():
    hand = ["5S", "5C", "5D", "JH"]
    a = score_show(hand, "5H")
    b = score_show([parse_card(c) for c in hand], parse_card("5H"))
    assert categories(a) == categories(b) and a.items == b.items
    assert a.as_dict() == {
        "total": 29,
        "fifteens": 16,
        "pairs": 12,
        "runs": 0,
        "flush": 0,
        "nobs": 1,
    }


# --- the fast path agrees with the itemized count ---------------------------------------


def test_show_points_equals_itemized_total_on_many_deals():
    for hand, starter in deals(1500, 7, 4):
        for crib in (False, True):
            check_items(score_show(hand, starter, crib))
    for hand, starter in deals(500, 11, 3):
        check_items(score_show(hand, starter))
