# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The power-bank keep-awake (keepawake.py): when it pulses, what the pulse adds to the LED
chain's estimated draw, that the power cap still holds, and the setting on the keypad."""

from app_support import A_DEALER, DARK, board_in
from keepawake import (
    AVERAGE_MA,
    KEEP_MA,
    PERIOD_MS,
    PULSE_LEVEL,
    PULSE_MA,
    PULSE_MS,
    pulse,
    pulse_on,
)
from modes import MODE_SCORE, MODE_SETTINGS
from power import frame_ma
from render import FRAME_BYTES, Renderer
from support import micropython_only
from view import View


def test_a_pulse_is_the_first_512_ms_of_every_8192():
    on = [t for t in range(0, 3 * 8192, 64) if pulse_on(t)]
    assert on == [p * 8192 + k * 64 for p in range(3) for k in range(8)]
    assert (PULSE_MS, PERIOD_MS) == (512, 8192)
    assert pulse_on((1 << 30) - 8192) and pulse_on(0)  # the Pico's ticks wrap at 2**30


def test_a_pulse_lifts_a_dark_frame_by_its_stated_current():
    buf = bytearray(FRAME_BYTES)
    before = frame_ma(buf)
    assert pulse(buf, 100)
    assert set(buf) == {PULSE_LEVEL}
    # 121 LEDs x 3 channels at 6/255 of 20 mA each: 170.8 mA, rounded up by power.py.
    assert frame_ma(buf) - before == PULSE_MA == 171
    assert AVERAGE_MA == (PULSE_MA * PULSE_MS + PERIOD_MS - 1) // PERIOD_MS == 11


def test_a_pulse_leaves_lit_channels_alone_and_skips_a_bright_frame():
    buf = bytearray(FRAME_BYTES)
    buf[0], buf[1], buf[5] = 200, 3, 6
    assert pulse(buf, 0)
    assert (buf[0], buf[1], buf[5], buf[300]) == (200, PULSE_LEVEL, 6, PULSE_LEVEL)
    bright = bytearray([40 for _ in range(FRAME_BYTES)])  # 121 + 363 x 40 x 20 / 255: 1260 mA
    assert frame_ma(bright) >= KEEP_MA
    assert not pulse(bright, 0) and set(bright) == {40}
    dark = bytearray(FRAME_BYTES)
    assert not pulse(dark, 600) and set(dark) == {0}  # between pulses


def rendered(keep_awake, now, budget=500):
    v = View()
    v.keep_awake = keep_awake
    v.budget_ma = budget
    r = Renderer(v)
    r.render(now)
    return r


def test_the_renderer_pulses_only_when_asked_and_keeps_the_budget():
    off, on = rendered(0, 100), rendered(1, 100)
    want = bytearray([max(b, PULSE_LEVEL) for b in off.frame])  # markers stay, the rest glow
    assert on.frame == want and frame_ma(on.frame) >= frame_ma(off.frame) + 140
    assert rendered(1, 1000).frame == rendered(0, 1000).frame  # between pulses
    low = rendered(1, 100, budget=250)  # the cap applies after the pulse
    assert frame_ma(low.frame) <= 250 and low.limit_scale < 256


def test_the_setting_turns_it_on_kept_over_a_power_cut():
    h = board_in(MODE_SETTINGS)
    while h.lines[1] != "bank keep-awake":
        h.press("B")
    assert h.lines[2:4] == ["= off", "(17 of 17)"]
    h.press("D")
    assert "= on" in h.lines and h.keeper.settings.extra["app.keep_awake"] == 1
    h.power_cut()
    h.to_mode(MODE_SCORE)
    h.wait(8192 - h.board.ticks_ms() % 8192 + 100)  # into the next pulse
    assert h.led(1) == (PULSE_LEVEL,) * 3  # a dark hole glows faintly ...
    assert h.led(121) == tuple(max(c, PULSE_LEVEL) for c in A_DEALER)  # ... a lit one keeps on
    h.wait(600)
    assert h.led(1) == DARK


def test_pulsing_allocates_nothing_on_micropython():
    micropython_only("allocation is measured on MicroPython: the point is the device")
    import gc

    v = View()
    v.keep_awake = 1
    r = Renderer(v)
    r.render(0)
    gc.collect()
    before = gc.mem_alloc()
    for now in range(0, 9000, 20):  # through one pulse and out of it
        r.render(now)
    assert gc.mem_alloc() == before
