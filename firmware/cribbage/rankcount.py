"""A count of the show typed by ranks, and the suits that could still change it.

    c = RankCount([4, 5, 6, 7], 5)      # the kept cards' ranks, then the starter's
    c.ask()                             # 0: the first card's suit could make a flush
    c.plain()                           # "no flush, no jack of the starter's suit"
    c.total                             # 14: fifteens 4, pairs 2, runs 8
    c = RankCount([5, 5, 11, 10], 5)
    c.ask()                             # 4: the starter's suit (nobs: the jack's, next)
    c.say(4, 2); c.say(2, 2)            # the starter a heart, the jack a heart: nobs, 21

A suit changes a count only through the flush and nobs. The kept cards are a flush only when
no two share a rank (two of one rank are two suits), and a crib only when the starter's rank
is not among them either (its flush takes all five); the starter adds to a hand's flush only
when its rank is not a kept card's (that card is of the flush's suit). Nobs needs a jack among
the kept cards and a starter that is not a jack (the jack of a jack starter's suit is the
starter). So the ranks decide whether any suit is wanted at all, and then which: ``ask``
returns the card whose suit is wanted next (index ``len(ranks)`` for the starter), or -1 once
the count is known. It asks the starter first when nobs or a crib's flush needs it (it is
said once a deal: pass ``starter_suit`` to the deal's next counts), then the jacks, then the
kept cards until two differ, and stops as soon as the answers decide the count. ``plain``
is the one answer for the common case: no flush and no jack of the starter's suit; it is
refused where the suits already said make one.

Read ``total`` (-1 while a suit could still change it), ``flush``, ``nobs`` (-1 likewise),
``fifteens``, ``pairs``, ``runs``; ``hand`` (the ranks) and ``crib`` make it a show for
``cribbage.verify.CountCheck``. Suits are 0-3: clubs, diamonds, hearts, spades.
SPDX-License-Identifier: MIT
"""

from cribbage.cards import JACK, SUIT_LETTERS
from cribbage.errors import CribbageError, DuplicateCardError
from cribbage.show import fifteens_count, pairs_runs_points

UNKNOWN = -1


def _rank_text(rank):
    return "A23456789TJQK"[rank - 1]


