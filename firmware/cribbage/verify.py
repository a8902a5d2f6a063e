"""Checking a claimed count: correct, under-claimed or over-claimed, and by how much.

    >>> r = check_count(12, ["5S", "5C", "5D", "JH"], "5H", muggins=True)
    >>> r.status, r.difference, r.muggins_points
    ('under', 17, 17)

Decisions (issue 2, item 4):
- A claim must be a whole number, 0 or more: anything else (negative, a fraction, text,
  True/False) raises ``InvalidCountError``: there is nothing sensible to compare.
- A claim that no hand of this kind can score (19, 25-27, over 29; for the five-card game's
  3-card hand, 16-19 and over 20) is still checked against the cards, so it comes back
  'over' or 'under' like any other, with ``achievable`` False and a ``note`` such as
  "no hand scores 19" that ``message()`` adds.
- Muggins (off by default, as in ACC play): on an under-claim the opponent may take the
  missed points, so ``muggins_points`` is the difference; otherwise it is 0. An over-claim
  is corrected (the player pegs only what the cards score); it gives the opponent nothing.

SPDX-License-Identifier: MIT
"""

from cribbage.errors import InvalidCountError
from cribbage.show import score_show
from cribbage.totals import achievable_totals, is_achievable

CORRECT = "correct"
UNDER = "under"
OVER = "over"


class CountCheck:
    """The verdict on a claimed count.

    ``status`` is 'correct', 'under' or 'over'; ``claimed`` the claim; ``actual`` the
    ``ShowScore`` of the cards; ``difference`` how far off the claim is (0 or more);
    ``muggins_points`` what the opponent may claim (muggins on and an under-claim: the
    missed points, else 0); ``achievable`` whether any hand of this kind scores the claim,
    and ``note`` why not ('' when it is).
    """

    def __init__(self, claimed, actual, muggins):
        self.claimed = claimed
        self.actual = actual
        self.muggins = muggins
        total = actual.total
        if claimed == total:
            self.status = CORRECT
        elif claimed < total:
            self.status = UNDER
        else:
            self.status = OVER
        self.difference = abs(total - claimed)
        self.muggins_points = self.difference if muggins and self.status == UNDER else 0
        kept = len(actual.hand)
        self.achievable = is_achievable(claimed, actual.crib, kept)
        self.note = "" if self.achievable else _impossible_note(claimed, actual.crib, kept)

    def message(self):
        """A short verdict for the player: 'Under by 2 points: the hand scores 14, not 12.'"""
        what = "crib" if self.actual.crib else "hand"
        total = self.actual.total
        if self.status == CORRECT:
            text = "Correct: the {} scores {}.".format(what, total)
        else:
            text = "{} by {}: the {} scores {}, not {}.".format(
                "Under" if self.status == UNDER else "Over",
                _points(self.difference),
                what,
                total,
                self.claimed,
            )
        if self.note:
            text += " (" + self.note[0].upper() + self.note[1:] + ".)"
        if self.muggins_points:
            text += " Muggins: your opponent may take the {} missed.".format(
                _points(self.muggins_points)
            )
        return text

    def __repr__(self):
        return "<CountCheck {} claimed {} actual {}>".format(
            self.status, self.claimed, self.actual.total
        )


def _points(n):
    return "1 point" if n == 1 else "{} points".format(n)


def _impossible_note(claimed, crib, kept):
    """Why no hand of this kind scores `claimed`."""
    what = "crib" if crib else ("three-card hand" if kept == 3 else "hand")
    top = achievable_totals(crib, kept)[-1]
    if claimed > top:
        return "no {} scores more than {}".format(what, top)
    return "no {} scores {}".format(what, claimed)


def check_count(claimed, hand, starter, crib=False, muggins=False):
    """Check a claimed show count against the cards; returns a ``CountCheck``.

    Cards as for ``score_show`` (text or ints); a claim that is not a whole number of 0 or
    more raises ``InvalidCountError``.
    """
    if not isinstance(claimed, int) or isinstance(claimed, bool):
        raise InvalidCountError("a count is a whole number of points, not {!r}".format(claimed))
    if claimed < 0:
        raise InvalidCountError("a count cannot be negative: {}".format(claimed))
    return CountCheck(claimed, score_show(hand, starter, crib), muggins)
