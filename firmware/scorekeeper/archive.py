"""The archive of finished games: the results of the last MAX won games, kept on the board
when a new game starts (the game log holds only the game under way).

    entries = load(fs, path)     # [Entry], oldest first; [] on a board that has none yet
    add(fs, path, game, now)     # a won game's result joins (the oldest beyond MAX go)
    drop(fs, path, game)         # restore_game: the game is back in play, its result goes

    file   = b"PicoArc" version(1: 3) record*       (framed as the game log's, FORMAT.md)
    record = length seq type("R") payload crc

The payload (97 bytes) is the game's start record as the log has it (events.pack_game: first
dealer, game points table, start time, the rules word, the sides' names), then end time u32,
play time u32 (seconds), winner, skunk level, game points won, deals u8 each, and the final
scores A-D u16x4 (all little-endian). Version 2 (33 bytes: the start record of log version 5,
without names) and version 1 (32 bytes: that of log versions 1-4, oldgame.py) are read too,
and written in version 3 at the next write. The file is always written whole (temp
file and rename), so a power cut leaves the old archive or the new one; start-up's ``take_tmp``
finishes a rename that was cut short. A damaged record ends what is read, as in the log.
The game record with the result (not the end or play time) is the entry's identity: a game
archived again (the power failed between the archive's write and the new game's) replaces
its entry, so it is never counted twice.
SPDX-License-Identifier: MIT
"""

import struct

from compat import const

from scorekeeper import events
from scorekeeper.atomic import set_aside, take_tmp, write_atomic
from scorekeeper.errors import LogError, ScorekeeperError
from scorekeeper.log import frame, scan
from scorekeeper.match import game_points
from scorekeeper.settings import Settings

MAGIC = b"PicoArc"
VERSION = 3  # the game record of log version 6; versions 1 (oldgame.py) and 2 are read too
HEADER = MAGIC + bytes((VERSION,))
_REC_RESULT = const(0x52)  # "R"
MAX = 64  # games kept (the issue asks for at least 50)
_GAME = events.GAME_SIZE  # the start record's bytes (events.pack_game)
_V1_GAME = const(12)  # ... in version 1
_V2_GAME = events.GAME_V5  # ... in version 2 (no names)
_FMT = "<IIBBBBHHHH"  # end, seconds, winner, skunk, game points, deals, scores A-D
_RESULT = const(20)  # its bytes
PAYLOAD = _GAME + _RESULT  # 97
_SIZES = (
    {},
    {_REC_RESULT: _V1_GAME + _RESULT},
    {_REC_RESULT: _V2_GAME + _RESULT},
    {_REC_RESULT: PAYLOAD},
)  # type: tuple[dict[int, int], ...]
_U8 = const(0xFF)


class Entry:
    """One finished game: its settings (a Settings), first dealer, start and end (clock
    seconds), the sides' names, play time, winner, skunk level, game points won, deals and
    final scores."""

    def __init__(self, payload):
        self.cfg = Settings()
        head = events.unpack_game(bytes(payload[:_GAME]), self.cfg)
        self.first_dealer, self.start, self.names = head
        v = struct.unpack_from(_FMT, payload, _GAME)
        self.end, self.seconds, self.winner, self.skunk, self.game_points, self.deals = v[:6]
        self.scores = list(v[6 : 6 + self.cfg.sides])
        if self.winner >= self.cfg.sides:
            raise ScorekeeperError("archived game names winner {}".format(self.winner))

    @property
    def sides(self):
        return self.cfg.sides


def pack(game, now):
    """The payload of a won game's entry, ended at clock second now."""
    s = game.scores
    return events.pack_game(game.cfg, game.first_dealer, game.start, game.names) + struct.pack(
        _FMT, now & 0xFFFFFFFF, min(game.seconds, 0xFFFFFFFF), game.winner, game.skunk,
        game_points(game), min(game.deals + 1, _U8), s[0], s[1], s[2], s[3],
    )  # fmt: skip


def _same(a, b):
    """True when payloads a and b are the same game (start record and result)."""
    return a[:_GAME] == b[:_GAME] and a[_GAME + 8 :] == b[_GAME + 8 :]


def _version(data):
    """The version of data's archive header, or 0 when it is none this firmware reads."""
    if data is None or len(data) < len(HEADER) or bytes(data[: len(MAGIC)]) != MAGIC:
        return 0
    v = data[len(MAGIC)]
    return v if 1 <= v <= VERSION else 0


def _payloads(data):
    """The payloads of data's good records, in this version's layout ([] for a file that is
    no archive)."""
    v = _version(data)
    if not v:
        return []
    records, _good = scan(data, _SIZES[v], 0, len(HEADER))
    size = _SIZES[v][_REC_RESULT]
    out = [bytes(data[off : off + size]) for _t, off in records]
    return out if v == VERSION else _upgrade(out, v)


def _upgrade(old, version):
    """Payloads of an older version with their game record in this version's layout, up to
    one that cannot be read (as a damaged record ends what is read)."""
    size = _V1_GAME if version == 1 else _V2_GAME
    out = []
    for p in old:
        cfg = Settings()
        try:
            dealer, start, names = events.unpack_game(p[:size], cfg, 4 if version == 1 else 5)
        except ScorekeeperError:
            break
        out.append(events.pack_game(cfg, dealer, start, names) + p[size:])
    return out


def is_archive(data):
    """True when data is a whole archive (a finished write)."""
    v = _version(data)
    if not v:
        return False
    try:
        _records, good = scan(data, _SIZES[v], 0, len(HEADER))
    except LogError:
        return False
    return good == len(data)


def load(fs, path):
    """The archived games, oldest first."""
    take_tmp(fs, path, is_archive)
    out = []
    for p in _payloads(fs.read(path)):
        try:
            out.append(Entry(p))
        except ScorekeeperError:
            break  # a record that passed its CRC by chance: what came before stands
    return out


def _write(fs, path, payloads):
    data = fs.read(path)
    if data is not None and not is_archive(data) and not _payloads(data):
        set_aside(fs, path)  # not an archive this firmware reads: kept, never overwritten
    parts = [HEADER]
    for i in range(len(payloads)):
        parts.append(frame(i, _REC_RESULT, payloads[i]))
    write_atomic(fs, path, b"".join(parts))


def add(fs, path, game, now):
    """Archive the won game (its entry replaces one of the same game); keep the last MAX."""
    take_tmp(fs, path, is_archive)
    new = pack(game, now)
    kept = [p for p in _payloads(fs.read(path)) if not _same(p, new)]
    kept.append(new)
    _write(fs, path, kept[-MAX:])


def drop(fs, path, game):
    """Take the game's entry out (it is back in play); True if it was there."""
    take_tmp(fs, path, is_archive)
    key = pack(game, 0)
    old = _payloads(fs.read(path))
    kept = [p for p in old if not _same(p, key)]
    if len(kept) == len(old):
        return False
    _write(fs, path, kept)
    return True
