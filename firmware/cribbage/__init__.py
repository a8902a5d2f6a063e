"""PicoPeg's cribbage rules engine: pure, integer-only, the same on CPython and MicroPython.

Public API (stable; see the README): cards, the show, pegging, count checking and discard
advice. Import the package with ``firmware/`` on ``sys.path``, or install it on a board
with ``mpremote mip install github:...`` (see package.json).

SPDX-License-Identifier: MIT
"""

from cribbage.cards import (
    card_name,
    format_card,
    format_cards,
    make_card,
    parse_card,
    parse_cards,
    rank,
    suit,
    value,
)
from cribbage.errors import (
    CribbageError,
    DuplicateCardError,
    IllegalPlayError,
    InvalidCardError,
    InvalidCountError,
    InvalidHandError,
)
from cribbage.show import ShowScore, score_show, show_points
from cribbage.totals import achievable_totals, is_achievable

__version__ = "0.1.0"
