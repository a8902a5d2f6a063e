"""The page's board runner: the firmware's App on a WebBoard, stepped by the page's timer.

    runner = webmain.start(host)      # power on: a WebBoard and the App on the saved files
    runner.tick()                     # every 20 ms: the board's loop, one turn (app.App.tick:
                                      # scan the keypad, render, the journal's fold when idle)
    runner.key("2", True)             # a key went down (False: up), scanned at once
    runner.power_cut(tear)            # the power fails within 100 ms (mid-write if one comes)
    runner.status()                   # "on", "off", "error" or "lost"
    runner.records()                  # the History view's JSON (docs/RECORDS.md), or ""
    runner.entry(text)                # the card picker's whole entry (webentry.py): "" while
    runner.answer()                   # it waits for the loop, then its answer's JSON

Its power, errors and resets are the runner's that every PC driver shares
(firmware/runner.py: as hal.py's board under app.run, the same app.boot and App.tick): a
key's event is on storage before the LEDs show it, the journal folds into the log when the
keys rest; an uncaught error (or one while booting) is logged and shown for 3 s, then the
board boots again as after its watchdog reset, "recovered". A power cut drops the app
without a word to it (no clean shutdown), the board is dark for ``off_ms``, then it boots on
the files as they are. A page reload is the same power cycle. The page's own: the storage's
power cut and lost tab (webfs: the driver's exceptions, never the app's errors), the lost
tab's stop, and the LED exposure; and the card picker's count due (host.due: the JSON a Pico
W's state calls "due", or "null"), told after each turn that changed anything.
SPDX-License-Identifier: MIT
"""

from app import RESET_POWER
from compat import ticks_add, ticks_diff
from render import BRIGHTNESS, FRAME_BYTES
from runner import OFF, ON, Runner
from webboard import WebBoard
from webentry import PageDesk
from webfs import PowerLost, TabLost

LOST = "lost"  # another tab owns the game now: this one stops, writing nothing more
CUT_WINDOW_MS = 100  # the power fails at the next storage write, or after this long
OFF_MS = 1000  # how long the board stays dark after a power cut
DARK = "00" * FRAME_BYTES


class PageRunner(Runner):
    """One board in the page; see the module docstring."""

    PASS = (PowerLost, TabLost)  # the page's storage: its power gone, or the tab

    def __init__(self, host, off_ms=OFF_MS):
        self.host = host
        self.off_ms = off_ms
        self._cut_at = None  # the power-cut control's deadline
        self._scale = -1  # the brightness scale the page was last told
        self._due = None  # the count due the page was last told (JSON), None: not told
        Runner.__init__(self, lambda cause: WebBoard(host, cause), host.now)
        self.power_on()

    # -- power ---------------------------------------------------------------------------

    def power_on(self, cause=RESET_POWER):
        self._cut_at = None
        self.host.power(True)
        self._page(Runner.power_on, cause)
        if self.state == ON and self.app is not None:
            PageDesk(self.app)
            self._tell_due()

    def turn(self):
        """A turn of the board's loop, then the page's exposure; the storage's power cut or
        lost tab ends it."""
        changed = self._page(Runner.turn)
        if self.state == ON:
            self._expose()
        if changed:
            self._tell_due()  # (a board stopped by an error: nothing is due)
        return changed

    def _page(self, action, *args):
        """action(self, *args), the storage's power cut or lost tab taken as the page's."""
        try:
            return action(self, *args)
        except PowerLost:  # the control cut the power (in a write, or as the keeper repaired)
            self.power_off(self.off_ms)
        except TabLost:
            self._lose()
        return True

    def dark(self):
        self.host.leds(DARK)
        self.host.show("")
        self.host.power(False)
        self._tell_due()

    def power_off(self, off_ms):
        self._cut_at = None
        Runner.power_off(self, off_ms)

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
            self.power_on(RESET_POWER)
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
        if self.state == ON and self._cut_at is not None:
            if ticks_diff(self.host.now(), self._cut_at) >= 0:
                self.power_off(self.off_ms)
                return
        self.step()

    def _tell_due(self):
        """The page's card picker: the count due now (live.showdue), when it changed."""
        app = self.app
        desk = app.remote if self.state == ON and app is not None else None
        due = "null" if desk is None else desk.due.json(app)
        if due != self._due:
            self._due = due
            self.host.due(due)

    def entry(self, text):
        """The card picker's entry (a JSON object, a paired phone's kinds: webentry.py),
        taken in a turn now if the keypad is idle: its answer's JSON, or "" while it waits
        (answer() has it once taken)."""
        if self.state != ON or self.app is None or self.app.remote is None:
            return '{"applied":false,"error":"the board is off"}'
        got = self.app.remote.submit(text)
        if got:
            return got
        self.tick()
        return self.answer()

    def answer(self):
        """The answer to the picker's entry once the board has taken it ("" until then)."""
        desk = self.app.remote if self.state == ON and self.app is not None else None
        if desk is None:
            return '{"applied":false,"error":"the board went off"}'
        got = desk.answer
        if got is None and desk.waiting is None:
            return '{"applied":false,"error":"nothing was sent"}'
        return got or ""

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
    return PageRunner(host, off_ms)
