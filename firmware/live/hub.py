"""The glue between the running App and the phones: keys in, the board's state out (sync).

    hub = Hub(app, os.urandom)        # sets app.remote = hub: App.tick calls keys() and tick()
    hub.press("A", 100)               # a paired phone's key: down 100 ms (up to 4 s), queued
    code = hub.pair_request(now)      # a fresh code, shown on the board (not to watchers)
    result, token = hub.pair("123456", now)
    hub.state(paired, now)            # the snapshot JSON the phones get (docs/WIFI.md)
    hub.rev                           # bumped after each change the phones must see
    hub.notify = event.set            # the server's wake-up, called after each bump

A phone's key is one more key source: App.tick ORs ``keys(now)`` into the keypad's scan mask,
so it goes through the same KeyDecoder and controller path as the keypad, one key at a time,
each held for its ms and then let go (a dropped phone can never leave a key down). After the
turn, ``tick`` compares what the board shows with the last snapshot: the keeper's writes of
the turn are done by then, so a phone never sees a point a power cut could lose.

While a pairing code is up the board shows it: on the display as its first line
(``pair: 123456``), or, on a board without one, as lit holes (digit i of the code lights the
hole d of the i-th ten, 0 the tenth). Watchers get the game's own frame and lines, never it.
SPDX-License-Identifier: MIT
"""

from binascii import hexlify
from json import dumps

from compat import const, ticks_add, ticks_diff
from keypad import KEYS
from ledmap import HOLE_TO_LED
from palette import PALETTES
from render import BRIGHTNESS, FRAME_BYTES

from live.pairing import Pairing

FORGET_KEY = "app.wifi_forget"  # settings: bumped by "forget paired phones" (modes/settings.py)
MAX_KEY_MS = const(4000)
MIN_KEY_MS = const(40)  # two scans and the debounce: shorter would never be seen
_GAP_MS = const(60)  # keys up between two queued keys (the decoder's release and debounce)
_MIN_SCANS = const(3)  # a key down (and up) for at least this many keypad scans
_MAX_QUEUE = const(8)  # keys waiting: more are refused (the phone sends them again)
_CODE_LEVEL = const(40)  # the code's holes, dim white (G R B)


