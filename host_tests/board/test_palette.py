# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Palettes: the ink table's bytes, and the default palette under colour-vision deficiency.

The colour-vision simulation and the two measures of difference are colour_support.py's.
"""

from colour_support import (
    DEUTERANOPIA,
    MIN_DELTA_E,
    MIN_UV,
    NORMAL,
    PROTANOPIA,
    TRITANOPIA,
    delta_e,
    lab,
    uv,
    uv_distance,
)
from palette import (
    BACK,
    BAR,
    DEALER,
    FRONT,
    INK_ERROR,
    INK_FLASH,
    INK_MARK,
    INK_SKUNK,
    N_INKS,
    PALETTES,
    WHITE,
    build_inks,
    scale_channel,
)
from render import BRIGHTNESS
from support import raises


def closest(colours, measure, cvd):
    """Smallest difference between any two colours, or any colour and the white markers."""
    best = 1e9
    for i in range(len(colours)):
        best = min(best, measure(colours[i], WHITE, cvd))
        for j in range(i + 1, len(colours)):
            best = min(best, measure(colours[i], colours[j], cvd))
    return best


def near(a, b, tol):
    return abs(a - b) <= tol


def test_colour_maths_matches_published_srgb_values():
    # sRGB primaries and D65 white: u'v' red (0.4507, 0.5229), green (0.1250, 0.5625),
    # blue (0.1754, 0.1579), white (0.1978, 0.4683); CIELAB red L*53.2 a*80.1 b*67.2.
    for rgb, want in (
        ((255, 0, 0), (0.4507, 0.5229)),
        ((0, 255, 0), (0.1250, 0.5625)),
        ((0, 0, 255), (0.1754, 0.1579)),
        ((255, 255, 255), (0.1978, 0.4683)),
    ):
        got = uv(rgb, NORMAL)
        assert near(got[0], want[0], 0.001) and near(got[1], want[1], 0.001), rgb
    r = lab((255, 0, 0), NORMAL)
    assert near(r[0], 53.2, 0.2) and near(r[1], 80.1, 0.3) and near(r[2], 67.2, 0.3)
    w = lab((255, 255, 255), NORMAL)
    assert near(w[0], 100, 0.1) and near(w[1], 0, 0.1) and near(w[2], 0, 0.1)


def test_default_palette_survives_red_green_colour_blindness():
    sides = PALETTES[0][1]
    for name, cvd in (("normal", NORMAL), ("protanopia", PROTANOPIA), ("deut", DEUTERANOPIA)):
        assert closest(sides, uv_distance, cvd) >= MIN_UV, name
        assert closest(sides, delta_e, cvd) >= MIN_DELTA_E, name
    # The 2-side game's pair (blue, amber) lies on the blue-yellow axis that red-green
    # deficient eyes keep, and stays far apart even for tritanopia.
    for cvd in (PROTANOPIA, DEUTERANOPIA, TRITANOPIA):
        assert uv_distance(sides[0], sides[1], cvd) >= 4 * MIN_UV


def test_the_check_rejects_a_red_green_palette():
    # The traditional red/blue/green/yellow pegs pass for normal vision and fail here:
    # red and green land on (nearly) the same chromaticity, under 0.01 apart.
    classic = PALETTES[1][1]
    assert closest(classic, uv_distance, NORMAL) >= MIN_UV
    for cvd in (PROTANOPIA, DEUTERANOPIA):
        assert uv_distance(classic[0], classic[2], cvd) < 0.01
        assert closest(classic, uv_distance, cvd) < MIN_UV


def test_scale_channel_floors_but_keeps_lit_channels_lit():
    assert scale_channel(255, 255, 256) == 255
    assert scale_channel(255, 220, 256) == 220
    assert scale_channel(128, 220, 256) == 110  # 128*220*256/65280 = 110.4
    assert scale_channel(255, 220, 42) == 36  # 36.09
    assert scale_channel(255, 8, 20) == 1  # 0.625 would vanish: kept at 1
    assert scale_channel(0, 220, 256) == 0 and scale_channel(255, 0, 256) == 0


def test_ink_table_bytes_are_grb():
    inks = build_inks(bytearray(N_INKS * 3), 0, 220)

    def ink(i):
        return tuple(inks[3 * i : 3 * i + 3])

    # Side B amber (255, 128, 0) front at scale 220: R 220, G 110, B 0 -> bytes G, R, B.
    assert ink(1 * 4 + FRONT) == (110, 220, 0)
    assert ink(0 * 4 + FRONT) == (0, 0, 220)  # blue
    assert ink(0 * 4 + BACK) == (0, 0, 36)  # 255*220*42/65280 = 36.09
    assert ink(0 * 4 + DEALER) == (0, 0, 82)  # 255*220*96/65280 = 82.5
    assert ink(0 * 4 + BAR) == (0, 0, 55)  # 255*220*64/65280 = 55
    # Side D magenta (255, 64, 192): front G 64*220*256/65280 = 55.2, R 220, B 165.6 -> 165.
    assert ink(3 * 4 + FRONT) == (55, 220, 165)
    assert ink(INK_MARK) == (17, 17, 17)  # 255*220*20/65280 = 17.2
    assert ink(INK_SKUNK) == (0, 17, 0)  # red at the markers' level 20: 17.2
    assert ink(INK_ERROR) == (0, 82, 0) and ink(INK_FLASH) == (82, 82, 82)


def test_bad_palette_or_scale_is_refused():
    raises(ValueError, build_inks, bytearray(N_INKS * 3), len(PALETTES), 100)
    raises(ValueError, build_inks, bytearray(N_INKS * 3), 0, 256)


# Two inks are told apart when one of their channels differs by GAMMA_STEP or more after
# gamma: an LED's drive is linear light, and perceived brightness goes roughly as light to
# the power 1/2.2 (the curve 8-bit displays encode with, chosen because equal steps of it look
# equal). 12 of 255 such steps is about 5 % of the perceptual range, several times the 1-2
# steps at which a smooth 8-bit ramp shows banding: a difference seen at a glance across the
# board, not only side by side. In drive levels it asks for 0 vs 1, 1 vs 3, 4 vs 8, 13 vs 20
# or 200 vs 230: a lit primary against a dark one, or a ratio that shrinks as light grows.
GAMMA_STEP = 12


def perceived(level):
    return 255 * (level / 255) ** (1 / 2.2)


def apart(a, b):
    """The larger channel difference of two inks (3 bytes each), in perceived steps."""
    return max(abs(perceived(a[k]) - perceived(b[k])) for k in range(3))


def pegs_and_markers(pal, scale):
    """{name: 3 bytes} of every side's front and back peg and the two hole markers."""
    inks = build_inks(bytearray(N_INKS * 3), pal, scale)
    out = {}
    for side in range(4):
        for role, name in ((FRONT, "front"), (BACK, "back")):
            i = 3 * (side * 4 + role)
            out["ABCD"[side] + " " + name] = bytes(inks[i : i + 3])
    for ink, name in ((INK_MARK, "marker"), (INK_SKUNK, "skunk marker")):
        out[name] = bytes(inks[3 * ink : 3 * ink + 3])
    return out


