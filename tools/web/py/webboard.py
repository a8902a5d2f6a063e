"""The web board: hal.Board's interface (docs/FIRMWARE.md) in a browser page.

    board = WebBoard(host, cause=RESET_POWER)   # host: the page's `webhost` JS module
    app = App(board)                            # the firmware's own app, unchanged

The host is the page (tools/web/site/host.js), or a stand-in in the tests, with:

    now() -> ms, monotonic, wrapping at 2**30   epoch() -> whole seconds since 2000
    leds(hex)       the 363-byte frame (G R B per LED, chain order) as hex, to draw
    show(text)      the display's lines, joined by newlines
    get / put / append / copy / drop / keys       the storage (webfs.py)

The keys are the page's: pointer and keyboard events go into ``keys`` (keylatch.KeyLatch),
which ``scan_keys`` reads as the Pico reads its matrix. The watchdog and reset are recorded
as the PC stand-in records them (the same base, boardstub.StubBoard); the page's runner
(webmain.py) plays their part: an uncaught error shows for 3 s, then the board boots again,
"recovered".
SPDX-License-Identifier: MIT
"""

from binascii import hexlify

from boardstub import TICKS_MASK, StubBoard
from keylatch import KeyLatch
from scorekeeper.fileops import join
from webfs import WebFS

RESET_POWER = 1  # app.RESET_POWER: machine.PWRON_RESET
STATE_DIR = "/state"


class WebDisplay:
    """The text display: the page's panel beside the board (a live region)."""

    def __init__(self, host):
        self._host = host
        self.lines = [""] * 8

    def show_lines(self, lines):
        self.lines = list(lines)
        self._host.show("\n".join(self.lines))


class WebBoard(StubBoard):
    """The board in the page; see the module docstring."""

    state_dir = STATE_DIR

    def __init__(self, host, cause=RESET_POWER, fs=None):
        StubBoard.__init__(self, cause)
        self.host = host
        self.fs = fs if fs is not None else WebFS(host)
        self.fs.mkdir(STATE_DIR)
        self.log_path = join(STATE_DIR, "errors.log")
        self.display = WebDisplay(host)
        self.keys = KeyLatch()

    def ticks_ms(self):
        return self.host.now() & TICKS_MASK

    def seconds(self):
        return self.host.epoch()

    def scan_keys(self):
        return self.keys.scan(self.ticks_ms())

    def leds_write(self, frame):
        self.host.leds(hexlify(frame).decode())
        self.writes += 1
