"""The keypad as rp2040py sees it: a 4x4 membrane matrix on the row and column pins.

A key is a switch between one row wire and one column wire, with no diode, so the model is
electrical rather than logical: whenever a row or column pin changes, every pin that is not
driven by the chip takes the level of whatever it is connected to through the keys held down
(a driven low wins over a driven high, as the low side sinks the current), and an unconnected
pin is let go to its own pull resistor. Nothing here knows which pins the firmware drives or
reads, so a firmware that swaps rows for columns reads the transposed key, three keys on the
corners of a rectangle ghost the fourth as on the real membrane, and a column without its
pull-up floats.

    keypad = Membrane()                     # pins from hardware/pins.csv (KEY_ROWn, KEY_COLn)
    board = ... extras=(lambda: keypad,)    # an rp2040py ExternalDevice
    keypad.set_keys(key_mask("2A"))         # or press("2") / release("2"), from the engine room
    keypad.schedule([(at_ns, mask), ...])   # key changes at exact emulated times
    keypad.scans                            # emulated ns of each scan (row 0 driven low)

Key index ``row * 4 + col`` in ``KEYS`` order, as firmware/keypad.py numbers them.
"""

import csv
from pathlib import Path

from rp2040py.gpio_pin import GPIOPinState

REPO = Path(__file__).resolve().parents[2]
PINS_CSV = REPO / "hardware" / "pins.csv"
KEYS = "123A456B789C*0#D"  # firmware/keypad.py's legend of key row * 4 + col
_DRIVEN = (GPIOPinState.LOW, GPIOPinState.HIGH)


def matrix_pins(pins_csv: Path = PINS_CSV) -> tuple[list[int], list[int]]:
    """(row GPIOs, column GPIOs) of the KEY_ROW0-3 and KEY_COL0-3 signals in pins.csv."""
    with open(pins_csv, newline="") as f:
        gpio = {row["signal"]: int(row["gpio"]) for row in csv.DictReader(f)}
    return [gpio[f"KEY_ROW{i}"] for i in range(4)], [gpio[f"KEY_COL{i}"] for i in range(4)]


def key_mask(legends: str) -> int:
    """The mask of the keys named (``"2A"``: bits of '2' and 'A'); spaces are ignored."""
    mask = 0
    for ch in legends.replace(" ", ""):
        i = KEYS.find(ch.upper())
        if i < 0:
            raise ValueError(f"no key {ch!r}: keys are {KEYS}")
        mask |= 1 << i
    return mask


class Membrane:
    """An rp2040py ExternalDevice: the keys held down connect rows to columns."""

    def __init__(self, rows: list[int] | None = None, cols: list[int] | None = None):
        if rows is None or cols is None:
            rows, cols = matrix_pins()
        if len(rows) != 4 or len(cols) != 4 or len(set(rows + cols)) != 8:
            raise ValueError("a 4x4 matrix needs 4 row and 4 column pins, all different")
        self.rows, self.cols = list(rows), list(cols)
        self.mask = 0  # keys held down: bit row * 4 + col
        self.changes: list[tuple[float, int]] = []  # (emulated ns, mask) as applied
        self.scans: list[float] = []  # emulated ns at which row 0 went low: a scan began
        self._mcu = None
        self._alarm = None
        self._queue: list[tuple[float, int]] = []

    def attach(self, rp2040) -> None:
        self._mcu = rp2040
        for gpio in self.rows + self.cols:
            rp2040.gpio[gpio].add_listener(self._on_change)
        rp2040.gpio[self.rows[0]].add_listener(self._on_row0)
        self._settle()

    # -- the player's hands ---------------------------------------------------------------

    def set_keys(self, mask: int) -> None:
        """Hold exactly the keys in mask (run on the emulator's loop, or before it starts)."""
        self.mask = mask & 0xFFFF
        if self._mcu is not None:
            self.changes.append((self._mcu.clock.nanos, self.mask))
            self._settle()

    def press(self, legend: str) -> None:
        self.set_keys(self.mask | key_mask(legend))

    def release(self, legend: str) -> None:
        self.set_keys(self.mask & ~key_mask(legend))

    def release_all(self) -> None:
        self.set_keys(0)

    def schedule(self, changes: list[tuple[float, int]]) -> None:
        """Apply each (emulated ns, mask) at its time: exact in emulated time, whatever the
        host's speed. Replaces what was scheduled before."""
        assert self._mcu is not None, "attach() first (build the board)"
        self._queue = sorted(changes, reverse=True)
        if self._alarm is None:
            self._alarm = self._mcu.clock.create_alarm(self._next)
        self._arm()

    def _arm(self) -> None:
        if self._queue:
            delta = max(0.0, self._queue[-1][0] - self._mcu.clock.nanos)
            self._alarm.schedule(delta)

    def _next(self) -> None:
        now = self._mcu.clock.nanos
        while self._queue and self._queue[-1][0] <= now:
            self.set_keys(self._queue.pop()[1])
        self._arm()

    # -- the wires --------------------------------------------------------------------------

    def _on_change(self, _new, _old) -> None:
        self._settle()

    def _on_row0(self, new, _old) -> None:
        if new == GPIOPinState.LOW:
            self.scans.append(self._mcu.clock.nanos)

    def _settle(self) -> None:
        """Give every undriven matrix pin the level its connected group is driven to."""
        gpio = self._mcu.gpio
        pins = self.rows + self.cols
        group = list(range(8))  # union-find over the 8 wires: rows 0-3, columns 4-7

        def find(i):
            while group[i] != i:
                i = group[i]
            return i

        for k in range(16):
            if self.mask >> k & 1:
                a, b = find(k // 4), find(4 + k % 4)
                group[a] = b
        level = {}  # group -> False (some pin drives it low) / True (only highs)
        for i, p in enumerate(pins):
            state = gpio[p].value
            if state in _DRIVEN:
                g = find(i)
                level[g] = level.get(g, True) and state == GPIOPinState.HIGH
        for i, p in enumerate(pins):
            pin = gpio[p]
            g = find(i)
            if pin.value in _DRIVEN or g not in level:
                pin.release_input()  # its own output, or its pull resistor, decides
            else:
                pin.set_input_value(level[g])
