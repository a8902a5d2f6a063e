# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Pairing a phone (firmware/live/pairing.py, issue 19): a fresh 6-digit code for each
request, its expiry, and the lock after 5 wrong codes within a minute. (The paired phones'
tokens: test_live_phones.py.)"""

from compat import ticks_diff
from live.pairing import CODE_MS, LOCK_MS, LOCKED, PAIRED, WRONG, Pairing
from support import skip_unless


class Counter:
    """A deterministic rand_bytes: bytes 0, 1, 2, ... (so the codes can be worked out)."""

    def __init__(self, start=0):
        self.n = start
        self.asked = []

    def __call__(self, k):
        self.asked.append(k)
        out = bytes((self.n + i) & 255 for i in range(k))
        self.n += k
        return out


def test_each_request_draws_a_fresh_code_from_four_random_bytes():
    rand = Counter()
    p = Pairing(rand)
    first = p.request(0)
    second = p.request(10)
    # bytes 00 01 02 03, then 04 05 06 07: big-endian, the last six decimal digits
    assert first == "{:06d}".format(0x00010203 % 1000000) == "066051"
    assert second == "{:06d}".format(0x04050607 % 1000000)
    assert rand.asked == [4, 4]
    assert p.code == second
    assert p.check(first, 20) == WRONG  # the old code is gone with the new one


def test_codes_over_the_fair_bound_are_drawn_again():
    # 4294000000 and above would favour the low codes: 0xFFFFFFFF is rejected, the next used
    draws = [b"\xff\xff\xff\xff", b"\x00\x00\x30\x39"]
    p = Pairing(lambda k: draws.pop(0))
    assert p.request(0) == "012345"


def test_the_right_code_pairs_once():
    p = Pairing(Counter(7))
    code = p.request(0)
    assert p.check(code[:5], 50) == WRONG
    assert p.check(code, 100) == PAIRED
    assert p.code is None
    assert p.check(code, 200) == WRONG  # one phone per code


def test_a_code_expires():
    p = Pairing(Counter())
    code = p.request(1000)
    assert not p.tick(1000 + CODE_MS - 1) and p.code == code
    assert p.tick(1000 + CODE_MS)  # the board stops showing it
    assert p.code is None
    assert p.check(code, 1000 + CODE_MS + 1) == WRONG


def test_five_wrong_codes_in_a_minute_lock_pairing_for_a_minute():
    p = Pairing(Counter())
    code = p.request(0)
    wrong = "000000" if code != "000000" else "111111"
    for i in range(4):
        assert p.check(wrong, i * 10000) == WRONG
    assert p.locked_ms(40000) == 0
    assert p.check(wrong, 59999) == LOCKED  # the fifth within 60 s of the first
    assert p.locked_ms(59999) == LOCK_MS and p.locked_s(60000) == 60
    assert p.code is None  # the code is gone
    assert p.check(code, 60000) == LOCKED  # even the right one is refused now
    assert p.request(70000) is None  # and no new code while locked
    assert p.locked_s(59999 + LOCK_MS - 1500) == 2
    assert p.tick(59999 + LOCK_MS)  # the lock ends
    fresh = p.request(59999 + LOCK_MS)
    assert fresh is not None and p.check(fresh, 59999 + LOCK_MS + 5) == PAIRED


def test_wrong_codes_spread_over_more_than_a_minute_do_not_lock():
    p = Pairing(Counter())
    p.request(0)
    for i in range(12):
        assert p.check("abcdef", i * 15001) == WRONG
    assert p.locked_ms(12 * 15001) == 0


def test_ticks_that_wrap_keep_the_rules():
    skip_unless(ticks_diff(0, (1 << 30) - 1) == 1, "this port's ticks do not wrap at 2**30")
    start = (1 << 30) - 30000  # the Pico's ticks wrap at 2**30
    p = Pairing(Counter())
    code = p.request(start)
    assert p.code == code and not p.tick(CODE_MS - 30001)
    assert p.tick(CODE_MS - 30000)
