"""Statistics kept across games and power cycles, per side slot (A-D).

Per slot: games finished and won, skunks (any level) and double skunks given and taken,
best hand and best crib entered, hands counted and their points (the average hand), and (log
version 2) his heels pegged. For the board: games finished and seconds of play. A game adds
its show statistics as it goes (they are derived from its events, so undo takes them back);
its result counts only once it has been won. An abandoned game adds its counts and time, not
a result.
SPDX-License-Identifier: MIT
"""

import struct

from compat import const

from scorekeeper.events import STATS_SIZE as PAYLOAD_SIZE
from scorekeeper.events import STATS_V1 as PAYLOAD_V1

_SLOT_FMT = "<HHHHHHBBHI"  # games wins sk_given sk_taken dbl_given dbl_taken best best_crib
_SLOT_SIZE = const(20)  # hands hand_points
_BOARD_FMT = "<HI"  # games finished, seconds played
_HEELS_FMT = "<HHHH"  # version 2: his heels pegged, per slot
_U16 = const(0xFFFF)


def _add(a, b, top=_U16):
    return min(a + b, top)


class Stats:
    """Counters per slot in lists of 4; ``finished`` and ``seconds`` for the whole board."""

    NAMES = ("games", "wins", "skunks_given", "skunks_taken", "doubles_given",
             "doubles_taken", "best_hand", "best_crib", "hands", "hand_points")  # fmt: skip
    EXTRA = ("heels",)  # version 2
    # The counters __init__ makes from NAMES and EXTRA, declared for mypy (MicroPython
    # compiles a bare annotation to nothing).
    games: list[int]
    wins: list[int]
    skunks_given: list[int]
    skunks_taken: list[int]
    doubles_given: list[int]
    doubles_taken: list[int]
    best_hand: list[int]
    best_crib: list[int]
    hands: list[int]
    hand_points: list[int]
    heels: list[int]

    def __init__(self):
        for name in self.NAMES + self.EXTRA:
            setattr(self, name, [0, 0, 0, 0])
        self.finished = 0
        self.seconds = 0

    def copy(self):
        s = Stats()
        for name in self.NAMES + self.EXTRA:
            setattr(s, name, list(getattr(self, name)))
        s.finished = self.finished
        s.seconds = self.seconds
        return s

    def add_game(self, game):
        """Add a game's show counts and time, and its result if it has been won."""
        for s in range(game.sides):
            self.hands[s] = _add(self.hands[s], game.hands[s])
            self.hand_points[s] = _add(self.hand_points[s], game.hand_points[s], 0xFFFFFFFF)
            self.best_hand[s] = max(self.best_hand[s], game.best_hand[s])
            self.best_crib[s] = max(self.best_crib[s], game.best_crib[s])
            self.heels[s] = _add(self.heels[s], game.heels_pegged[s])
        self.seconds = _add(self.seconds, game.seconds, 0xFFFFFFFF)
        if game.winner < 0:
            return
        self.finished = _add(self.finished, 1)
        w = game.winner
        self.wins[w] = _add(self.wins[w], 1)
        level = game.skunk  # the game's: given once, taken by every loser (docs/RULES.md)
        if level:
            self.skunks_given[w] = _add(self.skunks_given[w], 1)
        if level >= 2:
            self.doubles_given[w] = _add(self.doubles_given[w], 1)
        for s in range(game.sides):
            self.games[s] = _add(self.games[s], 1)
            if s == w:
                continue
            if level:
                self.skunks_taken[s] = _add(self.skunks_taken[s], 1)
            if level >= 2:
                self.doubles_taken[s] = _add(self.doubles_taken[s], 1)

    def without(self, slot):
        """A copy with one side slot's counters cleared (the board's totals stay)."""
        s = self.copy()
        for name in self.NAMES + self.EXTRA:
            getattr(s, name)[slot] = 0
        return s

    def average_hand_tenths(self, slot):
        """The average hand count in tenths of a point (rounded), 0 before any hand."""
        n = self.hands[slot]
        return (self.hand_points[slot] * 10 + n // 2) // n if n else 0

    def pack(self):
        out = bytearray(PAYLOAD_SIZE)
        for s in range(4):
            struct.pack_into(_SLOT_FMT, out, s * _SLOT_SIZE,
                             *[getattr(self, name)[s] for name in self.NAMES])  # fmt: skip
        struct.pack_into(_BOARD_FMT, out, 4 * _SLOT_SIZE, self.finished, self.seconds)
        struct.pack_into(_HEELS_FMT, out, PAYLOAD_V1, *self.heels)
        return bytes(out)

    def unpack(self, data, offset, size=PAYLOAD_SIZE):
        """Read a payload of ``size`` bytes: 86 (version 1, no heels) or 94."""
        for s in range(4):
            v = struct.unpack_from(_SLOT_FMT, data, offset + s * _SLOT_SIZE)
            for i in range(len(self.NAMES)):
                getattr(self, self.NAMES[i])[s] = v[i]
        self.finished, self.seconds = struct.unpack_from(_BOARD_FMT, data, offset + 4 * 20)
        if size >= PAYLOAD_SIZE:
            self.heels = list(struct.unpack_from(_HEELS_FMT, data, offset + PAYLOAD_V1))

    def snapshot(self):
        out = []
        for name in self.NAMES + self.EXTRA:
            out.extend(getattr(self, name))
        return tuple(out) + (self.finished, self.seconds)
