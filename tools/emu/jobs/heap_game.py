"""Runs ON the emulated Pico (board_jobs.py): free heap at idle and through a whole game.

Idle: the app booted on the real hal.Board with whatever game the flash holds, one frame
drawn, then the heap collected: what a board on the table has free (less the asyncio tasks'
few hundred bytes). Then the scripted game of host_tests/scenario_fullgame.py (every mode,
undo, a correction, a win, a new game) on a fresh folder, played through
tools/board/pcboard.py's Harness on the real hal.Board (LED strip, pins, littlefs) with the
app's clock and keypad mask given by the script, so it runs at processor speed, not a
player's. The app scans every 20 ms of that clock, as on the board, but draws (and writes the
LEDs) once after each press or wait rather than at every scan: the renderer allocates
nothing, so the heap is the same and the game takes ~5x less emulated time. After every key
press the heap is collected and gc.mem_free() noted (scenario_fullgame's MeteredHarness).
Prints the game's report, then: HEAP idle-free lowest-free fs-free fs-total (bytes).
"""

import gc
import os

import hal
from app import App
from scenario_fullgame import MeteredHarness, play
from tools.board.pcboard import SCAN_MS, TICKS_MASK, Harness

FOLDER = "/bench/state"  # the game's own folder: the saved game stays as it is


class ScriptedBoard(hal.Board):
    """The Pico's board with the clock and keys of tools.board.pcboard.PCBoard."""

    def __init__(self, now_ms, state_dir):
        super().__init__()
        self.now = now_ms
        self.keys = 0
        self.state_dir = state_dir

    def ticks_ms(self):
        return self.now & TICKS_MASK

    def seconds(self):
        return self.now // 1000

    def scan_keys(self):
        return self.keys

    def watchdog_start(self, ms):
        pass  # the script's clock is not the watchdog's


class PicoHarness(Harness):
    def boot(self, now_ms, cause):
        self.board = ScriptedBoard(now_ms, self.state_dir)
        self.app = App(self.board)
        self.app.step(self.board.ticks_ms())

    def wait(self, ms):
        b = self.board
        end = b.now + ms
        while b.now + SCAN_MS <= end:
            b.now += SCAN_MS
            self.app.feed_keys(b.keys, b.ticks_ms())
        b.now = end
        self.app.step(b.ticks_ms())


board = hal.Board()
app = App(board)
app.step(board.ticks_ms())
gc.collect()
idle = gc.mem_free()
del app, board
gc.collect()
for folder in ("/bench", FOLDER):
    try:
        os.mkdir(folder)
    except OSError:
        pass  # there already
m = MeteredHarness(PicoHarness, FOLDER)
print(play(m.h))
fs = os.statvfs("/")
print("HEAP", idle, m.min_free, fs[0] * fs[3], fs[0] * fs[2])
