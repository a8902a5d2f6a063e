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
    """A hand or crib count that no hand can score (19, 25, 26, 27, over 29).

    ``points``, ``crib`` (True for a crib) and ``kept`` (cards in the hand) say which."""

    def __init__(self, message, points=0, crib=False, kept=4):
        super().__init__(message)
        self.points = points
        self.crib = crib
        self.kept = kept


class OutOfTurn(ScoreRefused):
    """A show count keyed out of turn that would reach the game hole (ACC 9.2: the game
    goes to the count due first). ``side`` keyed it; ``due_side`` / ``due_kind`` (events.HAND
    or CRIB) is the count due now."""

    def __init__(self, message, side=0, due_side=0, due_kind=0):
        super().__init__(message)
        self.side = side
        self.due_side = due_side
        self.due_kind = due_kind


class BadSide(ScorekeeperError):
    """A side number that is not in this game."""


class NothingToUndo(ScorekeeperError):
    """Undo at the start of a game: a new game cannot be undone."""


class SettingsError(ScorekeeperError):
    """A setting with a value the board does not support, or an unreadable settings file."""


class StorageError(ScorekeeperError):
    """A file operation of the keeper failed (the flash is full or failing): nothing changed.
    ``errno`` is the OSError's (0 if it had none). Only the keeper's own file operations
    raise it: an OSError from anywhere else is a bug, not a refusal."""

    def __init__(self, exc):
        code = exc.args[0] if exc.args else 0
        super().__init__("flash write failed ({}): nothing changed".format(code))
        self.errno = code if isinstance(code, int) else 0


class LogError(ScorekeeperError):
    """A game log that cannot be read (wrong file, unknown version, damaged header)."""
