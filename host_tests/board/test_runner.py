# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The one runner of every PC driver (firmware/runner.py): a board's power, errors and
resets as app.run gives them on the Pico, a step at a time. Each driver (the harness, the
simulator, the web board) is it, and none keeps a life of its own beside it."""

from app import ERROR_SHOW_MS, RESET_POWER, RESET_WATCHDOG
from app_support import fail_once, is_error_pattern
from compat import ticks_add
from render import FRAME_BYTES
from runner import ERROR, OFF, ON, Runner
from support import raises
from web_support import FakeHost
from webmain import PageRunner, start

from tools.board.pcboard import Harness, PCBoard, key_bit
from tools.board.testkit import FakeFS
from tools.simulator.live import Live

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
TICKS = ticks_add(0, -1) + 1  # the ticks period here (2**30 on the Pico and in the browser)


class Rig:
    """A runner on PC boards with a fake clock (the boards' now follows it), non-strict as
    the simulator's and the web board's are."""

    def __init__(self, fs=None, now=0, strict=False):
        self.fs = fs if fs is not None else FakeFS()
        self.now = now
        self.made = []
        self.r = Runner(self.new_board, self.clock, strict)

    def new_board(self, cause):
        b = PCBoard("st", self.now, cause, fs=self.fs)
        self.made.append(b)
        return b

    def clock(self):
        return self.now

    def at(self, t):
        """Step every 20 ms up to t (the boards' clocks with it)."""
        while self.now + 20 <= t:
            self.now += 20
            if self.r.board is not None:
                self.r.board.now = self.now
            self.r.step()

    def press(self, legend):
        b = self.r.board
        b.keys |= key_bit(legend)
        self.at(self.now + 100)
        b.keys &= ~key_bit(legend)
        self.at(self.now + 100)

    @property
    def lines(self):
        return self.r.board.display.lines


def raising(exc):
    """A function that raises exc, whatever it is given."""

    def f(*args):
        raise exc

    return f


def test_every_pc_driver_is_the_runner():
    assert isinstance(Harness("st", fs=FakeFS()), Runner)
    assert isinstance(Live("st", clock=lambda: 0, fs=FakeFS()).runner, Runner)
    assert isinstance(start(FakeHost()), Runner) and issubclass(PageRunner, Runner)


def test_no_driver_keeps_a_life_of_its_own_beside_it():
    # What the runner owns (the boot, the error's time on show, the resets' causes, the
    # fail path) is not imported by a driver: each takes it from the runner.
    owned = ("boot", "App", "ERROR_SHOW_MS", "show_error")
    for rel in ("/../../tools/simulator/live.py", "/../../tools/web/py/webmain.py",
                "/../../tools/board/pcboard.py"):  # fmt: skip
        with open(HERE + rel) as f:
            text = f.read()
        for line in text.split("\n"):
            if line.startswith("from app import"):
                names = [n.strip() for n in line[len("from app import") :].split(",")]
                assert not [n for n in names if n in owned], (rel, line)
        assert ".fail(" not in text.replace("self.fail(", ""), rel  # the fail path: the runner's


def test_power_on_and_a_turn():
    rig = Rig()
    rig.r.power_on()
    assert (rig.r.state, rig.r.boots, rig.r.board.cause) == (ON, 1, RESET_POWER)
    assert rig.r.board.writes == 1  # the first frame
    rig.press("2")
    rig.press("A")
    assert rig.r.app.keeper.game.scores[0] == 2


def test_an_error_in_a_turn_is_logged_shown_and_the_board_resets():
    rig = Rig()
    rig.r.power_on()
    rig.press("5")
    rig.press("A")  # A 5, on flash

    rig.r.app.ctl.on_event = raising(RuntimeError("a bug"))
    failed = rig.r.app
    rig.r.board.keys |= key_bit("2")  # a digit acts as it goes down: the scan that takes it
    while rig.r.state == ON:
        rig.at(rig.now + 20)
    t = rig.now  # the turn that failed
    assert rig.r.state == ERROR and rig.r.app is failed and failed.failed is not None
    assert is_error_pattern(rig.r.board.leds) and rig.lines[0] == "error: restarting"
    assert b"RuntimeError: a bug" in rig.fs.files["st/errors.log"]
    rig.at(t + ERROR_SHOW_MS - 100)  # the pattern shows ERROR_SHOW_MS, as under app.run
    assert rig.r.state == ERROR and rig.r.boots == 1
    rig.at(t + ERROR_SHOW_MS + 20)
    r = rig.r
    assert (r.state, r.boots, r.board.cause) == (ON, 2, RESET_WATCHDOG)
    assert "recovered" in rig.lines and r.app.keeper.game.scores[0] == 5


def test_a_power_cut_drops_the_app_and_the_power_comes_back():
    rig = Rig()
    rig.r.power_on()
    rig.press("3")  # typed, not entered: goes with the power
    rig.r.power_off(800)
    t = rig.now
    old = rig.r.board
    assert rig.r.state == OFF and rig.r.app is None and old.leds == bytearray(FRAME_BYTES)
    assert old.display.lines == [""] * 8
    rig.at(t + 780)
    assert rig.r.state == OFF and rig.r.boots == 1
    rig.at(t + 800)
    r = rig.r
    assert (r.state, r.boots, r.board.cause) == (ON, 2, RESET_POWER) and r.board is not old
    assert "recovered" not in rig.lines
    rig.press("2")
    rig.press("A")  # 2, not 32: the 3 went with the power
    assert r.app.keeper.game.scores[0] == 2


def test_the_clock_may_wrap():
    # The web board's clock is the page's ticks (wrapping at 2**30 as the Pico's do): a
    # cut's power comes back after off_ms across the wrap.
    rig = Rig(now=TICKS - 1000)
    rig.r.power_on()
    rig.r.power_off(1500)
    rig.now = (rig.now + 1480) % TICKS
    assert not rig.r.step() and rig.r.state == OFF
    rig.now += 20
    assert rig.r.step() and rig.r.state == ON


def test_a_boot_that_fails_is_shown_and_tried_again():
    fs = FakeFS()
    fs.read = fail_once(fs.read)
    rig = Rig(fs)
    rig.r.power_on()
    assert rig.r.state == ERROR and rig.r.app is None and is_error_pattern(rig.r.board.leds)
    assert b"boot" in fs.files["st/errors.log"]
    rig.at(ERROR_SHOW_MS)
    assert rig.r.state == ON and rig.r.boots == 2 and "recovered" in rig.lines


def test_strict_raises_to_the_caller():
    # The tests' harness: an error is the test's to see, at boot too.
    rig = Rig(strict=True)
    rig.r.power_on()

    rig.r.app.ctl.on_event = raising(RuntimeError("a bug"))
    raises(RuntimeError, rig.press, "2")
    fs = FakeFS({"st/settings.txt": b"picopeg-settings 1\nplayers=2\n"})
    fs.read = raising(OSError(5))  # every read fails
    raises(OSError, Rig(fs, strict=True).r.power_on)


class Unplugged(BaseException):
    """A driver's own event (as the web board's storage losing its power)."""


def test_the_drivers_own_exceptions_pass_through():
    class Driver(Runner):
        PASS = (Unplugged,)

    rig = Rig()
    rig.r = Driver(rig.new_board, rig.clock)
    rig.r.power_on()

    rig.r.app.ctl.on_event = raising(Unplugged())
    raises(Unplugged, rig.press, "2")  # raised to the driver, not taken for an app error
    assert rig.r.state == ON and "st/errors.log" not in rig.fs.files
    # ... and while the error log is written after a real error, it leaves the board stopped.
    rig.r.app.fail = raising(Unplugged())
    rig.r.fail(RuntimeError("a bug"))
    assert rig.r.state == ERROR
