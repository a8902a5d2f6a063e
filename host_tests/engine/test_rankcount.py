# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""A show typed by ranks (cribbage.rankcount), hand-worked cases: which answers the suits can
give, the count with each, and what is refused. The property tests against the full scorer
are in test_rankcount_props.py."""

from cribbage.errors import CribbageError
from cribbage.rankcount import FLUSH, FLUSH5, NOBS, NONE, RankCount, answers
from support import raises


def bits(*answers_):
    return sum(1 << a for a in answers_)


def test_a_run_with_a_possible_flush_of_four_only():
    # 4 5 6 7 and a 5 starter: fifteens 4+5+6 twice (4), the pair of fives (2), the double
    # run 4-5-6-7 (8): 14 without suits. Four ranks that differ could be a flush; the
    # starter shares a rank with a kept 5, so not of its suit: no flush of 5. No jack.
    c = RankCount([4, 5, 6, 7], 5)
    assert (c.fifteens, c.pairs, c.runs) == (4, 2, 8)
    assert c.total == -1 and c.answers() == bits(NONE, FLUSH)
    c.plain()
    assert c.total == 14 and c.answers() == bits(NONE)
    c.answer(FLUSH)
    assert (c.flush, c.nobs, c.total) == (4, 0, 18)
    raises(CribbageError, c.answer, FLUSH5)


def test_the_29_hand_has_only_nobs_to_ask():
    # 5 5 5 J and a 5: three fives and the starter are four suits; the jack can be the
    # starter's: 28 or 29. A pair: no flush.
    c = RankCount([5, 5, 5, 11], 5)
    assert c.answers() == bits(NONE, NOBS)
    c.answer(NOBS)
    assert c.total == 29
    raises(CribbageError, c.answer, FLUSH)


def test_no_suit_can_change_these():
    assert RankCount([5, 5, 10, 13], 2).total == 10  # a pair, no jack: 10+5, K+5 twice, pair
    assert RankCount([11, 11, 3, 3], 11).total == 8  # three jacks 6, two threes 2; J starter
    crib = RankCount([2, 4, 6, 8], 4, crib=True)  # the starter's rank is a crib card's
    assert crib.total == 2 and crib.flush == 0  # the pair of fours; no five of a suit
    assert RankCount([11, 11, 11, 11], 5).answers() == bits(NOBS)  # four jacks: every suit


def test_a_crib_flushes_only_with_the_starter_and_a_jack_starter_gives_no_nobs():
    c = RankCount([2, 4, 6, 8], 9, crib=True)
    assert c.answers() == bits(NONE, FLUSH5)
    c.answer(FLUSH5)
    assert c.total == 4 + 5  # 2+4+9, 6+9: two fifteens; five of a suit
    hand = RankCount([11, 2, 3, 4], 11)  # a jack starter: the kept jack is not its suit
    assert answers([11, 2, 3, 4], 11) == bits(NONE, FLUSH)
    hand.answer(FLUSH)
    assert (hand.flush, hand.nobs) == (4, 0)
    five = RankCount([11, 2, 3, 4], 5)  # a flush with the starter holds nobs too
    five.answer(FLUSH5)
    assert (five.flush, five.nobs) == (5, 1)


def test_the_five_card_games_hands():
    three = RankCount([2, 6, 9], 13)  # a 3-card hand: flush of 3, or 4 with the starter
    assert three.answers() == bits(NONE, FLUSH, FLUSH5)
    three.answer(FLUSH)
    assert three.flush == 3
    two = RankCount([4, 6], 5, crib=True)  # keep 4: the crib of two and the starter
    two.answer(FLUSH5)
    assert two.total == 3 + 2 + 3  # the run 4-5-6, 4+5+6, three of a suit
