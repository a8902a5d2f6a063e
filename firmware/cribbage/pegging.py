"""Pegging: what the card just played scores, given the cards played since the last reset.

    >>> peg_points(["4H", "2C", "3S"])  # 4-2-3: a run of 3 on the 3
    3
    >>> peg_breakdown(["7C", "8D"])
    [('fifteen', 2)]

The last card scores 2 for making the count 15, 2 for making it 31, 2 / 6 / 12 for a pair,
pair royal or double pair royal with the cards just before it (not cumulative), and one
point per card for the longest run of 3 or more that the latest consecutive cards make in
any order. There are no flushes in the play. The go / last-card point is not here: it
depends on whether anyone can play next, so the play engine (``cribbage.play``) awards it.

``scan(cards)`` is the fast path for card ints (no checks, no allocation), used by the
engine and the board's pegging helper on every card.

SPDX-License-Identifier: MIT
"""

from cribbage.cards import RANKS, VALUES, parse_cards
from cribbage.errors import IllegalPlayError

MAX_COUNT = 31

# Pair points by how many of the latest cards share the last card's rank (index 1-4).
_PAIR_POINTS = (0, 0, 2, 6, 12)
_PAIR_NAMES = ("", "", "pair", "pair royal", "double pair royal")


def scan(cards):
    """(count, same-rank streak, run length) for a non-empty list of card ints.

    The streak is how many of the latest cards share the last card's rank (1 = no pair);
    the run length is the longest run of 3+ ending with the last card, or 0.
    """
    ranks = RANKS
    values = VALUES
    count = 0
    for c in cards:
        count += values[c]
    i = len(cards) - 1
    last = ranks[cards[i]]
    i -= 1
    streak = 1
    while i >= 0 and ranks[cards[i]] == last:
        streak += 1
        i -= 1
    run = 0
    if streak == 1:
        # Widen the window backwards one card at a time. The window is a run exactly when
        # its ranks are distinct and span (length - 1); once a rank repeats, every wider
        # window holds that repeat too, so no longer run is possible.
        lo = hi = last
        seen = 1 << last
        length = 1
        while i >= 0:
            r = ranks[cards[i]]
            bit = 1 << r
            if seen & bit:
                break
            seen |= bit
            if r < lo:
                lo = r
            elif r > hi:
                hi = r
            length += 1
            if length >= 3 and hi - lo == length - 1:
                run = length
            i -= 1
    return count, streak, run


def _check(pile):
    """The pile as card ints, checked: cards valid, each at most once, count at most 31."""
    cards = parse_cards(pile, "pile")
    count = 0
    for c in cards:
        count += VALUES[c]
    if count > MAX_COUNT:
        raise IllegalPlayError(
            "the count would be {}: a card may not take the count past 31".format(count)
        )
    return cards


def points_of(count, streak, run):
    """Points of the last card from the figures ``scan`` returns."""
    points = _PAIR_POINTS[streak] + run
    if count in (15, MAX_COUNT):
        points += 2
    return points


def items_of(count, streak, run):
    """The itemized points, as a list of (what, points), from the figures ``scan`` returns."""
    items = []
    if count == 15:
        items.append(("fifteen", 2))
    elif count == MAX_COUNT:
        items.append(("thirty-one", 2))
    if streak > 1:
        items.append((_PAIR_NAMES[streak], _PAIR_POINTS[streak]))
    if run:
        items.append(("run", run))
    return items


def peg_points(pile):
    """Points the last card of `pile` scores (cards as text like '5H' or ints)."""
    count, streak, run = scan(_check(pile))
    return points_of(count, streak, run)


def peg_breakdown(pile):
    """What the last card of `pile` scores, itemized: a list of (what, points).

    ``what`` is one of 'fifteen', 'thirty-one', 'pair', 'pair royal', 'double pair royal'
    and 'run' (points = its length); the list is empty when the card scores nothing.
    """
    return items_of(*scan(_check(pile)))


def pile_count(pile):
    """The count (sum of card values) of the cards played since the last reset."""
    return scan(_check(pile))[0]
