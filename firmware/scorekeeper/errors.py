"""Errors the scorekeeper raises: all ValueError, with messages a player understands.

The board shows the message (or a red flash) and nothing changes: a refused entry never
reaches the log.
SPDX-License-Identifier: MIT
"""


class ScorekeeperError(ValueError):
    """Base class of every scorekeeper error."""


class ScoreRefused(ScorekeeperError):
    """Points the rules do not allow now (the game is over, muggins is off, ...)."""


class ImpossibleCount(ScoreRefused):
    """A hand or crib count that no hand can score (19, 25, 26, 27, over 29)."""


class BadSide(ScorekeeperError):
    """A side number that is not in this game."""


class NothingToUndo(ScorekeeperError):
    """Undo at the start of a game: a new game cannot be undone."""


class SettingsError(ScorekeeperError):
    """A setting with a value the board does not support, or an unreadable settings file."""


class LogError(ScorekeeperError):
    """A game log that cannot be read (wrong file, unknown version, damaged header)."""
