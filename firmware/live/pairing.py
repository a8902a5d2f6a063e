"""Pairing a phone: 6-digit codes, and the lock after wrong ones.

    p = Pairing(os.urandom)
    code = p.request(now)             # a fresh code for the board to show; None while locked
    p.check("123456", now)            # PAIRED (then live.phones hands out its token), WRONG
                                      # or LOCKED
    p.tick(now)                       # True when the code expired or the lock ended

Each request draws a new code (from rand_bytes: os.urandom on the board), valid for CODE_MS
or until a phone pairs with it. Five wrong codes within WINDOW_MS lock pairing for LOCK_MS:
no code is shown and every try is refused, so guessing one of a million codes takes, at five
tries a minute, about a year on average. Times are ticks in ms, compared with ticks_diff.
SPDX-License-Identifier: MIT
"""

from compat import const, ticks_diff

from live.phones import same

CODE_MS = const(60000)  # a code shown on the board stays valid this long
WINDOW_MS = const(60000)  # five wrong codes within this long ...
LOCK_MS = const(60000)  # ... lock pairing this long
MAX_WRONG = const(5)
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
        self._wrong = []  # ticks of the recent wrong tries (at most MAX_WRONG)
        self._lock_t = None  # when the lock began, or None

    def _draw_code(self):
        while True:
            n = int.from_bytes(self.rand_bytes(4), "big")
            if n < _FAIR:
                return "{:06d}".format(n % _CODES)

    def locked_ms(self, now):
        """How long pairing stays locked (0: not locked)."""
        if self._lock_t is None:
            return 0
        left = LOCK_MS - ticks_diff(now, self._lock_t)
        return left if left > 0 else 0

    def locked_s(self, now):
        """locked_ms in whole seconds, rounded up (what a phone is told)."""
        return (self.locked_ms(now) + 999) // 1000

    def request(self, now):
        """Draw a fresh code for the board to show and return it; None while locked."""
        self.tick(now)
        if self._lock_t is not None:
            return None
        self.code = self._draw_code()
        self._code_t = now
        return self.code

    def check(self, code, now):
        """PAIRED, WRONG or LOCKED for a code typed on a phone."""
        self.tick(now)
        if self._lock_t is not None:
            return LOCKED
        if self.code is not None and same(code, self.code):
            self.code = None  # one phone per code: the next pairing draws another
            return PAIRED
        w = self._wrong
        w.append(now)
        if len(w) > MAX_WRONG:
            w.pop(0)
        if len(w) == MAX_WRONG and ticks_diff(now, w[0]) < WINDOW_MS:
            self._lock_t = now
            self.code = None  # the code is gone with the lock: a new one after it
            self._wrong = []
            return LOCKED
        return WRONG

    def tick(self, now):
        """Expire the code and end the lock at tick now; True if either happened."""
        changed = False
        if self.code is not None and ticks_diff(now, self._code_t) >= CODE_MS:
            self.code = None
            changed = True
        if self._lock_t is not None and ticks_diff(now, self._lock_t) >= LOCK_MS:
            self._lock_t = None
            changed = True
        return changed
