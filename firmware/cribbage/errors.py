"""Errors raised by the rules engine: all ValueError, with messages a player understands.

SPDX-License-Identifier: MIT
"""


class CribbageError(ValueError):
    """Base class of every rules error."""


class InvalidCardError(CribbageError):
    """Text (or a number) that is not a playing card. ``given``: what was given, as given
    (the text, the number, None; the empty list where no cards were given at all)."""

    def __init__(self, message, given=None):
        super().__init__(message)
        self.given = given


class DuplicateCardError(CribbageError):
    """The same physical card given twice where each card exists once."""

    def __init__(self, card_text):
        super().__init__("{} is given twice: each card is in the deck once".format(card_text))
        self.card = card_text


class InvalidHandError(CribbageError):
    """A hand of the wrong size for what is asked. Where a size was wrong: ``size`` (how many
    cards were given) and ``sizes`` (the sizes that would do); otherwise both None."""

    def __init__(self, message, size=None, sizes=None):
        super().__init__(message)
        self.size = size
        self.sizes = sizes


class IllegalPlayError(CribbageError):
    """A pegging play the rules do not allow (over 31, out of turn, a card not held...).

    Fields, so a caller can say it its own way without reading the message: ``why`` (one
    of the WHY_* names below), ``seat`` (the seat that tried, or None) and ``count`` (the
    count at the time)."""

    def __init__(self, message, why="", seat=None, count=0):
        super().__init__(message)
        self.why = why
        self.seat = seat
        self.count = count


WHY_OVER = "over"  # the play is over
WHY_SEAT = "seat"  # no such seat
WHY_TURN = "turn"  # not that seat's turn
WHY_PLAYED = "played"  # the card has been played already this hand
WHY_HELD = "held"  # the seat does not hold the card
WHY_31 = "31"  # the card would take the count past 31
WHY_GO = "go"  # a go while a card can be played
WHY_UNDO = "undo"  # nothing to undo


class InvalidCountError(CribbageError):
    """A claimed count that cannot be (negative, or more than any hand can score)."""
