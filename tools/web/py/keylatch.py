"""The web keypad: key downs and ups from the page, held long enough for every scan to count.

A mouse click can be over in a millisecond, between two 20 ms keypad scans, and the keypad
decoder only believes a mask that two scans 15 ms apart agree on (keypad.KeyDecoder). So
the page's key events are queued, and the mask that ``scan`` reports changes by at most one
event at a time, each change held for ``min_scans`` scans spanning ``min_ms`` at least:
a click of any length is exactly one press and one release, a key held down is held down
(a long press, a 3 s hold), and quick taps queue up as typed.

    latch = KeyLatch()
    latch.down("2"); latch.up("2")    # from pointer or keyboard events, in any rhythm
    mask = latch.scan(now)            # the board's scan_keys(): bit keypad.KEYS.index(key)
SPDX-License-Identifier: MIT
"""

from compat import ticks_diff
from keypad import KEYS

MIN_SCANS = 2  # the decoder's scans=2 ...
MIN_MS = 20  # ... spanning its debounce_ms=15, with room to spare


def key_bit(legend):
    """The scan-mask bit of a key legend ('0'-'9', 'A'-'D', '*', '#'); ValueError if none."""
    i = KEYS.find(legend) if len(legend) == 1 else -1
    if i < 0:
        raise ValueError("no key {!r}: keys are {}".format(legend, KEYS))
    return 1 << i


class KeyLatch:
    """Key events in, a keypad mask out; see the module docstring."""

    def __init__(self, min_scans=MIN_SCANS, min_ms=MIN_MS):
        self.min_scans = min_scans
        self.min_ms = min_ms
        self.mask = 0  # what the keypad shows the decoder
        self.held = 0  # what the person holds down now (the last event of each key)
        self.queue = []  # (bit, down) changes still to show, oldest first
        self._seen = min_scans  # scans that have reported the mask as it is (at rest: enough)
        self._first = 0  # tick of the first of them
        self._last = min_ms  # tick of the latest

    def down(self, legend):
        """A key went down (a repeated down of a held key is ignored)."""
        bit = key_bit(legend)
        if not self.held & bit:
            self.held |= bit
            self.queue.append((bit, True))

    def up(self, legend):
        """A key went up (an up without a down is ignored)."""
        bit = key_bit(legend)
        if self.held & bit:
            self.held &= ~bit
            self.queue.append((bit, False))

    def tap(self, legend):
        """A key pressed and let go (a keyboard's Enter on a focused key, a script)."""
        self.down(legend)
        self.up(legend)

    def release_all(self):
        """Every key held goes up (the page lost focus: no key stays down for ever)."""
        for i in range(16):
            if self.held & (1 << i):
                self.up(KEYS[i])

    @property
    def busy(self):
        """True while changes wait to be shown, or the last one is still being held."""
        return bool(self.queue) or not self._shown()

    def _shown(self):
        """The mask as it is has been seen by enough scans, over enough time."""
        return self._seen >= self.min_scans and ticks_diff(self._last, self._first) >= self.min_ms

    def scan(self, now):
        """The mask for a keypad scan at tick now (ms)."""
        if self.queue and self._shown():
            bit, down = self.queue.pop(0)
            self.mask = self.mask | bit if down else self.mask & ~bit
            self._seen = 0
            self._first = now
        self._seen += 1
        self._last = now
        return self.mask