def test_every_peg_and_marker_stays_distinct_at_every_brightness():
    """Each side's front and back peg, every other side's pegs and the hole markers, at every
    brightness step 1-8 of both palettes: no two within GAMMA_STEP of each other."""
    closest_seen = 255.0
    for pal in range(len(PALETTES)):
        for step in range(1, len(BRIGHTNESS)):
            inks = pegs_and_markers(pal, BRIGHTNESS[step])
            names = sorted(inks)
            for i in range(len(names)):
                for j in range(i + 1, len(names)):
                    d = apart(inks[names[i]], inks[names[j]])
                    assert d >= GAMMA_STEP, (PALETTES[pal][0], step, names[i], names[j], d)
                    closest_seen = min(closest_seen, d)
    print("closest pair of pegs or markers, any step:", round(closest_seen, 1), "steps")


def test_the_distinct_check_catches_the_old_dim_back_pegs():
    # Before the back peg's floor, brightness step 1 (scale 8) gave side C's and D's back
    # pegs 1/6 of 8 in each lit channel: (1, 1, 1), the same bytes as a hole marker.
    c_back = bytes(scale_channel(v, 8, 42) for v in (255, 160, 96))  # G, R, B of lime
    marker = pegs_and_markers(0, 8)["marker"]
    assert c_back == b"\x01\x01\x01" == marker and apart(c_back, marker) < GAMMA_STEP
    back = pegs_and_markers(0, 8)["C back"]
    assert max(back) == 4 and apart(back, marker) >= GAMMA_STEP  # lifted to the floor, in hue
