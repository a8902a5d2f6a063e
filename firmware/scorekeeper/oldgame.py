"""The game record of log versions 1-4 (and of the archive's version 1), read once when a
board upgraded from an older firmware boots: the log is then rewritten in this version.

    payload = first dealer u8, players u8, flags u8, target u8, game points u8 x4, start u32

Flag bit i holds the i-th rule of _FLAGS as its value's place in the rule's values
(ruletable.RULES): partnerships, five-card game, muggins, triple skunk, stinkhole, finish
the hand; version 2 added the five-card game keeping 4 and Bicycle's three-player go. Other
bits make the record unreadable. (History: never changes; FORMAT.md, "Versions".)
SPDX-License-Identifier: MIT
"""

import struct

from scorekeeper.errors import ScorekeeperError
from scorekeeper.ruletable import NAMES, RULES

_FMT = "<BBBBBBBBI"
SIZE = 12
_FLAGS = ("partners", "five_card", "muggins", "triple_skunk", "stinkhole", "finish_hand",
          "five_keep", "three_go")  # fmt: skip
_V1_FLAGS = 6  # version 1 has the first six


def unpack_old_game(payload, settings, version):
    """Fill settings from a version 1-4 game record; return (dealer, start)."""
    dealer, players, flags, target, p0, p1, p2, p3, start = struct.unpack(_FMT, payload)
    if flags >> (_V1_FLAGS if version < 2 else len(_FLAGS)):
        raise ScorekeeperError("game record has unknown flags")
    settings.set("players", players)
    settings.set("target", target)
    for i in range(len(_FLAGS)):
        name = _FLAGS[i]
        settings.set(name, RULES[NAMES.index(name)][1][(flags >> i) & 1])
    settings.set("game_points", (p0, p1, p2, p3))
    return dealer, start
