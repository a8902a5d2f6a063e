"""Scoreboard mode: points typed, then who pegs them; the show typed as counts or as cards.

Each hand has a play and a show; the board follows both, so it knows what an entry is:
- In the play, digits then a side key peg play points (``2 A``: fifteen-two for A), as much
  as one card can peg (1-9, 12-15: no card pegs 10 or 11); a side key alone, or ``1`` and a
  side, is a go (a second go in a row for one side asks first: the key again); in the
  five-card game ``3`` and the pone's key is "three for last" while it is due. A long press
  of J (the A key; B and C too), nothing typed, is his heels, 2 for the dealer, whoever
  deals. Before anything is pegged in a game, ``0`` then a side key makes that side the
  first dealer (the cut).
- ``#`` alone ends the play: the show starts. Under the ``show`` rule "type counts", digits
  then a side key are now that side's count (its hand, then the dealer's crib), digits then
  ``#`` the count of whoever counts next (pone, dealer, crib); in the play, digits then
  ``#`` first say what ``#`` would do (a count, starting the show), a second ``#`` does it.
  A count no hand can score (19, 25, 26, 27, over 29) is refused, and so is a count out of
  turn that would reach the game hole. Under "check claims" and "count the cards" each count
  is typed as its cards (``ui.showentry``). The deal passes by itself once every count is in.
- ``*`` clears what is typed, else takes back the last event (repeatable), and at the start
  of a game the new game itself (the game it replaced comes back). Long ``*`` makes the
  entry a correction (long ``*`` again: a negative one); a correction goes to a side key,
  sets a score of 0 to the game hole, and reaches the game hole only with that key again.
SPDX-License-Identifier: MIT
"""

from compat import collect, const, forget
from scorekeeper.errors import ImpossibleCount
from scorekeeper.events import (
    CRIB,
    DEAL,
    EV_KIND,
    EV_POINTS,
    EV_REASON,
    EV_SIDE,
    GO,
    HAND,
    PEG,
    PLAY,
    START,
)
from scorekeeper.rules import check_count
from ui import LONG, REFUSALS, TAP, ModeBase
from ui.entry import Number
from ui.keys import K_HASH, K_STAR, SIDES, digit, letter, side_keys
from ui.names import count_kind, hint, next_count, owned, pass_if_done
from view import BLINK, PREVIEW_ALL

TYPED = const(0)
# Why a key is refused (ui.scorerare.refuse words it).
_OVER = const(0)
_NO_SIDE = const(1)
_COUNT_FIRST = const(2)
_COUNTED = const(3)
_NO_CARD = const(4)
_IMPOSSIBLE = const(5)
_FIX_SIDE = const(6)
_ALL_IN = const(7)
_AS_CARDS = const(8)
_PLAY_FIRST = const(9)
_NOT_IN = const(10)  # the show rule: counts typed as numbers; 1 check claims, 2 count the cards
# What one card can peg in the play (14 and 15 with four of a kind): no card pegs 10 or 11.
_NO_CARD_PEGS = const(3 << 10)
# What the show typed as cards loads (ui.showentry and what only it needs): dropped after.
_SHOW_MODULES = ("ui.showentry", "cribbage.rankcount", "cribbage.rankpoints", "cribbage.totals",
                 "scorekeeper.countcards")  # fmt: skip


