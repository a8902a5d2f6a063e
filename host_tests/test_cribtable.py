"""The generated crib table: regenerated from its generator, and checked independently.

CPython only (it enumerates hundreds of thousands of cribs); see tools/rules/gen_cribtable.py and
docs/CRIB_TABLE.md for the method.
"""

import os

import pytest
from cribbage import parse_cards, score_show
from cribbage.cribtable import PAIR, SINGLE
from cribbage.discard import MILLI, crib_value

from tools.rules import gen_cribtable

MODULE = os.path.join(os.path.dirname(__file__), "..", "firmware", "cribbage", "cribtable.py")


def _brute_force_crib(thrown):
    """Expected crib (exact total, count) by plain enumeration with the itemized scorer:
    every 2 other crib cards and every starter from the 50 cards not thrown."""
    others = [c for c in range(52) if c not in thrown]
    total = 0
    count = 0
    for i, x in enumerate(others):
        for y in others[i + 1 :]:
            crib = [*thrown, x, y]
            for starter in others:
                if starter not in (x, y):
                    total += score_show(crib, starter, crib=True).total
                    count += 1
    return total, count


def _milli(total, count):
    return (2 * total * MILLI + count) // (2 * count)


@pytest.mark.slow
def test_committed_table_is_what_the_generator_makes():
    pair, single = gen_cribtable.build_tables(workers=2)
    with open(MODULE, encoding="utf-8") as f:
        assert f.read() == gen_cribtable.render_module(pair, single)


@pytest.mark.slow
@pytest.mark.parametrize(
    "thrown",
    [
        "5C 5D",  # the best throw: pairs, fifteens with every ten-card
        "5H JH",  # suited: the crib flush and nobs both come into play
        "2S 3S",  # suited and low: runs and fifteens with the ten-cards
    ],
)
def test_entries_match_plain_enumeration(thrown):
    cards = parse_cards(thrown)
    total, count = _brute_force_crib(cards)
    assert count == 50 * 49 // 2 * 48
    assert crib_value(cards) == _milli(total, count)


def test_single_card_values_are_the_average_over_the_second_card():
    # A crib of your 1 card + 3 random cards + starter is a crib of your card + one uniformly
    # random second card + 2 random + starter; so each single value is the mean of the 51
    # pair values that contain that card (to rounding: each value is within half a unit).
    for r in range(13):
        card = r  # clubs
        pair_sum = sum(crib_value([card, other]) for other in range(52) if other != card)
        assert abs(51 * crib_value([card]) - pair_sum) <= 51, r


def test_table_shape_and_symmetry():
    assert len(PAIR) == 2 * 2 * 13 * 13
    assert len(SINGLE) == 2 * 13
    for suited in (0, 1):
        for r1 in range(13):
            for r2 in range(13):
                i = 2 * (suited * 169 + r1 * 13 + r2)
                j = 2 * (suited * 169 + r2 * 13 + r1)
                assert PAIR[i : i + 2] == PAIR[j : j + 2]
    for r in range(13):
        i = 2 * (169 + r * 13 + r)
        assert PAIR[i : i + 2] == b"\x00\x00"  # two cards of one rank and one suit: none


def test_values_make_cribbage_sense():
    values = {}
    for a in range(52):
        for b in range(a + 1, 52):
            values[(a, b)] = crib_value([a, b])
    five_five = crib_value(parse_cards("5C 5D"))
    assert max(values.values()) == five_five
    assert 3 * MILLI < min(values.values())
    # The same ranks thrown suited can also make a crib flush: never worth less.
    for r1 in range(13):
        for r2 in range(13):
            if r1 != r2:
                assert crib_value([r1, r2]) >= crib_value([r1, 13 + r2])
    # A five is the best single card; 2-3 beats 9-K (fifteens with every ten-card).
    assert max(crib_value([c]) for c in range(13)) == crib_value(parse_cards("5C"))
    assert crib_value(parse_cards("2C 3D")) > crib_value(parse_cards("9C KD")) + 3 * MILLI
