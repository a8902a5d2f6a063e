"""The generated crib table: regenerated from its generator, and checked independently.

The generator deals every crib and scores it with the engine's fast path; the checks here
count instead (host_tests/rulebook.py: ranks scored once per multiset, flush and nobs by
suit), sharing no code with it, on every one of the 1,326 two-card and 52 one-card throws.
CPython only; see tools/rules/gen_cribtable.py and docs/CRIB_TABLE.md for the method.
"""

import os

import pytest
from cribbage import parse_cards
from cribbage.cribtable import PAIR, SINGLE
from cribbage.discard import MILLI, crib_value
from rulebook import crib_total, show_total

from tools.rules import gen_cribtable

MODULE = os.path.join(
    os.path.dirname(__file__), "..", "..", "firmware", "cribbage", "cribtable.py"
)
# Every crib's points over all 12,994,800 (4 cards, starter) pairs: the hand's total from
# Lumetta's published distribution (61,974,180; test_enumeration.py) less the 4 points of each
# 4-card flush whose starter is of another suit (4 suits x C(13, 4) x 39), which a crib lacks.
ALL_CRIB_POINTS = 61974180 - 4 * 4 * 715 * 39


def _dealt_crib(thrown):
    """Expected crib (exact total, count) by dealing every crib, each scored by the rulebook's
    count: every 2 other crib cards and every starter from the 50 cards not thrown."""
    others = [c for c in range(52) if c not in thrown]
    total = 0
    count = 0
    for i, x in enumerate(others):
        for y in others[i + 1 :]:
            crib = [*thrown, x, y]
            for starter in others:
                if starter not in (x, y):
                    total += show_total(crib, starter, crib=True)
                    count += 1
    return total, count


@pytest.fixture(scope="module")
def counted():
    """{thrown cards: (total, cribs)} counted afresh for all 1,326 pairs and 52 single cards."""
    cache = {}
    throws = [(a,) for a in range(52)] + [(a, b) for a in range(52) for b in range(a + 1, 52)]
    return {t: crib_total(list(t), cache) for t in throws}


def test_every_throw_has_the_independently_counted_value(counted):
    for thrown, (total, cribs) in counted.items():
        assert crib_value(list(thrown)) == (2 * total * MILLI + cribs) // (2 * cribs), thrown


def test_the_independent_count_adds_up_to_the_published_distribution(counted):
    # Over every throw, each crib is counted once per way to pick the thrown cards from its
    # four: 6 ways for two cards, 4 for one; so the totals are those multiples of all cribs.
    pairs = [counted[t] for t in counted if len(t) == 2]
    singles = [counted[t] for t in counted if len(t) == 1]
    assert sum(n for _, n in pairs) == 6 * 12994800 and sum(n for _, n in singles) == 4 * 12994800
    assert sum(t for t, _ in pairs) == 6 * ALL_CRIB_POINTS
    assert sum(t for t, _ in singles) == 4 * ALL_CRIB_POINTS


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
def test_counting_agrees_with_dealing_every_crib(thrown):
    cards = parse_cards(thrown)
    total, count = _dealt_crib(cards)
    assert count == 50 * 49 // 2 * 48
    assert crib_total(cards) == (total, count)
    assert crib_value(cards) == (2 * total * MILLI + count) // (2 * count)


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
