# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The count said aloud: the phrases players use, in their order, with running totals."""

from cribbage import say_count, score_show
from show_support import deals


def say(hand, starter, crib=False):
    return say_count(score_show(hand, starter, crib))


def test_the_29_hand():
    assert say(["5♠", "5♣", "5♦", "J♥"], "5♥") == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen, and a double pair royal is 28, "
        "and one for his nobs is 29"
    )


def test_rulebook_hand_2_double_run_of_four():
    # Fifteens 4, and the double run of four: two runs (8) and the pair (2).
    assert say(["4♣", "5♠", "6♦", "7♣"], "5♥") == (
        "fifteen two, fifteen four, and a double run of four is 14"
    )


def test_double_triple_and_double_double_runs():
    # The rows 12, 15 and 16 of the rulebook's scoring tables.
    assert say(["6♣", "7♦", "7♥", "8♠"], "K♣") == (
        "fifteen two, fifteen four, and a double run of three is 12"
    )
    assert say(["A♣", "2♦", "2♥", "2♠"], "3♣") == "a triple run is 15"
    assert say(["A♣", "A♦", "2♥", "3♠"], "3♣") == "a double-double run is 16"


def test_a_pair_outside_the_run_is_said_on_its_own():
    # 5+K twice; the kings pair; 3-4-5 runs.
    assert say(["3C", "4S", "5D", "KC"], "KH") == (
        "fifteen two, fifteen four, and a pair is 6, and a run of three is 9"
    )


def test_two_pairs_and_a_pair_royal():
    # 9+6 four ways, then the nines and the sixes.
    assert say(["9C", "9D", "6S", "6H"], "AH") == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, "
        "and a pair is 10, and another pair is 12"
    )
    # 7+7+A three ways, then three sevens.
    assert say(["7C", "7D", "7S", "AH"], "KS") == (
        "fifteen two, fifteen four, fifteen six, and a pair royal is 12"
    )


def test_flush_and_nobs():
    assert say(["2C", "4C", "6C", "JC"], "KC") == (
        "five for the flush is 5, and one for his nobs is 6"
    )
    assert say(["2C", "4C", "6C", "8C"], "KH") == "four for the flush is 4"
    assert say(["2H", "6H", "9H"], "KS") == "fifteen two, and three for the flush is 5"


def test_nothing_is_nineteen():
    assert say(["2C", "4D", "6H", "8S"], "KC") == "nineteen: nothing to count"


def test_spoken_totals_climb_to_the_show_total_on_many_hands():
    for kept, starter in deals(400, 3):
        check_spoken_total(kept, starter)
    for kept, starter in deals(100, 5, kept=3):
        check_spoken_total(kept, starter)


def check_spoken_total(kept, starter):
    """The spoken phrases of one deal add up, category by category, to its show."""
    score = score_show(kept, starter)
    text = say_count(score)
    if score.total == 0:
        assert text == "nineteen: nothing to count"
        return
    phrases = text.split(", ")
    assert sum(1 for p in phrases if p.startswith("fifteen ")) * 2 == score.fifteens
    totals = [int(p.rsplit(" is ", 1)[1]) for p in phrases if " is " in p]
    if not totals:  # only fifteens: the last "fifteen N" is the total
        assert score.total == score.fifteens
        return
    assert totals == sorted(totals) and totals[-1] == score.total
    assert totals[0] > score.fifteens
