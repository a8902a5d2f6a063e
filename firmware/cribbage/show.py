"""The show: scoring a hand or crib with the starter.

Two entry points share the same rules:
- ``show_points(cards, starter, crib)`` is the fast path (ints in, int out, one table
  lookup for fifteens, pairs and runs): the enumerations and discard advice call it
  millions of times.
- ``score_show(hand, starter, crib=False)`` checks the cards (text or ints) and returns a
  ``ShowScore``: its total from the fast path at once; each category's points and the
  itemized combinations, for people, worked out only when they are first read.

A hand is 4 kept cards (six-card game, and every crib) or 3 (five-card game's hand); the
five-card game keeping 4 (the rulebook's reading) has a crib of 2 cards, one from each player.
His heels (a jack starter, 2 to the dealer) is pegged when the starter is turned and is
never part of a show total.

SPDX-License-Identifier: MIT
"""

from cribbage.cards import JACK, RANKS, SUITS, VALUES, format_card, parse_card, parse_cards
from cribbage.errors import DuplicateCardError, InvalidHandError
from cribbage.rankpoints import fifteens_count, pairs_runs_points  # (here too: the API's)
from cribbage.showpoints import flush_points, show_points  # (here too: the API's)


class ShowScore:
    """A counted hand or crib: points per category, total, and the itemized combinations.

    ``total`` is counted on construction by the fast path (``show_points``). The categories
    and ``items`` are worked out when first read (plain properties, as MicroPython has them):
    a caller that wants only the total pays for nothing else. ``items`` is a list of
    ``(kind, cards, points)`` in the order players count aloud: fifteens, pairs, runs,
    flush, nobs; ``cards`` is a tuple of card ints.
    """

    _parts = None  # (fifteens, pairs, runs, flush, nobs), once read
    _items = None

    def __init__(self, hand, starter, crib):
        self.hand = hand
        self.starter = starter
        self.crib = crib
        self.total = show_points(hand, starter, crib)

    def _part(self, i):
        parts = self._parts
        if parts is None:
            parts = self._parts = _categories(self.hand, self.starter, self.crib)
        return parts[i]

    @property
    def fifteens(self):
        return self._part(0)

    @property
    def pairs(self):
        return self._part(1)

    @property
    def runs(self):
        return self._part(2)

    @property
    def flush(self):
        return self._part(3)

    @property
    def nobs(self):
        return self._part(4)

    @property
    def items(self):
        items = self._items
        if items is None:
            items = self._items = _itemize(self.hand, self.starter, self.crib)
        return items

    def as_dict(self):
        """The category totals as a plain dict (for JSON)."""
        return {
            "total": self.total,
            "fifteens": self.fifteens,
            "pairs": self.pairs,
            "runs": self.runs,
            "flush": self.flush,
            "nobs": self.nobs,
        }

    def __repr__(self):
        return "<ShowScore {} + {}{}: {}>".format(
            " ".join(format_card(c) for c in self.hand),
            format_card(self.starter),
            " crib" if self.crib else "",
            self.total,
        )


def _categories(cards, starter, crib):
    """(fifteens, pairs, runs, flush, nobs) points, without listing the combinations."""
    five = cards + [starter]
    pairs, runs = pairs_runs_points([RANKS[c] for c in five])
    nobs = 1 if SUITS[starter] * 13 + JACK - 1 in cards else 0
    return (2 * fifteens_count([VALUES[c] for c in five]), pairs, runs,
            flush_points(cards, starter, crib), nobs)  # fmt: skip


def _run_items(five):
    """Every longest run (>= 3 ranks), once for each choice of physical cards."""
    by_rank = [[] for _ in range(14)]  # type: list[list[int]]
    for c in five:
        by_rank[RANKS[c]].append(c)
    best = []
    r = 1
    while r <= 13:
        if not by_rank[r]:
            r += 1
            continue
        start = r
        while r <= 13 and by_rank[r]:
            r += 1
        if r - start >= 3:
            best.append((start, r))  # ranks start .. r-1
    items = []
    for start, stop in best:
        combos = [()]  # type: list[tuple[int, ...]]
        for rk in range(start, stop):
            combos = [prefix + (c,) for prefix in combos for c in by_rank[rk]]
        for combo in combos:
            items.append(("run", combo, len(combo)))
    return items


def _check_hand(hand, starter, crib):
    cards = parse_cards(hand)
    starter = parse_card(starter)
    if starter in cards:
        raise DuplicateCardError(format_card(starter))
    n = len(cards)
    if crib and n not in (2, 4):
        raise InvalidHandError(
            "a crib has 4 cards (2 in the five-card game keeping 4) plus the starter, not {}"
            .format(n), n, (2, 4))  # fmt: skip
    if not crib and n not in (3, 4):
        raise InvalidHandError(
            "a hand has 4 kept cards (3 in the five-card game) plus the starter, not {}".format(n),
            n,
            (3, 4),
        )
    return cards, starter


def score_show(hand, starter, crib=False):
    """Count a hand (3 or 4 kept cards) or a crib (4 cards, or the five-card game's 2) with
    the starter, itemized.

    Cards may be text ('5H', '10D', 'J♠') or ints; a card given twice is an error.
    """
    cards, starter = _check_hand(hand, starter, crib)
    return ShowScore(cards, starter, crib)


def _itemize(cards, starter, crib):
    """Every scoring combination, in the order players count aloud."""
    five = cards + [starter]
    n = len(five)
    items = []
    for mask in range(1, 1 << n):  # every subset, in a stable order
        total = 0
        subset = []
        for i in range(n):
            if mask >> i & 1:
                total += VALUES[five[i]]
                subset.append(five[i])
        if total == 15 and len(subset) > 1:
            items.append(("fifteen", tuple(subset), 2))
    for i in range(n - 1):
        for j in range(i + 1, n):
            if RANKS[five[i]] == RANKS[five[j]]:
                items.append(("pair", (five[i], five[j]), 2))
    items.extend(_run_items(five))
    flush = flush_points(cards, starter, crib)
    if flush:
        flushed = tuple(cards) + ((starter,) if flush > len(cards) else ())
        items.append(("flush", flushed, flush))
    for c in cards:
        if RANKS[c] == JACK and SUITS[c] == SUITS[starter]:
            items.append(("nobs", (c,), 1))
    return items
