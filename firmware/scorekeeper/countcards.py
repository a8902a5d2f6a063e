"""A count's cards as count verify checked them (the hand or crib, the starter last), packed
into one int for the log's count record and the event tuple (FORMAT.md, "count (v4)").

    ev = count(side, points, HAND, cards)    # (PEG, side, HAND, points, dt, packed cards)
    pack_cards(cards) -> int                  unpack_cards(packed) -> tuple of 0-51

Loaded only when a count with cards is made, checked or shown (not by every board boot
without one): the Pico's heap is tight.
SPDX-License-Identifier: MIT
"""

from scorekeeper.errors import ScorekeeperError
from scorekeeper.events import PEG

MAX_CARDS = 5  # a count's cards: the hand or crib (at most 4) and the starter
# Bit 30 of the packed cards: a count typed by rank (the show on the scoreboard, count verify):
# the cards are ranks, held as their rank's first suits, which mean nothing.
RANKS_ONLY = 1 << 30  # (not const: past a small int on the Pico, where it is a long)


def count(side, points, reason, cards, dt=0):
    """A hand's or crib's count (reason HAND or CRIB) with the cards count verify checked
    (card ints 0-51, the starter last)."""
    return (PEG, side, reason, points, dt, pack_cards(cards))


def pack_cards(cards):
    """Cards (0-51, at most MAX_CARDS) as one int of 6 bits a card (card + 1), the first
    card lowest: 30 bits, a small int on the Pico, no tuple kept per count. Ranks typed
    without suits are given as -1 (ace) to -13 (king), every card so: they are packed as
    their rank's first suits not taken in the count, with RANKS_ONLY."""
    if not 0 < len(cards) <= MAX_CARDS:
        raise ScorekeeperError("a count has 1-{} cards, not {}".format(MAX_CARDS, len(cards)))
    ranks = cards[0] < 0 if isinstance(cards[0], int) else False
    packed = 0
    for i in range(len(cards) - 1, -1, -1):
        c = cards[i]
        if ranks and isinstance(c, int) and -13 <= c <= -1:
            c = -c - 1  # the rank's clubs, then diamonds... for each earlier one of the rank
            for j in range(i):
                c += 13 if cards[j] == cards[i] else 0
        elif ranks or not isinstance(c, int) or not 0 <= c < 52:
            raise ScorekeeperError("not a card: {!r}".format(c))
        packed = (packed << 6) | (c + 1)
    return packed | RANKS_ONLY if ranks else packed


def unpack_cards(packed):
    """The cards of pack_cards(cards), in their order (ranks typed without suits as -1 to
    -13); ScorekeeperError if packed holds no cards, or a card twice."""
    out = []  # type: list[int]
    ranks = packed & RANKS_ONLY
    packed &= RANKS_ONLY - 1
    while packed:
        c = (packed & 63) - 1
        if not 0 <= c < 52 or c in out or len(out) == MAX_CARDS:
            raise ScorekeeperError("not the cards of a count: {}".format(packed))
        out.append(c)
        packed >>= 6
    if not out:
        raise ScorekeeperError("a count's cards are missing")
    if ranks:
        return tuple([-(c % 13) - 1 for c in out])
    return tuple(out)
