"""Scoreboard mode: points typed, then who pegs them.

Each hand has a play and a show; the board follows both, so it knows what an entry is:
- In the play, digits then a side key peg play points (``2 A``: fifteen-two for A); a side key
  alone, or ``1`` and a side, is a go (1); in the five-card game ``3`` and the pone's key is
  "three for last" while it is due. A long press of a side key (nothing typed) is his heels,
  2 for the dealer (any of A-C will do: a long press of D is the next mode). Before anything
  is pegged in a game, ``0`` then a side key makes that side the first dealer (the cut).
- ``#`` alone ends the play: the show starts. Digits then a side key are now that side's count
  (its hand, then the dealer's crib); digits then ``#`` are the count of whoever counts next
  (pone, dealer, crib). In the play, digits then ``#`` first say what ``#`` would do (a count,
  starting the show); a second ``#`` does it. A count no hand can score (19, 25, 26, 27,
  over 29) is refused, and so is a count out of turn that would reach the game hole.
- ``#`` alone in the show passes the deal (a second ``#`` when a count is missing).
- ``*`` clears what is typed, else takes back the last event (repeatable), and at the start
  of a game the new game itself (the game it replaced comes back). Long ``*`` makes the
  entry a correction (long ``*`` again: a negative one); a correction goes to a side key,
  sets a score of 0 to the game hole, and reaches the game hole only with that key again.
SPDX-License-Identifier: MIT
"""

from scorekeeper.errors import ImpossibleCount
from scorekeeper.events import (
    CARD,
    CORRECTION,
    CRIB,
    EV_CODE,
    EV_KIND,
    EV_POINTS,
    EV_REASON,
    EV_SIDE,
    GO,
    GO_CODE,
    HAND,
    HEELS,
    PEG,
    PLAY,
    REASONS,
    SHOW,
    START,
)
from scorekeeper.rules import check_count
from ui import (
    LONG,
    REFUSALS,
    RESTARTED,
    TAP,
    ModeBase,
    Refused,
)
from ui.entry import Number
from ui.keys import K_HASH, K_STAR, SIDES, digit, letter, side_keys
from view import BLINK, PREVIEW_ALL, SIG_NEWGAME, SIG_UNDO

KINDS = ("", "", "hand", "crib")  # by reason: HAND 2, CRIB 3
GAME_OVER = "game over: hold # (new game) or * (undo)"


def count_kind(game, side):
    """HAND or CRIB: what side counts next in this hand's show; -1 when it has counted all."""
    order = game.order
    for i in range(len(order)):
        if order[i] >> 1 == side and not (game.counted >> i) & 1:
            return CRIB if order[i] & 1 else HAND
    return -1


def count_name(game, slot):
    """Count slot i of this hand's show: 'B hand', 'A crib'; with partners, which partner:
    'B pone', 'A partner' (the dealer's), 'B partner' (the pone's), 'A dealer'."""
    entry = game.order[slot]
    side = SIDES[entry >> 1]
    if entry & 1:
        return side + " crib"
    if not game.cfg.partners:
        return side + " hand"
    return side + (" pone", " partner", " partner", " dealer")[slot]


def next_count(game):
    """The count due next in the show, 'B hand'; '' once every count is in."""
    return count_name(game, game.next_slot) if game.next_side >= 0 else ""


