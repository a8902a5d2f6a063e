"""Events as text, for logs, the simulator and the tests (the board never loads this):
``A +2 play t=3``, ``deal B t=40``, ``card 5C A +2 play``, ``card go``, ``show``, ``undo``;
a count with the cards count verify had: ``B +12 hand 5H 5C 5D JS | 5S``.

    format_event(ev) -> text            parse_event(text) -> ev (ScorekeeperError if none)

SPDX-License-Identifier: MIT
"""

from scorekeeper.countcards import count, unpack_cards
from scorekeeper.errors import ScorekeeperError
from scorekeeper.events import (
    CARD,
    DEAL,
    EV_CARDS,
    EV_CODE,
    EV_DT,
    EV_KIND,
    EV_POINTS,
    EV_REASON,
    EV_SIDE,
    GO_CODE,
    PEG,
    REASONS,
    SHOW,
    SIDE_NAMES,
    UNDO_EVENT,
    card,
    deal,
    peg,
    show,
    side_name,
)


def _peg_text(ev):
    reason, points = ev[EV_REASON], ev[EV_POINTS]
    why = REASONS[reason] if reason < len(REASONS) else reason
    return "{} {}{} {}".format(side_name(ev[EV_SIDE]), "+" if points >= 0 else "", points, why)


def code_text(code):
    """A CARD event's code as text: '5C', '10D', or 'go'."""
    if code == GO_CODE:
        return "go"
    from cribbage.cards import format_card

    return format_card(code) if 0 <= code < GO_CODE else str(code)


def format_event(ev):
    """``A +2 play t=3``, ``deal B t=40``, ``card 5C A +2 play``, ``card go`` or ``undo``."""
    kind = ev[EV_KIND]
    if kind == PEG:
        text = _peg_text(ev)
        if len(ev) > 5:  # a count with its cards
            from scorekeeper.history import cards_text

            text += " " + cards_text(unpack_cards(ev[EV_CARDS]))
    elif kind == DEAL:
        text = "deal " + side_name(ev[EV_SIDE])
    elif kind == CARD:
        text = "card " + code_text(ev[EV_CODE]) + (" " + _peg_text(ev) if ev[EV_POINTS] else "")
    elif kind == SHOW:
        text = "show"
    else:
        return "undo"
    return text + " t={}".format(ev[EV_DT]) if ev[EV_DT] else text


def parse_event(text):
    """The event of a text form (``t=`` optional); ScorekeeperError if it is not one."""
    words = text.split()
    dt = 0
    if len(words) > 1 and words[-1].startswith("t="):
        dt = _int(words.pop()[2:], text)
    if words == ["undo"]:
        return UNDO_EVENT
    if words == ["show"]:
        return show(dt)
    if len(words) == 2 and words[0] == "deal":
        return deal(_side(words[1], text), dt)
    if len(words) == 3 and words[2] in REASONS:
        return peg(_side(words[0], text), _int(words[1], text), REASONS.index(words[2]), dt)
    if len(words) > 5 and words[2] in REASONS and words[-2] == "|":  # a count with cards
        cards = [_count_card(w, text) for w in words[3:-2] + words[-1:]]
        if GO_CODE not in cards:
            return count(_side(words[0], text), _int(words[1], text), REASONS.index(words[2]),
                         cards, dt)  # fmt: skip
    if len(words) in (2, 5) and words[0] == "card":
        code = _code(words[1], text)
        if len(words) == 2:
            return card(code, dt=dt)
        if words[4] in REASONS:
            return card(code, _side(words[2], text), _int(words[3], text),
                        REASONS.index(words[4]), dt)  # fmt: skip
    raise ScorekeeperError("{!r} is not an event".format(text))


def _code(word, text):
    if word == "go":
        return GO_CODE
    from cribbage.cards import parse_card
    from cribbage.errors import CribbageError

    try:
        return parse_card(word)
    except CribbageError:
        raise ScorekeeperError("{!r}: {} is not a card or go".format(text, word)) from None


def _count_card(word, text):
    """A count's card: '5H', or a rank alone ('5', '10', 'J') as -1 to -13 (countcards)."""
    from scorekeeper.history import RANK_WORDS

    if word in RANK_WORDS:
        return -RANK_WORDS.index(word) - 1
    return _code(word, text)


def _side(word, text):
    if len(word) == 1 and word in SIDE_NAMES:
        return SIDE_NAMES.index(word)
    raise ScorekeeperError("{!r}: {} is not a side (A-D)".format(text, word))


def _int(word, text):
    try:
        return int(word)
    except ValueError:
        raise ScorekeeperError("{!r}: {} is not a number".format(text, word)) from None
