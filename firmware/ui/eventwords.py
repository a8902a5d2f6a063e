"""An event in the display's words, for the notes of an undo (loaded only then).

    event_text(ev)     'A +2 play', 'deal B', 'card 5C: A +2 play', 'the show'
SPDX-License-Identifier: MIT
"""

from scorekeeper.events import (
    CARD,
    EV_CODE,
    EV_KIND,
    EV_POINTS,
    EV_REASON,
    EV_SIDE,
    GO_CODE,
    PEG,
    REASONS,
    SHOW,
)

from ui.keys import SIDES


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
