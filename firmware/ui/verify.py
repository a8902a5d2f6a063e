"""Count-verify mode: the claimed count and the cards in, the true count and what was missed out.

Keys: the claim as digits, then ``#``. Then each card as its rank (1-13; 0 is also a ten) and
a suit key (A clubs, B diamonds, C hearts, D spades), the starter last. ``#`` without a
pending claim switches hand/crib. When the last card is in, the board shows the true count
(a white bar from hole 1), what the claim missed (a blinking red bar after it) or claimed too
much (a red bar), and the breakdown on the display. With muggins on, a side key then awards
the missed points to that side (MUGGINS), once: taking a card back or switching hand/crib
takes the award back too while it is still the last thing pegged (else it stays, and no
second award is given). ``*`` takes back the rank, the last card or a digit; long ``*``
starts again.
SPDX-License-Identifier: MIT
"""

from cribbage.verify import UNDER, check_count
from scorekeeper.events import MUGGINS
from view import BLINK, COLOR_RED, COLOR_WHITE, SIG_OK, SIG_UNDO

from ui import ModeBase, Refused
from ui.cardpad import CardPad, restart_key
from ui.entry import Number
from ui.keys import K_HASH, K_STAR, SIDES, digit, letter

CARDS_AT = 96  # the cards entered: holes 96-120, 5 a card


class Mode(ModeBase):
    def __init__(self, ctl):
        self.ctl = ctl
        self.k = ctl.k
        self.claim = Number(2)
        self.crib = False
        self.pad = CardPad(self._limit())
        self.claimed = False  # the claim is in: keys now type cards
        self.result = None  # the CountCheck once every card is in
        self.awarded = False  # the missed points have been pegged (muggins) ...
        self.award_at = 0  # ... and the keeper's event count just after that peg

    def _limit(self):
        """Cards to enter: the kept cards and the starter (the five-card game keeps 3)."""
        return (3 if self.k.game.cfg.five_card and not self.crib else 4) + 1

    def reset(self):
        self.claim.clear()
        self.pad = CardPad(self._limit())
        self.claimed = False
        self.result = None
        self.awarded = False

    def enter(self, now):
        if self.pad.limit != self._limit():  # the game's settings changed
            self.reset()

    def key(self, k, how, now):
        if restart_key(self, k, how):
            return
        d = digit(k)
        s = letter(k)
        if not self.claimed:
            if d >= 0:
                self.claim.push(d)
            elif k == K_HASH:
                if self.claim.digits:
                    self.claimed = True
                else:
                    self._toggle(now)
            elif k == K_STAR:
                self.claim.pop()
            else:
                raise Refused("type the claimed count, then #")
        elif d >= 0:
            self.pad.digit(d)
        elif s >= 0:
            if self.result is not None:
                self._award(s, now)
            else:
                self.pad.suit(s)
                self._check()
        elif k == K_HASH:
            self._toggle(now)
        elif k == K_STAR:
            if self.pad.cards or self.pad.rank_digits:
                self.pad.back()
                self._drop_result(now)
            else:
                self.claimed = False  # back to the claim: a new check from here
                self.awarded = False

    def _toggle(self, now):
        self.crib = not self.crib
        limit = self._limit()
        if len(self.pad.cards) > limit:
            self.crib = not self.crib
            raise Refused("a hand is {} cards with the starter: * takes one back".format(limit))
        self.pad.limit = limit
        self._drop_result(now)
        self._check()

    def _drop_result(self, now):
        """The result no longer stands (a card taken back, hand/crib switched): take back its
        muggins award if that is still the last thing pegged; otherwise the award stays and
        counts as given, so the same points are never awarded twice."""
        self.result = None
        if not self.awarded:
            return
        g = self.k.game
        last = g.last
        if len(g.events) == self.award_at and last is not None and last[2] == MUGGINS:
            self.k.undo()
            self.awarded = False
            self.ctl.game_changed(now)
            self.ctl.view.set_signal(SIG_UNDO, now)
            self.ctl.note = ["muggins undone"]

    def _check(self):
        if self.pad.full and not self.pad.rank_digits:
            cards = self.pad.cards
            self.result = check_count(self.claim.value, cards[:-1], cards[-1], self.crib,
                                      bool(self.k.game.cfg.muggins))  # fmt: skip

    def _award(self, side, now):
        r = self.result
        if not self.k.game.cfg.muggins:
            raise Refused("muggins is off (Settings); * takes a card back")
        if not r.muggins_points:
            raise Refused("nothing was missed: no muggins")
        if self.awarded:
            raise Refused("the missed points have been taken already")
        self.k.peg(side, r.muggins_points, MUGGINS)
        self.awarded = True
        self.award_at = len(self.k.game.events)
        self.ctl.game_changed(now)
        self.ctl.view.set_signal(SIG_OK, now)
        self.ctl.note = ["muggins: {} +{}".format(SIDES[side], r.muggins_points)]

    def paint(self, view, now):
        view.show_pegs = False
        n = len(self.pad.cards)
        r = self.result
        if r is None:
            if self.claim.value:
                view.set_segment(0, 1, self.claim.value, COLOR_WHITE)
        else:
            total = r.actual.total
            if total:
                view.set_segment(0, 1, total, COLOR_WHITE)
            if r.status == UNDER:
                view.set_segment(1, r.claimed + 1, total - r.claimed, COLOR_RED | BLINK)
            elif r.difference:
                view.set_segment(1, total + 1, r.difference, COLOR_RED)
        if n:
            view.set_segment(2, CARDS_AT, 5 * n - 1, COLOR_WHITE)
        if self.claimed and not self.pad.full:
            view.set_segment(3, CARDS_AT + 5 * n, 4, COLOR_WHITE | BLINK)

    def lines(self):
        what = "crib" if self.crib else "hand"
        if not self.claimed:
            return ["{} claim {}".format(what, self.claim.value if self.claim.digits else "?"),
                    "digits, then #", "#: hand or crib"]  # fmt: skip
        out = ["{} claimed {}".format(what, self.claim.value)]
        r = self.result
        if r is None:
            out.extend(self.pad.lines())
            out.append("now the starter" if self.pad.full_but_one() else "the starter last")
            return out
        a = r.actual
        if r.difference:
            out.append("true count {}".format(a.total))
            out.append(("missed {}" if r.status == UNDER else "{} too many").format(r.difference))
        else:
            out.append("correct: {}".format(a.total))
        out.append("15s {} pairs {}".format(a.fifteens, a.pairs))
        out.append("runs {} flush {}".format(a.runs, a.flush))
        out.append("nobs {}".format(a.nobs))
        if r.muggins_points and not self.awarded:
            out.append("muggins: A-D +{}".format(r.muggins_points))
        return out
