"""Read and check hardware/pins.csv, the one place PicoPeg's pin numbers are written.

Columns: signal (net name on the schematic), gpio (RP2040 GPIO number), role:
  ws2812_out   LED chain data (through the 3.3 V -> 5 V buffer)
  out          output (keypad rows: open drain, driven low one at a time; status LED)
  in_pullup    input with the internal pull-up (keypad columns)
  i2cN_sda/scl I2C bus N's data/clock (the optional SSD1306 display)
  adc          analog input (the USB-C CC lines: what the supply advertises); GP26-28 only
Also: which Pico module pin (1..40) carries each GPIO, for wiring and the board.
SPDX-License-Identifier: MIT
"""

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PINS_CSV = ROOT / "hardware" / "pins.csv"

ROLES = ("ws2812_out", "out", "in_pullup", "i2c0_sda", "i2c0_scl", "i2c1_sda", "i2c1_scl", "adc")
ADC_GPIOS = (26, 27, 28)  # the RP2040's ADC inputs on the Pico's header (ADC0-ADC2)

# GPIOs brought out to the Pico's 40 pins (GP23-25 and GP29 are used on the module itself).
PICO_GPIOS = tuple(range(23)) + (26, 27, 28)
# Pico module pin of each GPIO (Raspberry Pi Pico datasheet, pinout figure).
PICO_PIN = {
    **{g: g + 1 + (g + 2) // 4 for g in range(16)},  # GP0-15: pins 1-20 with GND at 3, 8, ..
    16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34,
}  # fmt: skip


def i2c_function(gpio):
    """('sda'|'scl', bus) that an RP2040 GPIO can carry: GPn is I2C(n//2 % 2), SDA if even."""
    return ("sda" if gpio % 2 == 0 else "scl", (gpio // 2) % 2)


def read_pins(path=PINS_CSV):
    """Rows of pins.csv as dicts with gpio as int; raises ValueError on any bad row."""
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != ["signal", "gpio", "role"]:
            raise ValueError("pins.csv header must be signal,gpio,role")
        rows = [{"signal": r["signal"], "gpio": int(r["gpio"]), "role": r["role"]} for r in reader]
    check(rows)
    return rows


def check(rows):
    """Raise ValueError if signals or GPIOs repeat, a GPIO is not on the Pico's header,
    a role is unknown, or an I2C role sits on a GPIO that cannot carry it."""
    seen_sig, seen_gpio = set(), set()
    for r in rows:
        sig, gpio, role = r["signal"], r["gpio"], r["role"]
        if not sig.isidentifier() or sig.upper() != sig:
            raise ValueError("signal %r must be an UPPER_CASE identifier" % sig)
        if sig in seen_sig:
            raise ValueError("signal %s listed twice" % sig)
        if gpio in seen_gpio:
            raise ValueError("GPIO %d used twice" % gpio)
        if gpio not in PICO_GPIOS:
            raise ValueError("GPIO %d is not on the Pico's header" % gpio)
        if role not in ROLES:
            raise ValueError("unknown role %r for %s" % (role, sig))
        if role == "adc" and gpio not in ADC_GPIOS:
            raise ValueError("GPIO %d has no ADC: adc needs GP26-GP28" % gpio)
        if role.startswith("i2c"):
            want = (role[5:], int(role[3]))
            if i2c_function(gpio) != want:
                raise ValueError("GPIO %d cannot be %s" % (gpio, role))
        seen_sig.add(sig)
        seen_gpio.add(gpio)
    buses = {r["role"][:4] for r in rows if r["role"].startswith("i2c")}
    for bus in buses:
        roles = sorted(r["role"] for r in rows if r["role"].startswith(bus))
        if roles != [bus + "_scl", bus + "_sda"]:
            raise ValueError("%s needs exactly one SDA and one SCL" % bus)


def by_signal(rows):
    """{signal: row}."""
    return {r["signal"]: r for r in rows}