def event_text(ev):
    """'A +2 play', 'deal B', 'card 5C: A +2 play', 'the show'."""
    kind = ev[EV_KIND]
    if kind in (PEG, CARD):
        text = "{} {:+d} {}".format(SIDES[ev[EV_SIDE]], ev[EV_POINTS], REASONS[ev[EV_REASON]])
        if kind == PEG:
            return text
        from cribbage.cards import format_card  # not at the top: the board boots without it

        code = ev[EV_CODE]
        card = "go" if code == GO_CODE else format_card(code)
        return "card " + card + (": " + text if ev[EV_POINTS] else "")
    if kind == SHOW:
        return "the show"
    return "deal " + SIDES[ev[EV_SIDE]]


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.entry = Number(3)
        self.sign = 0  # 0: an ordinary entry; +1 / -1: a correction adding / taking points
        self.armed = False  # a # refused for a missing count: the next # passes anyway
        self.confirm = False  # digits then # in the play: the next # counts them
        self.fix_to = -1  # a correction to the game hole asked for this side: its key again
        self.fixing = -1  # (fix_to as the key came: the key that may confirm it)
        self.stale = False  # the entry was refused: a side key or # may still take it, a
        # digit starts a new one (typing the whole entry again must not give 5 5 -> 55)

    def reset(self):
        self.entry.clear()
        self.sign = 0
        self.armed = self.confirm = self.stale = False
        self.fix_to = -1

    def key(self, k, how, now):
        armed = self.armed
        confirm = self.confirm
        stale = self.stale
        self.fixing = self.fix_to
        self.armed = self.confirm = self.stale = False
        self.fix_to = -1
        try:
            return self._key(k, how, armed, confirm, stale)
        except REFUSALS:
            self.stale = True
            raise

    def _key(self, k, how, armed, confirm, stale):
        d = digit(k)
        s = letter(k)
        if d >= 0:
            if self.keeper.game.over:  # nothing more can be pegged: say so now, not after
                raise Refused(GAME_OVER)
            if stale:
                self.entry.clear()
            self.entry.push(d)
            return None
        if how == LONG and k == K_STAR:
            self.sign = 1 if self.sign == 0 else (-1 if self.sign > 0 else 0)
            return None
        if how == LONG and s >= 0 and not self.entry.digits and not self.sign:
            return self._heels()
        if how != TAP and not (how == LONG and s >= 0):
            return None  # a hold after a long press: the long press has acted already
        if s >= 0:  # a side key held a little long still pegs what is typed
            return self._side(s)
        if k == K_HASH:
            return self._hash(armed, confirm)
        if k == K_STAR:
            return self._star()
        return None

    def _heels(self):
        """Long press of a side key, nothing typed: his heels, 2 for the dealer."""
        g = self.keeper.game
        if g.over:
            raise Refused(GAME_OVER)
        if g.in_show:
            raise Refused("his heels comes with the starter, before the play")
        self._peg(g.dealer, 2, HEELS)
        return "his heels: {} +2".format(SIDES[g.dealer])

    def _cut(self, s):
        """0 then a side key before anything is pegged: that side deals first."""
        self.keeper.choose_dealer(s)  # the cut: no empty deal to pass
        self.entry.clear()
        return (SIG_NEWGAME | RESTARTED, "{} deals first".format(SIDES[s]))

    def _side(self, s):
        g = self.keeper.game
        e = self.entry
        if g.over:  # a side key alone too: say the game is over, not what to type
            raise Refused(GAME_OVER)
        if s >= g.sides:
            raise Refused("there is no side {} in a {}-side game".format(SIDES[s], g.sides))
        if self.sign:
            if not e.digits:
                raise Refused("type the correction's points, then the side")
            points = self.sign * e.value
            to = g.scores[s] + points
            if to > g.target:
                raise Refused("a correction sets a score of 0-{}: {} has {}".format(
                    g.target, SIDES[s], g.scores[s]))  # fmt: skip
            if to == g.target and g.winner < 0 and self.fixing != s:
                self.fix_to = s  # like the show's two-step #: a slip must not end the game
                return "{} again: {} to {}, the game hole".format(SIDES[s], SIDES[s], to)
            return self._peg(s, points, CORRECTION)
        if g.in_show:
            if not e.digits:
                raise Refused("type the count (0 if none), then the side")
            kind = count_kind(g, s)
            if kind < 0:
                nxt = next_count(g)
                then = "next: " + nxt if nxt else "# passes the deal"
                raise Refused("{} has counted this hand; {}".format(SIDES[s], then))
            return self._peg(s, e.value, kind)
        points = e.value if e.digits else 1
        if e.digits and not points and not g.events:
            return self._cut(s)
        reason = GO if points == 1 else PLAY
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
            what = "crib" if e.crib else ("3-card hand" if e.kept == 3 else "hand")
            raise Refused("no {} scores {}; correction: long *, side".format(
                what, e.points)) from None  # fmt: skip
        self.entry.clear()
        self.sign = 0
        if flagged:
            return "{} out of turn: taken, flagged".format(SIDES[side])
        return None

    def _hash(self, armed, confirm):
        g = self.keeper.game
        e = self.entry
        if g.over:
            raise Refused(GAME_OVER)
        if self.sign:
            raise Refused("a correction goes to a side key " + side_keys(g.sides))
        if e.digits:
            if g.next_side < 0:  # the digits stay (a count for a side key?): * clears them
                raise Refused("every count is in: * clears, then # passes the deal")
            self._peg(g.next_side, e.value, g.next_kind, True)  # refused at the first #
            if not g.in_show and not confirm:  # say what # does before it does it
                self.confirm = True
                return "# again: {} {}, the show starts".format(next_count(g), e.value)
            return self._peg(g.next_side, e.value, g.next_kind)
        if not g.in_show:
            self.keeper.begin_show()
            return None
        if g.winner < 0 and g.next_side >= 0 and not armed:
            self.armed = True
            raise Refused("{} is not in: # again passes the deal".format(next_count(g)))
        self.keeper.pass_deal()
        return None

    def _star(self):
        if self.entry.digits or self.sign:
            self.entry.clear()
            self.sign = 0
            return None
        k = self.keeper
        if not k.game.events and k.can_restore:  # a new game started by mistake
            k.restore_game()
            return (SIG_UNDO | RESTARTED, "new game undone: the last game is back")
        ev = k.undo()
        if ev[EV_KIND] == SHOW:
            return (SIG_UNDO, "back to the play")
        return (SIG_UNDO, "undo: " + event_text(ev))

    def paint(self, view, now):
        g = self.keeper.game
        e = self.entry
        if e.digits:
            view.set_preview(PREVIEW_ALL, -e.value if self.sign < 0 else e.value)
        s = g.next_side
        if s >= 0 and not g.over and self.keeper.game.in_show and g.front[s] < g.target:
            view.set_segment(0, g.front[s] + 1, 1, s | BLINK)  # blinks: who counts next

    def lines(self):
        g = self.keeper.game
        e = self.entry
        if g.over:  # nothing invites an entry the board would refuse
            return ["game over:", "hold # new game", "* takes back"]
        out = ["correction " + "-+"[self.sign > 0]] if self.sign else []
        show = self.keeper.game.in_show
        nxt = next_count(g)
        keys = side_keys(g.sides)
        if e.digits:
            what = "fix" if self.sign else ("count" if show else "play")
            out.append("{}{} {} {}".format("-+"[self.sign >= 0], e.value, keys, what))
            if nxt and not self.sign:
                out.append(("# = " if show else "# #: ") + nxt)
        elif show:
            out.append("show: " + nxt if nxt else "all in: # = deal")
        else:
            out.append("play: # = show")
            if not g.events:  # a new game: what to type
                out.append("points, then " + keys)
                out.append("0 {}: who deals".format(keys))
        due = g.start_bonus_due()
        if due >= 0 and not e.digits and not show:  # in the show, 3 and a side is a count
            out.append("3 {}: 3 for last".format(SIDES[due]))
        return out
