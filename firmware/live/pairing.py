"""Pairing a phone: 6-digit codes, and limits for each client address.

    p = Pairing(os.urandom)
    code = p.request(addr, now)       # the code for the board to show; None: not now (below)
    p.wait_ms(addr, now)              # ... how long this address must wait, p.locked_ms too
    p.check(addr, "123456", now)      # PAIRED (then live.phones hands out its token), WRONG
                                      # or LOCKED
    p.tick(now)                       # True when the code expired or a lock ended

A request shows a code on the board (drawn from rand_bytes: os.urandom on the board), valid
for CODE_MS or until a phone pairs with it. One person at the table cannot keep others from
pairing: each address may ask at most once in ASK_MS, a new code appears at most every
NEW_CODE_MS (asked again sooner, the code on the board stays: it is the one to type), and
five wrong codes from one address within WINDOW_MS lock that address (only) for LOCK_MS. So
one address guesses at most five codes a minute: one of a million takes about a year on
average. An attacker with many addresses gains little: a code is void after CODE_TRIES wrong
tries from any addresses (the phone that asked for it asks again), and a new one comes at most
every NEW_CODE_MS, shown on the board's display all along: at most 120 guesses a minute. The
addresses are remembered (at most MAX_CLIENTS, the least recent forgotten), never written.
Times are ticks in ms, compared with ticks_diff.
SPDX-License-Identifier: MIT
"""

from compat import const, ticks_diff

from live.phones import same

CODE_MS = const(60000)  # a code shown on the board stays valid this long
ASK_MS = const(5000)  # one address asks for a code at most this often
NEW_CODE_MS = const(5000)  # a new code on the display at most this often
WINDOW_MS = const(60000)  # five wrong codes from one address within this long ...
LOCK_MS = const(60000)  # ... lock that address this long
MAX_WRONG = const(5)
CODE_TRIES = const(10)  # wrong tries (any addresses) that make the code on the board void
MAX_CLIENTS = const(16)
PAIRED = const(0)
WRONG = const(1)
LOCKED = const(2)
_CODES = const(1000000)
_FAIR = const(4294000000)  # the largest multiple of _CODES under 2**32: no modulo bias


class Pairing:
    """The pairing rules; see the module docstring."""

    def __init__(self, rand_bytes):
        self.rand_bytes = rand_bytes
        self.code = None  # the code on the board now (6 digits), or None
        self._code_t = 0  # when it was drawn
        self._tries = 0  # wrong tries of this code
        # address -> [last asked (or None), lock began (or None), recent wrong tries' ticks]
        self._clients = {}

    def _draw_code(self):
        while True:
            n = int.from_bytes(self.rand_bytes(4), "big")
            if n < _FAIR:
                return "{:06d}".format(n % _CODES)

    def _client(self, addr):
        c = self._clients.get(addr)
        if c is None:
            if len(self._clients) >= MAX_CLIENTS:  # forget one, an unlocked one first
                drop = None
                for a, d in self._clients.items():
                    if drop is None or (d[1] is None and self._clients[drop][1] is not None):
                        drop = a
                del self._clients[drop]
            c = self._clients[addr] = [None, None, []]
        return c

    def locked_ms(self, addr, now):
        """How long this address stays locked (0: not locked)."""
        c = self._clients.get(addr)
        if c is None or c[1] is None:
            return 0
        left = LOCK_MS - ticks_diff(now, c[1])
        return left if left > 0 else 0

    def wait_ms(self, addr, now):
        """How long before this address may ask for a code (locked, or asked just now)."""
        c = self._clients.get(addr)
        left = 0 if c is None or c[0] is None else ASK_MS - ticks_diff(now, c[0])
        return max(left, self.locked_ms(addr, now), 0)

    def request(self, addr, now):
        """The code for the board to show (a fresh one, or the one shown if it is newer than
        NEW_CODE_MS); None if this address must wait (wait_ms)."""
        self.tick(now)
        if self.wait_ms(addr, now):
            return None
        self._client(addr)[0] = now
        if self.code is None or ticks_diff(now, self._code_t) >= NEW_CODE_MS:
            self.code = self._draw_code()
            self._code_t = now
            self._tries = 0
        return self.code

    def check(self, addr, code, now):
        """PAIRED, WRONG or LOCKED for a code typed on a phone at address addr."""
        self.tick(now)
        if self.locked_ms(addr, now):
            return LOCKED
        if self.code is not None and same(code, self.code):
            self.code = None  # one phone per code: the next pairing draws another
            return PAIRED
        self._tries += 1
        if self._tries >= CODE_TRIES:
            self.code = None  # guessed at too often: void (the phone that asked asks again)
        c = self._client(addr)
        w = c[2]
        w.append(now)
        if len(w) > MAX_WRONG:
            w.pop(0)
        if len(w) == MAX_WRONG and ticks_diff(now, w[0]) < WINDOW_MS:
            c[1] = now
            c[2] = []
            return LOCKED
        return WRONG

    def tick(self, now):
        """Expire the code and end the locks at tick now; True if either happened."""
        changed = False
        if self.code is not None and ticks_diff(now, self._code_t) >= CODE_MS:
            self.code = None
            changed = True
        for c in self._clients.values():
            if c[1] is not None and ticks_diff(now, c[1]) >= LOCK_MS:
                c[1] = None
                changed = True
        return changed
