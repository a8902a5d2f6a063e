"""A count of the show typed by ranks, and what the suits could still add to it.

    c = RankCount([4, 5, 6, 7], 5)      # the kept cards' ranks, then the starter's
    c.total, c.answers()                # -1 (a flush could be), the answers NONE and FLUSH
    c.answer(NONE)                      # "no flush, no jack of the starter's suit"
    c.total                             # 14: fifteens 4, pairs 2, runs 8

A suit changes a count only through the flush and nobs, and what the suits make comes to one
of four answers: NONE (no flush, no jack of the starter's suit: the common one), NOBS (the
jack of the starter's suit), FLUSH (the kept cards one suit, the starter another: a hand's
flush of 4, or 3 in the five-card game) or FLUSH5 (the kept cards and the starter one suit:
the crib's only flush; a jack among them is then nobs too). The ranks decide which answers
can be: the kept cards are a flush only when no two share a rank (two of one rank are two
suits), with the starter only when its rank is not theirs; nobs needs a jack kept and a
starter that is not a jack (the jack of a jack starter's suit is the starter), and is
certain with four jacks kept (they hold every suit). ``answers()`` is the mask of those;
``total`` is the count once one answer is left (-1 before), and ``answer(a)`` gives it.

``hand`` (the ranks), ``crib``, ``total`` and the parts (``fifteens``, ``pairs``, ``runs``,
``flush``, ``nobs``) make it a show for ``cribbage.verify.CountCheck``.
SPDX-License-Identifier: MIT
"""

from cribbage.errors import CribbageError
from cribbage.rankpoints import fifteens_count, pairs_runs_points

NONE = 0  # no flush, no jack of the starter's suit: the common answer
NOBS = 1  # the jack of the starter's suit
FLUSH = 2  # the kept cards one suit, the starter another
FLUSH5 = 3  # the kept cards and the starter one suit (a crib's only flush)
ANSWER_WORDS = ("no flush, no nobs", "nobs", "a flush", "a flush with the starter")
JACK = 11


def answers(ranks, starter, crib=False):
    """The mask (bit NONE .. FLUSH5) of what the suits of these ranks could make."""
    n = len(ranks)
    jacks = 0
    distinct = True
    for i in range(n):
        jacks += ranks[i] == JACK
        for j in range(i):
            if ranks[j] == ranks[i]:
                distinct = False
    nobs = jacks and starter != JACK
    mask = 0 if nobs and jacks == 4 else 1 << NONE
    if nobs:
        mask |= 1 << NOBS
    if distinct:
        if not crib:
            mask |= 1 << FLUSH
        if starter not in ranks:
            mask |= 1 << FLUSH5
    return mask


class RankCount:
    """See the module docstring."""

    def __init__(self, ranks, starter, crib=False):
        self.hand = list(ranks)
        self.starter = starter
        self.crib = crib
        five = self.hand + [starter]
        pairs, runs = pairs_runs_points(five)  # (sorts five: the values' order is free)
        self.fifteens = 2 * fifteens_count([r if r < 10 else 10 for r in five])
        self.pairs = pairs
        self.runs = runs
        self.mask = answers(self.hand, starter, crib)
        self.fact = -1  # the answer given, or -1
        if self.mask & (self.mask - 1) == 0:  # one answer: the ranks decide
            self.fact = 0
            while not self.mask >> self.fact & 1:
                self.fact += 1

    def answers(self):
        """The answers the cards could take (a mask); one bit: the count is known."""
        return self.mask if self.fact < 0 else 1 << self.fact

    def answer(self, a):
        """Say what the suits make (NONE, NOBS, FLUSH, FLUSH5); refused where the ranks
        rule it out."""
        if not 0 <= a <= FLUSH5 or not self.mask >> a & 1:
            raise CribbageError("not so: " + ANSWER_WORDS[a & 3] + " cannot be here")
        self.fact = a

    def plain(self):
        """The common answer: no flush, no jack of the starter's suit."""
        self.answer(NONE)

    @property
    def flush(self):
        """Flush points, or -1 while no answer is given."""
        a = self.fact
        if a < 0:
            return -1
        n = len(self.hand)
        return n if a == FLUSH else (n + 1 if a == FLUSH5 else 0)

    @property
    def nobs(self):
        """1 for the jack of the starter's suit, 0 for none, -1 while no answer is given."""
        a = self.fact
        if a < 0:
            return -1
        return 1 if a == NOBS or (a == FLUSH5 and JACK in self.hand) else 0

    @property
    def total(self):
        """The count, or -1 while a suit could still change it."""
        if self.fact < 0:
            return -1
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs
