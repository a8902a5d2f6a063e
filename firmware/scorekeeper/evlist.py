"""EventList: a game's events kept as 8 bytes each, read back as the event tuples.

    evs = EventList()
    evs.append((PEG, 1, PLAY, 2, 30))
    evs[-1], len(evs), evs[:3], list(evs), evs == [...]

A list of event tuples costs 36 bytes an event on the Pico (a 5-tuple is two 16-byte heap
blocks, and its slot in the list); a 220-peg game held ~8 KB of the idle board's heap that
way. Here the whole game is one bytearray. Reading an event builds its tuple (what a mode
derives from the events is keyed on ``Keeper.revision``, never on a tuple's identity). The
board reads events only on a key press, never in the LED refresh path. A count that count
verify pegged with its cards (a PEG of 6 fields) keeps them apart, 4 bytes a count in the
order of the counts (its code byte says it has them), so the other events cost no more.
SPDX-License-Identifier: MIT
"""

import struct

from compat import const

_FMT = "<BBBBhH"  # kind, side, reason, card code (CARD only), points, dt
_SIZE = const(8)
_PEG = const(1)  # events.PEG and events.CARD (not imported: this module imports nothing of
_CARD = 4  # the package; a global: a test compares it with events.CARD)
_HAS_CARDS = const(1)  # a PEG's code byte: its cards are in _cards
_CARDS_FMT = "<I"


def _decode(buf, off):
    kind, side, reason, code, points, dt = struct.unpack_from(_FMT, buf, off)
    if kind == _CARD:
        return (kind, side, reason, points, dt, code)
    return (kind, side, reason, points, dt)


def _has_cards(buf, off):
    return buf[off] == _PEG and buf[off + 3] == _HAS_CARDS


class EventList:
    """The events still standing, in order (a list's reading API, plus append and pop)."""

    def __init__(self, evs=(), raw=b"", cards=b""):
        # raw, cards: the bytes of raw() and raw_cards() (a checkpoint's copy)
        self._buf = bytearray(raw)
        self._cards = bytearray(cards)
        for ev in evs:
            self.append(ev)

    def append(self, ev):
        if len(ev) > 5:  # (unpacked by name: the fields in events.py's order)
            kind, side, reason, points, dt, code = ev
            if kind != _CARD:  # a count's cards
                self._cards.extend(struct.pack(_CARDS_FMT, code))
                code = _HAS_CARDS
        else:
            kind, side, reason, points, dt = ev
            code = 0
        self._buf.extend(struct.pack(_FMT, kind, side, reason, code, points, dt))

    def raw(self):
        """The events as bytes, 8 each (scorekeeper/checkpoint.py keeps them on flash)."""
        return bytes(self._buf)

    def raw_cards(self):
        """The cards of the counts that have them, 4 bytes each, in order."""
        return bytes(self._cards)

    def pop(self):
        if not self._buf:
            raise IndexError("pop from empty list")
        ev = self[-1]
        end = len(self._buf) - _SIZE
        if _has_cards(self._buf, end):
            self._cards = self._cards[: len(self._cards) - 4]
        self._buf = self._buf[:end]
        return ev

    def _with_cards(self, ev, j):
        """ev (a count's 5 fields) with the cards of the j-th count that has them."""
        return ev + struct.unpack_from(_CARDS_FMT, self._cards, 4 * j)

    def __len__(self):
        return len(self._buf) // _SIZE

    def __bool__(self):
        return len(self._buf) > 0

    def __getitem__(self, i):
        n = len(self._buf) // _SIZE
        if isinstance(i, slice):  # range's slicing: no slice.indices() needed
            return [self[j] for j in range(n)[i]]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("event index out of range")
        buf = self._buf
        off = i * _SIZE
        if not _has_cards(buf, off):
            return _decode(buf, off)
        j = 0  # the counts with cards before this one
        for o in range(0, off, _SIZE):
            if _has_cards(buf, o):
                j += 1
        return self._with_cards(_decode(buf, off), j)

    def __iter__(self):
        buf = self._buf
        j = 0
        for off in range(0, len(buf), _SIZE):
            if _has_cards(buf, off):
                yield self._with_cards(_decode(buf, off), j)
                j += 1
            else:
                yield _decode(buf, off)

    def __add__(self, other):
        return list(self) + list(other)

    def __eq__(self, other):
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list is

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return repr(list(self))
