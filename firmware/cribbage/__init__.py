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
from cribbage.discard import advice_text, advise_discard, crib_value
from cribbage.errors import (
    CribbageError,
    DuplicateCardError,
    IllegalPlayError,
    InvalidCardError,
    InvalidCountError,
    InvalidHandError,
)
from cribbage.pegging import peg_breakdown, peg_points, pile_count
from cribbage.play import FIVE_CARD, SIX_CARD, Pegging, PlayScore
from cribbage.say import say_count
from cribbage.show import ShowScore, score_show, show_points
from cribbage.totals import achievable_totals, is_achievable
from cribbage.verify import CountCheck, check_count

__version__ = "0.1.0"
