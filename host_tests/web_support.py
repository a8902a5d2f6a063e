"""A stand-in for the web page's `webhost` module, so the web board (tools/web/py) runs under
CPython and the MicroPython unix port: storage in a dict of bytes (as localStorage keeps
"binary strings"), a fake millisecond clock, and the frames and text the page would draw.
"""

from binascii import hexlify, unhexlify

from ledmap import HOLE_TO_LED
from webfs import FULL, LOST, OK


class FakeHost:
    """The page as the web board sees it; see tools/web/site/host.js for the real one."""

    def __init__(self, store=None, now_ms=0):
        self.store = store if store is not None else {}  # key -> bytes
        self.ms = now_ms
        self.frame = bytes(363)  # the last frame drawn
        self.frames = 0
        self.text = ""
        self.powered = []  # every power(on) call
        self.lost_calls = 0
        self.scales = []
        self.dues = []  # every count due told to the card picker (JSON)
        self.owner = True  # False: another tab took the game (puts answer LOST)
        self.room = -1  # bytes the store may still take (-1: no limit)

    # -- the board's clock, LEDs and display ----------------------------------------------

    def now(self):
        return self.ms

    def epoch(self):
        return 1_700_000_000 + self.ms // 1000

    def leds(self, hexframe):
        self.frame = unhexlify(hexframe)
        self.frames += 1

    def show(self, text):
        self.text = text

    def exposure(self, scale):
        self.scales.append(scale)

    def due(self, text):
        self.dues.append(text)

    def power(self, on):
        self.powered.append(on)

    def lost(self):
        self.lost_calls += 1

    # -- storage -----------------------------------------------------------------------------

    def get(self, key):
        value = self.store.get(key)
        return None if value is None else hexlify(value).decode()

    def _status(self, more):
        if not self.owner:
            return LOST
        if self.room >= 0:
            if more > self.room:
                return FULL
            self.room -= more
        return OK

    def put(self, key, hexdata):
        data = unhexlify(hexdata)
        status = self._status(len(data))
        if status == OK:
            self.store[key] = data
        return status

    def append(self, key, hexdata):
        data = unhexlify(hexdata)
        status = self._status(len(data))
        if status == OK:
            self.store[key] = self.store.get(key, b"") + data
        return status

    def copy(self, src, dst):
        status = self._status(len(self.store[src]))
        if status == OK:
            self.store[dst] = self.store[src]
        return status

    def drop(self, key):
        status = self._status(0)
        if status == OK and key in self.store:
            del self.store[key]
        return status

    def keys(self, prefix):
        return "\n".join(sorted(k for k in self.store if k.startswith(prefix)))

    # -- what a test reads -------------------------------------------------------------------

    def led(self, hole):
        """(r, g, b) of hole 1-121 in the last frame drawn."""
        o = HOLE_TO_LED[hole - 1] * 3
        return (self.frame[o + 1], self.frame[o], self.frame[o + 2])


def run(runner, ms, step=20):
    """Let ms pass on the host's clock, with the page's 20 ms tick."""
    host = runner.host
    end = host.ms + ms
    while host.ms + step <= end:
        host.ms += step
        runner.tick()
    host.ms = end


def tap(runner, legends, gap_ms=0):
    """Click each key (down and up at once, as a quick mouse click), then let the latch show
    it to the keypad scan; gap_ms more between keys."""
    for ch in legends:
        if ch == " ":
            continue
        runner.key(ch, True)
        runner.key(ch, False)
        while not runner.idle():
            run(runner, 20)
        run(runner, 60 + gap_ms)


def hold(runner, legend, ms):
    """Hold a key down for ms (a long press, a hold), then let go."""
    runner.key(legend, True)
    run(runner, ms)
    runner.key(legend, False)
    while not runner.idle():
        run(runner, 20)
    run(runner, 60)
