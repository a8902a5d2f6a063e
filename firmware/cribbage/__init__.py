"""PicoPeg's cribbage rules engine: pure, integer-only, the same on CPython and MicroPython.

Public API (stable; see docs/API.md): cards, the show, pegging, the play engine, count
checking and discard advice, all reachable as ``cribbage.<name>``. Install it on any board
with ``mpremote mip install`` and ``firmware/cribbage/package.json``.

The names are loaded lazily (PEP 562 module ``__getattr__``, which MicroPython supports):
importing ``cribbage.totals`` on the Pico must not pull the discard tables and the play
engine into a 240 KB heap.

SPDX-License-Identifier: MIT
"""

__version__ = "0.1.0"

# Public name -> submodule that defines it.
_WHERE = {
    "card_name": "cards",
    "format_card": "cards",
    "format_cards": "cards",
    "make_card": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "rank": "cards",
    "suit": "cards",
    "value": "cards",
    "advice_text": "discard",
    "advise_discard": "discard",
    "crib_value": "discard",
    "CribbageError": "errors",
    "DuplicateCardError": "errors",
    "IllegalPlayError": "errors",
    "InvalidCardError": "errors",
    "InvalidCountError": "errors",
    "InvalidHandError": "errors",
    "peg_breakdown": "pegging",
    "peg_points": "pegging",
    "pile_count": "pegging",
    "Pegging": "play",
    "PlayScore": "play",
    "RankCount": "rankcount",
    "say_count": "say",
    "ShowScore": "show",
    "score_show": "show",
    "show_points": "show",
    "achievable_totals": "totals",
    "is_achievable": "totals",
    "CountCheck": "verify",
    "check_count": "verify",
}

__all__ = list(_WHERE)


def __getattr__(name):
    """Import the submodule that defines a public name on first use."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError("module 'cribbage' has no attribute '{}'".format(name))
    module = __import__("cribbage." + where, None, None, [name])
    value = getattr(module, name)
    globals()[name] = value  # later lookups skip this function
    return value
