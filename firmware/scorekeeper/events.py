"""Events: what changes a score, as small tuples and as log record payloads.

An event is a tuple of ints ``(kind, side, reason, points, dt)``, read by the named
indices ``EV_KIND`` .. ``EV_CODE`` (``ev[EV_POINTS]``, not ``ev[3]``):

    (PEG,  side, reason, points, dt)        side pegs points (negative only for a correction)
    (PEG,  side, reason, points, dt, cards) a count checked by count verify (version 4): HAND
                                            or CRIB, with its cards packed (``countcards.py``)
    (DEAL, dealer, 0, 0, dt)                the deal passes; dealer is the new dealer
    (CARD, side, reason, points, dt, code)  the pegging helper: a card (0-51) or a go
                                            (GO_CODE) played, and what it pegged (0: nothing)
    (SHOW, 0, 0, 0, dt)                     the hand's play is over: its show begins (``#``)
    (UNDO, 0, 0, 0, 0)                      cancels the last event still standing (log only)

dt is the seconds since the previous event (0-65535, only for play-time statistics). A CARD
event holds the card and its points in one record, so a power cut never separates them: the
keeper's log is the pegging helper's only store. The game's phase is in the log too: a hand
is in its show once a count is in or a SHOW event says so, and undo takes that back like any
entry. The start of a game is not an event tuple:
its record carries the game's settings (see ``pack_game``); play time that passed without an
event is a TIME record (see ``pack_time``). The text forms are ``eventtext``'s (PC tools).
SPDX-License-Identifier: MIT
"""

import struct

from compat import const

from scorekeeper.errors import ScorekeeperError
from scorekeeper.log import VERSION

# The fields of an event tuple. (const: inlined here; other modules read them as globals,
# and a hot loop binds them to locals first, as Game.replay does.)
EV_KIND = const(0)  # PEG, DEAL, CARD, SHOW or UNDO
EV_SIDE = const(1)  # the side that pegs (DEAL: the new dealer)
EV_REASON = const(2)  # why (PLAY ... START)
EV_POINTS = const(3)  # points pegged (a correction may be negative; CARD: 0 pegs nothing)
EV_DT = const(4)  # seconds since the previous event
EV_CODE = const(5)  # CARD only: the card 0-51, or GO_CODE
EV_CARDS = const(5)  # a count's PEG (6 fields) only: its cards, packed (countcards.py)

PEG = 1
DEAL = 2
UNDO = 3
CARD = 4
SHOW = 5  # version 3
GO_CODE = 52  # a CARD event's code for a go (0-51 are the cards)

# Why points were pegged. Stored in the log: never renumber (new ones need a new version).
PLAY = 0  # a card played: 15, 31, pair, run
GO = 1  # a go or last card
HAND = 2  # a hand counted in the show
CRIB = 3  # the crib counted in the show
HEELS = 4  # two for his heels (the starter is a jack)
MUGGINS = 5  # points an opponent missed, claimed under muggins
CORRECTION = 6  # a fix-up, may be negative, skips every check but "not below 0"
START = 7  # five-card game: the pone's "three for last" at the start of the game
REASONS = ("play", "go", "hand", "crib", "heels", "muggins", "correction", "start")

SIDE_NAMES = "ABCD"

# Record types (one byte in the log) and the payload layout of each (FORMAT.md).
REC_PEG = 0x50  # "P": side, reason, points (signed), dt
REC_DEAL = 0x44  # "D": dealer, dt
REC_UNDO = 0x55  # "U": empty
REC_GAME = 0x47  # "G": see pack_game
REC_CARD = 0x43  # "C" (version 2): code, side, reason, points, dt
REC_TIME = 0x54  # "T" (version 2): dt, play time that passed without an event
REC_SHOW = 0x48  # "H" (version 3): dt, the show (the hands' counts) begins
REC_COUNT = 0x4B  # "K" (version 4): a count with its cards: side, reason, points, dt, cards
# The totals that open every log (match.py, stats.py): their types and payload sizes are
# here, so that loading a log reads them without those modules (they load at first use).
REC_MATCH = 0x4D  # "M": match.Match
MATCH_SIZE = 16
REC_STATS = 0x53  # "S": stats.Stats
STATS_V1 = 86  # 4 slots of 20 bytes, then the board's 6
STATS_SIZE = 94  # version 2 on: then his heels, 4 x 2 bytes (what this firmware writes)
_PEG_FMT = "<BBhH"
_DEAL_FMT = "<BH"
_CARD_FMT = "<BBBBH"
_DT_FMT = "<H"
_COUNT_FMT = "<BBhHI"
_GAME_FMT = "<BBBBBBBBI"

# The game record (version 5): first dealer, game points x4, start time, the rules word
# (ruletable.RULES says where each rule's value is); version 6: then the sides' names, 16
# bytes of UTF-8 each, zero-padded (names.py checks them). Versions 1-4: oldgame.py.
_GAME_FMT = "<BBBBBII"
NAME_BYTES = const(16)
GAME_V5 = const(13)
GAME_SIZE = const(77)  # GAME_V5 + 4 * NAME_BYTES
NO_NAMES = ("", "", "", "")
_NO_NAMES = bytes(64)  # 4 * NAME_BYTES zeros: a game record with no names


