"""Runs ON the emulated Pico (board_jobs.py), before jobs/heap_game.py: the free heap of the
app booted on the real hal.Board with whatever game the flash holds, one frame drawn, then
the heap collected: what a board on the table has free (less the asyncio tasks' few hundred
bytes). A job of its own, so that neither the scripted game's harness (tools.board.fullgame,
tools/board/pcboard: ~6 KB of bytecode in RAM) nor that job's own code is on the heap when it
is measured. Prints: IDLE free-bytes.
"""

import gc

import hal
from app import App

board = hal.Board()
app = App(board)
app.step(board.ticks_ms())
gc.collect()
print("IDLE", gc.mem_free())
