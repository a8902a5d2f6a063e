"""The glue between the running App and the phones: entries in, the board's state out (sync).

    hub = Hub(app, os.urandom)        # sets app.remote = hub: App.tick calls apply() and tick()
    got = hub.submit(phone, doc, now) # a paired device's entry (live.inbox): an answer, or
                                      # a Waiting whose answer comes in a later turn
    code = hub.pair_request(addr, now)  # the code shown on the board (not to watchers), or
                                      # None: this client address must wait (live.pairing)
    result, token = hub.pair(addr, "123456", now)
    hub.phone(token)                  # the paired device (live.phones.Phone), or None
    hub.state(phone, addr, now)       # the snapshot JSON a phone gets (docs/WIFI.md)
    length, chunks = hub.history()    # the records JSON (its length, then its text in chunks)
    hub.rev                           # bumped after each change the phones must see
    hub.notify = event.set            # the server's wake-up, called after each bump

A paired device's entry waits in the inbox until App.tick calls ``apply`` after the keypad's
scan: then its keys go through the controller as the keypad's would (live.entries), whole, in
that turn. After the turn, ``tick`` compares what the board shows with the last snapshot: the
keeper's writes of the turn are done by then, so a phone never sees a point a power cut could
lose. The paired devices and their entries' numbers are on flash (live.phones: the board's
``phones_path``, or phones.txt in its state folder).

While a pairing code is up the board shows it: on the display as its first line
(``pair: 123456``), or, on a board without one, as lit holes (digit i of the code lights the
hole d of the i-th ten, 0 the tenth). Watchers get the game's own frame and lines, never it.
SPDX-License-Identifier: MIT
"""

from binascii import hexlify
from json import dumps

from compat import const
from ledmap import HOLE_TO_LED
from palette import PALETTES
from render import BRIGHTNESS, FRAME_BYTES
from scorekeeper.fileops import join

from live.phones import Phones, fingerprint
from live.showdue import ShowDue

FORGET_KEY = "app.wifi_forget"  # settings: bumped by "forget paired phones" (modes/settings.py)
PHONES_FILE = "phones.txt"
CHUNK = const(256)  # characters of the records text sent at a time (history)
_CODE_LEVEL = const(40)  # the code's holes, dim white (G R B)
PAIRED = const(0)  # live.pairing's results (not imported here: live.pairing is loaded at the
LOCKED = const(2)  # first pairing, so a board only watched never holds it)