def _lost_go(g, s):
    """True when the last entry was a go for side s in this play (a second would follow)."""
    ev = g.last
    return (ev is not None and ev[EV_KIND] == PEG and ev[EV_REASON] == GO and ev[EV_SIDE] == s
            and ev[EV_POINTS] == 1 and not g.in_show)  # fmt: skip


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.entry = Number(3)
        self.sign = 0  # 0: an ordinary entry; +1 / -1: a correction adding / taking points
        self.armed = False  # a # refused for a missing count: the next # passes anyway
        self.confirm = False  # digits then # in the play: the next # counts them
        self.fix_to = -1  # a correction to the game hole asked for this side: its key again
        self.fixing = -1  # (fix_to as the key came: the key that may confirm it)
        self.go_to = -1  # a second go in a row asked for this side: its key again
        self.stale = False  # the entry was refused: a side key or # may still take it, a
        # digit starts a new one (typing the whole entry again must not give 5 5 -> 55)
        self.over_said = False  # the last key was refused with the game-over hint
        self.cards = None  # the show typed as cards (ui.showentry), once the rule asks it

    def reset(self):
        self.entry.clear()
        self.sign = 0
        self.armed = self.confirm = self.stale = False
        self.fix_to = self.go_to = -1
        if self.cards is not None:  # what is typed of a count goes; the deal's starter stays
            self.cards.start_again()  # (the entry follows the keeper: a new deal, an undo)

    def _show_cards(self):
        """The card entry when this show is typed as cards (the rule, not over), or None."""
        g = self.keeper.game
        way = g.cfg.show
        if way == TYPED or not g.in_show or g.over or self.sign:
            if self.cards is not None and not g.in_show:
                self.leave()
            return None
        if self.cards is None or self.cards.claims != (way == 1):
            collect()  # the heap in as few pieces as can be, for the show's code
            from ui.showentry import ShowEntry  # loaded only where the show is typed so

            self.cards = ShowEntry(self.keeper, way == 1)
        self.cards.sync()
        return self.cards

    def leave(self):
        """The show's card entry leaves the heap (with a count half typed: it is typed again)
        when the show is over or another mode comes: the pegging helper's engine, the coach's
        tables need the room."""
        self.cards = None
        for name in _SHOW_MODULES:  # (the count's checks load some of them too)
            forget(name)

    def key(self, k, how, now):
        armed = self.armed
        confirm = self.confirm
        stale = self.stale
        self.fixing = self.fix_to
        fixing_go = self.go_to
        self.armed = self.confirm = self.stale = self.over_said = False
        self.fix_to = self.go_to = -1
        try:
            return self._key(k, how, (armed, confirm, stale, fixing_go))
        except REFUSALS:
            self.stale = True
            raise

    def _key(self, k, how, was):
        """was: what the keys before asked (armed, confirm, stale, the go to confirm)."""
        armed, confirm, stale, fixing_go = was
        d = digit(k)
        s = letter(k)
        cards = self._show_cards()
        if cards is not None and not self.entry.digits:
            if how == LONG and k == K_STAR and cards.typing:
                cards.reset()
                return "this count started again"
            if how == TAP:
                out = cards.key(k)
                if out != -1:  # (showentry.NOT_MINE: the scoreboard's own key)
                    return out
        if d >= 0:
            self._over()
            if stale:
                self.entry.clear()
            self.entry.push(d)
            return None
        if how == LONG and k == K_STAR:
            self.sign = 1 if self.sign == 0 else (-1 if self.sign > 0 else 0)
            return None
        if how == LONG and s >= 0 and not self.entry.digits and not self.sign:
            self._over()
            return self._rare("heels", -1)
        if how != TAP and not (how == LONG and s >= 0):
            return None  # a hold after a long press: the long press has acted already
        if s >= 0:  # a side key held a little long still pegs what is typed
            return self._side(s, fixing_go)
        if k == K_HASH:
            return self._hash(armed, confirm)
        if k == K_STAR:
            return self._star()
        return None

    def _over(self):
        """Refuse: the game is over (the display then says it once, with what to do)."""
        if self.keeper.game.over:
            self.over_said = True
            self._no(_OVER)

    def _side(self, s, fixing_go):
        g = self.keeper.game
        e = self.entry
        self._over()  # a side key alone too: say the game is over, not what to type
        if s >= g.sides:
            self._no(_NO_SIDE, s)
        if self.sign:
            return self._rare("correction", s)
        if g.in_show:
            if not e.digits:
                self._no(_COUNT_FIRST)
            kind = count_kind(g, s)
            if kind < 0:
                self._no(_COUNTED, s)
            return self._peg(s, e.value, kind)
        points = e.value if e.digits else 1
        if e.digits and not points and not g.events:
            return self._rare("cut", s)
        if points == 1:
            if _lost_go(g, s) and fixing_go != s:
                self.go_to = s  # a double tap is the common slip: ask
                e.clear()
                return "{} again: a 2nd go in a row for {}".format(SIDES[s], SIDES[s])
            return self._peg(s, 1, GO)
        if points > 15 or (_NO_CARD_PEGS >> points) & 1:
            self._no(_NO_CARD, points)
        reason = PLAY
        if points == 3 and g.start_bonus_due() == s:
            reason = START
        return self._peg(s, points, reason)

    def _peg(self, side, points, reason, check=False):
        """Peg (check: only refuse a count no hand or crib can score, pegging nothing)."""
        try:
            if check:
                return check_count(self.keeper.game.cfg, points, reason == CRIB)
            flagged = self.keeper.peg(side, points, reason)  # refused: raises, the entry stays
        except ImpossibleCount as e:  # the keeper's hint names no key: say which
            self._no(_IMPOSSIBLE, e)
        self.entry.clear()
        self.sign = 0
        note = "{} out of turn: taken, flagged".format(SIDES[side]) if flagged else ""
        if reason in (HAND, CRIB):
            passed = pass_if_done(self.keeper)
            if passed:
                note = "{} {} +{}{}".format(SIDES[side], "crib" if reason == CRIB else "hand",
                                            points, passed)  # fmt: skip
        return note or None

    def _hash(self, armed, confirm):
        g = self.keeper.game
        e = self.entry
        self._over()
        if self.sign:
            self._no(_FIX_SIDE)
        if e.digits:
            if g.next_side < 0:  # the digits stay (a count for a side key?): * clears them
                self._no(_ALL_IN)
            if g.cfg.show != TYPED and not g.in_show:
                self._no(_AS_CARDS)
            self._peg(g.next_side, e.value, g.next_kind, True)  # refused at the first #
            if not g.in_show and not confirm:  # say what # does before it does it
                self.confirm = True
                return "# again: {} {}; the show starts".format(owned(next_count(g)), e.value)
            return self._peg(g.next_side, e.value, g.next_kind)
        if not g.in_show:
            last = g.last
            if last is not None and last[EV_KIND] == DEAL and not g.play_begun:
                self._no(_PLAY_FIRST)
            self.keeper.begin_show()
            return None
        if g.winner < 0 and g.next_side >= 0 and not armed:
            self.armed = True
            self._no(_NOT_IN)
        self.keeper.pass_deal()
        return None

    def _star(self):
        if self.entry.digits or self.sign:
            self.entry.clear()
            self.sign = 0
            return None
        return self._rare("undo", -1)

    def _no(self, why, arg=None):
        """Refuse the key, saying why (ui.scorerare's words: loaded for the refusal)."""
        self._rare("refuse", (why, arg))

    def _rare(self, name, s):
        """A key the board takes now and then (his heels, the cut, a correction, an undo):
        its code (ui.scorerare) loads for it and leaves the heap after."""
        from ui import scorerare

        try:
            return getattr(scorerare, name)(self, s)
        finally:
            forget("ui.scorerare")

    def paint(self, view, now):
        g = self.keeper.game
        e = self.entry
        cards = self._show_cards()
        if e.digits:
            view.set_preview(PREVIEW_ALL, -e.value if self.sign < 0 else e.value)
        elif cards is not None:
            side, points = cards.preview()
            if side >= 0 and points:
                view.set_preview(side, points)
        s = g.next_side
        if s >= 0 and not g.over and g.in_show and g.front[s] < g.target:
            view.set_segment(0, g.front[s] + 1, 1, s | BLINK)  # blinks: who counts next

    def lines(self):
        g = self.keeper.game
        e = self.entry
        if g.over:  # nothing invites an entry the board would refuse; said once
            return [] if self.over_said else ["game over:", "hold # new game", "* takes back"]
        cards = self._show_cards()
        if cards is not None and not e.digits:
            return cards.lines()
        out = ["correction " + "-+"[self.sign > 0]] if self.sign else []
        show = g.in_show
        nxt = next_count(g)
        keys = side_keys(g.sides)
        if e.digits:
            what = "fix" if self.sign else ("count" if show else "play")
            out.append("{}: {}{} {}".format(keys, "-+"[self.sign >= 0], e.value, what))
            if nxt and not self.sign and (show or g.cfg.show == TYPED):
                out.append(hint(owned(nxt), " " + str(e.value)))
        elif show:
            out.append("show: " + owned(nxt) if nxt else "all in: # = deal")
            out.append("count, then #" if nxt else "")
        else:
            out.append(hint(owned(nxt) if nxt else "the show"))
            if not g.events:  # a new game: what to type
                out.append("points, then " + keys)
                out.append("0 {}: who deals".format(keys))
            elif not g.play_begun and not g.heels:
                out.append("long J=his heels")
        due = g.start_bonus_due()
        if due >= 0 and not e.digits and not show:  # in the show, 3 and a side is a count
            out.append("3 {}: 3 for last".format(SIDES[due]))
        return [x for x in out if x]
