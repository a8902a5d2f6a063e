"""A show's total, the fast path: card ints in, points out, one table lookup.

    show_points([3, 43, 18, 6], 30)     # 4C 5S 6D 7C (card ints) and the starter 5H: 14

``cribbage.show`` re-exports it beside ``score_show`` (the itemized count, for people); the
board's discard coach and the enumerations need only this, so only this is loaded for them:
the board's heap is small.
SPDX-License-Identifier: MIT
"""

from cribbage.cards import JACK, RANKS, SUITS, VALUES
from cribbage.rankpoints import fifteens_count, pairs_runs_points
from cribbage.showtable import BASE4, BASE5, OFFSET, PLACE0, PLACE1, PLACE2, PLACE3, PLACE4


def flush_points(cards, starter, crib):
    """Flush points: every kept card one suit (hand), plus one more with the starter;
    the crib scores only when all five share the starter's suit."""
    s = SUITS[cards[0]]
    for c in cards:
        if SUITS[c] != s:
            return 0
    if SUITS[starter] == s:
        return len(cards) + 1
    return 0 if crib else len(cards)


def show_points(cards, starter, crib=False):
    """Total show points of kept cards (3 or 4 distinct card ints) with the starter.

    The fast path, unchecked: ``score_show`` takes text, checks the cards and itemizes.
    Fifteens, pairs and runs depend only on the ranks, so their sum is looked up in
    ``showtable`` (built from ``fifteens_count`` and ``pairs_runs_points``) by the sorted
    ranks; flush and nobs are counted here. The ranks are sorted by a comparator network
    in locals: on MicroPython that is several times faster than building and sorting a list.
    """
    ranks = RANKS
    suits = SUITS
    s = suits[starter]
    if len(cards) == 2:  # the five-card game's crib of two: rare, no table
        return _points3(cards, starter, crib)
    if len(cards) == 4:
        w, x, y, z = cards
        f = suits[w]
        flush = suits[x] == f and suits[y] == f and suits[z] == f
        a = ranks[w]
        b = ranks[x]
        c = ranks[y]
        d = ranks[z]
        e = ranks[starter]
        # Optimal 9-comparator sorting network for 5 (Knuth, TAOCP vol. 3, 5.3.4).
        if a > b:
            a, b = b, a
        if d > e:
            d, e = e, d
        if c > e:
            c, e = e, c
        if c > d:
            c, d = d, c
        if a > d:
            a, d = d, a
        if a > c:
            a, c = c, a
        if b > e:
            b, e = e, b
        if b > d:
            b, d = d, b
        if b > c:
            b, c = c, b
        points = BASE5[PLACE0[a] + PLACE1[b] + PLACE2[c] + PLACE3[d] + PLACE4[e]] - OFFSET
        if flush:
            if s == f:
                points += 5
            elif not crib:
                points += 4
    else:
        x, y, z = cards
        f = suits[x]
        flush = suits[y] == f and suits[z] == f
        a = ranks[x]
        b = ranks[y]
        c = ranks[z]
        d = ranks[starter]
        # Optimal 5-comparator sorting network for 4.
        if a > b:
            a, b = b, a
        if c > d:
            c, d = d, c
        if a > c:
            a, c = c, a
        if b > d:
            b, d = d, b
        if b > c:
            b, c = c, b
        points = BASE4[PLACE0[a] + PLACE1[b] + PLACE2[c] + PLACE3[d]] - OFFSET
        if flush:
            if s == f:
                points += 4
            elif not crib:
                points += 3
    if s * 13 + JACK - 1 in cards:  # nobs: the jack of the starter's suit is a kept card
        points += 1
    return points


def _points3(cards, starter, crib):
    """The show of two cards and the starter (the five-card game's crib of two)."""
    three = list(cards) + [starter]
    pairs, runs = pairs_runs_points([RANKS[c] for c in three])
    nobs = 1 if SUITS[starter] * 13 + JACK - 1 in cards else 0
    return (2 * fifteens_count([VALUES[c] for c in three]) + pairs + runs
            + flush_points(cards, starter, crib) + nobs)  # fmt: skip
