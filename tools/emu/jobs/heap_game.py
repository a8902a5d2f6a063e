"""Runs ON the emulated Pico (board_jobs.py): the scripted full game, lowest free heap.

The game is host_tests/scenario_fullgame.py's (every mode, undo, a correction, a win, a new
game), played through tools/board/pcboard.py's Harness on the real hal.Board: its LED strip,
pins and littlefs, with the app's clock and keypad mask given by the script (so the game
runs at processor speed, not at a player's). The app scans every 20 ms of that clock as on
the board; it renders and writes the LEDs once after each press or wait rather than at every
scan (the renderer allocates nothing, so the heap is the same; the game runs ~5x sooner).
After every key press the heap is collected and gc.mem_free() noted (scenario_fullgame's
MeteredHarness); the smallest is the headroom at the busiest moment.
Prints: the game's report, the smallest free heap, the free heap after boot, both in bytes.
"""

import gc

import hal
from app import App
from scenario_fullgame import MeteredHarness, play
from tools.board.pcboard import SCAN_MS, TICKS_MASK, Harness


class ScriptedBoard(hal.Board):
    """The Pico's board with the clock and keys of tools.board.pcboard.PCBoard."""

    def __init__(self, now_ms):
        super().__init__()
        self.now = now_ms
        self.keys = 0

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
        self.board = ScriptedBoard(now_ms)
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


gc.collect()
booted = gc.mem_free()
m = MeteredHarness(PicoHarness, hal.STATE_DIR)
report = play(m.h)
print(report)
print(m.min_free, booted)
