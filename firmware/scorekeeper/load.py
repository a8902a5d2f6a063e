"""Start-up: read the settings and replay the game log, repairing what a power cut left.

    settings = load_settings(fs, path, notes)
    found = load_log(fs, path, notes)    # a Loaded (found.game, found.seq, ...), or None

Damage is never fatal and never silent: a file that cannot be read is renamed aside
(``game.bad1``), a torn or corrupt tail is dropped, and a line for the player is appended
to ``notes``: a pair (the whole story, and a short form of whole words for the board's
16-column display).
SPDX-License-Identifier: MIT
"""

from scorekeeper import events
from scorekeeper.atomic import set_aside, take_tmp
from scorekeeper.errors import LogError, ScorekeeperError, SettingsError
from scorekeeper.events import (
    GAME_SIZE,
    GAME_V5,
    MATCH_SIZE,
    REC_CARD,
    REC_COUNT,
    REC_DEAL,
    REC_GAME,
    REC_MATCH,
    REC_PEG,
    REC_SHOW,
    REC_STATS,
    REC_TIME,
    REC_UNDO,
    STATS_SIZE,
    STATS_V1,
    unpack_time,
)
from scorekeeper.game import Game
from scorekeeper.log import HEADER, VERSION, check_header, scan, seq_at
from scorekeeper.settings import Settings, decode

# Every record type with its payload size and the log version it came in; a later row of a
# type is its size from that version on (FORMAT.md's table). A new record type is one row.
RECORDS = (
    (REC_MATCH, MATCH_SIZE, 1),
    (REC_STATS, STATS_V1, 1),
    (REC_GAME, 12, 1),  # oldgame.py's layout: read only on an upgraded board
    (REC_PEG, 6, 1),
    (REC_DEAL, 3, 1),
    (REC_UNDO, 0, 1),
    (REC_STATS, STATS_SIZE, 2),  # his heels joined the totals
    (REC_CARD, 6, 2),
    (REC_TIME, 2, 2),
    (REC_SHOW, 2, 3),
    (REC_COUNT, 10, 4),
    (REC_GAME, GAME_V5, 5),  # the rules word (ruletable.RULES)
    (REC_GAME, GAME_SIZE, 6),  # the sides' names (names.py)
)


def _sizes(version):
    out = {}
    for rtype, size, since in RECORDS:
        if since <= version:
            out[rtype] = size
    return out


# By version (there is no version 0).
SIZES = tuple(_sizes(v) for v in range(VERSION + 1))  # type: tuple[dict[int, int], ...]
HEAD = 3  # match, stats and game-start records open every log


def load_settings(fs, path, notes):
    """The saved settings, or the defaults (an unreadable file is set aside)."""
    take_tmp(fs, path, _settings_ok)
    data = fs.read(path)
    if data is None:
        return Settings()
    try:
        return decode(data)
    except SettingsError as e:
        name = set_aside(fs, path)
        notes.append(("settings unreadable ({}): set aside as {}; using defaults"
                      .format(e, _base(name)), "settings reset"))  # fmt: skip
        return Settings()


class Loaded:
    """What ``load_log`` found: the totals, the game, and where the files stand.

    ``totals`` is the match and stats records as they are in the log: (match payload, stats
    payload, the stats payload's size), unpacked where they are first used (the keeper), so
    that match.py and stats.py are not read before the first frame.

    ``size`` is the log's length, or -1 when the log must be rewritten before anything is
    appended: it was damaged, a fold was cut short, or it is an older version (this firmware
    appends records of its own version only). ``jsize`` is the journal's length appends may
    carry on from (0: write a new journal); ``jfile``, whether a journal file is there."""

    def __init__(self, totals, game, *, seq, size, jsize, jfile, ckseq=-1):
        self.totals = totals
        self.game = game
        self.seq = seq  # the next record's number
        self.size = size
        self.jsize = jsize
        self.jfile = jfile
        self.ckseq = ckseq  # the number after the checkpoint's last record; -1: none used


