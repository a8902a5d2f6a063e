"""The PicoPeg board as rp2040py emulates it: a Pico plus what hardware/pins.csv wires to it.

`BOARD` is a module-level rp2040py BoardSpec, so the rp2040py CLI can load this file with
`--board-spec tools/emu/board_spec.py:BOARD` (in the emulator's venv, where the project is
installed); it boots the firmware
named by $PICOPEG_EMU_UF2, else the one firmware_build.py cached. `picopeg_board()` builds one
in Python, with a given WS2812 decoder so a test can read back the pixels the firmware sent.
`BOARD_CLOCKED` is the same board printing its emulated time (ClockLog), for a process that
watches a served board from outside (emu.py serve --clock).
"""

import csv
import dataclasses
import os
from pathlib import Path

from rp2040py.boards import BOARDS, BoardSpec, FlashLayout
from rp2040py.external.ws2812 import Ws2812

from tools.emu import firmware_build, recipe

REPO = Path(__file__).resolve().parents[2]
PINS_CSV = REPO / "hardware" / "pins.csv"
DEFAULT_LED_GPIO = 22
LAYOUT = FlashLayout(
    fs_start=recipe.FS_START,
    fs_blockcount=recipe.FS_BLOCK_COUNT,
    fs_blocksize=recipe.FS_BLOCK_SIZE,
)


def led_data_gpio(pins_csv: Path = PINS_CSV) -> int:
    """GPIO of the WS2812 chain's data line (role ws2812_out in hardware/pins.csv)."""
    if not pins_csv.exists():
        return DEFAULT_LED_GPIO
    with open(pins_csv, newline="") as f:
        for row in csv.DictReader(f):
            if row.get("role") == "ws2812_out":
                return int(row["gpio"])
    return DEFAULT_LED_GPIO


def firmware_image() -> Path:
    if os.environ.get("PICOPEG_EMU_UF2"):
        return Path(os.environ["PICOPEG_EMU_UF2"])
    found = firmware_build.cached_firmware()
    if found is None:
        raise SystemExit("no emulator firmware yet: run tools/emu/setup.sh (or emu.py firmware)")
    return found


CLOCK_LINE = "emulated time"
CLOCK_PERIOD_S = 0.1


class ClockLog:
    """An rp2040py external device that prints `emulated time 1.20 s` on stdout every
    CLOCK_PERIOD_S of emulated time (the simulation clock, from power-on; a reset does not
    restart it), so that a process outside the emulator can wait on the board's own time, which
    a loaded host does not change, rather than on the wall's."""

    def attach(self, rp2040) -> None:
        self._clock = rp2040.clock
        self._alarm = rp2040.clock.create_alarm(self._tick)
        self._alarm.schedule(CLOCK_PERIOD_S * 1e9)

    def _tick(self) -> None:
        print(f"{CLOCK_LINE} {self._clock.nanos / 1e9:.2f} s", flush=True)
        self._alarm.schedule(CLOCK_PERIOD_S * 1e9)


def picopeg_board(image: Path | None = None, strip: Ws2812 | None = None) -> BoardSpec:
    """Pico (LED on GPIO25, BOOTSEL) + a WS2812 decoder on the LED data pin, firmware resolved."""
    strip = strip or Ws2812(gpio=led_data_gpio())
    pico = BOARDS["pico"]
    return dataclasses.replace(
        pico,
        extras=(*pico.extras, lambda: strip),
        image=image or firmware_image(),
        layout=LAYOUT,
        firmware=None,
    )


def __getattr__(name: str):
    # BOARD is built on first access, so importing this module never needs the firmware.
    if name == "BOARD":
        return picopeg_board()
    if name == "BOARD_CLOCKED":
        board = picopeg_board()
        return dataclasses.replace(board, extras=(*board.extras, ClockLog))
    raise AttributeError(name)
