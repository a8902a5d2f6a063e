"""Hours of play on a power bank, from the firmware's own frames and power model.

    python -m tools.hardware.power_bank        prints the figures hardware/README.md tables

The real app runs on the PC board (tools/board/pcboard.py) at the default settings (so the
default brightness), and every frame it draws is costed by firmware/power.py's model (which
errs high: 20 mA a channel at full scale, 1 mA a dark LED). Two scenes: the board just
switched on (a new game: only the markers lit) and a game in the middle (both pegs of two
sides on the track, a pending entry blinking where it would land). The logic's figure is the
power budget's (logic_ma in hardware/README.md). A bank's capacity is its cells' (3.7 V); what
reaches the board at 5 V is that times the bank's conversion efficiency.
SPDX-License-Identifier: MIT
"""

import sys

import power

from tools.board.pcboard import SCAN_MS, Harness
from tools.board.testkit import FakeFS

BANK_MAH = 10000  # at the cells' 3.7 V, as banks are sold
CELL_MV, OUT_MV = 3700, 5000
EFFICIENCY_PCT = 85  # a bank's boost converter and cable: typical figures are 80-90 %
LOGIC_MA = 60  # hardware/README.md logic_ma: the Pico, the display, the buffer, the status LED
SAMPLE_MS = 8192  # 16 periods of the slowest blink (512 ms): a whole cycle of every animation
# A game in the middle: points for A and B (each what one card can peg in the play: 2-9,
# 12-15) that leave A on 72 (back peg 64) and B on 59 (57), then a pending 6 for A,
# previewed (blinking) where it would land, as while a player keys points.
MIDGAME = ("8A", "5B", "12A", "9B", "2A", "6B", "4B", "14A", "2B", "6A", "13B", "12A", "14B",
           "6A", "4A", "4B", "8A", "2B")  # fmt: skip
MIDGAME_SCORES = (72, 59)
PENDING = "6"


def average_ma(h, ms=SAMPLE_MS):
    """The LED chain's mean current (mA) over ms of frames, one sample per 20 ms frame."""
    total = n = 0
    for _ in range(ms // SCAN_MS):
        h.wait(SCAN_MS)
        total += power.frame_ma(h.board.leds)
        n += 1
    return (total + n - 1) // n


def scenes():
    """{"idle": mA, "midgame": mA}: the LED chain's mean current in each scene."""
    h = Harness("/peg", fs=FakeFS())
    h.wait(3000)  # past the start-up signal
    idle = average_ma(h)
    for entry in MIDGAME:
        h.type(entry)
    if tuple(h.keeper.game.scores[:2]) != MIDGAME_SCORES:
        raise RuntimeError("the mid-game scene did not play as written")
    h.wait(2000)
    h.type(PENDING)
    midgame = average_ma(h)
    return {"idle": idle, "midgame": midgame}


def hours_x10(board_ma, bank_mah=BANK_MAH):
    """Tenths of an hour a bank runs a board drawing board_ma at 5 V."""
    out_mah = bank_mah * CELL_MV * EFFICIENCY_PCT // (OUT_MV * 100)
    return out_mah * 10 // board_ma


def figures():
    """The README's power-bank figures, computed."""
    s = scenes()
    out = {"bank_out_mah": BANK_MAH * CELL_MV * EFFICIENCY_PCT // (OUT_MV * 100)}
    for name in ("idle", "midgame"):
        board = s[name] + LOGIC_MA
        out[name + "_led_ma"] = s[name]
        out[name + "_board_ma"] = board
        out[name + "_hours_x10"] = hours_x10(board)
    return out


def main():
    for name, value in figures().items():
        print("%-20s %d" % (name, value))
    return 0


if __name__ == "__main__":
    sys.exit(main())
