"""The board's user interface: the controller (``ui.control``) that drives the modes (one
module each, in the ``modes`` package: its table lists them), and their shared helpers.

Shared vocabulary of the modes: how a key was used (``TAP``, or the keypad's own ``LONG`` and
``HOLD``), what a key did (the outcome a mode's ``key`` returns), the ``Refused`` error (the
red flash and a text line; nothing else changes), the app's settings, and ``ModeBase``.
A mode's module defines ``Mode(keeper)`` with:

    key(k, how, now)   a key index 0-15 (keypad.KEYS) used TAP/LONG/HOLD; raise to refuse;
                       return the outcome (below)
    enter(now)         the mode has just become the current one
    leave()            another mode is about to become the current one (the scoreboard,
                       which stays loaded, lets go of what only it needs then)
    reset()            a new game has started: forget entries that belonged to the old one
    paint(view, now)   set the overlay, preview and show_pegs (the controller cleared them)
    lines()            the text display's detail lines (16 columns each)

Data flows one way (docs/DESIGN.md): a mode changes the keeper (the one source of truth for
the game) and returns what happened; it never reaches into the controller or the view. The
outcome is None (nothing to report), an int of the flags below, a note (a short text for the
display), or a pair (flags, note): a few bytes, most often a constant. The controller
applies it, then loads the view from the keeper and lets the mode paint: one place, after
every key (so "the game changed" needs no flag).

Modes are imported only when first used, so the Pico's heap holds only what is played
(``modes.MODES``).
SPDX-License-Identifier: MIT
"""

from compat import const, forget  # forget: the controller's and the modes'
from cribbage.errors import CribbageError
from keypad import HOLD, LONG  # one meaning: the keypad's event kinds (held 0.8 s, 3 s)
from modes import module_name
from scorekeeper.errors import ScorekeeperError

TAP = const(0)  # pressed and let go: digits act on the press, other keys on the release

# Outcome flags. Bits 0-2: a view.SIG_* signal to start (SIG_OK, SIG_UNDO, ...).
SIGNAL = const(7)
RESTARTED = const(8)  # the keeper started its game again: the app's entries for it go
SETTINGS = const(16)  # an app setting changed (brightness, palette, LED budget): apply it
_NEXT = const(5)  # bits 5 up: the mode to switch to, plus 1 (no mask: any place of the table)


def goto(mode):
    """The outcome flag that switches to mode (its place in modes.MODES: a MODE_*);
    ValueError, at once, for a mode the table has not."""
    module_name(mode)  # (raises for a mode the table has not)
    return (mode + 1) << _NEXT


def next_mode(flags):
    """The mode an outcome switches to, or -1."""
    return (flags >> _NEXT) - 1


class Refused(ValueError):
    """An input the board refuses; the message says why and what to do instead."""


# What a refused input can raise: the project's own errors, a flash write that failed among
# them (the keeper's StorageError: nothing changed). Anything else is a bug, an OSError too,
# and is not caught as a refusal: it reaches the error log (app.App.fail).
REFUSALS = (Refused, ScorekeeperError, CribbageError)


class ModeBase:
    """Defaults for the mode interface (see the package docstring)."""

    def __init__(self, keeper):
        self.keeper = keeper

    def enter(self, now):
        pass

    def leave(self):
        pass

    def reset(self):
        pass

    def paint(self, view, now):
        pass

    def lines(self):
        return []


# -- the app's settings, kept in the keeper's settings file (app.* keys) -------------------


def app_setting(keeper, name):
    """An app.* setting's saved value, or its default (appsettings.APP_SETTINGS: the one
    table, imported only for a setting never saved)."""
    extra = keeper.settings.extra
    if name in extra:
        return extra[name]
    from appsettings import default

    return default(name)


def save_app_setting(keeper, name, value):
    """Write an app.* setting only when it changes (each write rewrites the file)."""
    if keeper.settings.extra.get(name) != value:
        keeper.set_setting(name, value)
