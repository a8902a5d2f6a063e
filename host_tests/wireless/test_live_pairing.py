# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Pairing a phone (firmware/live/pairing.py): 6-digit codes, their expiry, and limits for each
client address: an address asks at most every 5 s, a new code at most every 5 s, 5 wrong
codes from one address lock that address only, and a code is void after 10 wrong tries from
any addresses. (The paired phones' tokens: test_live_phones.py.)"""

from compat import ticks_diff
from live.pairing import (
    ASK_MS,
    CODE_MS,
    CODE_TRIES,
    LOCK_MS,
    LOCKED,
    MAX_CLIENTS,
    NEW_CODE_MS,
    PAIRED,
    WRONG,
    Pairing,
)
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


PHONE = "192.168.4.2"
OTHER = "192.168.4.3"


def test_each_code_is_drawn_from_four_random_bytes_and_lasts_until_the_next():
    rand = Counter()
    p = Pairing(rand)
    first = p.request(PHONE, 0)
    second = p.request(OTHER, NEW_CODE_MS)
    # bytes 00 01 02 03, then 04 05 06 07: big-endian, the last six decimal digits
    assert first == "{:06d}".format(0x00010203 % 1000000) == "066051"
    assert second == "{:06d}".format(0x04050607 % 1000000)
    assert rand.asked == [4, 4]
    assert p.code == second
    assert p.check(PHONE, first, NEW_CODE_MS + 1) == WRONG  # the old code is gone


def test_codes_over_the_fair_bound_are_drawn_again():
    # 4294000000 and above would favour the low codes: 0xFFFFFFFF is rejected, the next used
    draws = [b"\xff\xff\xff\xff", b"\x00\x00\x30\x39"]
    p = Pairing(lambda k: draws.pop(0))
    assert p.request(PHONE, 0) == "012345"


def test_an_address_asks_at_most_every_5_s_and_a_new_code_comes_at_most_as_often():
    rand = Counter()
    p = Pairing(rand)
    code = p.request(PHONE, 0)
    assert p.request(PHONE, ASK_MS - 1) is None  # asked again too soon
    assert p.wait_ms(PHONE, ASK_MS - 1000) == 1000 and p.wait_ms(OTHER, 0) == 0
    assert p.request(OTHER, 1000) == code  # another phone: the code on the board stays
    assert p.request(PHONE, ASK_MS) != code  # 5 s on: a new one (the display's new line)
    assert rand.asked == [4, 4]
    for i in range(10):  # ten requests in a row from ten addresses: the code changes rarely
        p.request("10.0.0.{}".format(i), ASK_MS + 100 * i)
    assert rand.asked == [4, 4]


def test_the_right_code_pairs_once():
    p = Pairing(Counter(7))
    code = p.request(PHONE, 0)
    assert p.check(PHONE, code[:5], 50) == WRONG
    assert p.check(OTHER, code, 100) == PAIRED  # whoever reads it off the board
    assert p.code is None
    assert p.check(PHONE, code, 200) == WRONG  # one phone per code


def test_a_code_expires():
    p = Pairing(Counter())
    code = p.request(PHONE, 1000)
    assert not p.tick(1000 + CODE_MS - 1) and p.code == code
    assert p.tick(1000 + CODE_MS)  # the board stops showing it
    assert p.code is None
    assert p.check(PHONE, code, 1000 + CODE_MS + 1) == WRONG


def test_five_wrong_codes_from_one_address_lock_that_address_only():
    p = Pairing(Counter())
    code = p.request(PHONE, 0)
    wrong = "000000" if code != "000000" else "111111"
    for i in range(4):
        assert p.check(OTHER, wrong, 1000 + i * 10000) == WRONG
    assert p.locked_ms(OTHER, 40000) == 0
    assert p.check(OTHER, wrong, 41000) == LOCKED  # the fifth within 60 s of the first
    assert p.locked_ms(OTHER, 41000) == LOCK_MS and p.wait_ms(OTHER, 42000) == LOCK_MS - 1000
    assert p.check(OTHER, code, 42000) == LOCKED  # even the right one, from it
    assert p.request(OTHER, 42500) is None  # and no code for it
    assert p.code == code and p.locked_ms(PHONE, 43000) == 0
    assert p.check(PHONE, code, 43000) == PAIRED  # the other phones pair all the same
    assert p.tick(41000 + LOCK_MS)  # the lock ends
    assert p.request(OTHER, 41000 + LOCK_MS) is not None


def test_a_code_guessed_at_from_many_addresses_is_void():
    p = Pairing(Counter())
    code = p.request(PHONE, 0)
    wrong = "000000" if code != "000000" else "111111"
    for i in range(CODE_TRIES - 1):  # two wrong tries from each of five addresses, and one
        assert p.check("10.0.0.{}".format(i // 2), wrong, 100 + i) == WRONG
    assert p.code == code
    assert p.check("10.0.0.9", wrong, 200) == WRONG
    assert p.code is None  # void: the phone that asked asks again, and a new one shows
    assert p.check(PHONE, code, 300) == WRONG
    assert p.request(PHONE, ASK_MS) not in (None, code)


def test_wrong_codes_spread_over_more_than_a_minute_do_not_lock():
    p = Pairing(Counter())
    for i in range(12):
        p.request(PHONE, i * 15001)
        assert p.check(PHONE, "abcdef", i * 15001 + 1) == WRONG
    assert p.locked_ms(PHONE, 12 * 15001) == 0


def test_at_most_16_addresses_are_remembered_a_locked_one_kept():
    p = Pairing(Counter())
    p.request(PHONE, 0)
    for i in range(5):
        p.check(OTHER, "abcdef", i)  # OTHER locked
    for i in range(MAX_CLIENTS + 5):
        p.request("10.0.1.{}".format(i), 100 + i)
    assert len(p._clients) == MAX_CLIENTS and p.locked_ms(OTHER, 200) > 0


def test_ticks_that_wrap_keep_the_rules():
    skip_unless(ticks_diff(0, (1 << 30) - 1) == 1, "this port's ticks do not wrap at 2**30")
    start = (1 << 30) - 30000  # the Pico's ticks wrap at 2**30
    p = Pairing(Counter())
    code = p.request(PHONE, start)
    assert p.code == code and not p.tick(CODE_MS - 30001)
    assert p.tick(CODE_MS - 30000)
