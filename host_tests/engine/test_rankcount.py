# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""A show typed by ranks (cribbage.rankcount), hand-worked cases: which suits it asks for,
the common answer, and what it refuses. The property tests against the full scorer are in
test_rankcount_props.py."""

from cribbage.errors import CribbageError
from cribbage.rankcount import RankCount
from support import raises


def test_a_run_with_a_possible_flush_asks_and_takes_the_common_answer():
    # 4 5 6 7 and a 5 starter: fifteens 4+5+6 twice (4), the pair of fives (2), the double
    # run 4-5-6-7 (8): 14 without suits; four ranks that differ could be a flush.
    c = RankCount([4, 5, 6, 7], 5)
    assert (c.fifteens, c.pairs, c.runs) == (4, 2, 8)
    assert c.total == -1 and c.ask() == 0
    c.plain()
    assert c.ask() == -1 and c.total == 14


def test_nobs_asks_the_starter_then_the_jack():
    # 5 5 J 10, starter 5: the pair rules out a flush; nobs needs the starter's suit and the
    # jack's. Fifteens J+5 and 10+5 with each five (12), 5+5+5 (2); three fives 6: 20.
    c = RankCount([5, 5, 11, 10], 5)
    assert c.flush == 0 and c.ask() == 4
    c.say(4, 2)  # the starter is a heart
    assert c.ask() == 2
    c.say(2, 2)  # the jack of hearts: nobs
    assert c.ask() == -1 and c.total == 21
    assert c.take_back() and c.total == -1 and c.ask() == 2
    c.say(2, 0)  # the jack of clubs
    assert c.total == 20


def test_no_suit_can_change_these():
    assert RankCount([5, 5, 10, 13], 2).ask() == -1  # a pair, no jack
    assert RankCount([11, 2, 3, 4], 11).ask() == 0  # a jack starter: no nobs, but a flush
    assert RankCount([11, 11, 3, 3], 11).total == 8  # three jacks 6, two threes 2
    crib = RankCount([2, 4, 6, 8], 4, crib=True)  # the starter's rank is a crib card's
    assert crib.ask() == -1 and crib.flush == 0


def test_a_crib_asks_the_starter_first_and_stops_at_the_first_other_suit():
    c = RankCount([2, 4, 6, 8], 9, crib=True)
    assert c.ask() == 4
    c.say(4, 1)  # a diamond starter
    assert c.ask() == 0
    c.say(0, 0)  # the 2 of clubs: no crib flush
    assert c.ask() == -1 and c.flush == 0


def test_refusals():
    c = RankCount([5, 5, 11, 10], 5)
    c.say(4, 2)
    raises(CribbageError, c.say, 4, 1)  # said already
    c2 = RankCount([5, 6, 7, 8], 9, taken=(13 + 4,))  # 5D is elsewhere in the deal
    raises(CribbageError, c2.say, 0, 1)
    c3 = RankCount([2, 4, 6, 8], 9)
    for i in range(4):
        c3.say(i, 2)
    raises(CribbageError, c3.plain)  # four hearts said: "no flush" is not so
    assert c3.ask() == 4  # a flush of 4 or 5: the starter decides
    c3.say(4, 2)
    assert c3.flush == 5
    c4 = RankCount([3, 11, 4, 5], 3)  # a 3 kept and a 3 turned: two suits
    c4.say(0, 0)
    raises(CribbageError, c4.say, 4, 0)  # the 3 of clubs twice
