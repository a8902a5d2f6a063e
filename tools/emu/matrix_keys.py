"""The PicoPeg keypad's 4x4 matrix on the emulated RP2040: keys a test presses, read by the
real hal.Board.scan_keys() through the GPIO pins of hardware/pins.csv.

A stand-in until tools/emu has its own key-matrix model (issue 13); it has the interface
pico_session.py needs (press, release, release_all), so switching is a change of one import.
The wiring is the PCB's: no diodes, rows driven low one at a time (open drain), columns with
pull-ups. A pressed key joins its row and column, so a column reads low while a row of one
of its pressed keys is driven low; otherwise it floats to its pull-up.

    keys = KeyMatrix.from_pins_csv()     # rows KEY_ROW0-3, columns KEY_COL0-3
    board = dataclasses.replace(pico, extras=(..., lambda: keys))
    keys.press("2"); ...; keys.release("2")
"""

import csv
from pathlib import Path

from rp2040py.gpio_pin import GPIOPinState

LEGENDS = "123A456B789C*0#D"  # firmware/keypad.py KEYS: key row * 4 + col
PINS_CSV = Path(__file__).resolve().parents[2] / "hardware" / "pins.csv"


class KeyMatrix:
    """An rp2040py ExternalDevice: attach() wires listeners on the row pins."""

    def __init__(self, rows, cols):
        if len(rows) != 4 or len(cols) != 4:
            raise ValueError("the keypad is 4 rows by 4 columns")
        self.rows = tuple(rows)
        self.cols = tuple(cols)
        self.down = set()  # key indices held now
        self._mcu = None

    @classmethod
    def from_pins_csv(cls, path=PINS_CSV):
        with open(path, newline="") as f:
            gpio = {row["signal"]: int(row["gpio"]) for row in csv.DictReader(f)}
        rows = [gpio[f"KEY_ROW{i}"] for i in range(4)]
        return cls(rows, [gpio[f"KEY_COL{i}"] for i in range(4)])

    def attach(self, rp2040):
        self._mcu = rp2040
        for pin in self.rows:
            rp2040.gpio[pin].add_listener(lambda new, old: self._drive())
        self._drive()

    def press(self, legend):
        self.down.add(_index(legend))
        self._drive()

    def release(self, legend):
        self.down.discard(_index(legend))
        self._drive()

    def release_all(self):
        self.down.clear()
        self._drive()

    def _drive(self):
        """Each column: low while a row of one of its pressed keys is driven low."""
        if self._mcu is None:
            return
        gpio = self._mcu.gpio
        low_rows = {r for r, pin in enumerate(self.rows) if gpio[pin].value == GPIOPinState.LOW}
        for c, pin in enumerate(self.cols):
            if any(k % 4 == c and k // 4 in low_rows for k in self.down):
                gpio[pin].set_input_value(False)
            else:
                gpio[pin].release_input()  # open: the pull-up the firmware enabled decides


def _index(legend):
    i = LEGENDS.find(legend)
    if len(legend) != 1 or i < 0:
        raise ValueError(f"no key {legend!r}: keys are {LEGENDS}")
    return i
