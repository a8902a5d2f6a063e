"""The scoreboard's keys that come now and then: his heels, the cut for the first deal, a
correction, an undo. Loaded for the key and dropped after (``score.Mode._rare``): the
scoreboard stays on the heap beside every other mode, so what it seldom needs is not kept.
Each takes the scoreboard mode and the side key (-1: none) and returns the key's outcome,
or raises ``Refused``.
SPDX-License-Identifier: MIT
"""

from scorekeeper.events import CORRECTION, EV_KIND, HEELS, SHOW
from view import SIG_NEWGAME, SIG_UNDO

from ui import RESTARTED, Refused, forget
from ui.keys import SIDES, side_keys
from ui.names import next_count


def refuse(mode, why):
    """Raise the refusal of a scoreboard key, in words: why is (what, its argument), what
    one of score's reasons (_OVER, _NO_SIDE, ...: their order here)."""
    what, arg = why
    g = mode.keeper.game
    if what == 0:
        raise Refused("game over: hold # for a new game, * undoes the win")
    elif what == 1:
        raise Refused("there is no side {} in a {}-side game".format(SIDES[arg], g.sides))
    elif what == 2:
        raise Refused("type the count (0 if none), then the side")
    elif what == 3:
        raise Refused("{} has counted this hand; next: {}".format(SIDES[arg], next_count(g)))
    elif what == 4:
        raise Refused("no card pegs {} in the play: 2-9 or 12-15".format(arg))
    elif what == 5:
        kind = "crib" if arg.crib else ("3-card hand" if arg.kept == 3 else "hand")
        raise Refused("no {} scores {}; correction: long *, side".format(kind, arg.points))
    elif what == 6:
        raise Refused("a correction goes to a side key " + side_keys(g.sides))
    elif what == 7:
        raise Refused("every count is in: * clears, then # passes the deal")
    elif what == 8:
        raise Refused("the show is typed as cards: # alone, then the cards")
    elif what == 9:
        raise Refused("{} deals: the play first, then #".format(SIDES[g.dealer]))
    else:
        raise Refused("{} is not in: # again passes the deal".format(next_count(g)))


def heels(mode, _s):
    """Long press of J (A; B and C too), nothing typed: his heels, 2 for the dealer."""
    g = mode.keeper.game
    if g.in_show:
        raise Refused("his heels comes with the starter, before the play")
    mode._peg(g.dealer, 2, HEELS)
    return "his heels: {} +2".format(SIDES[g.dealer])


def cut(mode, s):
    """0 then a side key before anything is pegged: that side deals first."""
    mode.keeper.choose_dealer(s)  # the cut: no empty deal to pass
    mode.entry.clear()
    return (SIG_NEWGAME | RESTARTED, "{} deals first".format(SIDES[s]))


def correction(mode, s):
    """The typed points as a correction for side s (long * first; twice: negative): a score
    of 0 to the game hole, and the game hole only with the side key again."""
    g = mode.keeper.game
    e = mode.entry
    if not e.digits:
        raise Refused("type the correction's points, then the side")
    points = mode.sign * e.value
    to = g.scores[s] + points
    if to > g.target:
        raise Refused("a correction sets a score of 0-{}: {} has {}".format(
            g.target, SIDES[s], g.scores[s]))  # fmt: skip
    if to == g.target and g.winner < 0 and mode.fixing != s:
        mode.fix_to = s  # like the show's two-step #: a slip must not end the game
        return "{} again: {} to {}, the game hole".format(SIDES[s], SIDES[s], to)
    return mode._peg(s, points, CORRECTION)


def undo(mode, _s):
    """* with nothing typed: the last event taken back; at the start of a game, the new
    game itself (the game it replaced comes back)."""
    k = mode.keeper
    if not k.game.events and k.can_restore:  # a new game started by mistake
        k.restore_game()
        return (SIG_UNDO | RESTARTED, "new game undone: the last game is back")
    ev = k.undo()
    if ev[EV_KIND] == SHOW:
        return (SIG_UNDO, "back to the play")
    from ui.eventwords import event_text

    text = "undo: " + event_text(ev)
    forget("ui.eventwords")  # an undo's words: not kept on the heap either
    return (SIG_UNDO, text)