class Hub:
    """One App's remote; see the module docstring."""

    def __init__(self, app, rand_bytes, pairing=None):
        self.app = app
        self.pairing = pairing if pairing is not None else Pairing(rand_bytes)
        self.rev = 1
        self.notify = None  # called after each rev bump (the server's wake-up)
        self._frame = bytearray(FRAME_BYTES)  # the game's frame at the last snapshot
        self._lines = [""] * 8
        self._queue = []  # [key bit, ms] waiting
        self._down = 0  # the bit held now
        self._until = 0  # when it goes up (while down) or the next may go down (while up)
        self._scans = _MIN_SCANS  # scans since it went down (or up)
        self._showing = None  # the code shown on the board, or None
        self._locked = False
        self._json = None  # the cached state body for rev
        self._game = (2, [0, 0], -1, -1, 0)  # (sides, scores, dealer, winner, palette)
        self._take()
        app.remote = self

    # -- keys ------------------------------------------------------------------------

    def press(self, legend, ms):
        """Queue a phone's key (a legend of keypad.KEYS) held ms (MIN_KEY_MS..MAX_KEY_MS);
        False if too many wait. ValueError for a key or time no keypad could give."""
        i = KEYS.find(legend) if isinstance(legend, str) and len(legend) == 1 else -1
        if i < 0 or not isinstance(ms, int) or isinstance(ms, bool):
            raise ValueError("bad key")
        if not MIN_KEY_MS <= ms <= MAX_KEY_MS:
            raise ValueError("bad ms")
        if len(self._queue) >= _MAX_QUEUE:
            return False
        self._queue.append((1 << i, ms))
        return True

    def keys(self, now):
        """The phones' key mask for the scan at tick now (App.tick ORs it in). A key stays
        down its ms and at least _MIN_SCANS scans, and up as long between two keys, however
        late the scans come (a slow turn must not make a tap too short to be seen)."""
        self._scans += 1
        if self._down:
            if ticks_diff(now, self._until) < 0 or self._scans < _MIN_SCANS:
                return self._down
            self._down = 0
            self._until = ticks_add(now, _GAP_MS)
            self._scans = 0
            return 0
        if self._queue and ticks_diff(now, self._until) >= 0 and self._scans >= _MIN_SCANS:
            bit, ms = self._queue.pop(0)
            self._down = bit
            self._until = ticks_add(now, ms)
            self._scans = 1
            return bit
        return 0

    @property
    def busy(self):
        """True while a phone's key is down or queued."""
        return bool(self._down or self._queue)

    # -- after each turn ---------------------------------------------------------------

    def tick(self, now):
        """After the App's turn at tick now (its writes done): follow the settings' forget
        counter, the code's expiry and the lock, show the code, and bump rev on a change."""
        p = self.pairing
        app = self.app
        changed = p.follow(app.keeper.settings.extra.get(FORGET_KEY, 0))
        changed = p.tick(now) or changed
        locked = p.locked_ms(now) > 0
        if locked != self._locked:
            self._locked = locked
            changed = True
        game = self._frame != app.frame or self._lines != app.lines
        if game:
            self._take()
            changed = True
        if p.code != self._showing or (game and p.code is not None):
            self._show(p.code)
        if changed:
            self._bump()

    def _take(self):
        a = self.app
        self._frame[:] = a.frame
        self._lines = list(a.lines)
        v = a.view
        self._game = (v.sides, list(v.front[: v.sides]), v.dealer, v.winner, v.palette)

    def _bump(self):
        self.rev += 1
        self._json = None
        if self.notify is not None:
            self.notify()

    def _show(self, code):
        """The code on the board (display or holes), or the game back when code is None."""
        self._showing = code
        b = self.app.board
        d = b.display
        if code is None:
            b.leds_write(self.app.frame)
            if d is not None:
                d.show_lines(self.app.lines)
            return
        if d is not None:
            d.show_lines(["pair: " + code] + self.app.lines[1:])
            return
        frame = bytearray(FRAME_BYTES)
        for i in range(6):
            digit = ord(code[i]) - 48
            o = HOLE_TO_LED[i * 10 + (digit if digit else 10) - 1] * 3
            frame[o] = frame[o + 1] = frame[o + 2] = _CODE_LEVEL
        b.leds_write(frame)

    # -- pairing -----------------------------------------------------------------------

    def pair_request(self, now):
        """A fresh code shown on the board (returned, for the tests); None while locked."""
        code = self.pairing.request(now)
        self.tick(now)
        return code

    def pair(self, code, now):
        """(result, token) of live.pairing.Pairing.check; the code leaves the board."""
        result = self.pairing.check(code, now)
        self.tick(now)
        return result

    def paired(self, token):
        return self.pairing.paired(token)

    # -- what the phones get -----------------------------------------------------------

    def state(self, paired, now):
        """The snapshot JSON text (docs/WIFI.md, Protocol): the game's frame and lines (never
        the pairing code), its sides, committed scores, dealer, winner and side colours, this
        phone's paired flag and the lock's seconds."""
        body = self._json
        if body is None:
            a = self.app
            level = min(max(getattr(a.view, "brightness", 5), 1), len(BRIGHTNESS) - 1)
            sides, scores, dealer, winner, palette = self._game
            colours = PALETTES[palette if 0 <= palette < len(PALETTES) else 0][1]
            hexes = ["{:02x}{:02x}{:02x}".format(*colours[i]) for i in range(sides)]
            body = (
                '"rev":{},"frame":"{}","scale":{},"lines":{},"sides":{},"scores":{},'
                '"dealer":{},"winner":{},"colours":{}'
            ).format(
                self.rev, hexlify(bytes(self._frame)).decode(), BRIGHTNESS[level],
                dumps(self._lines), sides, dumps(scores), dealer, winner, dumps(hexes),
            )  # fmt: skip
            self._json = body
        return '{{"live":1,{},"paired":{},"locked":{}}}'.format(
            body, "true" if paired else "false", self.pairing.locked_s(now)
        )

    def history(self):
        """The records JSON text of `make export` (docs/RECORDS.md)."""
        from scorekeeper import records

        return records.dumps(records.document(self.app.keeper))
