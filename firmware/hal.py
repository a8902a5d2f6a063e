"""PicoPeg's hardware: the only module (with main.py) that imports machine and neopixel.

    board = Board()          # builds the LED buffer: call it early (the display: at its use)
    app.run(board)

The board is what the app needs and nothing more (docs/FIRMWARE.md lists it; the PC stand-in
tools/board/pcboard.py has the same shape): the LED strip, a keypad scan, the optional SSD1306
text display, the file operations of the Pico's littlefs, clocks, the watchdog, the reset
cause, a reset and what the USB-C supply advertises (``supply_ma``, read through the ADC).
Pins come from the generated ``pins.py``. On a Pico W, ``wireless()`` and ``radio()`` are its
Wi-Fi (radio.py holds the logic; ``network`` is imported here and only when asked for).
SPDX-License-Identifier: MIT
"""

import sys
import time

import machine
import neopixel
import pins
from compat import const
from keymatrix import scan
from machine import Pin
from supply import adc_mv, advertised_ma, median

LED_COUNT = const(121)
WDT_MAX_MS = const(8388)  # the RP2040 watchdog's longest timeout
OLED_ADDR = const(0x3C)
CC_SAMPLES = const(9)  # ADC reads per CC line; the median ignores a PD message's edges
SETTLE_US = const(10)  # a driven row needs a moment through the membrane's resistance
STATE_DIR = "/state"
LOG_PATH = "/errors.log"
SITE_DIR = "/www"  # the page's files, which make flash copies to a Pico W (issue 19)
PHONES_PATH = "/phones.txt"  # a Pico W's paired phones (live/phones.py): not in /state's backups
# "Raspberry Pi Pico W with RP2040", "Raspberry Pi Pico 2 W with RP2350": a radio on board.
_PICO_W = " W with " in sys.implementation._machine
# The watchdog's CTRL register (RP2040 datasheet 4.7.6; RP2350 12.9.7); its ENABLE bit 30 is
# cleared through the register's atomic-clear alias (+0x3000).
_WATCHDOG_CTRL = 0x400D8000 if "RP2350" in sys.implementation._machine else 0x40058000
_CLEAR_ALIAS = const(0x3000)
_ENABLE = const(1 << 30)


def _settle():
    time.sleep_us(SETTLE_US)


class TextDisplay:
    """An SSD1306 128x64 as 8 lines of 16 characters (micropython-lib's ssd1306 driver)."""

    def __init__(self, oled):
        self._oled = oled

    def show_lines(self, lines):
        o = self._oled
        o.fill(0)
        for i in range(len(lines)):
            o.text(lines[i], 0, i * 8, 1)
        o.show()


_UNPROBED = object()  # Board.display before its first use


def find_display():
    """The text display if the ssd1306 driver is installed and one answers on 0x3C, else None."""
    try:
        from ssd1306 import SSD1306_I2C
    except ImportError:  # the driver is optional: make flash copies it when a display answers
        return None
    try:
        i2c = machine.I2C(pins.I2C_BUS, sda=Pin(pins.I2C_SDA), scl=Pin(pins.I2C_SCL),
                          freq=400000)  # fmt: skip
        if OLED_ADDR not in i2c.scan():
            return None
        return TextDisplay(SSD1306_I2C(128, 64, i2c, addr=OLED_ADDR))
    except OSError:  # no pull-ups, a bus fault: run without the display
        return None


