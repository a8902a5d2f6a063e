"""The board's user interface: one small module per mode, driven by ``ui.control``.

Shared vocabulary of the modes: how a key was used (``TAP``, ``LONG``, ``HOLD``), the
``Refused`` error (the red flash and a text line; nothing else changes), and ``ModeBase``.
A mode module defines ``Mode(ctl)`` with:

    key(k, how, now)   a key index 0-15 (keypad.KEYS) used TAP/LONG/HOLD; raise to refuse
    enter(now)         the mode has just become the current one
    reset()            a new game has started: forget entries that belonged to the old one
    paint(view, now)   set the overlay, preview and show_pegs (the controller cleared them)
    lines()            the text display's detail lines (16 columns each)

Modes are imported only when first used, so the Pico's heap holds only what is played.
SPDX-License-Identifier: MIT
"""

from compat import const

TAP = const(1)  # pressed and let go: digits act on the press, other keys on the release
LONG = const(2)  # held 0.8 s (keypad.LONG)
HOLD = const(3)  # held 3 s (keypad.HOLD): the protected actions


class Refused(ValueError):
    """An input the board refuses; the message says why and what to do instead."""


class ModeBase:
    """Defaults for the mode interface (see the package docstring)."""

    def enter(self, now):
        pass

    def reset(self):
        pass

    def paint(self, view, now):
        pass

    def lines(self):
        return []
