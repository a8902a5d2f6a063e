"""The real firmware/hal.py keypad scan on the emulated board, through the membrane model.

The board runs hal.Board().scan_keys() (the .mpy image `make build` makes) while the host
holds keys down on the emulated 4x4 matrix (membrane.py). The expected masks come from the
keypad's printed layout and the wiring in hardware/pins.csv, not from the firmware: key
(row, col) of ``1 2 3 A / 4 5 6 B / 7 8 9 C / * 0 # D`` is bit row * 4 + col. A hal.py with
its rows and columns swapped is run beside it and must read every key transposed.
"""

import asyncio

from tools.emu import board_files
from tools.emu.board_jobs import run_jobs
from tools.emu.membrane import key_mask

LAYOUT = ("123A", "456B", "789C", "*0#D")
SIGNAL_GPIO = 27  # not connected on the board: the job raises it when it wants the next keys

# Single keys, none, a row, a column, and three corners of a rectangle (the fourth ghosts).
PATTERNS = [*"123A456B789C*0#D", "", "456", "28", "124"]

SCAN_JOB = """
import machine
import {module} as hal
board = hal.Board()
signal = machine.Pin({signal}, machine.Pin.OUT, value=0)
masks = []
for i in range({n}):
    signal(1)  # the host holds the next keys on this edge
    masks.append(board.scan_keys())
    signal(0)
print(' '.join(str(m) for m in masks))
"""


def expected(legends: str, transposed: bool = False) -> int:
    held = [(r, LAYOUT[r].index(k)) for k in legends for r in range(4) if k in LAYOUT[r]]
    mask = 0
    for r, c in held:
        mask |= 1 << (c * 4 + r if transposed else r * 4 + c)
    if legends == "124":  # the diode-less matrix: 1-2 and 1-4 join row 1 to column 1: '5'
        mask |= 1 << (1 * 4 + 1)
    return mask


def swapped_hal(files: dict[str, bytes]) -> bytes:
    """hal.py with the row and column pin lists exchanged (the wiring mistake to catch)."""
    source = (board_files.FIRMWARE / "hal.py").read_text()
    swapped = source.replace("pins.KEY_ROWS", "pins.@COLS").replace(
        "pins.KEY_COLS", "pins.KEY_ROWS"
    )
    assert swapped != source
    return swapped.replace("pins.@COLS", "pins.KEY_COLS").encode()


def test_hal_scan_reads_the_key_matrix_and_a_row_column_swap_reads_it_transposed():
    files = board_files.device_files()
    files["/hal_swapped.py"] = swapped_hal(files)
    n = len(PATTERNS)
    jobs = {
        name: SCAN_JOB.format(module=name, signal=SIGNAL_GPIO, n=n)
        for name in ("hal", "hal_swapped")
    }
    queue = []

    def wire(pico):
        def on_signal(value, _old):
            if int(value) == 1:  # the next pattern, wrapping round for the second job
                pico.keys.set_keys(key_mask(PATTERNS[len(queue) % n]))
                queue.append(1)

        pico.mcu.gpio[SIGNAL_GPIO].add_listener(on_signal)

    out = asyncio.run(run_jobs(jobs, files, setup=wire))
    for name in jobs:
        assert out[name].error == "", out[name].error
    got = [int(x) for x in out["hal"].lines[-1].split()]
    assert got == [expected(p) for p in PATTERNS]
    got = [int(x) for x in out["hal_swapped"].lines[-1].split()]
    assert got == [expected(p, transposed=True) for p in PATTERNS]
    assert got != [expected(p) for p in PATTERNS]
