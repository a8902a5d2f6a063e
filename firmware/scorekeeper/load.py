"""Start-up: read the settings and replay the game log, repairing what a power cut left.

    settings = load_settings(fs, path, notes)
    found = load_log(fs, path, notes)    # None: start fresh

Damage is never fatal and never silent: a file that cannot be read is renamed aside
(``game.bad1``), a torn or corrupt tail is dropped, and a line for the player is appended
to ``notes``.
SPDX-License-Identifier: MIT
"""

from scorekeeper import events
from scorekeeper.atomic import set_aside, take_tmp
from scorekeeper.errors import LogError, ScorekeeperError, SettingsError
from scorekeeper.events import REC_DEAL, REC_GAME, REC_PEG, REC_UNDO, UNDO
from scorekeeper.game import Game
from scorekeeper.log import scan
from scorekeeper.match import PAYLOAD_SIZE as MATCH_SIZE
from scorekeeper.match import REC_MATCH, Match
from scorekeeper.settings import Settings, decode
from scorekeeper.stats import PAYLOAD_SIZE as STATS_SIZE
from scorekeeper.stats import REC_STATS, Stats

# Payload size of every record type of format version 1 (see FORMAT.md).
SIZES = {REC_MATCH: MATCH_SIZE, REC_STATS: STATS_SIZE, REC_GAME: 12, REC_PEG: 6, REC_DEAL: 3,
         REC_UNDO: 0}  # fmt: skip
HEAD = 3  # match, stats and game-start records open every log
_EVENT_RECORDS = (REC_PEG, REC_DEAL, REC_UNDO)  # what may follow them


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
        notes.append("settings unreadable ({}): set aside as {}; using defaults"
                     .format(e, _base(name)))  # fmt: skip
        return Settings()


def load_log(fs, path, notes):
    """(match, stats, game, records in the file, file size), or None to start fresh.

    Records is -1 when the file must be rewritten before anything is appended to it.
    """
    take_tmp(fs, path, _log_ok)
    data = fs.read(path)
    if data is None:
        return None
    match = Match()
    stats = Stats()
    try:
        records, good = scan(data, SIZES)
        game = _read_head(data, records, match, stats)
    except (LogError, ScorekeeperError) as e:
        name = set_aside(fs, path)
        notes.append("game log unreadable ({}): set aside as {}; starting fresh"
                     .format(e, _base(name)))  # fmt: skip
        return None
    kept, good, refused = _replay(game, data, records, good)
    if good == len(data) and not refused:
        return match, stats, game, len(records), len(data)
    note = "recovered {} events; dropped ".format(kept)
    if good < len(data):
        note += "{} damaged bytes".format(len(data) - good)
    else:
        note += "{} events that break the rules".format(refused)
    notes.append(note)
    return match, stats, game, -1, 0


def _read_head(data, records, match, stats):
    """Fill match and stats from the first records; return the Game they start."""
    if len(records) < HEAD or [r[0] for r in records[:HEAD]] != [REC_MATCH, REC_STATS, REC_GAME]:
        raise LogError("game log has no complete header")
    match.unpack(data, records[0][1])
    stats.unpack(data, records[1][1])
    cfg = Settings()
    dealer, start = events.unpack_game(_payload(data, records[2]), cfg)
    return Game(cfg, dealer, start)


def _replay(game, data, records, good):
    """Apply the event records of a scanned log; return (records kept, good length, refused).

    Undo records cancel the event before them, so the events still standing are gathered
    first and applied once each (no replay per undo). Replay stops at an undo with nothing
    to undo, at a record that is not an event, or (with the events after it) at an event
    the rules refuse: such a record passed its CRC by chance, or was written by a bug; the
    good prefix stands.
    """
    stack = []
    kept = len(records) - HEAD
    for i in range(HEAD, len(records)):
        rtype = records[i][0]
        # M, S and G open the file and are never appended: one among the events is damage.
        if rtype not in _EVENT_RECORDS or (rtype == REC_UNDO and not stack):
            good = records[i][1] - 4
            kept = i - HEAD
            break
        ev = events.unpack(rtype, _payload(data, records[i]))
        if ev[0] == UNDO:
            stack.pop()
        else:
            stack.append(ev)
    for i in range(len(stack)):
        try:
            game.apply(stack[i])
        except ScorekeeperError:
            return kept, good, len(stack) - i
    return kept, good, 0


def _payload(data, record):
    rtype, off = record
    return bytes(data[off : off + SIZES[rtype]])


def _base(path):
    return path.rsplit("/", 1)[-1]


def _settings_ok(data):
    try:
        decode(data, need_crc=True)
        return True
    except SettingsError:
        return False


def _log_ok(data):
    try:
        records, good = scan(data, SIZES)
    except LogError:
        return False
    return good == len(data) and len(records) >= HEAD
