"""Events: what changes a score, as small tuples, as log record payloads, and as text.

An event is a 5-tuple of ints ``(kind, side, reason, points, dt)``:

    (PEG,  side, reason, points, dt)  side pegs points (negative only for a correction)
    (DEAL, dealer, 0, 0, dt)          the deal passes; dealer is the new dealer
    (UNDO, 0, 0, 0, 0)                cancels the last event still standing (log only)

dt is the seconds since the previous event (0-65535, only for play-time statistics). The
start of a game is not an event tuple: its record carries the game's settings (see
``pack_game``). Text forms, for logs and the simulator: ``A +2 play t=3``, ``deal B t=40``,
``undo``.
SPDX-License-Identifier: MIT
"""

import struct

from scorekeeper.errors import ScorekeeperError

PEG = 1
DEAL = 2
UNDO = 3

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

# Record types (one byte in the log) and the payload layout of each.
REC_PEG = 0x50  # "P": side, reason, points (signed), dt
REC_DEAL = 0x44  # "D": dealer, dt
REC_UNDO = 0x55  # "U": empty
REC_GAME = 0x47  # "G": see pack_game
_PEG_FMT = "<BBhH"
_DEAL_FMT = "<BH"
_GAME_FMT = "<BBBBBBBBI"

# Flag bits of the game record, in settings order.
_FLAGS = ("partners", "five_card", "muggins", "triple_skunk", "stinkhole", "finish_hand")


def peg(side, points, reason=PLAY, dt=0):
    return (PEG, side, reason, points, dt)


def deal(dealer, dt=0):
    return (DEAL, dealer, 0, 0, dt)


UNDO_EVENT = (UNDO, 0, 0, 0, 0)


def pack(ev):
    """(record type, payload bytes) of an event."""
    kind = ev[0]
    if kind == PEG:
        return REC_PEG, struct.pack(_PEG_FMT, ev[1], ev[2], ev[3], clamp_dt(ev[4]))
    if kind == DEAL:
        return REC_DEAL, struct.pack(_DEAL_FMT, ev[1], clamp_dt(ev[4]))
    if kind == UNDO:
        return REC_UNDO, b""
    raise ScorekeeperError("not an event: {!r}".format(ev))


def unpack(rtype, payload):
    """The event of a PEG, DEAL or UNDO record (payload size already checked)."""
    if rtype == REC_PEG:
        side, reason, points, dt = struct.unpack(_PEG_FMT, payload)
        return (PEG, side, reason, points, dt)
    if rtype == REC_DEAL:
        dealer, dt = struct.unpack(_DEAL_FMT, payload)
        return (DEAL, dealer, 0, 0, dt)
    if rtype == REC_UNDO:
        return UNDO_EVENT
    raise ScorekeeperError("record type {} is not an event".format(rtype))


def pack_game(settings, dealer, start):
    """Payload of a game-start record: first dealer, the game's settings, start time."""
    flags = 0
    for i in range(len(_FLAGS)):
        if getattr(settings, _FLAGS[i]):
            flags |= 1 << i
    p = settings.game_points
    return struct.pack(
        _GAME_FMT, dealer, settings.players, flags, settings.target, p[0], p[1], p[2], p[3],
        start & 0xFFFFFFFF,
    )  # fmt: skip


def unpack_game(payload, settings):
    """Fill settings from a game record (checking every value); return (dealer, start)."""
    dealer, players, flags, target, p0, p1, p2, p3, start = struct.unpack(_GAME_FMT, payload)
    if flags >> len(_FLAGS):
        raise ScorekeeperError("game record has unknown flags")
    settings.set("players", players)
    settings.set("target", target)
    for i in range(len(_FLAGS)):
        settings.set(_FLAGS[i], (flags >> i) & 1)
    settings.set("game_points", (p0, p1, p2, p3))
    settings.check()
    if dealer >= settings.sides:
        raise ScorekeeperError("game record names dealer {}".format(dealer))
    return dealer, start


def clamp_dt(seconds):
    """Seconds clamped into the 16-bit field."""
    if seconds < 0:
        return 0
    return 65535 if seconds > 65535 else seconds


def side_name(side):
    return SIDE_NAMES[side] if 0 <= side < 4 else "side {}".format(side + 1)


def format_event(ev):
    """``A +2 play t=3``, ``deal B t=40`` or ``undo``."""
    kind = ev[0]
    if kind == PEG:
        text = "{} {}{} {}".format(side_name(ev[1]), "+" if ev[3] >= 0 else "", ev[3],
                                   REASONS[ev[2]] if ev[2] < len(REASONS) else ev[2])  # fmt: skip
    elif kind == DEAL:
        text = "deal " + side_name(ev[1])
    else:
        return "undo"
    return text + " t={}".format(ev[4]) if ev[4] else text


def parse_event(text):
    """The event of a text form (``t=`` optional); ScorekeeperError if it is not one."""
    words = text.split()
    dt = 0
    if len(words) > 1 and words[-1].startswith("t="):
        dt = _int(words.pop()[2:], text)
    if words == ["undo"]:
        return UNDO_EVENT
    if len(words) == 2 and words[0] == "deal":
        return deal(_side(words[1], text), dt)
    if len(words) == 3 and words[2] in REASONS:
        return peg(_side(words[0], text), _int(words[1], text), REASONS.index(words[2]), dt)
    raise ScorekeeperError("{!r} is not an event".format(text))


def _side(word, text):
    if len(word) == 1 and word in SIDE_NAMES:
        return SIDE_NAMES.index(word)
    raise ScorekeeperError("{!r}: {} is not a side (A-D)".format(text, word))


def _int(word, text):
    try:
        return int(word)
    except ValueError:
        raise ScorekeeperError("{!r}: {} is not a number".format(text, word)) from None
