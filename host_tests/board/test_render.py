# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The LED renderer: exact frame bytes for given views and times, the power cap's arithmetic,
and (on MicroPython) no allocation per frame.

Brightness 8 (global scale 220) unless stated. Ink bytes, derived by hand as
channel * 220 * level // 65280 (level out of 256: front 256, back 42, dealer 96, bar 64,
marker 20, skunk line 20, flashes 96), in wire order G, R, B:
"""

from compat import ticks_add
from render import BRIGHTNESS, FRAME_BYTES, WIN_MS, Renderer
from support import micropython_only, raises
from view import (
    BLINK,
    BRIGHTNESS_LEVELS,
    COLOR_RED,
    PREVIEW_ALL,
    SIG_ERROR,
    SIG_NEWGAME,
    SIG_OK,
    SIG_RECOVERED,
    SIG_UNDO,
    View,
)

A_FRONT = (0, 0, 220)  # blue (0, 0, 255)
A_BACK = (0, 0, 36)  # 255 * 42 * 220 / 65280 = 36.09
A_DEALER = (0, 0, 82)  # 82.5
A_BAR = (0, 0, 55)
B_FRONT = (110, 220, 0)  # amber (255, 128, 0): G = 128 * 220 / 255 = 110.4
B_BACK = (18, 36, 0)  # G = 128 * 220 * 42 / 65280 = 18.1
B_DEALER = (41, 82, 0)  # G = 41.4
B_BAR = (27, 55, 0)  # G = 27.6
C_FRONT = (220, 138, 82)  # lime (160, 255, 96): R = 138.03, B = 82.8
D_FRONT = (55, 220, 165)  # magenta (255, 64, 192): G = 55.2, B = 165.6
MARK = (17, 17, 17)  # 255 * 220 * 20 / 65280 = 17.2
SKUNK = (0, 17, 0)  # 17.2
ERROR = (0, 82, 0)
FLASH = (82, 82, 82)
BAR_RED = (0, 55, 0)
BIG = 100000  # a budget no frame reaches, to see the raw bytes


def board(sides=2, budget=BIG, brightness=8):
    v = View()
    v.sides = sides
    v.budget_ma = budget
    v.brightness = brightness
    return v, Renderer(v)


def lit(r):
    """{hole: (g, r, b)} of every lit LED (identity hole map: hole h is LED h - 1)."""
    f = r.frame
    return {
        i // 3 + 1: (f[i], f[i + 1], f[i + 2])
        for i in range(0, FRAME_BYTES, 3)
        if any(f[i : i + 3])
    }


def markers(dealer_ink=A_DEALER):
    """The empty 121 board, written out: every 5th hole, the skunk lines, the game hole."""
    m = {h: MARK for h in range(5, 121, 5)}
    m[61] = SKUNK
    m[91] = SKUNK
    m[121] = dealer_ink
    return m


def test_empty_board_shows_markers_and_the_dealer():
    v, r = board()
    assert r.render(0)
    assert lit(r) == markers() and len(lit(r)) == 27
    v.dealer = 1
    r.render(0)
    assert lit(r) == markers(B_DEALER)
    v.dealer = -1  # no dealer yet: the game hole is a plain marker
    r.render(0)
    assert lit(r) == markers(MARK)


def test_frame_bytes_are_grb_in_led_order():
    v, r = board()
    v.front[1] = 2  # side B (amber) in hole 2 = LED 1 = bytes 3..5
    r.render(0)
    assert bytes(r.frame[3:6]) == bytes([110, 220, 0])  # G, R, B
    # A chain wired the other way round: hole h is LED 121 - h, so hole 2 is bytes 357..359.
    r2 = Renderer(v, bytes(range(120, -1, -1)))
    r2.render(0)
    assert bytes(r2.frame[357:360]) == bytes([110, 220, 0])
    assert bytes(r2.frame[0:3]) == bytes(A_DEALER)  # the game hole is LED 0 now
    raises(ValueError, Renderer, v, bytes(120))


def test_front_peg_bright_back_peg_dim():
    v, r = board()
    v.front[0], v.back[0] = 12, 7
    v.front[1], v.back[1] = 9, 3
    r.render(0)
    want = markers()
    want.update({12: A_FRONT, 7: A_BACK, 9: B_FRONT, 3: B_BACK})
    assert lit(r) == want
    # A correction can leave the back peg on the front peg's hole: the front one shows.
    v.back[0] = 12
    r.render(0)
    del want[7]
    assert lit(r) == want


def test_two_sides_in_one_hole_take_turns():
    v, r = board()
    v.front[0] = v.front[1] = 20  # also a marker hole
    seen = []
    for now in (0, 511, 512, 1023, 1024):
        changed = r.render(now)
        seen.append((lit(r)[20], changed))
    assert seen == [
        (A_FRONT, True),
        (A_FRONT, False),
        (B_FRONT, True),
        (B_FRONT, False),
        (A_FRONT, True),
    ]
    # Three sides: A, B, C, A ... every 512 ms. A back peg shares too.
    v, r = board(sides=3)
    v.front[0] = v.front[1] = v.front[2] = 33
    got = []
    for now in (0, 512, 1024, 1536):
        r.render(now)
        got.append(lit(r)[33])
    assert got == [A_FRONT, B_FRONT, C_FRONT, A_FRONT]
    v.front[0], v.back[0] = 40, 33  # A's back peg and the fronts of B and C
    r.render(0)
    assert lit(r)[33] == A_BACK and lit(r)[40] == A_FRONT


def test_preview_blinks_the_hole_the_entry_would_reach():
    v, r = board()
    v.front[1], v.back[1] = 10, 4
    v.set_preview(1, 5)  # B pegs 5: to hole 15 (a marker hole)
    r.render(0)
    assert lit(r)[15] == B_FRONT and lit(r)[10] == B_FRONT  # the peg stays put until commit
    r.render(256)
    assert lit(r)[15] == MARK
    v.set_preview(1, -3)  # a correction back to 7
    r.render(512)
    assert lit(r)[7] == B_FRONT
    v.front[0] = 118
    v.set_preview(0, 6)  # past the end: the game hole
    r.render(0)
    assert lit(r)[121] == A_FRONT
    r.render(256)
    assert lit(r)[121] == A_DEALER
    v.set_preview(-1, 0)
    r.render(0)
    assert lit(r)[121] == A_DEALER


def test_preview_of_every_side_before_the_side_key():
    # The scoreboard types points before the side: they blink ahead of every side's peg.
    v, r = board(sides=3)
    v.front[0], v.front[1], v.front[2] = 10, 21, 118
    v.set_preview(PREVIEW_ALL, 6)
    r.render(0)
    holes = lit(r)
    assert holes[16] == A_FRONT and holes[27] == B_FRONT and holes[121] == C_FRONT
    r.render(256)
    holes = lit(r)
    assert 16 not in holes and 27 not in holes and holes[121] == A_DEALER
    assert holes[10] == A_FRONT and holes[21] == B_FRONT and holes[118] == C_FRONT


def test_61_point_game():
    v, r = board()
    v.target = 61
    v.front[0], v.back[0] = 61, 55  # A has won: its peg is in the game hole
    v.front[1] = 29
    r.render(0)
    want = {h: MARK for h in range(5, 61, 5)}
    want.update({31: SKUNK, 121: A_FRONT, 55: A_BACK, 29: B_FRONT})
    assert lit(r) == want


def test_overlay_segments_with_pegs_on_top():
    v, r = board()
    v.set_segment(0, 1, 31, 1)  # a count of 31 in B's colour on holes 1..31
    v.set_segment(1, 61, 12, COLOR_RED | BLINK)
    v.front[0] = 20
    r.render(0)
    want = markers()
    want.update({h: B_BAR for h in range(1, 32)})
    want.update({h: BAR_RED for h in range(61, 73)})
    want[20] = A_FRONT
    assert lit(r) == want
    r.render(256)  # the blinking segment is off: markers show through
    for h in range(61, 73):
        del want[h]
    want.update({61: SKUNK, 65: MARK, 70: MARK})
    assert lit(r) == want
    v.show_pegs = False
    r.render(256)
    want[20] = B_BAR
    assert lit(r) == want
    v.clear_overlay()
    r.render(256)
    assert lit(r) == markers()


def test_error_flashes_the_track_red_three_times_pegs_on_top():
    v, r = board()
    v.front[0] = 44
    v.set_signal(SIG_ERROR, 1000)
    red = {h: ERROR for h in range(1, 122)}
    red[44] = A_FRONT
    normal = markers()
    normal[44] = A_FRONT
    got = []
    for t in (0, 127, 128, 256, 512, 767, 768):
        r.render(1000 + t)
        got.append(lit(r) == red if t in (0, 127, 256, 512) else lit(r) == normal)
    assert got == [True] * 7


def test_ok_undo_newgame_recovered_signals():
    v, r = board()
    flash = {h: FLASH for h in range(5, 121, 5)}
    flash.update({61: FLASH, 91: FLASH, 121: FLASH})
    v.set_signal(SIG_OK, 0)
    r.render(0)
    assert lit(r) == flash
    r.render(192)
    assert lit(r) == markers()
    # UNDO: 5 white holes sweep down from the game hole in 512 ms: at 256 ms the head has
    # moved 256 * 121 / 512 = 60.5 -> 60 holes, so holes 57..61.
    v.set_signal(SIG_UNDO, 0)
    r.render(0)
    want = markers()
    want.update({h: FLASH for h in range(117, 122)})
    assert lit(r) == want
    r.render(256)
    want = markers()
    want.update({h: FLASH for h in range(57, 62)})
    assert lit(r) == want
    v.set_signal(SIG_NEWGAME, 0)  # the other way: holes 56..60 at 256 ms
    r.render(256)
    want = markers()
    want.update({h: FLASH for h in range(56, 61)})
    assert lit(r) == want
    v.set_signal(SIG_RECOVERED, 0)  # three slow blinks, 256 ms on / 256 off
    states = []
    for t in (0, 256, 512, 1024, 1279, 1280, 1536):
        r.render(t)
        states.append(lit(r) == flash)
    assert states == [True, False, True, True, True, False, False]


def test_win_comet_then_the_final_position_holds():
    v, r = board()
    v.front[0], v.back[0] = 121, 110
    v.front[1], v.back[1] = 95, 88
    v.winner, v.skunk, v.won_ms = 0, 0, 5000
    r.render(5000)  # head at hole 1, its 6-hole tail wraps round to 116..121
    want = {1: A_FRONT}
    want.update({h: A_BACK for h in range(116, 122)})
    assert lit(r) == want
    r.render(5512)  # head: 512 * 121 / 1024 = 60.5 -> 60 -> hole 61; tail 55..60
    want = {61: A_FRONT}
    want.update({h: A_BACK for h in range(55, 61)})
    assert lit(r) == want
    r.render(5000 + WIN_MS)  # done: the board holds the final position
    final = markers()
    final.update({121: A_FRONT, 110: A_BACK, 95: B_FRONT, 88: B_BACK})
    assert lit(r) == final
    r.render(5000 + 60000)
    assert lit(r) == final


def test_skunk_animation_fills_then_flashes_per_level():
    v, r = board()
    v.front[0] = 121
    v.winner, v.skunk, v.won_ms = 0, 1, 0
    r.render(512)  # fill: 512 * 121 / 1024 + 1 = 61 holes
    assert lit(r) == {h: A_BAR for h in range(1, 62)}
    full = {h: A_FRONT for h in range(1, 122)}
    flashes = []
    for t in (1024, 1152, 1280, 1408, 2048):
        r.render(t)
        flashes.append(lit(r) == full)
    assert flashes == [True, False, False, False, True]  # one flash a second
    v.skunk = 2  # double skunk: two flashes a second
    flashes = []
    for t in (1024, 1152, 1280, 1408, 1536):
        r.render(t)
        flashes.append(lit(r) == full)
    assert flashes == [True, False, True, False, False]


def test_render_reports_changes_only():
    v, r = board()
    assert r.render(0) is True
    assert r.render(100) is False
    v.front[0] = 3
    assert r.render(100) is True
    v.brightness = 1  # settings change: tables rebuilt, bytes differ
    assert r.render(100) is True
    assert lit(r)[3] == (0, 0, 8)  # scale 8: blue front 8
    assert lit(r)[5] == (1, 1, 1)  # 255 * 8 * 20 / 65280 = 0.6: kept lit at 1
    assert r.render(100) is False


def test_brightness_cap_is_the_table_top():
    import palette

    assert BRIGHTNESS[-1] == 220 and max(BRIGHTNESS) == BRIGHTNESS[-1]
    assert len(BRIGHTNESS) - 1 == BRIGHTNESS_LEVELS  # settings 1..8, as the view says
    inks = bytearray(palette.N_INKS * 3)
    for p in range(len(palette.PALETTES)):
        palette.build_inks(inks, p, BRIGHTNESS[-1])
        assert max(inks) == 220
    # A brightness past the table (say, hand-edited settings) is clamped to the top level,
    # and a palette that does not exist falls back to the default: the display never stops.
    v, r = board()
    v.front[0] = 1
    v.brightness = 9
    v.palette = 7
    r.render(0)
    assert lit(r)[1] == A_FRONT and max(r.frame) == 220
    v.brightness = 0
    r.render(0)
    assert lit(r)[1] == (0, 0, 8)
    v.target = 100
    raises(ValueError, r.render, 0)


def test_power_cap_worst_case_arithmetic():
    # The brightest thing the renderer can draw: every LED in a side's front colour (the
    # skunk flash), at the top brightness, in the palette's heaviest colour, lime.
    # Unlimited: each LED G 220 + R 138 + B 82 = 440; 121 LEDs = 53240 channel units.
    # power.py: 121 x 1 mA idle + 53240 x 20 mA / 255 = 121 + 4175.7 (rounded up 4176)
    # = 4297 mA. Budget 500 mA leaves 379 mA for colour: factor = 379 * 255 * 256 // (53240
    # * 20) = 24741120 // 1064800 = 23 (23.2). Each byte b becomes b * 23 >> 8:
    # G 220 -> 19, R 138 -> 12, B 82 -> 7 = 38 a LED, 4598 units, 4598 * 20 / 255 = 360.6
    # -> 361 mA + 121 = 482 mA <= 500.
    v, r = board(sides=3, budget=100000)
    v.front[2] = 121
    v.winner, v.skunk, v.won_ms = 2, 1, 0
    r.render(1024)
    assert lit(r) == {h: C_FRONT for h in range(1, 122)}
    assert r.estimate_ma() == 4297 and r.limit_scale == 256
    v.budget_ma = 500
    r.render(1024)
    assert r.limit_scale == 23
    assert lit(r) == {h: (19, 12, 7) for h in range(1, 122)}
    assert sum(r.frame) == 4598 and r.estimate_ma() == 482


def test_every_frame_stays_within_the_budget():
    # Every palette, every side, every brightness, for the heaviest frames (skunk flash,
    # error flash) and a few budgets: the estimate never exceeds the budget.
    import palette

    for budget in (150, 300, 500):
        for p in range(len(palette.PALETTES)):
            for level in (5, 8):
                for side in range(4):
                    v, r = board(sides=4, budget=budget, brightness=level)
                    v.palette = p
                    v.front[side] = 121
                    v.winner, v.skunk, v.won_ms = side, 1, 0
                    r.render(1024)
                    assert r.estimate_ma() <= budget, (budget, p, level, side)
                v.winner = -1
                v.set_signal(SIG_ERROR, 0)
                r.render(5000)
                assert r.estimate_ma() <= budget
    # A budget below what 121 dark LEDs draw (121 mA) leaves everything dark.
    v, r = board(budget=100)
    r.render(0)
    assert r.limit_scale == 0 and lit(r) == {}


def test_a_typical_frame_is_not_limited():
    # Markers 24 x 51 + skunk lines 2 x 17 + dealer 82 + pegs 220 + 36 + 330 + 54 = 1980
    # units: 121 + 1980 * 20 / 255 = 121 + 155.29 -> 156 = 277 mA, under 500: untouched.
    v, r = board(budget=500)
    v.front[0], v.back[0], v.front[1], v.back[1] = 12, 7, 9, 3
    r.render(0)
    assert r.limit_scale == 256 and sum(r.frame) == 1980 and r.estimate_ma() == 277
    assert lit(r)[12] == A_FRONT


def test_time_wraps_around():
    v, r = board()
    v.front[0] = 121
    v.winner, v.skunk, v.won_ms = 0, 0, ticks_add(0, -100)  # won 100 ms before the wrap
    r.render(ticks_add(v.won_ms, 512))
    assert lit(r)[61] == A_FRONT
    r.render(ticks_add(v.won_ms, WIN_MS))
    assert lit(r)[121] == A_FRONT and lit(r)[5] == MARK
    v.winner = -1  # (a new game)
    v.set_signal(SIG_ERROR, ticks_add(0, -10))
    r.render(ticks_add(0, 100))  # 110 ms in: on
    assert lit(r)[1] == ERROR
    r.render(ticks_add(0, 200))  # 210 ms in: off
    assert 1 not in lit(r)


def test_render_allocates_nothing_on_micropython():
    micropython_only("allocation is measured on MicroPython: the point is the device")
    import gc

    v, r = board(sides=4, budget=500)
    for s in range(4):
        v.front[s], v.back[s] = 30 + s, 20
    v.front[3] = 31  # two sides sharing a hole
    v.set_preview(2, 7)
    v.set_segment(0, 1, 12, 1 | BLINK)
    v.set_segment(1, 100, 21, COLOR_RED)
    r.render(0)
    gc.collect()
    before = gc.mem_alloc()
    now = 0
    for i in range(600):  # 12 s of frames at 50 Hz, through every layer
        if i == 100:
            v.set_signal(SIG_ERROR, now)
        elif i == 200:
            v.set_signal(SIG_UNDO, now)
        elif i == 300:
            v.set_signal(SIG_RECOVERED, now)
        elif i == 400:
            v.winner, v.skunk, v.won_ms = 1, 2, now
        elif i == 500:
            v.skunk = 0
            v.won_ms = now
        r.render(now)
        now += 20
    after = gc.mem_alloc()
    assert after == before, after - before
