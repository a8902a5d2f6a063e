"""Scoreboard mode: points typed, then who pegs them.

Each hand has a play and a show; the board follows both, so it knows what an entry is:
- In the play, digits then a side key peg play points (``2 A``: fifteen-two for A); a side key
  alone, or ``1`` and a side, is a go (1); in the five-card game ``3`` and the pone's key is
  "three for last" while it is due.
- ``#`` alone ends the play: the show starts. Digits then a side key are now that side's count
  (its hand, then the dealer's crib); digits then ``#`` are the count of whoever counts next
  (pone, dealer, crib). A count no hand can score (19, 25, 26, 27, over 29) is refused.
- ``#`` alone in the show passes the deal (a second ``#`` when a count is missing).
- ``*`` clears what is typed, else takes back the last event (repeatable). Long ``*`` makes the
  entry a correction (long ``*`` again: a negative one); a correction goes to a side key.
The show starts with the first count, or with ``#``; the ``#`` is kept as the ``app.show``
setting (the hand's number), so a power cut does not lose it.
SPDX-License-Identifier: MIT
"""

from scorekeeper.errors import ImpossibleCount
from scorekeeper.events import CORRECTION, CRIB, GO, HAND, PLAY, REASONS, START
from view import BLINK, PREVIEW_ALL, SIG_UNDO

from ui import LONG, TAP, ModeBase, Refused
from ui.entry import Number
from ui.keys import K_HASH, K_STAR, SIDES, digit, letter
from ui.text import wrap

KINDS = ("", "", "hand", "crib")  # by reason: HAND 2, CRIB 3
GAME_OVER = "game over: hold # (new game) or * (undo)"


def count_kind(game, side):
    """HAND or CRIB: what side counts next in this hand's show; -1 when it has counted all."""
    order = game.order
    for i in range(len(order)):
        if order[i] >> 1 == side and not (game.counted >> i) & 1:
            return CRIB if order[i] & 1 else HAND
    return -1


def next_count(game):
    """The count due next in the show, 'B hand'; '' once every count is in."""
    if game.next_side < 0:
        return ""
    return SIDES[game.next_side] + " " + KINDS[game.next_kind]


def event_text(ev):
    """'A +2 play', 'deal B'."""
    if ev[0] == 1:  # events.PEG
        return "{} {:+d} {}".format(SIDES[ev[1]], ev[3], REASONS[ev[2]])
    return "deal " + SIDES[ev[1]]


