"""The board in real time, for the interactive simulator: the firmware's App on a PCBoard
whose clock is the wall clock, and keys that go down and up as a hand would press them.

    live = Live("/home/me/.cache/picopeg/sim")
    live.key("2"); live.key("A")          # queued taps (100 ms down, then up)
    live.key("D", LONG_MS)                # a long press: held 1 s (the board's is 0.8 s)
    live.tick()                           # every ~20 ms: the board's loop, one turn (a keypad
                                          # scan, a frame, the journal's fold when idle)
    live.board.leds, live.lines, live.app.view
    live.power_cycle()                    # switch off (dark for OFF_MS), then on again:
    live.off                              # ... a fresh app on the same files; True while off
    screen_colour((0, 0, 8), 5)           # an LED colour as the screen should show it

A terminal reports key presses, never key releases, so each key is queued with how long it
stays down, counted from when the board's keypad decoder took the press (issue 20: on a
loaded PC a late scan could take the press late and let the key go before 0.8 s had passed
on the board, so a long press came out a tap). Ticks that come late are caught up with turns
of the board's loop every SCAN_MS of board time, so a stall never stretches a long press
into a hold either. Its power, errors and resets are the runner's that every PC driver
shares (firmware/runner.py: as hal.py's board under app.run): an uncaught error, or one
while booting, shows the error pattern for 3 s and the board boots again (as after its
watchdog reset), blinking "recovered".
SPDX-License-Identifier: MIT
"""

import time

from render import BRIGHTNESS
from runner import ON, Runner

from tools.board.pcboard import PCBoard, key_bit

PRESS_MS = 100
LONG_MS = 1000  # past the board's 0.8 s long press, well short of the 3 s hold
HOLD_MS = 3200  # past the 3 s hold
GAP_MS = 60  # keys up between two queued keys
MIN_SCANS = 3  # a key stays down (and up) at least this many ticks, however slow they come
OFF_MS = 800  # how long `p` leaves the board dark: long enough to see that it went off
SCAN_MS = 20  # the board's keypad period: a late tick is caught up in scans this far apart
CATCH_UP_MS = 10_000  # at most this much is caught up (after a suspend: jump the rest)


def wall_ms():
    return time.monotonic_ns() // 1_000_000


class DatedBoard(PCBoard):
    """The live board: its keeper's clock (games' start and end) is the PC's date, so the
    records carry real dates (docs/RECORDS.md); key timing stays on the monotonic clock."""

    def seconds(self):
        return int(time.time())


