"""The page's board runner: the firmware's App on a WebBoard, stepped by the page's timer.

    runner = webmain.start(host)      # power on: a WebBoard and the App on the saved files
    runner.tick()                     # every 20 ms: the board's loop, one turn (app.App.tick:
                                      # scan the keypad, render, the journal's fold when idle)
    runner.key("2", True)             # a key went down (False: up), scanned at once
    runner.power_cut(tear)            # the power fails within 100 ms (mid-write if one comes)
    runner.status()                   # "on", "off", "error" or "lost"
    runner.records()                  # the History view's JSON (docs/RECORDS.md), or ""

Like hal.py's board under app.run, and as the simulator drives it (docs/FIRMWARE.md; the same
app.boot and App.tick): a key's event is on storage before the LEDs show it, the journal folds
into the log when the keys rest; an uncaught error (or one while booting) is logged and
shown for 3 s,
then the board boots again as after its watchdog reset, blinking "recovered". A power cut
drops the app without a word to it (no clean shutdown), the board is dark for ``off_ms``,
then it boots on the files as they are. A page reload is the same power cycle.
SPDX-License-Identifier: MIT
"""

from app import ERROR_SHOW_MS, RESET_POWER, RESET_WATCHDOG, boot
from compat import ticks_add, ticks_diff
from render import BRIGHTNESS, FRAME_BYTES
from webboard import WebBoard
from webfs import PowerLost, TabLost

ON = "on"
OFF = "off"
ERROR = "error"
LOST = "lost"
CUT_WINDOW_MS = 100  # the power fails at the next storage write, or after this long
OFF_MS = 1000  # how long the board stays dark after a power cut
DARK = "00" * FRAME_BYTES


class Runner:
    """One board in the page; see the module docstring."""

    def __init__(self, host, off_ms=OFF_MS):
        self.host = host
        self.off_ms = off_ms
        self.state = OFF
        self.app = None
        self.board = None
        self.boots = 0
        self._until = 0  # OFF: when the power comes back; ERROR: when the board resets
        self._cut_at = None  # the power-cut control's deadline
        self._scale = -1  # the brightness scale the page was last told
        self._boot(RESET_POWER)

    # -- power ---------------------------------------------------------------------------

    def _boot(self, cause):
        self.board = WebBoard(self.host, cause)
        self.app = None
        self._cut_at = None
        self.boots += 1
        self.state = ON
        self.host.power(True)
        try:
            self.app = boot(self.board)  # a boot error is logged and shown, as app.run's
        except PowerLost:  # the control cut the power while the keeper repaired its files
            self._power_off()
            return
        except TabLost:
            self._lose()
            return
        if self.app is None:
            self._fail_state()
            return
        self._turn(self.board.ticks_ms())

    def _fail_state(self):
        self.state = ERROR
        self._until = ticks_add(self.host.now(), ERROR_SHOW_MS)

    def _power_off(self):
        """The power is gone: the app is dropped as it is, the board goes dark."""
        self.app = None
        self._cut_at = None
        self.state = OFF
        self._until = ticks_add(self.host.now(), self.off_ms)
        self.host.leds(DARK)
        self.host.show("")
        self.host.power(False)

    def _lose(self):
        """Another tab owns the game now: stop here, writing nothing more."""
        self.app = None
        self.state = LOST
        self.host.lost()

    def power_cut(self, tear, window_ms=CUT_WINDOW_MS, off_ms=-1):
        """The power fails: in the storage writes of the next window_ms, after `tear` units
        of them (webfs.WebFS.cut: bytes), or at the end of the window; it comes back after
        off_ms (-1: the runner's off_ms). Pressed while off: the power comes back now."""
        if off_ms >= 0:
            self.off_ms = off_ms
        if self.state == OFF:
            self._boot(RESET_POWER)
            return
        if self.state != ON:
            return
        self.board.fs.cut = tear
        self._cut_at = ticks_add(self.host.now(), window_ms)

    # -- the board's time ----------------------------------------------------------------

    def key(self, legend, down):
        """A key of the page went down or up: queue it and scan now."""
        if self.state != ON:
            return
        if down:
            self.board.keys.down(legend)
        else:
            self.board.keys.up(legend)
        self.tick()

    def release_all(self):
        if self.state == ON:
            self.board.keys.release_all()

    def tick(self):
        """One turn of the board's loop (or the wait of a board that is off or stopped)."""
        now = self.host.now()
        if self.state in (OFF, ERROR):
            if ticks_diff(now, self._until) >= 0:
                self._boot(RESET_POWER if self.state == OFF else RESET_WATCHDOG)
            return
        if self.state != ON:
            return
        if self._cut_at is not None and ticks_diff(now, self._cut_at) >= 0:
            self._power_off()
            return
        self._turn(self.board.ticks_ms())

    def _turn(self, t):
        """app.App.tick at t, then the page's exposure; the storage's power cut and lost tab
        end it, and an uncaught error fails the app as app.run's guard does."""
        try:
            self.app.tick(t)
            self._expose()
        except PowerLost:
            self._power_off()
        except TabLost:
            self._lose()
        except Exception as e:  # as app.run's guard: log it, show it, then reset
            try:
                self.app.fail(e)
            except (PowerLost, TabLost):
                pass
            self._fail_state()

    def _expose(self):
        """The page shows LED levels relative to the brightness cap: tell it a new one (the
        page repaints the frame it has)."""
        level = getattr(self.app.view, "brightness", 5)
        scale = BRIGHTNESS[min(max(level, 1), len(BRIGHTNESS) - 1)]
        if scale != self._scale:
            self._scale = scale
            self.host.exposure(scale)

    def status(self):
        return self.state

    def records(self):
        """The board's records as the JSON text `make export` writes (docs/RECORDS.md): the
        page's History view and its download. "" while the board is not running."""
        if self.state != ON or self.app is None:
            return ""
        from scorekeeper import records

        return records.dumps(records.document(self.app.keeper))

    def set_names(self, text):
        """The sides' names from the page's Names form (a JSON list, A's first): "" once the
        board keeps them, else why not (the board's own words). Nothing changes then."""
        if self.state != ON or self.app is None:
            return "the board is off"
        import json

        from scorekeeper.errors import ScorekeeperError

        try:
            names = json.loads(text)
            if not isinstance(names, list):
                raise ValueError("a list of names")
            from scorekeeper.names import set_names

            set_names(self.app.keeper, names)
        except (ValueError, ScorekeeperError) as e:
            return e.args[0] if e.args else type(e).__name__
        except (PowerLost, TabLost):  # as a key's write: the turn's guard does the rest
            self._power_off()
            return "the power went"
        self.app.ctl.refresh(self.board.ticks_ms())
        self.app._text_dirty = True
        return ""

    def idle(self):
        """On, and every key event from the page already seen by the keypad scan."""
        return self.state == ON and not self.board.keys.busy


def start(host, off_ms=OFF_MS):
    """Power the board on; return its runner."""
    return Runner(host, off_ms)
