"""Errors raised by the rules engine: all ValueError, with messages a player understands.

SPDX-License-Identifier: MIT
"""


class CribbageError(ValueError):
    """Base class of every rules error."""


class InvalidCardError(CribbageError):
    """Text (or a number) that is not a playing card."""


class DuplicateCardError(CribbageError):
    """The same physical card given twice where each card exists once."""

    def __init__(self, card_text):
        super().__init__("{} is given twice: each card is in the deck once".format(card_text))
        self.card = card_text


class InvalidHandError(CribbageError):
    """A hand of the wrong size for what is asked."""


class IllegalPlayError(CribbageError):
    """A pegging play the rules do not allow (over 31, out of turn, a card not held...)."""


class InvalidCountError(CribbageError):
    """A claimed count that cannot be (negative, or more than any hand can score)."""