def load_log(fs, path, notes, jpath=None, cpath=None):
    """A ``Loaded``, or None to start fresh: the log's records, then the journal's (jpath)
    that carry them on (``join_journal``), replayed; from the checkpoint (cpath) on when it
    belongs to this log (checkpoint.py), so that only the records after it are replayed."""
    take_tmp(fs, path, is_log)
    data = fs.read(path)
    if data is None:
        _no_log_for(fs, jpath, notes)
        return None
    try:
        version = check_header(data)
        sizes = SIZES[version]
        records, good = scan(data, sizes, -1, -1, HEAD)  # the header records
        totals, game = _read_head(data, records, version)
    except (LogError, ScorekeeperError) as e:
        name = set_aside(fs, path)
        notes.append(("game log unreadable ({}): set aside as {}; starting fresh"
                      .format(e, _base(name)), "log set aside: new game"))  # fmt: skip
        _no_log_for(fs, jpath, notes)
        return None
    first = seq_at(data, len(HEADER))
    at = _checkpoint(fs, cpath, data, game) if version == VERSION else None
    if at is None:  # every record from the start
        records, good = scan(data, sizes)
        covered = 0
    else:  # the records after the checkpoint's
        tail, good = scan(data, sizes, at[1], at[0])
        records.extend(tail)
        covered = ((at[1] - first) & 0xFFFF) - HEAD  # event (and time) records it holds
    seq = first + covered + len(records)
    size = len(data)
    dropped = size - good
    jsize = 0
    jdata = fs.read(jpath) if jpath is not None and version >= 2 else None
    if jdata is not None:  # the journal's module is loaded only when there is one
        from scorekeeper.journal import join_journal

        log = (data, records, good, seq)
        data, good, seq, dropped, jsize = join_journal(fs, jpath, jdata, log, sizes=sizes,
                                                       notes=notes, version=version)  # fmt: skip
    elif dropped:
        jsize = -1
    jfile = jdata is not None and fs.exists(jpath)  # (unless it was set aside)
    joined = good
    kept, good, refused = _replay(game, data, records, good, sizes)
    kept += covered
    dropped += joined - good
    seq &= 0xFFFF
    if not dropped and not refused and jsize >= 0:
        if version < VERSION:  # an upgraded board: rewritten in this version before appending
            return Loaded(totals, game, seq=seq, size=-1, jsize=0, jfile=jfile)
        return Loaded(totals, game, seq=seq, size=size, jsize=jsize, jfile=jfile,
                      ckseq=-1 if at is None else at[1])  # fmt: skip
    if dropped or refused:
        note = "recovered {} events; dropped ".format(kept)
        if dropped:
            note += "{} damaged bytes".format(dropped)
            short = "kept {} events, lost {} bytes".format(kept, dropped)
        else:
            note += "{} events that break the rules".format(refused)
            short = "kept {} events, dropped {}".format(kept, refused)
        notes.append((note, short))
    return Loaded(totals, game, seq=seq, size=-1, jsize=0, jfile=jfile)


def _no_log_for(fs, jpath, notes):
    """A journal without its log (set aside, or gone) carries on nothing: set it aside too,
    so that no record of it can pass for one of the new log."""
    if jpath is not None and fs.exists(jpath):
        name = set_aside(fs, jpath)
        notes.append(("journal without its game log: set aside as {}".format(_base(name)),
                      "journal set aside"))  # fmt: skip


def _checkpoint(fs, cpath, data, game):
    """(bytes, next number) of the log that the checkpoint at cpath holds, with game filled
    from it; None (game untouched) when there is none that belongs to this log."""
    ck = fs.read(cpath) if cpath is not None else None
    if ck is None:
        return None
    from scorekeeper.checkpoint import restore

    return restore(ck, data, game)


def _read_head(data, records, version):
    """The first records: (the totals, as Loaded.totals, and the Game they start)."""
    sizes = SIZES[version]
    if len(records) < HEAD or [r[0] for r in records[:HEAD]] != [REC_MATCH, REC_STATS, REC_GAME]:
        raise LogError("game log has no complete header")
    totals = (_payload(data, records[0], sizes), _payload(data, records[1], sizes),
              sizes[REC_STATS])  # fmt: skip
    cfg = Settings()
    dealer, start, names = events.unpack_game(_payload(data, records[2], sizes), cfg, version)
    return totals, Game(cfg, dealer, start, names)


def _replay(game, data, records, good, sizes):
    """Apply the event records of a scanned log; return (records kept, good length, refused).

    Undo records cancel the event before them, so the events still standing are gathered
    first (read in place from data, one pass) and applied once each by ``Game.replay`` (no
    replay per undo). Replay stops at an undo with nothing to undo, at a record that is not
    an event, or (with the events after it) at an event the rules refuse: such a record
    passed its CRC by chance, or was written by a bug; the good prefix stands. TIME records
    (play time without an event) go to the game as found.
    """
    stack = []
    kept = len(records) - HEAD
    unpack = events.unpack
    for i in range(HEAD, len(records)):
        rtype, off = records[i]
        # == chains, not `in (...)`: MicroPython builds a tuple of names every time.
        if (rtype == REC_PEG or rtype == REC_CARD or rtype == REC_DEAL  # noqa: PLR1714
                or rtype == REC_SHOW or rtype == REC_COUNT):  # fmt: skip
            stack.append(unpack(rtype, data, off))
        elif rtype == REC_UNDO and stack:
            stack.pop()
        elif rtype == REC_UNDO and game.events:  # (from a checkpoint: the stack is empty)
            game.pop()
        elif rtype == REC_TIME:
            game.add_time(unpack_time(data, off))
        else:  # M, S and G open the file and are never appended: one here is damage
            good = off - 4
            kept = i - HEAD
            break
    applied = game.replay(stack)
    return kept, good, len(stack) - applied


def _payload(data, record, sizes):
    rtype, off = record
    return bytes(data[off : off + sizes[rtype]])


def _base(path):
    return path.rsplit("/", 1)[-1]


def _settings_ok(data):
    try:
        decode(data, need_crc=True)
        return True
    except SettingsError:
        return False


def is_log(data):
    """True when data is a whole, undamaged game log (a finished write)."""
    try:
        records, good = scan(data, SIZES[check_header(data)])
    except LogError:
        return False
    return good == len(data) and len(records) >= HEAD
