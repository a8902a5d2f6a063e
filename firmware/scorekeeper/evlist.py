"""EventList: a game's events kept as 8 bytes each, read back as the event tuples.

    evs = EventList()
    evs.append((PEG, 1, PLAY, 2, 30))
    evs[-1], len(evs), evs[:3], list(evs), evs == [...]

A list of event tuples costs 36 bytes an event on the Pico (a 5-tuple is two 16-byte heap
blocks, and its slot in the list); a 220-peg game held ~8 KB of the idle board's heap that
way. Here the whole game is one bytearray. Reading an event builds its tuple (what a mode
derives from the events is keyed on ``Keeper.revision``, never on a tuple's identity). The
board reads events only on a key press, never in the LED refresh path.
SPDX-License-Identifier: MIT
"""

import struct

from compat import const

_FMT = "<BBBBhH"  # kind, side, reason, card code (CARD only), points, dt
_SIZE = const(8)
_CARD = 4  # events.CARD (not imported: this module imports nothing of the package)


def _decode(buf, off):
    kind, side, reason, code, points, dt = struct.unpack_from(_FMT, buf, off)
    if kind == _CARD:
        return (kind, side, reason, points, dt, code)
    return (kind, side, reason, points, dt)


class EventList:
    """The events still standing, in order (a list's reading API, plus append and pop)."""

    def __init__(self, evs=(), raw=b""):
        self._buf = bytearray(raw)  # raw: the bytes of raw() (a checkpoint's copy)
        for ev in evs:
            self.append(ev)

    def append(self, ev):
        if len(ev) > 5:  # (unpacked by name: the fields in events.py's order)
            kind, side, reason, points, dt, code = ev
        else:
            kind, side, reason, points, dt = ev
            code = 0
        self._buf.extend(struct.pack(_FMT, kind, side, reason, code, points, dt))

    def raw(self):
        """The events as bytes, 8 each (scorekeeper/checkpoint.py keeps them on flash)."""
        return bytes(self._buf)

    def pop(self):
        if not self._buf:
            raise IndexError("pop from empty list")
        ev = self[-1]
        self._buf = self._buf[: len(self._buf) - _SIZE]
        return ev

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
        return _decode(self._buf, i * _SIZE)

    def __iter__(self):
        for i in range(len(self._buf) // _SIZE):
            yield self[i]

    def __add__(self, other):
        return list(self) + list(other)

    def __eq__(self, other):
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list is

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return repr(list(self))
