"""The checkpoint (game.ckp): a game's state folded up to a point of its log, so that start-up
replays only the records after that point (FORMAT.md, "The checkpoint").

    data = encode(game, log_bytes, seq)   # the state after every record of log_bytes
    at = restore(data, log_bytes, game)   # (size, seq) it covers, game filled; or None
    ckseq = write(fs, path, game, log)    # after a fold (the keeper: when one is due)

It is derived data: the log stays the one record of the game. A checkpoint is used only when
it is whole (its own CRC) and belongs to this very log: the log's first ``size`` bytes have
the CRC it holds, and its first record the number it holds (a rewritten log numbers on from
the last record written, so no older log's checkpoint can pass). Anything else (torn, damaged,
stale, of another firmware's layout) is ignored and the whole log is replayed, as without one.
So no write of it needs to be atomic, and a power cut anywhere in it loses nothing.
SPDX-License-Identifier: MIT
"""

import struct

from compat import const

from scorekeeper.crc import crc16
from scorekeeper.evlist import EventList

MAGIC = b"PicoCkp\x02"  # the magic and this layout's version (2: the counts' cards)
_HEAD = "<IHHH"  # log bytes covered, first record's number, next record's number, their CRC
_HEAD_SIZE = const(10)
# The state that the events fold into (scorekeeper/game.py), every value an i32. A layout
# that differs (a firmware with more or fewer fields) is not this one: ignored, replayed.
INTS = ("dealer", "deals", "pegs", "winner", "at_win", "counted", "fixed", "hand_gos",
        "seconds", "kept")  # fmt: skip
FLAGS = ("heels", "over", "flagged", "play_begun", "show")
LISTS = ("scores", "front", "back", "hands", "hand_points", "best_hand", "best_crib",
         "heels_pegged", "moved")  # fmt: skip
N_VALUES = len(INTS) + len(FLAGS) + 4 * len(LISTS)
_EVENT = const(8)  # evlist.EventList's bytes an event


def write(fs, path, game, log):
    """After a fold (the journal empty, game the fold of the whole log file): write the
    checkpoint; return the number after its last record, or -1 if none was written (a
    failed write is no failure: boot replays more without it)."""
    try:
        data = fs.read(log.path)
        if data is None or len(data) != log.size:
            return -1
        head = struct.pack(_HEAD, len(data), _seq(data, 8), log.seq, crc16(data))
        data = None  # (the log's bytes go before the checkpoint's are built: a smaller peak)
        fs.write(path, encode(game, head))
    except OSError:  # derived data: the log holds the game whole
        return -1
    return log.seq


def encode(game, log, seq=None):
    """The checkpoint of game, whose state is the fold of every record in log (bytes, a
    whole log: the keeper's just after a fold; seq is the number of the log's next record),
    or of the log whose head (bytes covered, first record's number, seq, their CRC: _HEAD)
    is given in its place with seq None."""
    if seq is not None:
        log = struct.pack(_HEAD, len(log), _seq(log, 8), seq, crc16(log))
    vals = [getattr(game, n) for n in INTS]
    for n in FLAGS:
        vals.append(1 if getattr(game, n) else 0)
    for n in LISTS:
        vals.extend(getattr(game, n))
    cards = game.hand_cards
    evs = game.events.raw()
    counted = game.events.raw_cards()
    parts = [
        MAGIC,
        log,
        struct.pack("<H", N_VALUES), struct.pack("<%di" % N_VALUES, *vals),
        bytes((len(cards),)), bytes(cards),
        struct.pack("<H", len(evs) // _EVENT), evs,
        struct.pack("<H", len(counted) // 4), counted,
    ]  # fmt: skip
    c = 0xFFFF
    for p in parts:  # the CRC over the parts as they are: the file is built once, not twice
        c = crc16(p, crc=c)
    parts.append(bytes((c & 0xFF, c >> 8)))
    return b"".join(parts)


def restore(data, log, game):
    """Fill game (fresh from the log's header records) from the checkpoint data if it is
    whole and covers a prefix of log; return (bytes covered, the next record's number), or
    None (game untouched): replay the whole log."""
    n = len(data)
    h = len(MAGIC)
    if n < h + _HEAD_SIZE + 6 or bytes(data[0:h]) != MAGIC:
        return None
    if data[n - 2] | (data[n - 1] << 8) != crc16(data, 0, n - 2):
        return None
    size, first, seq, logcrc = struct.unpack_from(_HEAD, data, h)
    if size > len(log) or size < 11 or _seq(log, 8) != first or crc16(log, 0, size) != logcrc:
        return None
    pos = h + _HEAD_SIZE
    if struct.unpack_from("<H", data, pos)[0] != N_VALUES:
        return None
    vals = struct.unpack_from("<%di" % N_VALUES, data, pos + 2)
    pos += 2 + 4 * N_VALUES
    ncards = data[pos]
    cards = data[pos + 1 : pos + 1 + ncards]
    pos += 1 + ncards
    nev = data[pos] | (data[pos + 1] << 8) if pos + 2 <= n else -1
    pos += 2
    at = pos + nev * _EVENT  # the counts' cards: count u16, 4 bytes each
    ncounted = data[at] | (data[at + 1] << 8) if 0 <= at and at + 2 <= n else -1
    if ncounted < 0 or at + 2 + 4 * ncounted != n - 2 or not _sane(vals, game):
        return None
    with_cards = 0  # the events whose cards are kept (evlist.py: PEG, card code 1)
    for off in range(pos, at, _EVENT):
        if data[off] == 1 and data[off + 3] == 1:
            with_cards += 1
    if with_cards != ncounted:
        return None
    evs = EventList(raw=data[pos:at], cards=data[at + 2 : n - 2])
    i = 0
    for name in INTS:
        setattr(game, name, vals[i])
        i += 1
    for name in FLAGS:
        setattr(game, name, vals[i] != 0)
        i += 1
    for name in LISTS:
        lst = getattr(game, name)  # in place: the board holds these lists
        for j in range(4):
            lst[j] = vals[i + j]
        i += 4
    game.hand_cards[:] = list(cards)
    game.events = evs
    game.order = game.orders[game.dealer]
    game.find_next()  # next_slot, next_side, next_kind follow from the order and the counts
    return size, seq


def _sane(vals, game):
    """Values a game of these settings can have (a checkpoint that passed its CRC by chance
    is refused here rather than shown)."""
    dealer, winner = vals[0], vals[3]
    return 0 <= dealer < game.sides and -1 <= winner < game.sides


def _seq(log, pos):
    return log[pos + 1] | (log[pos + 2] << 8)
