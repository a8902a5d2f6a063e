# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""One loop for every board: the same scripted game, played through each driver of the app,
leaves the same files, the journal folded after the quiet time.

The drivers: the Pico's asyncio loop (app.main, on a board whose clock moves by each wait the
loop asks for), the PC harness (tools/board/pcboard.Harness), the terminal simulator
(tools/simulator/live.Live, on a fake clock) and the web board (tools/web/py/webmain.PageRunner,
with the page stood in for), and a fifth made here as docs/DEVELOPING.md's "Add a driver"
says (a board, the runner, its own clock and keys). Each presses the keys at the same times,
a second apart, so every event lands in the same second on each (the log keeps seconds
between events).
"""

import asyncio

import app as app_module
from app_support import fail_once, is_error_pattern
from runner import ERROR, OFF, ON, Runner
from scorekeeper import Keeper
from scorekeeper.fileops import join
from web_support import FakeHost
from webmain import start

from tools.board.pcboard import Harness, PCBoard, key_bit
from tools.board.testkit import Clock, FakeFS
from tools.simulator.live import Live

STATE = "state"
STEP_MS = 20

# (legend, ms down): typed one a second. A deals; the play, # (the show), the counts.
HAND = [("2", 100), ("A", 100), ("3", 100), ("B", 100), ("1", 100), ("A", 100),
        ("2", 100), ("B", 100), ("2", 100), ("A", 100), ("4", 100), ("B", 100),
        ("#", 100), ("8", 100), ("B", 100), ("6", 100), ("A", 100), ("4", 100),
        ("A", 100)]  # fmt: skip
QUIET_MS = 6000  # past app.FOLD_MS: a half-full journal folds
# Then: # passes the deal, a long D (count verify), a hold of D (the scoreboard), and a quiet
# minute: a journal under half full folds after FOLD_LATE_MS.
AFTER = [("#", 100), ("D", 1000), ("D", 3200)]
LATE_MS = 61000
EXPECTED = ["A +2 play", "B +3 play", "A +1 go", "B +2 play", "A +2 play", "B +4 play",
            "show", "B +8 hand", "A +6 hand", "A +4 crib", "deal B"]  # fmt: skip


def schedule():
    """[(at_ms, legend, ms down)], the first-quiet mark and the end: a key every second."""
    out = []
    t = 1200
    for legend, ms in HAND:
        out.append((t, legend, ms))
        t += 1000
    mark = t + QUIET_MS
    t = mark + 200
    for legend, ms in AFTER:
        out.append((t, legend, ms))
        t += 1000 * (1 + ms // 1000)
    return out, mark, t + LATE_MS


def state_files(files, prefix):
    """{name: bytes} of the state folder's files, from a file system's dict."""
    return {k[len(prefix) :]: v for k, v in files.items() if k.startswith(prefix)}


def by_harness(keys, marks, end):
    h = Harness(STATE, fs=FakeFS())
    b = h.board
    seen = []

    def wait_to(t):
        while marks[len(seen) :] and marks[len(seen)] <= t:
            h.wait(marks[len(seen)] - b.now)
            seen.append(state_files(b.fs.files, STATE + "/"))
        h.wait(t - b.now)

    for at, legend, ms in keys:
        wait_to(at)
        b.keys |= key_bit(legend)
        h.wait(ms)
        b.keys &= ~key_bit(legend)
    wait_to(end)
    return seen + [state_files(b.fs.files, STATE + "/")]


def by_simulator(keys, marks, end):
    clock = [0]
    fs = FakeFS()
    live = Live(STATE, clock=lambda: clock[0], fs=fs)
    seen = []
    todo = list(keys)
    for t in range(0, end + STEP_MS, STEP_MS):
        clock[0] = t
        if todo and todo[0][0] <= t:
            live.key(todo[0][1], todo.pop(0)[2])
        live.tick()
        if marks[len(seen) :] and marks[len(seen)] <= t:
            seen.append(state_files(fs.files, STATE + "/"))
    assert live.boots == 1 and live.app.failed is None
    return seen + [state_files(fs.files, STATE + "/")]


class Page(FakeHost):
    """The page, its wall clock in step with its tick clock (the log's seconds)."""

    def epoch(self):
        return self.ms // 1000


def by_web(keys, marks, end):
    host = Page()
    runner = start(host)
    prefix = "picopeg/state/"
    seen = []
    downs = [(at, legend, True) for at, legend, _ms in keys]
    ups = [(at + ms, legend, False) for at, legend, ms in keys]
    todo = sorted(downs + ups)
    for t in range(STEP_MS, end + STEP_MS, STEP_MS):
        host.ms = t
        if todo and todo[0][0] <= t:
            _at, legend, down = todo.pop(0)
            runner.key(legend, down)  # scans at once: a turn of the loop
        else:
            runner.tick()
        if marks[len(seen) :] and marks[len(seen)] <= t:
            seen.append(state_files(host.store, prefix))
    assert runner.status() == "on" and runner.boots == 1
    return seen + [state_files(host.store, prefix)]


class Ticker(Runner):
    """A driver made by the recipe: a PC board on a counter of its own, the runner's life
    (power, errors, resets), and its own input: the keys down as a script says."""

    def __init__(self, fs, script):
        Runner.__init__(self)
        self.fs = fs
        self.script = script
        self.ms = 0
        self.power_on()

    def new_board(self, cause):
        return PCBoard(STATE, self.ms, cause, fs=self.fs)

    def clock(self):
        return self.ms

    def run_to(self, t):
        """A step every STEP_MS up to t, the keys the script holds down at each."""
        while self.ms + STEP_MS <= t:
            self.ms += STEP_MS
            mask = 0
            for at, legend, ms in self.script:
                if at <= self.ms < at + ms:
                    mask |= key_bit(legend)
            if self.board is not None:
                self.board.now = self.ms
                self.board.keys = mask
            self.step()


def by_recipe(keys, marks, end):
    fs = FakeFS()
    d = Ticker(fs, keys)
    seen = []
    for mark in marks:
        d.run_to(mark)
        seen.append(state_files(fs.files, STATE + "/"))
    d.run_to(end)
    assert d.boots == 1 and d.state == ON
    return seen + [state_files(fs.files, STATE + "/")]


def test_a_driver_made_by_the_recipe_has_the_boards_whole_life():
    # Its power cut and an error in a turn: the runner's, with nothing more written.
    fs = FakeFS()
    d = Ticker(fs, [(200, "5", 100), (600, "A", 100), (3000, "2", 100), (3400, "B", 100)])
    d.run_to(1000)
    assert d.app.keeper.game.scores[:2] == [5, 0]
    d.power_off(500)
    assert d.state == OFF and d.board.leds == bytearray(363)
    d.run_to(1500)
    assert d.state == ON and d.boots == 2 and d.app.keeper.game.scores[:2] == [5, 0]

    def broken(code, now):
        raise RuntimeError("a bug")

    d.app.ctl.on_event = broken
    d.run_to(3100)  # the 2 goes down: the bug
    assert d.state == ERROR and is_error_pattern(d.board.leds)
    d.run_to(3100 + app_module.ERROR_SHOW_MS)
    assert d.state == ON and d.boots == 3 and d.board.cause == app_module.RESET_WATCHDOG


class End(Exception):
    """The script is over: the board's loop stops here."""


class ScriptedPico(PCBoard):
    """The Pico's board as app.main drives it: the keys down at each time of the script."""

    def __init__(self, keys, marks, end):
        PCBoard.__init__(self, STATE, fs=FakeFS())
        self.log_path = "elsewhere/errors.log"  # the End of the script is logged: not in state
        self.script, self.marks, self.end = keys, marks, end
        self.seen = []

    def scan_keys(self):
        t = self.now
        if self.marks[len(self.seen) :] and self.marks[len(self.seen)] <= t:
            self.seen.append(state_files(self.fs.files, STATE + "/"))
        if t >= self.end:
            raise End()
        mask = 0
        for at, legend, ms in self.script:
            if at <= t < at + ms:
                mask |= key_bit(legend)
        return mask


def by_pico(keys, marks, end):
    b = ScriptedPico(keys, marks, end)
    a = app_module.App(b)

    async def sleep(ms):  # the board's clock moves by each wait the loop asks for
        b.now += ms
        await asyncio.sleep(0)

    failed = asyncio.run(app_module.main(a, 0, sleep))
    assert isinstance(failed, End), failed
    return b.seen + [state_files(b.fs.files, STATE + "/")]


def test_every_driver_leaves_the_same_files_and_folds_after_the_quiet_time():
    keys, mark, end = schedule()
    runs = {}
    for name, drive in (("pico", by_pico), ("harness", by_harness), ("simulator", by_simulator),
                        ("web", by_web), ("recipe", by_recipe)):  # fmt: skip
        runs[name] = drive(keys, [mark], end)
    quiet, last = runs["harness"]
    # After the quiet time the journal was folded into the log: the log holds every event
    # of the hand; a minute after the last keys, the next (fewer than half a journal) too.
    assert "game.jnl" not in quiet and "game.jnl" not in last, (sorted(quiet), sorted(last))
    fs = FakeFS({join(STATE, name): data for name, data in last.items()})
    k = Keeper(STATE, fs, Clock())
    assert [h.rsplit(" t=", 1)[0] for h in k.history()] == EXPECTED, k.history()
    assert k.notice == "" and b"app.mode=0" in last["settings.txt"]
    for name in ("pico", "simulator", "web", "recipe"):
        assert runs[name] == runs["harness"], name


def test_an_error_while_booting_takes_the_one_boot_path_on_every_board():
    # app.boot: logged with "boot", the error pattern shown; the board comes back as after
    # its watchdog reset, blinking "recovered". (app.run's own: test_app_power.py.)
    clock = [0]
    fs = FakeFS()
    fs.read = fail_once(fs.read)
    live = Live(STATE, clock=lambda: clock[0], fs=fs)
    assert live.app.failed is not None and is_error_pattern(live.board.leds)
    assert b"RuntimeError: flash gone" in fs.files[STATE + "/errors.log"]
    assert b"boot" in fs.files[STATE + "/errors.log"]
    clock[0] = app_module.ERROR_SHOW_MS
    live.tick()
    assert live.boots == 2 and live.app.failed is None and "recovered" in live.lines
    host = Page()
    host.get = fail_once(host.get)
    runner = start(host)
    assert runner.status() == "error" and is_error_pattern(host.frame)
    assert b"RuntimeError: flash gone" in host.store["picopeg/state/errors.log"]
    host.ms = app_module.ERROR_SHOW_MS
    runner.tick()
    assert runner.status() == "on" and runner.boots == 2 and "recovered" in host.text