class Mode(ModeBase):
    def __init__(self, ctl):
        self.ctl = ctl
        self.k = ctl.k
        self.entry = Number(3)
        self.sign = 0  # 0: an ordinary entry; +1 / -1: a correction adding / taking points
        self.armed = False  # a # refused for a missing count: the next # passes anyway
        self.stale = False  # the entry was refused: a side key or # may still take it, a
        # digit starts a new one (typing the whole entry again must not give 5 5 -> 55)

    def reset(self):
        self.entry.clear()
        self.sign = 0
        self.armed = False
        self.stale = False

    def in_show(self):
        g = self.k.game
        return g.counted != 0 or self.ctl.app_setting("app.show", 0) == g.deals + 1

    def key(self, k, how, now):
        armed = self.armed
        self.armed = False
        stale = self.stale
        self.stale = False
        try:
            self._key(k, how, armed, stale, now)
        except ValueError:
            self.stale = True
            raise

    def _key(self, k, how, armed, stale, now):
        d = digit(k)
        if d >= 0:
            if self.k.game.over:  # nothing more can be pegged: say so now, not after the side
                raise Refused(GAME_OVER)
            if stale:
                self.entry.clear()
            self.entry.push(d)
        elif how == LONG and k == K_STAR:
            self.sign = 1 if self.sign == 0 else (-1 if self.sign > 0 else 0)
        elif how != TAP and not (how == LONG and letter(k) >= 0):
            return  # a hold after a long press: the long press has acted already
        elif letter(k) >= 0:  # a side key held a little long still pegs
            self._side(letter(k), now)
        elif k == K_HASH:
            self._hash(armed, now)
        elif k == K_STAR:
            self._star(now)

    def _side(self, s, now):
        g = self.k.game
        e = self.entry
        if s >= g.sides:
            raise Refused("there is no side {} in a {}-side game".format(SIDES[s], g.sides))
        if self.sign:
            if not e.digits:
                raise Refused("type the correction's points, then the side")
            self._peg(s, self.sign * e.value, CORRECTION, now)
        elif self.in_show():
            if not e.digits:
                raise Refused("type the count (0 if none), then the side")
            kind = count_kind(g, s)
            if kind < 0:
                nxt = next_count(g)
                then = "next: " + nxt if nxt else "# passes the deal"
                raise Refused("{} has counted this hand; {}".format(SIDES[s], then))
            self._peg(s, e.value, kind, now)
        else:
            points = e.value if e.digits else 1
            reason = GO if points == 1 else PLAY
            if points == 3 and g.start_bonus_due() == s:
                reason = START
            self._peg(s, points, reason, now)

    def _peg(self, side, points, reason, now):
        try:
            flagged = self.k.peg(side, points, reason)  # refused: raises, the entry stays
        except ImpossibleCount as e:  # the keeper's hint names no key: say which
            raise Refused(str(e).split(":")[0] + "; correction: long *, side") from None
        self.entry.clear()
        self.sign = 0
        self.ctl.game_changed(now)
        if flagged:
            self.ctl.note = ["out of turn:", "taken, flagged"]

    def _hash(self, armed, now):
        g = self.k.game
        e = self.entry
        if g.over:
            raise Refused(GAME_OVER)
        if self.sign:
            raise Refused("a correction goes to a side key A-D")
        if e.digits:
            if g.next_side < 0:
                raise Refused("every count is in: # alone passes the deal")
            self._peg(g.next_side, e.value, g.next_kind, now)
        elif not self.in_show():
            self.ctl.save_app_setting("app.show", g.deals + 1)
        elif g.winner < 0 and g.next_side >= 0 and not armed:
            self.armed = True
            raise Refused("{} {} is not in: # again passes the deal".format(
                SIDES[g.next_side], KINDS[g.next_kind]))  # fmt: skip
        else:
            self.k.pass_deal()
            self.ctl.game_changed(now)

    def _star(self, now):
        if self.entry.digits or self.sign:
            self.entry.clear()
            self.sign = 0
            return
        if self.k.game.counted == 0 and self.in_show():
            self.ctl.save_app_setting("app.show", 0)  # back from the show to the play
            self.ctl.note = ["back to the play"]
            return
        ev = self.k.undo()
        self.ctl.game_changed(now)
        self.ctl.view.set_signal(SIG_UNDO, now)
        self.ctl.note = wrap("undo: " + event_text(ev))

    def paint(self, view, now):
        g = self.k.game
        e = self.entry
        if e.digits:
            view.set_preview(PREVIEW_ALL, -e.value if self.sign < 0 else e.value)
        s = g.next_side
        if s >= 0 and not g.over and self.in_show() and g.front[s] < g.target:
            view.set_segment(0, g.front[s] + 1, 1, s | BLINK)  # blinks: who counts next

    def lines(self):
        g = self.k.game
        e = self.entry
        out = []
        if self.sign:
            out.append("correction " + ("+" if self.sign > 0 else "-"))
        show = self.in_show()
        nxt = next_count(g)
        if g.over:
            return out + ["hold # new game"]
        if e.digits:
            what = "fix" if self.sign else ("count" if show else "play")
            out.append("{}{} A-D {}".format("-" if self.sign < 0 else "+", e.value, what))
            if nxt and not self.sign:
                out.append("# = " + nxt)
        elif show:
            out.append("show: " + nxt if nxt else "all in: # = deal")
        else:
            out.append("play: # = show")
        due = g.start_bonus_due()
        if due >= 0 and not e.digits and not show:  # in the show, 3 and a side is a count
            out.append("3 {}: 3 for last".format(SIDES[due]))
        return out
