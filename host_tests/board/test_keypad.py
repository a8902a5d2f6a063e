# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Keypad decoder, driven by a fake clock: every expectation derived by hand. (The loop that
scans it, app.App.tick, is tested in test_app_power.py and test_app_drivers.py.)"""

from compat import ticks_add
from keypad import (
    HOLD,
    KEYS,
    LONG,
    PRESS,
    RELEASE,
    REPEAT,
    KeyDecoder,
    event_name,
    is_ghost,
    key,
    kind,
)
from support import micropython_only, raises


def bit(legend):
    """Mask bit of the key with this legend."""
    return 1 << KEYS.index(legend)


def run(dec, scans, start=0):
    """Feed (offset_ms, mask) scans at ticks start+offset; return [(offset, 'kind key'), ...]."""
    out = []
    for offset, mask in scans:
        n = dec.update(mask, ticks_add(start, offset))
        for i in range(n):
            out.append((offset, event_name(dec.events[i])))
    return out


def steady(mask, t0, t1, step=20):
    """The same mask scanned every step ms from t0 up to and including t1."""
    return [(t, mask) for t in range(t0, t1 + 1, step)]


def test_legends_and_codes():
    # Row-major legends of the 4x4 pad; key index = row * 4 + col.
    assert KEYS[0] == "1" and KEYS[3] == "A" and KEYS[5] == "5" and KEYS[12] == "*"
    assert KEYS[14] == "#" and KEYS[15] == "D" and len(KEYS) == 16
    code = PRESS << 4 | 14
    assert kind(code) == PRESS and key(code) == 14 and event_name(code) == "press #"
    # All codes fit a byte, distinct per (kind, key).
    codes = [k << 4 | i for k in (PRESS, RELEASE, LONG, HOLD, REPEAT) for i in range(16)]
    assert len(set(codes)) == 80 and max(codes) == 0x5F


def test_bounce_is_filtered():
    dec = KeyDecoder(repeat_mask=0)
    five = bit("5")
    # Contact chatter: on, off, on, then steady. The run that settles starts at 40 ms and is
    # confirmed by the second scan at 60 ms (2 scans, 20 ms >= 15 ms).
    seq = [(0, five), (20, 0), (40, five), (60, five), (80, five)]
    assert run(dec, seq) == [(60, "press 5")]
    assert dec.state == five
    # A one-scan dropout while held is not a release.
    assert run(dec, [(100, 0), (120, five), (140, five)]) == []
    assert run(dec, [(160, 0), (180, 0)]) == [(180, "release 5")]


def test_debounce_needs_the_time_as_well_as_the_scans():
    dec = KeyDecoder(repeat_mask=0)
    # Scanning every 5 ms: two equal scans 5 ms apart are not enough; 15 ms after the first
    # sighting (the 4th scan) they are.
    seq = [(0, bit("A")), (5, bit("A")), (10, bit("A")), (15, bit("A")), (20, bit("A"))]
    assert run(dec, seq) == [(15, "press A")]


def test_short_press_and_release():
    dec = KeyDecoder()
    seq = [(0, bit("2")), (20, bit("2")), (40, bit("2")), (200, 0), (220, 0), (240, 0)]
    assert run(dec, seq) == [(20, "press 2"), (220, "release 2")]


def test_long_and_hold_fire_exactly_at_their_thresholds():
    dec = KeyDecoder(long_ms=800, hold_ms=3000, repeat_mask=0)
    pound = bit("#")
    # Accepted at 20 ms, so LONG is due at 820 and HOLD at 3020: scans 1 ms either side.
    seq = [(0, pound), (20, pound), (819, pound), (820, pound), (821, pound)]
    seq += [(3019, pound), (3020, pound), (5000, pound), (5020, 0), (5040, 0)]
    assert run(dec, seq) == [
        (20, "press #"),
        (820, "long #"),
        (3020, "hold #"),
        (5040, "release #"),
    ]


def test_release_before_hold_sends_no_hold_and_a_new_press_starts_over():
    dec = KeyDecoder(long_ms=800, hold_ms=3000, repeat_mask=0)
    pound = bit("#")
    seq = steady(pound, 0, 2000) + steady(0, 2020, 2100) + steady(pound, 2120, 5200)
    # 1st press accepted at 20 (LONG at 820), released at 2040; 2nd accepted at 2140:
    # LONG at 2940, HOLD at 5140.
    assert run(dec, seq) == [
        (20, "press #"),
        (820, "long #"),
        (2040, "release #"),
        (2140, "press #"),
        (2940, "long #"),
        (5140, "hold #"),
    ]


def test_auto_repeat_keeps_its_cadence_on_a_20_ms_scan():
    dec = KeyDecoder(long_ms=2000, hold_ms=3000, repeat_ms=500, rate_ms=150)
    star = bit("*")
    got = run(dec, steady(star, 0, 1140))
    # Press at 20; repeats due at 520, 670, 820, 970, 1120. 670 and 970 fall between scans,
    # so they go at 680 and 980, but the next is still due 150 ms after the due time.
    assert got == [
        (20, "press *"),
        (520, "repeat *"),
        (680, "repeat *"),
        (820, "repeat *"),
        (980, "repeat *"),
        (1120, "repeat *"),
    ]


def test_a_late_scan_sends_one_repeat_not_a_burst():
    dec = KeyDecoder(long_ms=2000, hold_ms=3000, repeat_ms=500, rate_ms=150)
    star = bit("*")
    seq = [(0, star), (20, star), (520, star), (1000, star), (1140, star), (1150, star)]
    # 520 repeats; the scan at 1000 is three periods late: one repeat, next due 1150.
    assert run(dec, seq) == [
        (20, "press *"),
        (520, "repeat *"),
        (1000, "repeat *"),
        (1150, "repeat *"),
    ]


def test_repeat_mask_limits_repeat_to_chosen_keys():
    dec = KeyDecoder(repeat_ms=500, rate_ms=150, repeat_mask=bit("*"))
    assert run(dec, steady(bit("7"), 0, 700)) == [(20, "press 7")]


def test_two_keys_overlapping_and_together():
    dec = KeyDecoder(repeat_mask=0)
    one, two = bit("1"), bit("2")
    seq = [(0, one), (20, one), (40, one | two), (60, one | two), (80, two), (100, two)]
    seq += [(120, 0), (140, 0)]
    assert run(dec, seq) == [
        (20, "press 1"),
        (60, "press 2"),
        (100, "release 1"),
        (140, "release 2"),
    ]
    # Two keys down in the same scan: one event each, in key order; releases before presses.
    seq = [(200, bit("D") | bit("4")), (220, bit("D") | bit("4")), (240, bit("9"))]
    seq += [(260, bit("9"))]
    assert run(dec, seq) == [
        (220, "press 4"),
        (220, "press D"),
        (260, "release 4"),
        (260, "release D"),
        (260, "press 9"),
    ]


def test_is_ghost_matches_the_rectangle_definition():
    # Independent definition: some rows r1 < r2 and cols c1 < c2 have all four keys set.
    def rectangle(mask):
        for r1 in range(4):
            for r2 in range(r1 + 1, 4):
                for c1 in range(4):
                    for c2 in range(c1 + 1, 4):
                        four = (1 << (4 * r1 + c1)) | (1 << (4 * r1 + c2))
                        four |= (1 << (4 * r2 + c1)) | (1 << (4 * r2 + c2))
                        if mask & four == four:
                            return True
        return False

    ghosts = checked = 0
    for mask in range(1 << 16):
        n = 0
        m = mask
        while m:
            m &= m - 1
            n += 1
        if n > 5:
            continue
        checked += 1
        g = is_ghost(mask)
        assert g == rectangle(mask), hex(mask)
        ghosts += g
    # Masks of <= 5 keys: sum C(16, k), k = 0..5 = 1+16+120+560+1820+4368 = 6885. Ghosts:
    # 36 rectangles (C(4,2) row pairs x C(4,2) column pairs); with a 5th key, 36 x 12 others,
    # minus the 5-key masks holding two rectangles (none: two rectangles share at most
    # 2 keys, so they need 6 keys) = 36 + 432 = 468.
    assert checked == 6885 and ghosts == 468


def test_three_key_ghost_is_ignored_not_misread():
    dec = KeyDecoder(repeat_mask=0)
    k1, k2, k4, k5 = bit("1"), bit("2"), bit("4"), bit("5")
    three = k1 | k2 | k4  # an L of three keys is unambiguous
    assert not is_ghost(three) and is_ghost(three | k5)
    seq = steady(three, 0, 40)
    assert run(dec, seq) == [(20, "press 1"), (20, "press 2"), (20, "press 4")]
    # The matrix now reads the fourth corner too: every such scan is dropped; no press 5.
    assert run(dec, steady(three | k5, 60, 400)) == []
    assert dec.state == three
    # Back to an unambiguous reading: 2 released (scans at 420, 440).
    assert run(dec, steady(k1 | k4, 420, 440)) == [(440, "release 2")]


def test_a_ghost_scan_breaks_the_debounce_run_and_sends_no_timer_events():
    dec = KeyDecoder(long_ms=800, hold_ms=3000, repeat_mask=0)
    a = bit("A")
    ghost = bit("3") | bit("A") | bit("6") | bit("B")  # rows 0-1, cols 2-3
    seq = [(0, a), (20, ghost), (40, a), (60, a)]
    assert run(dec, seq) == [(60, "press A")]  # the run restarted at 40
    # Held A becomes due for LONG at 860, but ambiguous scans say nothing; the first
    # good scan after that reports it.
    seq = steady(a, 80, 840) + steady(ghost, 860, 900) + [(920, a)]
    assert run(dec, seq) == [(920, "long A")]


def test_tick_wraparound():
    # Start 30 ms before the tick counter wraps (on the Pico, 2**30; on the unix port, much
    # later): every interval still comes out right because all maths is ticks_diff/ticks_add.
    start = ticks_add(0, -30)
    dec = KeyDecoder(long_ms=800, hold_ms=3000, repeat_ms=500, rate_ms=150)
    got = run(dec, steady(bit("0"), 0, 3100, step=10), start)
    # Two scans 10 ms apart are under the 15 ms debounce: accepted at the third, 20 ms.
    assert got[:3] == [(20, "press 0"), (520, "repeat 0"), (670, "repeat 0")]
    assert (820, "long 0") in got and (3020, "hold 0") in got
    repeats = [t for t, name in got if name == "repeat 0"]
    assert repeats == list(range(520, 3101, 150))  # due every 150 ms; 10 ms scans hit each


def test_bad_settings_are_refused():
    raises(ValueError, KeyDecoder, long_ms=3000, hold_ms=3000)
    raises(ValueError, KeyDecoder, scans=0)


def test_update_allocates_nothing_on_micropython():
    micropython_only("allocation is measured on MicroPython: the point is the device")
    import gc

    dec = KeyDecoder(repeat_ms=100, rate_ms=40)
    masks = [0, bit("1"), bit("1") | bit("2"), 0x33, bit("2"), 0]
    dec.update(0, 0)
    gc.collect()
    before = gc.mem_alloc()
    t = 0
    for i in range(600):
        dec.update(masks[(i >> 4) % 6], t)
        t += 20
    assert gc.mem_alloc() == before


def test_a_release_is_confirmed_by_a_quick_second_scan():
    # issue 13: a side key acts on its release, so the release waits only release_ms (5)
    # for its confirming scan, which the board's loop takes that soon (next_scan_ms,
    # app.App.next_tick_ms).
    dec = KeyDecoder(repeat_mask=0)
    a = bit("A")
    assert run(dec, [(0, a), (20, a)]) == [(20, "press A")]
    assert dec.next_scan_ms(20) == 20  # held: scan at the normal period
    assert run(dec, [(120, 0)]) == []
    assert dec.next_scan_ms(20) == 5 and not dec.idle  # read up once: confirm soon
    assert run(dec, [(124, 0)]) == []  # 4 ms: too soon
    assert run(dec, [(125, 0)]) == [(125, "release A")]
    assert dec.next_scan_ms(20) == 20 and dec.idle


def test_a_press_is_confirmed_as_soon_as_the_debounce_allows():
    # A press needs two down-reads spanning debounce_ms (15); the poller scans again that
    # soon after the first, or what is left of it when the scans came closer (a boot's
    # timer scan, then the loop's).
    dec = KeyDecoder(repeat_mask=0)
    two = bit("2")
    assert run(dec, [(0, 0)]) == [] and dec.next_scan_ms(20) == 20  # nothing settling
    assert run(dec, [(20, two)]) == []
    assert dec.next_scan_ms(20) == 15  # read down once: confirm 15 ms on
    assert run(dec, [(30, two)]) == []  # 10 ms on: two reads, too short a span
    assert dec.next_scan_ms(20) == 5  # the 5 ms left
    assert run(dec, [(35, two)]) == [(35, "press 2")]
    assert dec.next_scan_ms(20) == 20  # held: scan at the normal period
    assert dec.next_scan_ms(10) == 10  # never longer than the period
    assert run(dec, [(55, 0)]) == [] and dec.next_scan_ms(3) == 3


def test_a_40_ms_tap_between_scans_a_little_over_20_ms_apart_is_taken():
    # The board's loop: a turn every next_scan_ms, plus the turn's own time (1 ms here). A is
    # down from 181 to 221 ms; the scans come at 159 and 180 (just before it), then 201: on
    # a steady 21 ms cadence the next is at 222, just after it, so A is read down once and
    # lost. Scanning again 15 ms after the first down-read reads it twice.
    def scan(t):
        return bit("A") if 181 <= t < 221 else 0

    got, t, dec = [], 159, KeyDecoder(repeat_mask=0)
    while t < 300:
        n = dec.update(scan(t), t)
        got += [(t, event_name(dec.events[i])) for i in range(n)]
        t += dec.next_scan_ms(20) + 1
    # 201 (down once), 217 (down again, 16 ms on: the press), 238 (up once), 244 (release)
    assert got == [(217, "press A"), (244, "release A")], got
    steady = [(t, scan(t)) for t in range(159, 300, 21)]
    assert run(KeyDecoder(repeat_mask=0), steady) == []


def test_bounce_after_a_release_makes_no_new_press():
    dec = KeyDecoder(repeat_mask=0)
    a = bit("A")
    run(dec, [(0, a), (20, a)])
    # Release chatter on the 5 ms cadence: up, down, up, down, then up for good.
    seq = [(100, 0), (105, a), (110, 0), (115, a), (120, 0), (125, 0), (130, a), (135, 0)]
    seq += steady(0, 140, 200, 5)
    got = run(dec, seq)
    assert got == [(125, "release A")]  # the first two equal up-reads 5 ms apart
    # The bounce down-read at 130 ms would need 15 ms of steady down-reads to press.
    assert dec.state == 0


def test_a_glitch_during_a_hold_is_no_tap_and_keeps_the_hold():
    # One up-read while '#' is held (a glitchy contact): no release, so no tap, and the
    # 3 s hold for a new game still comes on time.
    dec = KeyDecoder(long_ms=800, hold_ms=3000, repeat_mask=0)
    pound = bit("#")
    seq = steady(pound, 0, 400) + [(405, 0), (410, pound)] + steady(pound, 420, 1500)
    seq += [(1505, 0), (1510, pound)] + steady(pound, 1520, 3100)
    assert run(dec, seq) == [(20, "press #"), (820, "long #"), (3020, "hold #")]
