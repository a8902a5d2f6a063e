"""Pure 4x4 keypad decoder: raw matrix scans in, debounced key events out.

Fed the 16-bit mask of one matrix scan (bit ``row * 4 + col`` set = key down) and the scan's
tick time; no pins, no clock of its own, so tests drive it with a fake clock (issue 4).

    dec = KeyDecoder()
    n = dec.update(scan_mask, ticks_ms())
    for i in range(n):
        code = dec.events[i]          # kind(code), key(code), KEYS[key(code)]

An event is one small int, ``kind << 4 | key``; ``update`` writes them into the preallocated
``events`` bytearray and returns how many, so polling allocates nothing.

Debounce: the whole mask must read the same for ``scans`` consecutive scans spanning at least
``debounce_ms`` before it becomes the new state (the "defer, global" scheme: a key changing
restarts the wait for every key, fine for a board pressed one key at a time). A release (keys
only going up) needs its scans to span only ``release_ms``. ``next_scan_ms`` tells the poller
to take the confirming scan as soon as it may confirm (release_ms after the first up-read,
debounce_ms after the first down-read) rather than a whole period later: a side key acts on
its release, so this is most of the key's latency; and a quick tap is read down twice
whatever the phase of the scans: with the board's 20 ms period, any press of 36 ms or more
(scans every 20 ms or a little more can read a 40 ms tap only once). A one-scan dropout
while a key is held (a glitchy contact) still sends nothing; the bounce after a release
cannot make a new press, which needs ``debounce_ms`` of steady down-reads.
LONG, HOLD and REPEAT are timed from the moment the press was accepted, with ticks_diff.
Ghosts: without diodes, three keys on the corners of a rectangle make the fourth read as
pressed. A scan holding a full 2x2 rectangle is ambiguous, so it is ignored: the last good
state stays, no event comes from it, and it breaks the debounce run.
SPDX-License-Identifier: MIT
"""

from compat import const, ticks_add, ticks_diff

KEYS = "123A456B789C*0#D"  # legend of key index row * 4 + col

PRESS = const(1)  # key went down (debounced)
RELEASE = const(2)  # key went up
LONG = const(3)  # held for long_ms (once per press)
HOLD = const(4)  # held for hold_ms: the protected action (new game on '#')
REPEAT = const(5)  # auto-repeat: first at repeat_ms after the press, then every rate_ms
KIND_NAMES = ("", "press", "release", "long", "hold", "repeat")

_MAX_EVENTS = const(48)  # 16 keys x (LONG + HOLD + REPEAT) in one late scan


def kind(code):
    """The event kind (PRESS ... REPEAT) of an event code."""
    return code >> 4


def key(code):
    """The key index 0-15 of an event code."""
    return code & 15


def is_ghost(mask):
    """True when mask holds a full 2x2 rectangle of keys (a possible ghost), else False."""
    for r1 in range(3):
        row1 = (mask >> (r1 << 2)) & 15
        if row1 & (row1 - 1):  # two or more keys in this row
            for r2 in range(r1 + 1, 4):
                both = row1 & (mask >> (r2 << 2))
                if both & (both - 1):  # two shared columns: a rectangle
                    return True
    return False


