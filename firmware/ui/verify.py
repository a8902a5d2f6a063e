"""Count-verify mode: the claimed count and the cards in, the true count and what was missed out.

The count checked is the one due next in the scoreboard's show (the counting order: pone,
dealer, crib; 'B hand', 'A crib'); before the claim, ``#`` steps to the next count of the
hand. Keys: the claim as digits, then ``#`` (a claim no hand can score, such as 19 or 30, is
refused as on the scoreboard). Then each card as its rank (1-13; 0 is also a ten) and a suit
key (A clubs, B diamonds, C hearts, D spades), the starter last. When the last card is in,
the board shows the true count (a white bar from hole 1), what the claim missed (a blinking
red bar after it) or claimed too much (a red bar), and the breakdown on the display. With
muggins on, the missed points go to the opponent, once: ``#`` (or the opponent's key; with
three or four players, the key of the opponent who calls it). Taking a card back takes the
award back too while it is still the last thing pegged (else it stays, and no second award
is given). ``*`` takes back the rank, the last card or a digit; long ``*`` starts again.
SPDX-License-Identifier: MIT
"""

from cribbage.totals import is_achievable
from cribbage.verify import UNDER, check_count
from scorekeeper.events import MUGGINS
from scorekeeper.rules import kept_cards
from view import BLINK, COLOR_RED, COLOR_WHITE, SIG_OK, SIG_UNDO

from ui import ModeBase, Refused
from ui.cardpad import CardPad, restart_key
from ui.entry import Number
from ui.keys import K_HASH, K_STAR, SIDES, digit, letter
from ui.score import count_name

CARDS_AT = 96  # the cards entered: holes 96-120, 5 a card


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.claim = Number(2)
        self.hand = None  # the hand this check belongs to: (game, deals)
        self.reset()

    # -- whose count ---------------------------------------------------------------------

    def _entry(self):
        return self.keeper.game.order[self.slot]

    @property
    def crib(self):
        return bool(self._entry() & 1)

    @property
    def side(self):
        return self._entry() >> 1

    def _limit(self):
        """Cards to enter: the kept cards (a crib: 4) and the starter."""
        return (4 if self.crib else kept_cards(self.keeper.game.cfg)) + 1

    def reset(self):
        g = self.keeper.game
        self.hand = (g, g.deals)
        self.slot = g.next_slot if g.next_slot >= 0 else 0  # the count due next
        self.claim.clear()
        self.stale = False  # the claim was refused: a digit starts a new one
        self.pad = CardPad(self._limit())
        self.claimed = False  # the claim is in: keys now type cards
        self.result = None  # the CountCheck once every card is in
        self.awarded = False  # the missed points have been pegged (muggins) ...
        self.award = -1  # ... at this keeper revision

    def enter(self, now):
        g = self.keeper.game
        if self.hand != (g, g.deals) or self.pad.limit != self._limit():
            self.reset()  # another hand, or the game's settings changed
        elif not self.claimed and g.next_slot >= 0:
            self.slot = g.next_slot  # the show moved on while we were away

    # -- keys ----------------------------------------------------------------------------

    def key(self, k, how, now):
        if restart_key(self, k, how):
            return None
        d = digit(k)
        s = letter(k)
        if not self.claimed:
            return self._claim_key(k, d, s)
        if d >= 0:
            self.pad.digit(d)
        elif s >= 0:
            if self.result is not None:
                return self._award(s)
            self.pad.suit(s)
            self._check()
        elif k == K_HASH:
            if self.result is not None and self._opponent() >= 0:
                return self._award(self._opponent())
            raise Refused("# before the claim: another count; * takes back")
        elif k == K_STAR:
            if self.pad.cards or self.pad.rank_digits:
                self.pad.back()
                return self._drop_result()
            self.claimed = False  # back to the claim: a new check from here
            self.awarded = False
        return None

    def _claim_key(self, k, d, s):
        c = self.claim
        if d >= 0:
            if self.stale:
                c.clear()
            self.stale = False
            c.push(d)
        elif k == K_HASH:
            if not c.digits:
                return self._next_count()
            kept = 4 if self.crib else kept_cards(self.keeper.game.cfg)
            if not is_achievable(c.value, self.crib, kept):
                self.stale = True
                raise Refused("no {} scores {}: is that the claim?".format(
                    "crib" if self.crib else ("3-card hand" if kept == 3 else "hand"),
                    c.value))  # fmt: skip
            self.claimed = True
        elif k == K_STAR:
            c.pop()
        else:  # a suit key: the digits were a card's rank, not a claim; they go
            c.clear()
            raise Refused("the claim comes first: digits, then #; then the cards")
        return None

    def _next_count(self):
        """The next count of this hand's show (hand, hand, crib)."""
        order = self.keeper.game.order
        self.slot = (self.slot + 1) % len(order)
        self.pad = CardPad(self._limit())

    def _opponent(self):
        """The one opposing side (2 sides), else -1: with more, the caller's key says who."""
        g = self.keeper.game
        return 1 - self.side if g.sides == 2 else -1

    def _drop_result(self):
        """The result no longer stands (a card taken back): take back its muggins award if
        that is still the last thing pegged; otherwise the award stays and counts as given,
        so the same points are never awarded twice."""
        self.result = None
        k = self.keeper
        if self.awarded and k.revision == self.award:  # nothing committed or undone since
            k.undo()
            self.awarded = False
            return (SIG_UNDO, "muggins undone")
        return None

    def _check(self):
        if self.pad.full and not self.pad.rank_digits:
            cards = self.pad.cards
            self.result = check_count(self.claim.value, cards[:-1], cards[-1], self.crib,
                                      bool(self.keeper.game.cfg.muggins))  # fmt: skip

    def _award(self, side):
        r = self.result
        g = self.keeper.game
        if not g.cfg.muggins:
            raise Refused("muggins is off (Settings); * takes a card back")
        if not r.muggins_points:
            raise Refused("nothing was missed: no muggins")
        if self.awarded:
            raise Refused("the missed points have been taken already")
        if side == self.side:
            raise Refused("{} counted: muggins goes to an opponent".format(SIDES[side]))
        self.keeper.peg(side, r.muggins_points, MUGGINS)
        self.awarded = True
        self.award = self.keeper.revision
        return (SIG_OK, "muggins: {} +{}".format(SIDES[side], r.muggins_points))

    # -- display -------------------------------------------------------------------------

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
        what = count_name(self.keeper.game, self.slot)
        if not self.claimed:
            return ["{}: {}".format(what, self.claim.value if self.claim.digits else "?"),
                    "claim: digits, #", "#: next count"]  # fmt: skip
        out = ["{}: {}".format(what, self.claim.value)]
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
        if r.muggins_points and not self.awarded and not self.keeper.game.over:
            opp = self._opponent()
            if opp >= 0:
                out.append("#: {} +{} muggins".format(SIDES[opp], r.muggins_points))
            else:
                out.append("muggins: A-D +{}".format(r.muggins_points))
        return out
