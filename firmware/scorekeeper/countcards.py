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


def count(side, points, reason, cards, dt=0):
    """A hand's or crib's count (reason HAND or CRIB) with the cards count verify checked
    (card ints 0-51, the starter last)."""
    return (PEG, side, reason, points, dt, pack_cards(cards))


def pack_cards(cards):
    """Cards (0-51, at most MAX_CARDS) as one int of 6 bits a card (card + 1), the first
    card lowest: 30 bits, a small int on the Pico, no tuple kept per count."""
    if not 0 < len(cards) <= MAX_CARDS:
        raise ScorekeeperError("a count has 1-{} cards, not {}".format(MAX_CARDS, len(cards)))
    packed = 0
    for i in range(len(cards) - 1, -1, -1):
        c = cards[i]
        if not isinstance(c, int) or not 0 <= c < 52:
            raise ScorekeeperError("not a card: {!r}".format(c))
        packed = (packed << 6) | (c + 1)
    return packed


def unpack_cards(packed):
    """The cards of pack_cards(cards), in their order; ScorekeeperError if packed holds no
    cards, or a card twice."""
    out = []  # type: list[int]
    while packed:
        c = (packed & 63) - 1
        if not 0 <= c < 52 or c in out or len(out) == MAX_CARDS:
            raise ScorekeeperError("not the cards of a count: {}".format(packed))
        out.append(c)
        packed >>= 6
    if not out:
        raise ScorekeeperError("a count's cards are missing")
    return tuple(out)
