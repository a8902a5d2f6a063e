"""PicoPeg's scorekeeper: games, matches, undo, statistics and power-cut-safe persistence.

Pure Python, the same on CPython and MicroPython; the caller passes in the file operations
and the clock. The board app uses ``Keeper`` (keeper.py); the log format and the flash-wear
figures are in FORMAT.md.

    from scorekeeper import Keeper, FileOps, HAND
    k = Keeper("/state", FileOps(), clock=time.time)

SPDX-License-Identifier: MIT
"""

from scorekeeper.errors import (
    BadSide,
    ImpossibleCount,
    LogError,
    NothingToUndo,
    OutOfTurn,
    ScorekeeperError,
    ScoreRefused,
    SettingsError,
    StorageError,
)
from scorekeeper.events import (
    CARD,
    CORRECTION,
    CRIB,
    GO,
    HAND,
    HEELS,
    MUGGINS,
    PLAY,
    REASONS,
    SIDE_NAMES,
    START,
)
from scorekeeper.fileops import FileOps
from scorekeeper.keeper import Keeper
from scorekeeper.ruletable import ACC_POINTS, HOME_POINTS
from scorekeeper.settings import Settings

__version__ = "0.1.0"
