"""The pegging helper's words and keys that come now and then: a card refused, * with no
card to take back, the hand's play started again. Loaded for them and dropped after
(``pegging.Mode._rare``): the helper's peak is the board's busiest heap.
SPDX-License-Identifier: MIT
"""

from cribbage.cards import VALUES
from cribbage.errors import WHY_31, WHY_GO
from scorekeeper.events import CARD, EV_KIND
from view import SIG_UNDO

from ui import Refused, forget
from ui.entry import RANK_TEXT


def refuse(_mode, why):
    """Raise the play engine's refusal (an IllegalPlayError, the card, its rank) in the
    player's words, from the error's fields (seats named as sides)."""
    e, code, rank = why
    if e.why == WHY_31:
        raise Refused(
            "{} makes {}: over 31 (D: go)".format(RANK_TEXT[rank], e.count + VALUES[code])
        )
    if e.why == WHY_GO:
        raise Refused("no go at {}: every card fits under 31".format(e.count))
    raise Refused(str(e))  # not reached: the helper plays only for the seat to play


def undo_refused(mode, _arg):
    """* when the last entry is no card of this hand's play: say what it is instead."""
    g = mode.keeper.game
    if not g.hand_cards:
        raise Refused("no card to take back")
    from ui.eventwords import event_text

    text = event_text(g.last)
    forget("ui.eventwords")
    raise Refused("last: {}; * on the scoreboard undoes it".format(text))


def restart(mode, _arg):
    """Take back this hand's cards and their points, so playing again pegs them once."""
    g = mode.keeper.game
    n = len(g.hand_cards)
    if not n:
        raise Refused("no card to take back")
    first = len(g.events) - n
    for i in range(first, len(g.events)):
        if g.events[i][EV_KIND] != CARD:
            raise Refused("take back the scoreboard's entries first")
    mode.keeper.undo_to(first)
    return (SIG_UNDO, "play restarted: its points taken back")
