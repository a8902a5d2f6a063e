"""Helpers for the show tests (test_show, test_show_rules, test_say): they run on both
CPython and the MicroPython unix port, so plain code, no pytest."""

from cribbage import format_card, parse_cards, score_show, show_points
from cribbage.cards import RANKS, SUITS, VALUES


def categories(score):
    return (score.fifteens, score.pairs, score.runs, score.flush, score.nobs, score.total)


def card_sets(score, kind):
    """The cards of every item of `kind`, as sorted text tuples, sorted."""
    sets = []
    for k, cards, _ in score.items:
        if k == kind:
            sets.append(tuple(sorted(format_card(c) for c in cards)))
    return sorted(sets)


def expect_sets(*groups):
    """Card groups written as space-separated text, normalised like card_sets."""
    sets = []
    for g in groups:
        sets.append(tuple(sorted(format_card(c) for c in parse_cards(g))))
    return sorted(sets)


def check_items(score):
    """Every item makes sense on its own and the items add up to the category totals."""
    five = score.hand + [score.starter]
    sums = {"fifteen": 0, "pair": 0, "run": 0, "flush": 0, "nobs": 0}
    for kind, cards, points in score.items:
        for c in cards:
            assert c in five, (kind, cards)
        assert len(set(cards)) == len(cards)
        sums[kind] += points
        if kind == "fifteen":
            assert points == 2 and len(cards) >= 2
            assert sum(VALUES[c] for c in cards) == 15
        elif kind == "pair":
            assert points == 2 and len(cards) == 2 and RANKS[cards[0]] == RANKS[cards[1]]
        elif kind == "run":
            ranks = sorted(RANKS[c] for c in cards)
            assert points == len(cards) >= 3
            assert ranks == list(range(ranks[0], ranks[0] + len(cards)))
        elif kind == "flush":
            assert points == len(cards) and len({SUITS[c] for c in cards}) == 1
        elif kind == "nobs":
            assert points == 1 and RANKS[cards[0]] == 11
            assert SUITS[cards[0]] == SUITS[score.starter] and cards[0] in score.hand
    assert (sums["fifteen"], sums["pair"], sums["run"], sums["flush"], sums["nobs"]) == (
        score.fifteens,
        score.pairs,
        score.runs,
        score.flush,
        score.nobs,
    )
    assert score.total == sum(sums[k] for k in sums)
    assert show_points(score.hand, score.starter, score.crib) == score.total


def scored(hand, starter, crib=False):
    score = score_show(hand, starter, crib)
    check_items(score)
    return score


def deals(n, seed, kept=4):
    """Yield n deterministic pseudo-random (kept cards, starter) deals, the same on both runtimes.

    A generator, so a run on the Pico's own heap never holds them all at once.
    """
    x = seed
    for _ in range(n):
        cards = []
        while len(cards) < kept + 1:
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            c = (x >> 8) % 52
            if c not in cards:
                cards.append(c)
        yield cards[:kept], cards[kept]
