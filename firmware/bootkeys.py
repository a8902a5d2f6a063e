"""The keys pressed while the board boots: read from just after power-on, kept for the modes.

On the make flash Pico the app, the keeper and the first frame take some 500-600 ms to load
from flash, and the controller and the modes another 300-400 ms after the frame; players tap
as soon as the track lights. So main.py scans the keypad from a hardware timer right after
the board is made (start_app, ~100 ms after power-on), into the app's keypad decoder
(keypad.KeyDecoder: the same debounce, and long presses and holds timed from the real press),
and keeps the events here until the modes can take them:

    latch = start_app(board, KEY_MS)        # main.py; or start(board, decoder, KEY_MS)
                                            # a scan now, then every KEY_MS on the board's
    ...                                     # timer: the controller and the modes load
    board.timer_stop()
    latch.drain(app.on_key, board.ticks_ms())   # each event once, in the order it came

``scan`` runs in a hard interrupt, so it allocates nothing: the events go into a bytearray of
ROOM codes. A press is kept only while room remains for it and for what every kept key still
held may yet send (its long press, hold and release: 3 more each), so a kept press always
gets its release. That is at least 4 keys held at once or 7 taps. A key pressed past the room
is lost if it is let go before the modes load; one still held then is taken at the drain,
after the kept events, with its long press and hold if they have come (the decoder timed
them from its real press), and the live loop goes on with its release.
SPDX-License-Identifier: MIT
"""

from compat import const
from keypad import HOLD, LONG, PRESS, RELEASE

# The keypad's scan period, here and in the app's loop (app.py): two equal scans are the
# debounce, and the frames' 50 Hz. Here, so that main.py has it before the app loads.
KEY_MS = const(20)
ROOM = const(16)  # event codes kept
_AFTER = const(3)  # what a key held may still send: LONG, HOLD, RELEASE


def start_app(board, period_ms):
    """The app's keypad decoder (keypad.KeyDecoder, no auto-repeat: no key means "again"),
    read by a BootKeys from now on: main.py starts it before the app and its game load, so
    a key pressed from then on is kept (app.App takes it: the latch's decoder is the app's)."""
    from keypad import KeyDecoder

    return start(board, KeyDecoder(repeat_mask=0), period_ms)


def start(board, decoder, period_ms):
    """A BootKeys reading board's keypad into decoder: a scan now, then one every period_ms
    from the board's timer (hal.Board.timer_start) until the caller stops it."""
    latch = BootKeys(decoder, board.scan_keys, board.ticks_ms)
    latch.scan()
    board.timer_start(period_ms, latch.scan)
    return latch


class BootKeys:
    """A keypad decoder's events while the board boots; see the module docstring."""

    def __init__(self, decoder, scan_keys, ticks_ms):
        self.decoder = decoder
        self._scan_keys = scan_keys  # bound once: the interrupt allocates nothing
        self._ticks_ms = ticks_ms
        self.codes = bytearray(ROOM)
        self.n = 0  # codes kept
        self._kept = 0  # keys down whose press was kept
        self._held = 0  # how many they are
        self._left = 0  # keys down whose press found no room
        self.open = True  # scans are taken (drain closes it: a soft timer's late call)

    def scan(self, _timer=None):
        """One keypad scan into the decoder; keep its events (the timer's callback)."""
        if not self.open:
            return
        d = self.decoder
        n = d.update(self._scan_keys(), self._ticks_ms())
        events = d.events
        for i in range(n):
            self._keep(events[i])

    def _keep(self, code):
        kind = code >> 4
        bit = 1 << (code & 15)
        if kind == PRESS:
            if self.n + 1 + _AFTER * (self._held + 1) > ROOM:
                self._left |= bit
                return
            self._kept |= bit
            self._held += 1
        elif self._left & bit:  # a key past the room: nothing of it, up to its release
            if kind == RELEASE:
                self._left &= ~bit
            return
        elif kind == RELEASE and self._kept & bit:
            self._kept &= ~bit
            self._held -= 1
        if self.n == ROOM:  # never, by the reserve above; an interrupt must not raise
            return
        self.codes[self.n] = code
        self.n += 1

    def drain(self, on_key, now):
        """on_key(code, now) for each event kept, in order, then for the keys pressed past
        the room and still held (their press, and their long press and hold if they came);
        return how many. The latch is empty after. now: the time the modes take them."""
        self.open = False
        n = self.n
        self.n = 0
        for i in range(n):
            on_key(self.codes[i], now)
        left = self._left & self.decoder.state
        self._left = self._kept = self._held = 0
        for k in range(16):
            if left >> k & 1:
                got = sent(self.decoder, k)
                for kind in (PRESS, LONG, HOLD):
                    if got >> kind & 1:
                        on_key(kind << 4 | k, now)
                        n += 1
        return n


def sent(decoder, k):
    """What key k's press has sent so far on decoder, as bits 1 << kind: PRESS, LONG and HOLD
    as they came; 0 while it is up. Here, not in keypad.py: only the boot asks it, and the
    decoder's code stays on the heap all the game (make heap's margin)."""
    bit = 1 << k
    if not decoder.state & bit:
        return 0
    out = 1 << PRESS
    if decoder._long & bit:
        out |= 1 << LONG
    if decoder._hold & bit:
        out |= 1 << HOLD
    return out