class KeyDecoder:
    """Debounce and classify scans; see the module docstring. Times are ticks in ms."""

    def __init__(
        self,
        *,
        scans=2,
        debounce_ms=15,
        release_ms=5,
        long_ms=800,
        hold_ms=3000,
        repeat_ms=500,
        rate_ms=150,
        repeat_mask=0xFFFF,
    ):
        if scans < 1 or debounce_ms < 0 or release_ms < 0 or rate_ms < 1:
            raise ValueError("keypad: scans and rate_ms must be at least 1")
        if not 0 < long_ms < hold_ms:
            raise ValueError("keypad: need 0 < long_ms < hold_ms")
        self.scans = scans
        self.debounce_ms = debounce_ms
        self.release_ms = release_ms
        self.long_ms = long_ms
        self.hold_ms = hold_ms
        self.repeat_ms = repeat_ms
        self.rate_ms = rate_ms
        self.repeat_mask = repeat_mask  # keys that auto-repeat (bit = key index)
        self.events = bytearray(_MAX_EVENTS)
        self.state = 0  # debounced mask of keys down
        self._cand = 0  # the mask we are waiting to see settle
        self._cand_n = 0  # consecutive scans that read _cand
        self._cand_t = 0  # tick of the first of them
        self._last_t = 0  # tick of the last scan
        self._down_t = [0] * 16  # tick each held key went down
        self._next_rep = [0] * 16  # tick of each held key's next REPEAT
        self._long = 0  # keys that already sent LONG this press
        self._hold = 0  # keys that already sent HOLD this press

    def reset(self):
        """Forget everything (all keys up, no events pending)."""
        self.state = self._cand = self._cand_n = self._long = self._hold = 0

    @property
    def idle(self):
        """True when no key is down or settling (the app may do slow work then)."""
        return not self.state and not self._cand

    def next_scan_ms(self, period_ms):
        """How long the poller should wait for the next scan: while a change has been read
        and waits for its confirming scan, until that scan may confirm it (release_ms after
        the first up-read of a release, debounce_ms after the first down-read of a press;
        at least 1), else period_ms (never more)."""
        c = self._cand
        if not self._cand_n or c == self.state:
            return period_ms
        wait = self.debounce_ms if c & ~self.state else self.release_ms
        wait -= ticks_diff(self._last_t, self._cand_t)
        return 1 if wait < 1 else period_ms if wait > period_ms else wait

    def update(self, mask, now):
        """Take one scan at tick now; return the number of events written to ``events``."""
        mask &= 0xFFFF
        self._last_t = now
        if is_ghost(mask):
            self._cand_n = 0  # an ambiguous scan breaks the run and says nothing
            return 0
        if mask != self._cand or self._cand_n == 0:
            self._cand = mask
            self._cand_n = 1
            self._cand_t = now
        elif self._cand_n < self.scans:
            self._cand_n += 1
        n = 0
        if mask != self.state and self._cand_n >= self.scans:
            wait = self.debounce_ms if mask & ~self.state else self.release_ms
            if ticks_diff(now, self._cand_t) >= wait:
                n = self._change(mask, now)
        return self._timers(now, n)

    def _change(self, mask, now):
        # Releases first, then presses, each in key order: a deterministic event order.
        old = self.state
        self.state = mask
        n = 0
        for k in range(16):
            bit = 1 << k
            if old & bit and not mask & bit:
                self.events[n] = RELEASE << 4 | k
                n += 1
                self._long &= ~bit
                self._hold &= ~bit
        for k in range(16):
            bit = 1 << k
            if mask & bit and not old & bit:
                self.events[n] = PRESS << 4 | k
                n += 1
                self._down_t[k] = now
                self._next_rep[k] = ticks_add(now, self.repeat_ms)
        return n

    def _timers(self, now, n):
        held = self.state
        if not held:
            return n
        for k in range(16):
            bit = 1 << k
            if not held & bit:
                continue
            age = ticks_diff(now, self._down_t[k])
            if age >= self.long_ms and not self._long & bit:
                self._long |= bit
                self.events[n] = LONG << 4 | k
                n += 1
            if age >= self.hold_ms and not self._hold & bit:
                self._hold |= bit
                self.events[n] = HOLD << 4 | k
                n += 1
            if self.repeat_mask & bit and ticks_diff(now, self._next_rep[k]) >= 0:
                # One REPEAT per scan at most; a late scan skips ahead rather than bursting.
                self.events[n] = REPEAT << 4 | k
                n += 1
                # (MicroPython's stubs take only a ticks_ms() result: this is one, kept)
                nxt = ticks_add(self._next_rep[k], self.rate_ms)  # type: ignore[type-var]
                if ticks_diff(now, nxt) >= 0:
                    nxt = ticks_add(now, self.rate_ms)
                self._next_rep[k] = nxt
        return n


def event_name(code):
    """'press 5' style text for logs and tests (allocates: not for the poll loop)."""
    return "{} {}".format(KIND_NAMES[kind(code)], KEYS[key(code)])