class Live:
    """A board and its App, stepped by tick() on a real-time clock; see the module docstring."""

    def __init__(self, state_dir, clock=wall_ms, display=True, fs=None):
        self.state_dir = state_dir
        self.clock = clock
        self.display = display
        self.fs = fs  # None: the real files (scorekeeper.FileOps)
        self.queue = []  # (legend, ms) still to press
        # [legend, ms, release tick (once the press is taken), scans so far, taken] of the
        # key held now
        self.down = None
        self._scan_t = None  # the clock time of the last keypad scan
        self._up_until = 0
        self._up_scans = MIN_SCANS
        self.powered_on_at = None  # the clock time of the last power cycle's boot
        self.runner = Runner(self._new_board, clock)
        self.runner.power_on()
        self._placeholder = None  # stands in for the app while there is none (see app)

    def _new_board(self, cause):
        """A fresh board on the same files at the clock's time (a power-on, or the reset
        after an error)."""
        board = DatedBoard if self.clock is wall_ms else PCBoard  # a test's clock: its own
        b = board(self.state_dir, self.clock(), cause, self.display, self.fs)
        self._scan_t = b.now
        self.down = None
        return b

    @property
    def board(self):
        return self.runner.board

    @property
    def boots(self):
        return self.runner.boots

    @property
    def app(self):
        """The board's App, or, while it has none (its boot failed, the power is off), a
        stand-in the screen can read (BootFailed)."""
        a = self.runner.app
        if a is not None:
            return a
        if self._placeholder is None or self._placeholder.board is not self.board:
            self._placeholder = BootFailed(self.board, "off" if self.off else "boot")
        return self._placeholder

    def power_cycle(self, off_ms=OFF_MS):
        """Switch off (keys let go, LEDs and display dark) and, after off_ms, on again: what
        was typed but not entered is lost; keys typed while it is off wait for the boot."""
        self.queue = []
        self.down = None
        self.board.keys = 0
        self.runner.power_off(off_ms)

    @property
    def off(self):
        return self.runner.state == "off"

    def key(self, legend, ms=PRESS_MS):
        """Queue a key to go down for ms (checks the legend now)."""
        key_bit(legend)
        self.queue.append((legend, ms))

    @property
    def busy(self):
        """True while a key is down or queued, or just let go (the keypad's debounce)."""
        return self.off or self.down is not None or bool(self.queue) or self._up_scans < MIN_SCANS

    @property
    def lines(self):
        if self.off:
            return [""] * 8
        d = self.board.display
        return d.lines if d is not None else self.app.lines

    def tick(self):
        """Scan the keypad and render a frame at the clock's time; True if anything changed."""
        r = self.runner
        if r.state != ON:  # off, or stopped by an error: back when its time has come
            was_off = self.off
            if not r.step():
                return False
            if was_off:
                self.powered_on_at = self.board.now
            return True
        b = self.board
        b.now = self.clock()
        now = b.now
        t = self._scan_t if self._scan_t is not None else now
        if now - t > CATCH_UP_MS:
            t = now - CATCH_UP_MS
        changed = False
        while True:  # a late tick: the turns the board would have made meanwhile
            t = min(t + SCAN_MS, now)
            b.now = t
            self._drive_keys(t)
            changed = r.turn() or changed  # (an error: the runner stops the board)
            self._scan_t = t
            if t >= now or r.state != ON:
                return changed

    def _drive_keys(self, now):
        b = self.board
        d = self.down
        if d is not None:
            d[3] += 1
            if not d[4] and (self.app.decoder.state & key_bit(d[0]) or now >= d[2] + 1000):
                d[4] = True  # the board took the press at the last scan: hold it ms from there
                d[2] = self._scan_t + d[1]
            if d[4] and now >= d[2] and d[3] >= MIN_SCANS:
                b.keys &= ~key_bit(d[0])
                self.down = None
                self._up_until = now + GAP_MS
                self._up_scans = 0
            return
        self._up_scans += 1
        if self.queue and now >= self._up_until and self._up_scans >= MIN_SCANS:
            legend, ms = self.queue.pop(0)
            b.keys |= key_bit(legend)
            self.down = [legend, ms, now + ms, 0, False]


class BootFailed:
    """Stands in for the App while the board has none: its boot failed and it shows its
    error pattern, or the power is off (the screen reads ``view``, ``frame``, ``renderer``;
    ``failed`` says why the board has stopped: "boot" or "off")."""

    def __init__(self, board, failed):
        from render import Renderer
        from view import View

        self.board = board
        self.view = View()
        self.renderer = Renderer(self.view)
        self.failed = failed
        self.lines = [""] * 8

    @property
    def frame(self):
        return self.board.leds


def _srgb(linear):
    """Linear light 0-1 to the screen's sRGB 0-1."""
    return 12.92 * linear if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055


SCREEN_FLOOR = 0.35  # a lit hole's brightest channel spans 35-100 % on the screen, not 0-100


def screen_colour(rgb, brightness):
    """An LED's (r, g, b) as a screen colour, or None when dark.

    LED drive is linear light and tiny on a dark board (a back peg at the default brightness
    is 8/255): on a screen it would be black. So the colour is shown as at full brightness
    (x 255 / BRIGHTNESS[level]), encoded for the screen's gamma (sRGB), and then lifted: the
    brightest channel m becomes SCREEN_FLOOR + (1 - SCREEN_FLOOR) * m, the others in
    proportion (the hue stays). Dim stays dimmer than bright, and nothing lit looks dark.
    """
    if not (rgb[0] or rgb[1] or rgb[2]):
        return None
    scale = BRIGHTNESS[min(max(brightness, 1), len(BRIGHTNESS) - 1)]
    out = [_srgb(min(1.0, c / scale)) for c in rgb]
    top = max(out)
    lift = (SCREEN_FLOOR + (1 - SCREEN_FLOOR) * top) / top
    return tuple(min(255, round(c * lift * 255)) for c in out)
