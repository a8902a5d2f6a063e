"""A PC stand-in for the Pico's board (firmware/hal.py), and a harness that plays it by script.

Runs under CPython and the MicroPython unix port (the simulator's scripted mode runs on both).

    board = PCBoard("/tmp/peg")          # the same interface as hal.Board (docs/FIRMWARE.md)
    h = Harness("/tmp/peg")              # a PCBoard with the firmware's App on it, by script:
    h.press("2"); h.press("A")           # A pegs 2 (each press: 100 ms down, 100 ms up)
    h.hold("#", 3200)                    # a new game
    h.wait(1000)
    h.power_cut()                        # drop the app; boot a fresh one on the same files
    h.crash(RuntimeError("boom"))        # an uncaught error, then the watchdog reset
    h.led(5), h.lines, h.keeper.game.scores

Time is a fake millisecond clock that only moves when the harness moves it; every 20 ms the
harness turns the board's loop once (app.App.tick: a keypad scan, a frame, the idle work
such as the journal's fold), as every board does. Its power, errors and resets are the
runner's that every PC driver shares (firmware/runner.py), strict: an error is raised to
the test, a boot error too.
SPDX-License-Identifier: MIT
"""

from app import RESET_POWER, RESET_WATCHDOG
from boardstub import TICKS_MASK, StubBoard
from keypad import KEYS
from ledmap import HOLE_TO_LED
from modes import MODES
from render import FRAME_BYTES
from runner import Runner
from scorekeeper.fileops import FileOps, join

SCAN_MS = 20


class TextCapture:
    """The optional text display: keeps the lines last shown."""

    def __init__(self):
        self.lines = [""] * 8
        self.shows = 0

    def show_lines(self, lines):
        self.lines = list(lines)
        self.shows += 1


class PCBoard(StubBoard):
    """hal.Board's interface on a PC: a fake clock, keys as a mask, captured frames and text
    (the watchdog and reset recorded: boardstub.StubBoard)."""

    def __init__(self, state_dir, now_ms=0, cause=RESET_POWER, display=True, fs=None, *, supply=0):
        StubBoard.__init__(self, cause)
        self.supply = supply  # what supply_ma() reports: 0 unknown, 500, 1500, 3000 (supply.py)
        self.fs = fs if fs is not None else FileOps()
        self.fs.mkdir(state_dir)
        self.state_dir = state_dir
        self.log_path = join(state_dir, "errors.log")
        self.display = TextCapture() if display else None
        self.now = now_ms  # the fake clock, in ms (ticks_ms wraps it like the Pico's)
        self.keys = 0  # the mask scan_keys returns: bit keypad.KEYS.index(legend)
        self.leds = bytearray(FRAME_BYTES)  # what the strip shows

    def ticks_ms(self):
        return self.now & TICKS_MASK

    def seconds(self):
        return self.now // 1000

    def scan_keys(self):
        return self.keys

    def leds_write(self, frame):
        self.leds[:] = frame  # no allocation: the same as the Pico's np.buf[:] = frame
        self.writes += 1

    def supply_ma(self):
        return self.supply

    def led(self, hole):
        """(r, g, b) of a hole (1-121) as the strip shows it."""
        o = HOLE_TO_LED[hole - 1] * 3
        return (self.leds[o + 1], self.leds[o], self.leds[o + 2])


def key_bit(legend):
    """The scan-mask bit of a key legend ('0'-'9', 'A'-'D', '*', '#')."""
    i = KEYS.find(legend)
    if i < 0 or len(legend) != 1:
        raise ValueError("no key {!r}: keys are {}".format(legend, KEYS))
    return 1 << i


class Harness(Runner):
    """A PCBoard and its App, driven by key presses and waits on the fake clock: the runner
    of every PC driver (strict: App() itself, and every error raised to the test)."""

    def __init__(self, state_dir, now_ms=0, display=True, fs=None, cause=RESET_POWER, *, supply=0):
        Runner.__init__(self, strict=True)
        self.state_dir = state_dir
        self._display = display
        self._fs = fs
        self._supply = supply
        self._boot_ms = now_ms  # the fake clock's time for the first board (then its now)
        self.power_on(cause)

    def new_board(self, cause):
        """A fresh board on the same files, its clock where the last one's was."""
        now = self._boot_ms if self.board is None else self.board.now
        return PCBoard(self.state_dir, now, cause, self._display, self._fs,
                       supply=self._supply)  # fmt: skip

    def clock(self):
        return self.board.now

    def boot(self, now_ms, cause):
        """Power on at now_ms: a fresh board and app on the same files."""
        self.board.now = now_ms
        self.power_on(cause)

    # -- what the player does --------------------------------------------------------

    def wait(self, ms):
        """Let ms pass: a turn of the board's loop every 20 ms (app.App.tick: a keypad scan,
        a frame, and the idle work: the journal's fold when the keys rest)."""
        end = self.board.now + ms
        while self.board.now + SCAN_MS <= end:
            self.board.now += SCAN_MS
            self.step()
        self.board.now = end

    def hold(self, legend, ms):
        """Hold a key down for ms, then let go (and wait 100 ms)."""
        self.board.keys |= key_bit(legend)
        self.wait(ms)
        self.board.keys &= ~key_bit(legend)
        self.wait(100)

    def press(self, legend):
        """A short press: 100 ms down."""
        self.hold(legend, 100)

    def type(self, legends):
        """Press each key in turn: type('12B') or type('1 2 B')."""
        for ch in legends:
            if ch != " ":
                self.press(ch)

    def power_cut(self, off_ms=2000):
        """The power goes off between key presses and comes back off_ms later."""
        self.power_off(off_ms)
        self.board.now += off_ms
        self.step()  # the power is back: a power-on boot

    def to_mode(self, m):
        """Long-press D until the board is in mode m (modes.MODE_*)."""
        for _ in range(len(MODES)):
            if self.view.mode == m:
                return
            self.hold("D", 1000)
        raise ValueError("mode {} not reached".format(m))

    def crash(self, exc, off_ms=100):
        """An uncaught error: logged and shown (the runner's fail path, as app.run's guard);
        then, off_ms later, the watchdog's reset and a new boot."""
        self.fail(exc)
        self.boot(self.board.now + off_ms, RESET_WATCHDOG)

    # -- what the board shows --------------------------------------------------------

    @property
    def keeper(self):
        return self.app.keeper

    @property
    def view(self):
        return self.app.view

    @property
    def lines(self):
        d = self.board.display
        return d.lines if d is not None else self.app.lines

    def led(self, hole):
        return self.board.led(hole)

    def lit(self):
        """The holes lit now, ascending."""
        return [h for h in range(1, 122) if self.board.led(h) != (0, 0, 0)]
