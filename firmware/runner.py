"""A board's life for every driver that steps it on a clock of its own: the PC harness
(tools/board/pcboard.py), the terminal simulator (tools/simulator/live.py) and the web board
(tools/web/py/webmain.py). The Pico's is app.run; this is the same life, a step at a time.

    r = Runner(new_board, clock)       # new_board(cause): a fresh board on the same files;
                                       # clock(): the driver's time, ms (ticks_* arithmetic);
                                       # or a subclass's methods of those names
    r.power_on()                       # boot: app.boot (an error is logged and shown)
    r.step()                           # at the clock's time: one turn of the board's loop
                                       # (App.tick) while on; the reset of a stopped board
                                       # once its error has shown; the power back after a cut
    r.power_off(off_ms)                # the power goes (back off_ms later, at a step)
    r.fail(exc)                        # an uncaught error now (reset ERROR_SHOW_MS later)
    r.state, r.app, r.board, r.boots   # ON, OFF or ERROR; the app (None while off or stopped)

As under app.run on the Pico: an uncaught error in a turn is printed, written to the error
log and shown as the error pattern (App.fail, as app.run's guard calls it); a boot that
fails is the same (app.boot). ERROR_SHOW_MS later the board resets and boots again as after
its watchdog reset, blinking "recovered". A power cut drops the app as it is, with no word
to it, and the board is dark until the power comes back (a power-on reset).

``strict`` (the tests' harness): the boot is App() itself and an uncaught error is raised
to the caller, so a test sees it. ``PASS``: exceptions of the driver's own that are no error
of the app (the web board's storage losing its power or its tab), raised to the driver as
they come, never taken for the app's. Runs on CPython and MicroPython (the web board is the
firmware on MicroPython's WebAssembly port); not imported on the Pico.
SPDX-License-Identifier: MIT
"""

from app import ERROR_SHOW_MS, RESET_POWER, RESET_WATCHDOG, App, boot
from compat import ticks_add, ticks_diff
from render import FRAME_BYTES

ON = "on"
OFF = "off"
ERROR = "error"  # stopped by an error: the error pattern shows until the reset


class Runner:
    """One board's life; see the module docstring."""

    PASS = ()  # the driver's own exceptions: raised to it, never the app's errors

    def __init__(self, new_board=None, clock=None, strict=False):
        if new_board is not None:  # (else the subclass's methods)
            self.new_board = new_board
        if clock is not None:
            self.clock = clock
        self.strict = strict
        self.state = OFF
        self.app = None
        self.board = None
        self.boots = 0
        self.until = 0  # OFF: when the power comes back; ERROR: when the board resets

    def power_on(self, cause=RESET_POWER):
        """A fresh board and app on the same files (cause: the reset the board reports),
        and the loop's first turn."""
        self.app = None
        self.board = board = self.new_board(cause)
        self.boots += 1
        self.state = ON
        self.app = App(board) if self.strict else boot(board)
        if self.app is None:  # the boot failed: logged and shown by app.boot
            self.fail(None)
            return
        self.turn()

    def turn(self):
        """One turn of the board's loop (App.tick) at the board's time; True if the LEDs
        changed or a key event came (or the app stopped)."""
        app = self.app
        if app is None:  # (off, or its boot failed: nothing turns)
            return False
        try:
            return app.tick(app.board.ticks_ms())
        except self.PASS:
            raise
        except Exception as e:
            if self.strict:
                raise
            self.fail(e)
            return True

    def fail(self, exc):
        """An uncaught error, as app.run's guard takes it: printed, logged, shown
        (App.fail; None: the boot's, which app.boot has shown); the board resets
        ERROR_SHOW_MS later (at a step, or now: power_on(RESET_WATCHDOG))."""
        app = self.app
        try:
            if app is not None:
                app.fail(exc)
        except self.PASS:  # the driver's own (the power going while the log is written)
            pass
        self.state = ERROR
        self.until = ticks_add(self.clock(), ERROR_SHOW_MS)

    def power_off(self, off_ms):
        """The power goes: the app is dropped as it is (no clean shutdown), the board goes
        dark; the power comes back off_ms later (at a step)."""
        self.app = None
        self.state = OFF
        self.until = ticks_add(self.clock(), off_ms)
        self.dark()

    def dark(self):
        """A board without power: its LEDs and display blank (a driver may draw it its way)."""
        b = self.board
        if b is not None:
            b.leds_write(bytearray(FRAME_BYTES))
            if b.display is not None:
                b.display.show_lines([""] * 8)

    def step(self):
        """At the clock's time: a turn of the loop while on; a stopped board's reset, or
        the power back after a cut, once its time has come. True if anything changed."""
        if self.state == ON:
            return self.turn()
        if self.state in (OFF, ERROR) and ticks_diff(self.clock(), self.until) >= 0:
            self.power_on(RESET_POWER if self.state == OFF else RESET_WATCHDOG)
            return True
        return False