class Board:
    """The PicoPeg board; see the module docstring."""

    state_dir = STATE_DIR
    log_path = LOG_PATH
    site_dir = SITE_DIR
    phones_path = PHONES_PATH

    def __init__(self):
        self._np = neopixel.NeoPixel(Pin(pins.LED_DATA, Pin.OUT), LED_COUNT)
        # Open drain: an idle row floats instead of driving high, so two keys pressed in one
        # column never short a high row to the low one being scanned.
        self._rows = [Pin(p, Pin.OPEN_DRAIN, value=1) for p in pins.KEY_ROWS]
        self._cols = [Pin(p, Pin.IN, Pin.PULL_UP) for p in pins.KEY_COLS]
        self._status = Pin(pins.STATUS_LED, Pin.OUT, value=1)  # lit: the firmware has booted
        # The USB-C CC lines through 10k into ADC0/ADC1 (pins.csv CC1_SENSE, CC2_SENSE).
        self._cc = (machine.ADC(Pin(pins.CC1_SENSE)), machine.ADC(Pin(pins.CC2_SENSE)))
        self._display = _UNPROBED
        self._fs = None
        self._wdt = None
        self._timer = None

    @property
    def fs(self):
        """The file operations of the Pico's littlefs, made at their first use: importing the
        scorekeeper package reads the keeper's modules from flash (~200 ms on the make flash
        Pico), which main.py loads after it has started the keys (bootkeys.start_app)."""
        if self._fs is None:
            from scorekeeper.fileops import FileOps

            self._fs = FileOps()
        return self._fs

    @property
    def display(self):
        """The text display (find_display), probed at the first use: after the board's
        first frame (app.py draws it before any text), so the driver's import, or the
        look for it on littlefs where make flash copied none, never delays it."""
        if self._display is _UNPROBED:
            self._display = find_display()
        return self._display

    @display.setter
    def display(self, display):  # app.py: None, after a display stopped answering
        self._display = display

    def leds_write(self, frame):
        """Show a 363-byte frame (G, R, B per LED, chain order)."""
        self._np.buf[:] = frame
        self._np.write()

    def scan_keys(self):
        """The keys down now: bit row * 4 + col (keypad.KEYS order). No interrupts."""
        return scan(self._rows, self._cols, _settle)

    def timer_start(self, ms, fn):
        """Call fn(timer) every ms from a hard timer interrupt, which comes even while a
        module is read from flash (a soft one waits for a loop in Python code): fn must not
        allocate. The boot reads the keypad on it until the modes load (bootkeys.py)."""
        try:  # (-1: the rp2 port's one kind, a timer of the SDK's alarm pool)
            self._timer = machine.Timer(-1, period=ms, callback=fn, hard=True)
        except TypeError:  # MicroPython before 1.26: soft only (at the next loop in Python)
            self._timer = machine.Timer(-1, period=ms, callback=fn)

    def timer_stop(self):
        if self._timer is not None:
            self._timer.deinit()
            self._timer = None

    def supply_ma(self):
        """What the USB-C supply advertises on CC1/CC2 (mA: 500, 1500, 3000; 0 unknown)."""
        mv = [0, 0]
        for i in range(2):
            adc = self._cc[i]
            mv[i] = adc_mv(median([adc.read_u16() for _ in range(CC_SAMPLES)]))
        return advertised_ma(mv[0], mv[1])

    def ticks_ms(self):
        return time.ticks_ms()

    def seconds(self):
        """Whole seconds from any epoch (the keeper only uses differences: play time)."""
        return time.time()

    def reset_cause(self):
        """machine.PWRON_RESET (1) or machine.WDT_RESET (3: the watchdog or machine.reset)."""
        return machine.reset_cause()

    def watchdog_start(self, ms):
        self._wdt = machine.WDT(timeout=min(ms, WDT_MAX_MS))

    def watchdog_feed(self):
        if self._wdt is not None:
            self._wdt.feed()

    def watchdog_stop(self):
        """Stop the watchdog (machine.WDT cannot): Ctrl-C leaves a REPL that stays up."""
        machine.mem32[_WATCHDOG_CTRL + _CLEAR_ALIAS] = _ENABLE
        self._wdt = None

    def reset(self):
        machine.reset()

    def wireless(self):
        """True on a Pico W, or where make flash put the W's files (a plain Pico with them
        says it has no radio, main.py): a plain Pico imports nothing of the Wi-Fi."""
        return _PICO_W or self.fs.exists(SITE_DIR)

    def radio(self):
        """The Pico W's radio (radio.Radio, not started), or None where the firmware has no
        ``network`` module: no radio on this board."""
        try:
            import network
        except ImportError:
            return None
        import os

        from radio import Radio

        return Radio(network, self.fs, machine.unique_id(), os.urandom)