def peg(side, points, reason=PLAY, dt=0):
    return (PEG, side, reason, points, dt)


def deal(dealer, dt=0):
    return (DEAL, dealer, 0, 0, dt)


def card(code, side=0, points=0, reason=PLAY, dt=0):
    return (CARD, side, reason, points, dt, code)


def show(dt=0):
    return (SHOW, 0, 0, 0, dt)


UNDO_EVENT = (UNDO, 0, 0, 0, 0)


def pack(ev):
    """(record type, payload bytes) of an event."""
    kind = ev[EV_KIND]
    if kind == PEG and len(ev) > 5:  # a count with its cards
        return REC_COUNT, struct.pack(_COUNT_FMT, ev[EV_SIDE], ev[EV_REASON], ev[EV_POINTS],
                                      clamp_dt(ev[EV_DT]), ev[EV_CARDS])  # fmt: skip
    if kind == PEG:
        return REC_PEG, struct.pack(_PEG_FMT, ev[EV_SIDE], ev[EV_REASON], ev[EV_POINTS],
                                    clamp_dt(ev[EV_DT]))  # fmt: skip
    if kind == DEAL:
        return REC_DEAL, struct.pack(_DEAL_FMT, ev[EV_SIDE], clamp_dt(ev[EV_DT]))
    if kind == CARD:
        return REC_CARD, struct.pack(_CARD_FMT, ev[EV_CODE], ev[EV_SIDE], ev[EV_REASON],
                                     ev[EV_POINTS], clamp_dt(ev[EV_DT]))  # fmt: skip
    if kind == SHOW:
        return REC_SHOW, struct.pack(_DT_FMT, clamp_dt(ev[EV_DT]))
    if kind == UNDO:
        return REC_UNDO, b""
    raise ScorekeeperError("not an event: {!r}".format(ev))


def pack_time(dt):
    """The payload of a TIME record: dt seconds of play without an event."""
    return struct.pack(_DT_FMT, clamp_dt(dt))


def unpack_time(payload, off=0):
    """The dt of a TIME record (its payload at data[off:])."""
    return struct.unpack_from(_DT_FMT, payload, off)[0]


def unpack(rtype, payload, off=0):
    """The event of a PEG, COUNT, DEAL, CARD, SHOW or UNDO record whose payload starts at
    payload[off] (payload size already checked): read in place, so replaying a log slices
    nothing."""
    if rtype == REC_PEG:
        side, reason, points, dt = struct.unpack_from(_PEG_FMT, payload, off)
        return (PEG, side, reason, points, dt)
    if rtype == REC_COUNT:
        side, reason, points, dt, cards = struct.unpack_from(_COUNT_FMT, payload, off)
        return (PEG, side, reason, points, dt, cards)
    if rtype == REC_DEAL:
        dealer, dt = struct.unpack_from(_DEAL_FMT, payload, off)
        return (DEAL, dealer, 0, 0, dt)
    if rtype == REC_CARD:
        code, side, reason, points, dt = struct.unpack_from(_CARD_FMT, payload, off)
        return (CARD, side, reason, points, dt, code)
    if rtype == REC_SHOW:
        return (SHOW, 0, 0, 0, struct.unpack_from(_DT_FMT, payload, off)[0])
    if rtype == REC_UNDO:
        return UNDO_EVENT
    raise ScorekeeperError("record type {} is not an event".format(rtype))


def pack_game(settings, dealer, start, names=NO_NAMES):
    """Payload of a game-start record: first dealer, the game's settings, start time, the
    sides' names."""
    from scorekeeper.ruletable import pack_word  # (not kept: see settings._rules)

    p = settings.game_points
    head = struct.pack(_GAME_FMT, dealer, p[0], p[1], p[2], p[3], start & 0xFFFFFFFF,
                       pack_word(settings))  # fmt: skip
    if names[0] or names[1] or names[2] or names[3]:  # (names.py: only a board given names)
        from scorekeeper.names import pack_names

        return head + pack_names(names)
    return head + _NO_NAMES


def unpack_game(payload, settings, version=VERSION):
    """Fill settings from a game record of that log version (checking every value);
    return (dealer, start, names)."""
    names = list(NO_NAMES)
    if version < 5:
        from scorekeeper.oldgame import unpack_old_game  # (an older board's log, once)

        dealer, start = unpack_old_game(payload, settings, version)
    else:
        from scorekeeper.ruletable import unpack_word

        dealer, p0, p1, p2, p3, start, word = struct.unpack_from(_GAME_FMT, payload, 0)
        unpack_word(word, settings)
        settings.set("game_points", (p0, p1, p2, p3))
        if version >= 6 and payload[GAME_V5:] != _NO_NAMES:
            from scorekeeper.names import unpack_names

            names = unpack_names(payload, GAME_V5)
    settings.check()
    if dealer >= settings.sides:
        raise ScorekeeperError("game record names dealer {}".format(dealer))
    return dealer, start, names


def clamp_dt(seconds):
    """Seconds clamped into the 16-bit field."""
    if seconds < 0:
        return 0
    return 65535 if seconds > 65535 else seconds


def side_name(side):
    return SIDE_NAMES[side] if 0 <= side < 4 else "side {}".format(side + 1)
