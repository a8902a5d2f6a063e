"""Count-verify mode: check each count of the show against the cards, then peg it.

The count checked is the one due next in the scoreboard's show (the counting order: pone,
dealer, crib; 'B hand', 'A crib'); before the claim, ``#`` steps to the next count of the
hand. Keys: the claim as digits, then ``#`` (a claim no hand can score, such as 19 or 30, is
refused as on the scoreboard). Then each card as its rank (1-13; 0 is also a ten) and a suit
key (A clubs, B diamonds, C hearts, D spades), the starter last. When the last card is in,
the board shows the true count (a white bar from hole 1), what the claim missed (a blinking
red bar after it) or claimed too much (a red bar), and the breakdown on the display.

Then one key pegs the count (issue 20): ``#`` pegs the claim (an over-claim: the true count,
as the cards score no more) to the side whose count it is; with muggins off, that side's own
key accepts the correction of a short claim (the true count). The mode then steps to the
next count of the show with the starter kept (only the kept cards are typed), and after the
last count (the crib) goes back to the scoreboard. With muggins on, the missed points go to
an opponent, once, with the opponent's key (the one who calls it). Taking a card back takes
the award back too while it is still the last thing pegged (else it stays, and no second
award is given). ``*`` takes back the rank, the last card or a digit; long ``*`` starts
again (the starter too).
SPDX-License-Identifier: MIT
"""

from compat import const
from cribbage.totals import is_achievable
from cribbage.verify import OVER, UNDER, check_count
from scorekeeper.events import CRIB, HAND, MUGGINS
from scorekeeper.rules import crib_cards, kept_cards
from ui import ModeBase, Refused, goto
from ui.cardpad import CardPad, card_text, restart_key
from ui.entry import Number
from ui.keys import K_HASH, K_STAR, SIDES, digit, letter, side_keys
from view import BLINK, COLOR_RED, COLOR_WHITE, SIG_OK, SIG_UNDO

from modes import MODE_SCORE
from modes.score import GAME_OVER, count_name

