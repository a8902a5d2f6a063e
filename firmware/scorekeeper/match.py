"""The match: games won and game points per side, carried from game to game.

Game points come from the game's table ``(win, skunk, double, triple)`` indexed by the
game's skunk level (ACC: 2 for a win, 3 for a skunk; see settings.ACC_POINTS). The tally
lives in the log's match record; a game joins it once it has a winner.
SPDX-License-Identifier: MIT
"""

import struct

from compat import const

_FMT = "<8H"  # the log's match record (events.REC_MATCH, events.MATCH_SIZE bytes)
_MAX = const(0xFFFF)


class Match:
    """Games won and game points of the (up to 4) side slots."""

    def __init__(self):
        self.games = [0, 0, 0, 0]
        self.points = [0, 0, 0, 0]

    def copy(self):
        m = Match()
        m.games = list(self.games)
        m.points = list(self.points)
        return m

    def add_game(self, game):
        """Count a won game (a game without a winner changes nothing)."""
        if game.winner < 0:
            return
        w = game.winner
        self.games[w] = min(self.games[w] + 1, _MAX)
        self.points[w] = min(self.points[w] + game_points(game), _MAX)

    def pack(self):
        return struct.pack(_FMT, *(self.games + self.points))

    def unpack(self, data, offset):
        v = struct.unpack_from(_FMT, data, offset)
        self.games = list(v[0:4])
        self.points = list(v[4:8])

    def snapshot(self):
        return tuple(self.games) + tuple(self.points)


def game_points(game):
    """The winner's game points for a won game, from the game's own table."""
    if game.winner < 0:
        return 0
    return game.cfg.game_points[game.skunk]
