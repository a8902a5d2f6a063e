"""Runs ON the emulated Pico (board_jobs.py), after jobs/idle_heap.py (the idle figure): the
free heap through a whole game. The scripted game of tools/board/fullgame.py (every mode,
undo, a correction, a win, a new game) on a fresh folder, played through
tools/board/pcboard.py's Harness on the real hal.Board (LED strip, pins, littlefs) with the
app's clock and keypad mask given by the script, so it runs at processor speed, not a
player's. The app scans every 20 ms of that clock, as on the board, but draws (and writes the
LEDs) once after each press or wait rather than at every scan: the renderer allocates
nothing, so the heap is the same and the game takes ~5x less emulated time. After every key
press the heap is collected and gc.mem_free() noted (fullgame's MeteredHarness).
Prints the game's report, then: HEAP lowest-free fs-free fs-total (bytes).
"""

import gc
import os

import hal
from app import App

from tools.board.fullgame import MeteredHarness, play
from tools.board.pcboard import Harness, PCBoard

FOLDER = "/bench/state"  # the game's own folder: the saved game stays as it is


class ScriptedBoard(hal.Board):
    """The Pico's board with the clock, keys and watchdog of tools.board.pcboard.PCBoard."""

    ticks_ms = PCBoard.ticks_ms
    seconds = PCBoard.seconds
    scan_keys = PCBoard.scan_keys
    watchdog_start = PCBoard.watchdog_start  # the script's clock is not the watchdog's

    def __init__(self, now_ms, state_dir):
        super().__init__()
        self.now = now_ms
        self.keys = 0
        self.state_dir = state_dir


class PicoHarness(Harness):
    def boot(self, now_ms, cause):
        self.board = ScriptedBoard(now_ms, self.state_dir)
        self.app = App(self.board)
        self.app.step(self.board.ticks_ms())

    def wait(self, ms):
        app = self.app
        app.step = _no_frame  # Harness.wait's scans, without a frame at each ...
        try:
            Harness.wait(self, ms)
        finally:
            del app.step
        app.step(self.board.ticks_ms())  # ... and one frame at the end


def _no_frame(now):
    return False


gc.collect()
for folder in ("/bench", FOLDER):
    try:
        os.mkdir(folder)
    except OSError:
        pass  # there already
m = MeteredHarness(PicoHarness, FOLDER)
print(play(m.h))
fs = os.statvfs("/")
print("HEAP", m.min_free, fs[0] * fs[3], fs[0] * fs[2])