_CARDS_AT = const(96)  # the cards entered: holes 96-120, 5 a card


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.claim = Number(2)
        self.hand = None  # the hand this check belongs to: (keeper.game_rev, deals)
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

    def _kept(self):
        """Cards of the count, without the starter: the kept cards, or the crib's."""
        cfg = self.keeper.game.cfg
        return crib_cards(cfg) if self.crib else kept_cards(cfg)

    def _limit(self):
        """Cards to type: the count's, and the starter unless a count of this hand had it."""
        return self._kept() + (1 if self.starter < 0 else 0)

    def reset(self):
        g = self.keeper.game
        self.hand = (self.keeper.game_rev, g.deals)
        self.slot = g.next_slot if g.next_slot >= 0 else 0  # the count due next
        self.starter = -1  # the starter, once a count of this hand has been checked
        self._new_check()

    def _new_check(self):
        self.claim.clear()
        self.stale = False  # the claim was refused: a digit starts a new one
        self.pad = CardPad(self._limit(), self.starter)
        self.claimed = False  # the claim is in: keys now type cards
        self.result = None  # the CountCheck once every card is in
        self.awarded = False  # the missed points have been pegged (muggins) ...
        self.award = -1  # ... at this keeper revision

    def enter(self, now):
        g = self.keeper.game
        if self.hand != (self.keeper.game_rev, g.deals):
            self.reset()  # another hand
            return
        if not self.claimed and g.next_slot >= 0:
            self.slot = g.next_slot  # the show moved on while we were away
        if self.pad.limit != self._limit():
            self._new_check()  # another count's cards, or the game's settings changed

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
                return self._side_key(self.result, s)
            self.pad.suit(s)
            self._check()
        elif k == K_HASH:
            if self.result is not None:
                r = self.result
                return self._peg(r.actual.total if r.status == OVER else r.claimed)
            raise Refused("the cards first, then # pegs the count; * takes back")
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
        self._new_check()

    def _side_key(self, r, side):
        """After the result r: the counting side's key takes the true count (muggins off);
        an opponent's key calls muggins."""
        if side != self.side:
            return self._award(r, side)
        if r.status == UNDER and self.keeper.game.cfg.muggins:
            raise Refused("muggins is on: {} pegs its claim with #".format(SIDES[side]))
        return self._peg(r.actual.total)

    def _peg(self, points):
        """Peg this count for its side, then on to the show's next count (starter kept);
        after the last one, back to the scoreboard."""
        g = self.keeper.game
        if g.over:
            raise Refused(GAME_OVER)
        what = count_name(g, self.slot)
        if (g.counted >> self.slot) & 1:
            note = what + " was pegged already"
        else:
            flagged = self.keeper.count(
                self.side, points, CRIB if self.crib else HAND, self._cards()
            )  # the cards go with it (issue 18)
            note = "{} +{}{}".format(what, points, " (out of turn)" if flagged else "")
        if self.starter < 0:
            self.starter = self.pad.cards[-1]
        g = self.keeper.game
        if g.next_slot < 0 or g.over:
            return (SIG_OK | goto(MODE_SCORE), note)
        self.slot = g.next_slot
        self._new_check()
        return (SIG_OK, note + "; next: " + count_name(g, self.slot))

    def _cards(self):
        """The checked count's cards as the log keeps them: hand or crib, the starter last."""
        cards = list(self.pad.cards)
        if self.starter >= 0:
            cards.append(self.starter)
        return cards

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
        pad = self.pad
        if pad.full and not pad.rank_digits:
            cards = pad.cards if self.starter >= 0 else pad.cards[:-1]
            starter = self.starter if self.starter >= 0 else pad.cards[-1]
            self.result = check_count(self.claim.value, cards, starter, self.crib,
                                      bool(self.keeper.game.cfg.muggins))  # fmt: skip

    def _award(self, r, side):
        g = self.keeper.game
        if not g.cfg.muggins:
            if self.keeper.settings.muggins:
                raise Refused("muggins is on from the next game, not in this one")
            raise Refused("muggins is off (Settings); * takes a card back")
        if not r.muggins_points:
            raise Refused("nothing was missed: no muggins")
        if self.awarded:
            raise Refused("the missed points have been taken already")
        if side >= g.sides:
            raise Refused("there is no side {} in this game".format(SIDES[side]))
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
            view.set_segment(2, _CARDS_AT, 5 * n - 1, COLOR_WHITE)
        if self.claimed and not self.pad.full:
            view.set_segment(3, _CARDS_AT + 5 * n, 4, COLOR_WHITE | BLINK)

    def lines(self):
        g = self.keeper.game
        what = count_name(g, self.slot)
        if not self.claimed:
            out = ["{}: {}".format(what, self.claim.value if self.claim.digits else "?"),
                   "claim: digits, #", "#: next count"]  # fmt: skip
            if self.starter >= 0:
                out.append("starter " + card_text(self.starter))
            return out
        out = ["{}: {}".format(what, self.claim.value)]
        r = self.result
        if r is None:
            out.extend(self.pad.lines())
            if self.starter >= 0:
                out.append("starter " + card_text(self.starter))
            else:
                out.append("now the starter" if self.pad.full_but_one() else "the starter last")
            return out
        a = r.actual
        if r.difference:  # one line (16 columns): a note and the hint for # must fit too
            out.append(("is {}: missed {}" if r.status == UNDER else "is {}: {} over").format(
                a.total, r.difference))  # fmt: skip
        else:
            out.append("correct: {}".format(a.total))
        out.append("15s {} pairs {}".format(a.fifteens, a.pairs))
        out.append("runs {} flush {}".format(a.runs, a.flush))
        out.append("nobs {}".format(a.nobs))
        if g.over:
            return out
        side = SIDES[self.side]
        if r.muggins_points and not self.awarded:  # first (8 lines): then # pegs the claim
            opp = 1 - self.side if g.sides == 2 else -1
            out.append("{}: +{} muggins".format(SIDES[opp] if opp >= 0 else side_keys(g.sides),
                                                r.muggins_points))  # fmt: skip
        elif (g.counted >> self.slot) & 1:
            out.append("#: next count")
        elif r.status == UNDER and not g.cfg.muggins:
            out.append("#: +{} {}: +{}".format(r.claimed, side, a.total))
        else:
            out.append("#: {} +{}".format(side, a.total if r.status == OVER else r.claimed))
        return out