class RankCount:
    """See the module docstring. ``taken``: cards (0-51) known elsewhere in the deal."""

    def __init__(self, ranks, starter, crib=False, starter_suit=UNKNOWN, taken=()):
        self.hand = list(ranks)
        self.starter = starter
        self.crib = crib
        self.suits = [UNKNOWN] * len(self.hand)
        self.starter_suit = starter_suit
        self.taken = taken
        self.said = []  # the cards said, in order (len(hand): the starter), for take_back
        self.is_plain = False  # the common answer was given
        five = self.hand + [starter]
        pairs, runs = pairs_runs_points(five)  # (sorts five: the values' order is free)
        values = [r if r < 10 else 10 for r in five]
        self.fifteens = 2 * fifteens_count(values)
        self.pairs = pairs
        self.runs = runs

    # -- what the suits could still make ------------------------------------------------

    def outcomes(self, fix=-1, suit=UNKNOWN, stop=16, want=0):
        """A mask of the (flush, nobs) the suits not yet said allow: bit flush * 2 + nobs
        (fix, suit: with card fix of that suit; stop: return once that many are found, or
        one of the mask want)."""
        if self.is_plain:
            return 1  # no flush, no nobs
        if fix < 0 and not self._flush_possible() and not self._nobs_possible():
            return 1  # the ranks alone decide: the usual case, without a search
        suits = self.suits + [self.starter_suit]
        ranks = self.hand + [self.starter]
        if fix >= 0:
            if not self._free(ranks, suits, fix, suit):
                return 0
            suits[fix] = suit
        return self._walk(ranks, suits, 0, stop, want)

    def _walk(self, ranks, suits, i, stop, want):
        """Try each suit for the unsaid cards from card i on; the outcomes' mask."""
        n = len(ranks) - 1  # the starter's index
        while i <= n and suits[i] >= 0:
            i += 1
        if i > n:
            return 1 << (_flush_of(suits, ranks, n, self.crib) * 2 + _nobs_of(suits, ranks, n))
        mask = 0
        for s in range(4):
            if not self._free(ranks, suits, i, s):
                continue
            suits[i] = s
            mask |= self._walk(ranks, suits, i + 1, stop, want)
            if mask & want or _bits(mask) >= stop:
                break
        suits[i] = UNKNOWN
        return mask

    def _free(self, ranks, suits, i, s):
        """True when card i may be of suit s: not elsewhere in the deal, nor in the count."""
        rank = ranks[i]
        if s * 13 + rank - 1 in self.taken:
            return False
        for j in range(len(ranks)):
            if j != i and ranks[j] == rank and suits[j] == s:
                return False  # the same card twice
        return True

    def _flush_possible(self):
        ranks = self.hand
        n = len(ranks)
        for i in range(n - 1):
            for j in range(i + 1, n):
                if ranks[i] == ranks[j]:
                    return False  # two of a rank are two suits
        return not (self.crib and self.starter in ranks)  # a crib's flush takes all five

    def _nobs_possible(self):
        return self.starter != JACK and JACK in self.hand

    def _known(self, mask):
        """The one code of the mask, or -1 while it has more."""
        if _bits(mask) != 1:
            return UNKNOWN
        code = 0
        while not (mask >> code) & 1:
            code += 1
        return code

    @property
    def flush(self):
        """Flush points, or -1 while a suit could still change them."""
        mask = self.outcomes()
        flushes = 0
        for code in range(12):
            if (mask >> code) & 1:
                flushes |= 1 << (code >> 1)
        return self._known(flushes)

    @property
    def nobs(self):
        """1 for the jack of the starter's suit, 0 for none, -1 while a suit could change it."""
        mask = self.outcomes()
        return self._known((1 if mask & 0x555 else 0) | (2 if mask & 0xAAA else 0))

    @property
    def total(self):
        """The count, or -1 while a suit could still change it."""
        code = self._known(self.outcomes(stop=2))
        if code < 0:
            return UNKNOWN
        return self.fifteens + self.pairs + self.runs + (code >> 1) + (code & 1)

    # -- the questions -------------------------------------------------------------------

    def ask(self):
        """The card whose suit is wanted next (len(hand): the starter), or -1 when known.

        The starter first where nobs or a crib's flush could turn on it (it is said once a
        deal), then the jacks, then the kept cards in order; never a card whose suit can
        change nothing now."""
        if _bits(self.outcomes(stop=2)) < 2:
            return -1
        n = len(self.hand)
        order = []
        if self.starter_suit < 0 and (self._nobs_possible() or self.crib):
            order.append(n)
        for i in range(n):
            if self.hand[i] == JACK:
                order.append(i)
        for i in range(n):
            if self.hand[i] != JACK:
                order.append(i)
        order.append(n)
        for i in order:
            if (self.starter_suit if i == n else self.suits[i]) < 0 and self._matters(i):
                return i
        return -1  # not reached: some unsaid suit decides between the outcomes

    def _matters(self, i):
        """True when card i's suit alone changes the count for some suits of the others."""
        suits = self.suits + [self.starter_suit]
        ranks = self.hand + [self.starter]
        return self._depends(ranks, suits, i, 0, len(self.hand))

    def _depends(self, ranks, suits, i, k, n):
        while k <= n and (k == i or suits[k] >= 0):
            k += 1
        if k <= n:  # each suit the next other card may have
            for s in range(4):
                if self._free(ranks, suits, k, s):
                    suits[k] = s
                    if self._depends(ranks, suits, i, k + 1, n):
                        suits[k] = UNKNOWN
                        return True
            suits[k] = UNKNOWN
            return False
        first = -1
        for s in range(4):  # the others are set: does card i's suit change the outcome?
            if self._free(ranks, suits, i, s):
                suits[i] = s
                code = _flush_of(suits, ranks, n, self.crib) * 2 + _nobs_of(suits, ranks, n)
                suits[i] = UNKNOWN
                if first < 0:
                    first = code
                elif code != first:
                    return True
        return False

    def say(self, i, suit):
        """Card i (len(hand): the starter) is of that suit; a card twice is refused."""
        if self.is_plain or _bits(self.outcomes(stop=2)) < 2:
            raise CribbageError("no suit is wanted: the count is known")
        if not 0 <= suit <= 3:
            raise CribbageError("suit {} is not a suit: 0-3 (C, D, H, S)".format(suit))
        n = len(self.hand)
        if (self.starter_suit if i == n else self.suits[i]) >= 0:
            raise CribbageError("that suit is said already: take it back first")
        rank = self.starter if i == n else self.hand[i]
        if not self.outcomes(i, suit, 1):  # the card is elsewhere: no cards can be so
            raise DuplicateCardError(_rank_text(rank) + SUIT_LETTERS[suit])
        if i == n:
            self.starter_suit = suit
        else:
            self.suits[i] = suit
        self.said.append(i)

    def plain(self):
        """The common answer: no flush, no jack of the starter's suit."""
        if not self.outcomes(want=1) & 1:  # no flush and no nobs: can the cards be so?
            raise CribbageError("the suits said make a flush or nobs: say the others")
        self.is_plain = True

    def take_back(self):
        """Take back the last answer (the common one, or a suit said); False if none."""
        if self.is_plain:
            self.is_plain = False
        elif self.said:
            i = self.said.pop()
            if i == len(self.hand):
                self.starter_suit = UNKNOWN
            else:
                self.suits[i] = UNKNOWN
        else:
            return False
        return True


def _bits(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def _flush_of(suits, ranks, n, crib):
    """Flush points of kept cards 0..n-1 and the starter n, every suit known."""
    f = suits[0]
    for i in range(1, n):
        if suits[i] != f:  # (two of a rank are never one suit: _walk sees to it)
            return 0
    if suits[n] == f:
        return n + 1
    return 0 if crib else n


def _nobs_of(suits, ranks, n):
    if ranks[n] == JACK:
        return 0
    for i in range(n):
        if ranks[i] == JACK and suits[i] == suits[n]:
            return 1
    return 0
