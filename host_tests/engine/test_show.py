# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The show: every worked example in the rulebook (docs/RULES.md).

Expected figures are the rulebook's own. Each itemized score is also checked for
sense by show_support.check_items: every fifteen's cards total 15, every pair shares a rank,
every run is consecutive distinct ranks, all from the five cards, the category totals add
up, and the fast path show_points gives the same total.
"""

from show_support import card_sets, categories, expect_sets, scored

# --- The rulebook's how to play: the two worked example hands ---


def test_rulebook_hand_1_the_29_hand():
    s = scored(["5♠", "5♣", "5♦", "J♥"], "5♥")
    assert categories(s) == (16, 12, 0, 0, 1, 29)
    # Four three-five fifteens and four jack-and-five fifteens.
    assert card_sets(s, "fifteen") == expect_sets(
        "5S 5C 5D", "5S 5C 5H", "5S 5D 5H", "5C 5D 5H", "JH 5S", "JH 5C", "JH 5D", "JH 5H"
    )
    assert len(card_sets(s, "pair")) == 6  # "four fives make six different pairs"
    assert card_sets(s, "nobs") == expect_sets("JH")


def test_rulebook_hand_2_an_ordinary_good_hand():
    s = scored(["4♣", "5♠", "6♦", "7♣"], "5♥")
    assert categories(s) == (4, 2, 8, 0, 0, 14)
    assert card_sets(s, "fifteen") == expect_sets("4C 5S 6D", "4C 5H 6D")
    assert card_sets(s, "run") == expect_sets("4C 5S 6D 7C", "4C 5H 6D 7C")
    assert card_sets(s, "pair") == expect_sets("5S 5H")


# --- The rulebook's scoring tables: the worked counts table, and nobs versus heels ---


def test_scoring_table_row_1_two_runs_of_three():
    s = scored(["6♣", "7♦", "7♥", "8♠"], "K♣")
    assert categories(s) == (4, 2, 6, 0, 0, 12)
    assert card_sets(s, "run") == expect_sets("6C 7D 8S", "6C 7H 8S")  # either 7


def test_scoring_table_row_2_three_runs():
    s = scored(["A♣", "2♦", "2♥", "2♠"], "3♣")
    assert categories(s) == (0, 6, 9, 0, 0, 15)
    assert card_sets(s, "run") == expect_sets("AC 2D 3C", "AC 2H 3C", "AC 2S 3C")


def test_scoring_table_row_3_four_runs():
    s = scored(["A♣", "A♦", "2♥", "3♠"], "3♣")
    assert categories(s) == (0, 4, 12, 0, 0, 16)
    assert card_sets(s, "run") == expect_sets("AC 2H 3S", "AC 2H 3C", "AD 2H 3S", "AD 2H 3C")
    assert card_sets(s, "pair") == expect_sets("AC AD", "3S 3C")


def test_scoring_table_nobs_is_not_heels():
    # "If the starter is J♠, it does not award nobs merely by being a spade jack."
    s = scored(["2♥", "4♦", "9♣", "K♥"], "J♠")
    assert s.nobs == 0
    # "If your hand contains J♠ and the starter is 5♠, nobs applies."
    s = scored(["J♠", "2♥", "3♣", "7♦"], "5♠")
    assert s.nobs == 1 and card_sets(s, "nobs") == expect_sets("JS")
    # Hand-derived: J+5, J+2+3 and 3+7+5 are the fifteens (6), no pairs or runs; total 7.
    assert categories(s) == (6, 0, 0, 0, 1, 7)


def test_scoring_table_three_kept_cards_and_matching_starter_are_not_a_flush():
    s = scored(["2♥", "4♥", "6♥", "8♠"], "K♥")
    assert s.flush == 0


# --- The rulebook's hand scoring: multiple runs, longest run only, flushes ---


def test_double_run_of_three_is_eight():
    # 4-5-5-6 and a king that touches nothing: runs 6 + pair 2 = 8.
    s = scored(["4C", "5D", "5H", "6S"], "KC")
    assert (s.runs, s.pairs) == (6, 2)
    # The same four cards as the five-card game's 3 kept cards and the starter.
    s = scored(["4C", "5D", "5H"], "6S")
    assert (s.runs, s.pairs) == (6, 2)


def test_double_run_of_four_is_ten():
    s = scored(["4C", "5D", "5H", "6S"], "7C")
    assert (s.runs, s.pairs) == (8, 2)


def test_triple_run_is_fifteen():
    s = scored(["5C", "5D", "5H", "6S"], "7C")
    assert (s.runs, s.pairs) == (9, 6)
    assert card_sets(s, "run") == expect_sets("5C 6S 7C", "5D 6S 7C", "5H 6S 7C")


def test_double_double_run_is_sixteen():
    s = scored(["4C", "4D", "5H", "6S"], "6C")
    assert (s.runs, s.pairs) == (12, 4)


def test_longer_run_absorbs_its_pieces():
    # 3-4-5-6 is one run of four, not 3-4-5 and 4-5-6. Fifteens: 4+5+6 and 5+K.
    s = scored(["3C", "4D", "5H", "6S"], "KC")
    assert categories(s) == (4, 0, 4, 0, 0, 8)
    assert card_sets(s, "run") == expect_sets("3C 4D 5H 6S")


def test_five_card_run():
    # A-2-3-4-5: run of 5; fifteen only with all five (1+2+3+4+5) and 2+3+... none else:
    # subsets totalling 15 of {1,2,3,4,5}: only the whole set.
    s = scored(["AC", "2D", "3H", "4S"], "5C")
    assert categories(s) == (2, 0, 5, 0, 0, 7)


def test_flushes():
    # All four kept cards one suit: 4; the starter too: 5 (values 2,4,6,8 + 10: all even,
    # so no fifteen; no pairs, no runs).
    assert categories(scored(["2H", "4H", "6H", "8H"], "KS")) == (0, 0, 0, 4, 0, 4)
    assert categories(scored(["2H", "4H", "6H", "8H"], "KH")) == (0, 0, 0, 5, 0, 5)
    # The crib: only all five count, and then 5.
    assert categories(scored(["2H", "4H", "6H", "8H"], "KS", crib=True)) == (0,) * 6
    assert categories(scored(["2H", "4H", "6H", "8H"], "KH", crib=True)) == (0, 0, 0, 5, 0, 5)
    s = scored(["2H", "4H", "6H", "8H"], "KS")
    assert card_sets(s, "flush") == expect_sets("2H 4H 6H 8H")
    s = scored(["2H", "4H", "6H", "8H"], "KH")
    assert card_sets(s, "flush") == expect_sets("2H 4H 6H 8H KH")


def test_pairs_are_by_rank_not_value():
    # K and Q both count 10 but do not pair; Q+5 and K+5 are fifteens.
    s = scored(["KC", "QD", "5H", "2S"], "9C")
    assert categories(s) == (4, 0, 0, 0, 0, 4)
