"""The paired devices: their tokens and the number of each one's last entry applied, on flash.

    phones = Phones(fs, "/phones.txt", os.urandom)
    phones.load(fingerprint(keeper.game))   # at start: after a power cut, the entry being
                                            # applied is found applied or not by the game
    token = phones.add()                    # a new device: 128 random bits, as 32 hex digits
    p = phones.find(token)                  # its Phone (None: not paired)
    phones.begin(p, seq, fingerprint(game)) # on flash before its entry touches the game ...
    phones.end(p, seq, applied)             # ... and after
    phones.forget_all()

A device's entries carry its own increasing numbers (``seq``): the board applies each at most
once. What makes that hold across a power cut is this file: each device's last number applied,
and, while an entry is being taken, a ``pending`` line with its number and the game's
fingerprint before it. Nothing else changes the game in that turn of the board's loop, so at
the next start the game says whether the entry reached the flash: a game that differs from the
fingerprint has it (its number counts as applied), the same game has not (its number is free
again). A retry after the power comes back then gets "applied", never a second peg.

The file is a few lines of text (``phones 1``, then ``<token> <last seq>`` a device, oldest
first, then perhaps ``pending <i> <seq> <fingerprint>``), written whole and renamed into place
(scorekeeper.atomic), under littlefs's inline limit. It lives outside the game's folder (the
Pico's root, as /wifi.json): ``make backup`` does not copy it, ``make flash`` never touches it.
A damaged one is set aside: the phones pair again; no game is touched. At most MAX_PHONES
devices: pairing one more forgets the oldest.
SPDX-License-Identifier: MIT
"""

from binascii import hexlify

from compat import const, print_exception
from scorekeeper.atomic import set_aside, take_tmp, write_atomic

MAX_PHONES = const(8)
TOKEN_HEX = const(32)  # 128 bits
MAX_SEQ = const(0x7FFFFFFF)
_HEAD = "phones 1"


class Phone:
    """One paired device: its token, its last entry applied (on flash), the highest number it
    has sent (RAM) and the answer to it (RAM: a retry gets it again)."""

    def __init__(self, token, applied=0):
        self.token = token
        self.applied = applied
        self.seen = applied
        self.answer = None  # (seq, status, body) of its last entry answered
        self.entry = None  # its entry waiting for the board's loop (live.inbox)


def fingerprint(game):
    """A short text that changes with the game's events standing (their bytes, with the
    counts' cards), its start, its first dealer and its sides' names: what an entry changes."""
    from scorekeeper.crc import crc16

    ev = game.events
    c = crc16(ev.raw_cards(), crc=crc16(ev.raw()))
    for name in game.names:
        c = crc16(name.encode(), crc=c)
    return "{:x}.{:x}.{:x}.{:x}".format(c, len(ev), game.start & 0xFFFFFFFF, game.first_dealer)


class Phones:
    """The paired devices; see the module docstring."""

    def __init__(self, fs, path, rand_bytes, max_phones=MAX_PHONES):
        self.fs = fs
        self.path = path
        self.rand_bytes = rand_bytes
        self.max_phones = max_phones
        self.list = []  # Phone, oldest first
        self._pending = None  # (phone, seq, fingerprint) while an entry is being taken

    # -- on flash --------------------------------------------------------------------------

    def load(self, game_print):
        """Read the file (none: no phones). A pending entry is applied if the game no longer
        has game_print (the game's fingerprint now), else it never reached the flash."""
        fs = self.fs
        try:
            take_tmp(fs, self.path, _good)
            data = fs.read(self.path)
        except OSError as e:  # a failing flash: no phones (they pair again)
            print_exception(e)
            return
        if data is None:
            return
        found = _parse(data)
        if found is None:
            print("live: {} is damaged: set aside, the phones pair again".format(self.path))
            try:
                set_aside(fs, self.path)
            except OSError as e:
                print_exception(e)
            return
        self.list, pending = found
        if pending is not None:
            i, seq, printed = pending
            if printed != game_print and i < len(self.list):
                p = self.list[i]
                p.applied = p.seen = max(p.applied, seq)
            self._save()  # resolved: no pending line is ever read twice

    def _save(self):
        out = [_HEAD]
        for p in self.list:
            out.append("{} {}".format(p.token, p.applied))
        pend = self._pending
        if pend is not None:
            out.append("pending {} {} {}".format(self.list.index(pend[0]), pend[1], pend[2]))
        write_atomic(self.fs, self.path, ("\n".join(out) + "\n").encode())

    # -- the devices -----------------------------------------------------------------------

    def add(self):
        """Pair a new device: its token (saved; the oldest forgotten past max_phones)."""
        token = hexlify(self.rand_bytes(TOKEN_HEX // 2)).decode()
        self.list.append(Phone(token))
        if len(self.list) > self.max_phones:
            self.list.pop(0)
        self._save_quietly()
        return token

    def find(self, token):
        """The Phone whose token this is, or None (compared whole, without an early exit)."""
        if not isinstance(token, str) or len(token) != TOKEN_HEX:
            return None
        for p in self.list:
            if same(token, p.token):
                return p
        return None

    def forget_all(self):
        self.list = []
        self._save_quietly()

    def _save_quietly(self):
        try:
            self._save()
        except OSError as e:  # pairing works for this boot; the flash is the board's problem
            print_exception(e)

    # -- an entry being taken ------------------------------------------------------------

    def begin(self, phone, seq, game_print):
        """On flash before the entry touches the game: raises OSError (then do not apply)."""
        self._pending = (phone, seq, game_print)
        try:
            self._save()
        except Exception:
            self._pending = None
            raise

    def end(self, phone, seq, applied):
        """The entry has been taken (applied or not): its number, and no pending line."""
        self._pending = None
        if applied:
            phone.applied = seq
        if phone in self.list:
            self._save_quietly()  # if this fails, the pending line is resolved at the next start


def same(a, b):
    """a == b for two strings, looking at every character (no early exit on a mismatch)."""
    if not isinstance(a, str) or len(a) != len(b):
        return False
    diff = 0
    for i in range(len(b)):
        diff |= ord(a[i]) ^ ord(b[i])
    return diff == 0


def _good(data):
    return _parse(data) is not None


def _parse(data):
    """([Phone], pending or None) of the file's bytes, or None if it is not one."""
    try:
        lines = data.decode().split("\n")
    except (UnicodeError, ValueError):
        return None
    if not lines or lines[0] != _HEAD or lines[-1] != "":
        return None
    phones = []
    pending = None
    try:
        for line in lines[1:-1]:
            words = line.split(" ")
            if words[0] == "pending" and len(words) == 4 and pending is None:
                pending = (int(words[1]), int(words[2]), words[3])
            elif len(words) == 2 and len(words[0]) == TOKEN_HEX and pending is None:
                int(words[0], 16)
                phones.append(Phone(words[0], int(words[1])))
            else:
                return None
    except ValueError:
        return None
    if len(phones) > MAX_PHONES:
        return None
    return phones, pending