class Hub:
    """One App's remote; see the module docstring."""

    def __init__(self, app, rand_bytes, pairing=None):
        self.app = app
        self._pairing = pairing  # live.pairing.Pairing, made at the first pairing request
        self._rand = rand_bytes
        board = app.board
        path = getattr(board, "phones_path", None) or join(board.state_dir, PHONES_FILE)
        self.phones = Phones(board.fs, path, rand_bytes)
        self.phones.load(fingerprint(app.keeper.game))  # before any entry or key of this boot
        self.inbox = None  # live.inbox, loaded at the first entry (watching needs none of it)
        self.on_answer = None  # the server's wake-up for the requests waiting for answers
        self._forget = app.keeper.settings.extra.get(FORGET_KEY, 0)
        self.rev = 1
        self.notify = None  # called after each rev bump (the server's wake-up)
        self._frame = bytearray(FRAME_BYTES)  # the game's frame at the last snapshot
        self._lines = [""] * 8
        self._showing = None  # the code shown on the board, or None
        self._json = None  # the cached state body for rev
        self.due = ShowDue()  # the count of the show a phone may pick as cards
        self._game = (2, [0, 0], -1, -1, 0, False, ["", ""])  # (sides, scores, dealer,
        # winner, palette, the hand in its show, the sides' names)
        self._take()
        app.remote = self

    # -- entries -----------------------------------------------------------------------

    def submit(self, phone, doc, now):
        """A paired device's entry (live.inbox.Inbox.submit)."""
        if self.inbox is None:
            from live.inbox import Inbox

            self.inbox = Inbox(self.app, self.phones)
            self.inbox.on_answer = self.answered
        return self.inbox.submit(phone, doc, now)

    def apply(self, now):
        """App.tick, after the keypad's scan: the first entry waiting, taken whole (1)."""
        return 0 if self.inbox is None else self.inbox.apply(now)

    def answered(self):
        if self.on_answer is not None:
            self.on_answer()

    # -- after each turn ---------------------------------------------------------------

    @property
    def pairing(self):
        """The pairing rules (live.pairing.Pairing), loaded and made at the first use."""
        if self._pairing is None:
            from live.pairing import Pairing

            self._pairing = Pairing(self._rand)
        return self._pairing

    def tick(self, now):
        """After the App's turn at tick now (its writes done): follow the settings' forget
        counter, the code's expiry and the locks, show the code, and bump rev on a change."""
        p = self._pairing
        app = self.app
        if self.inbox is not None:
            self.inbox.finish()
        changed = p is not None and p.tick(now)
        forget = app.keeper.settings.extra.get(FORGET_KEY, 0)
        if forget != self._forget:  # Settings: "forget phones"
            self._forget = forget
            self.phones.forget_all()
            if self.inbox is not None:
                self.inbox.forget()
            changed = True
        self.due.settle(app)
        game = self._frame != app.frame or self._lines != app.lines
        if game:
            self._take()
            changed = True
        code = None if p is None else p.code
        if code != self._showing or (game and code is not None):
            self._show(code)
        if changed:
            self._bump()

    def _take(self):
        a = self.app
        self._frame[:] = a.frame
        self._lines = list(a.lines)
        v = a.view
        self._game = (v.sides, list(v.front[: v.sides]), v.dealer, v.winner, v.palette,
                      a.keeper.game.in_show, list(v.names[: v.sides]))  # fmt: skip

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

    def pair_request(self, addr, now):
        """The code shown on the board for a phone at address addr (returned, for the
        tests); None when that address must wait (live.pairing: wait_ms)."""
        code = self.pairing.request(addr, now)
        self.tick(now)
        return code

    def pair(self, addr, code, now):
        """(result, token) for a code typed on a phone at address addr: (PAIRED, a new
        device's token) or (WRONG or LOCKED, None) (live.pairing); the code leaves the board
        once used."""
        result = self.pairing.check(addr, code, now)
        token = self.phones.add() if result == PAIRED else None
        self.tick(now)
        if result == LOCKED:
            self._bump()  # its stream says so
        return result, token

    def phone(self, token):
        """The paired device of this token, or None."""
        return self.phones.find(token)

    def paired(self, token):
        return self.phones.find(token) is not None

    # -- what the phones get -----------------------------------------------------------

    def state(self, phone, addr, now):
        """The snapshot JSON text (docs/WIFI.md, Protocol): the game's frame and lines (never
        the pairing code), its sides, committed scores, dealer, winner, side colours,
        whether the hand is in its show and the count due to be picked as cards (live.showdue),
        this phone's paired flag (and, paired, the number of its last entry) and the seconds
        its address stays locked out of pairing. phone: live.phones.Phone, or None for a
        watcher; addr: its address."""
        body = self._json
        if body is None:
            a = self.app
            level = min(max(getattr(a.view, "brightness", 5), 1), len(BRIGHTNESS) - 1)
            sides, scores, dealer, winner, palette, show, names = self._game
            colours = PALETTES[palette if 0 <= palette < len(PALETTES) else 0][1]
            hexes = ["{:02x}{:02x}{:02x}".format(*colours[i]) for i in range(sides)]
            body = (
                '"rev":{},"frame":"{}","scale":{},"lines":{},"sides":{},"scores":{},'
                '"dealer":{},"winner":{},"colours":{},"show":{},"names":{},"due":{}'
            ).format(
                self.rev, hexlify(bytes(self._frame)).decode(), BRIGHTNESS[level],
                dumps(self._lines), sides, dumps(scores), dealer, winner, dumps(hexes),
                "true" if show else "false", dumps(names), self.due.json(a),
            )  # fmt: skip
            self._json = body
        mine = "false" if phone is None else 'true,"seq":{}'.format(phone.seen)
        p = self._pairing  # none yet: no address is locked
        locked = 0 if p is None else (p.locked_ms(addr, now) + 999) // 1000
        return '{{"live":1,{},"paired":{},"locked":{}}}'.format(body, mine, locked)

    def history(self):
        """The records JSON text of `make export` (docs/RECORDS.md) as (its length, the
        body): the whole text where a block that big is free, else its chunks (a heap left
        in pieces by many connections may have none that big). A MemoryError here is the
        server's 503."""
        from scorekeeper.records import document, pieces

        # The chunks are made here, before the answer starts: a game that goes on while they
        # are sent (an entry applied between two of them) must not change a text whose
        # length is already sent.
        chunks = list(_chunks(pieces(document(self.app.keeper))))
        n = 0
        for c in chunks:
            n += len(c)
        try:  # one write where it can: sent a chunk at a time, a board's history reached
            return n, "".join(chunks)  # the club's hub up to 20 s late (test_club_night_boards)
        except MemoryError:  # (a generator: microdot would send a list as JSON)
            return n, _each(chunks)


def _each(items):
    yield from items


def _chunks(parts):
    """parts gathered into chunks of about CHUNK characters, then the text's last newline."""
    buf = []
    n = 0
    for p in parts:
        buf.append(p)
        n += len(p)
        if n >= CHUNK:
            yield "".join(buf)
            buf = []
            n = 0
    buf.append("\n")
    yield "".join(buf)
