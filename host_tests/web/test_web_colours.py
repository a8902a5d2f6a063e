"""The board's colours as the web page draws them, in headless Chromium: every side colour of
every palette (front peg, back peg, the game hole in the dealer's colour) at every brightness
stands out 3:1 or more (WCAG 2's contrast for graphics) against the unlit hole and the lane,
both read from the page's own style; the default palette's sides stay apart as drawn for
protanopia and deuteranopia; and the page paints a real game's holes with those colours.

The inks are the firmware's own (palette.build_inks at render.BRIGHTNESS), drawn by the
page's own board.js screenColour. Contrast is WCAG 2's (relative luminance of sRGB, (L1 +
0.05) / (L2 + 0.05)); the colour-vision simulation is test_palette.py's (Machado 2009).
"""

import re

import pytest
from app_support import A_FRONT
from colour_support import DEUTERANOPIA, MIN_UV, PROTANOPIA, delta_e, uv_distance
from page_support import build_site, wait_rgb
from palette import BACK, DEALER, FRONT, N_INKS, PALETTES, build_inks
from render import BRIGHTNESS
from view import DEFAULT_BRIGHTNESS

from tools.web import browser

ROLES = {"front": FRONT, "back": BACK, "dealer": DEALER}
MIN_CONTRAST = 3.0  # WCAG 2.x, 1.4.11: graphical objects
MIN_DRAWN_DELTA_E = 20.0  # CIELAB; the firmware's own check asks 30 of the LEDs at full drive
MIN_FRONT_OVER_BACK = 1.5  # a side's front peg is told from its back peg by brightness


def linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


@pytest.fixture(scope="module")
def drives():
    """(palette, level, side) -> how many times its front peg's LED is driven more than its
    back peg's (the brightest channels, the firmware's own inks)."""
    out = {}
    for p in range(len(PALETTES)):
        for level in range(1, len(BRIGHTNESS)):
            table = build_inks(bytearray(N_INKS * 3), p, BRIGHTNESS[level])
            for side in range(4):
                front = max(table[(side * 4 + FRONT) * 3 : (side * 4 + FRONT) * 3 + 3])
                back = max(table[(side * 4 + BACK) * 3 : (side * 4 + BACK) * 3 + 3])
                out[(p, level, "ABCD"[side])] = front / back
    return out


def test_contrast_maths_matches_wcag():
    assert round(contrast((255, 255, 255), (0, 0, 0)), 2) == 21.0
    assert round(contrast((0, 0, 255), (0, 0, 0)), 2) == 2.44  # pure blue cannot reach 3:1
    assert round(contrast((118, 118, 118), (255, 255, 255)), 2) == 4.54


def inks():
    """(palette, level, side, role, (r, g, b), scale) for every side ink the firmware builds."""
    out = []
    for p in range(len(PALETTES)):
        for level in range(1, len(BRIGHTNESS)):
            scale = BRIGHTNESS[level]
            table = build_inks(bytearray(N_INKS * 3), p, scale)
            for side in range(4):
                for name, role in ROLES.items():
                    i = (side * 4 + role) * 3
                    g, r, b = table[i], table[i + 1], table[i + 2]
                    out.append((p, level, "ABCD"[side], name, (r, g, b), scale))
    return out


def css_rgb(text):
    return tuple(int(v) for v in re.findall(r"\d+", text)[:3])


@pytest.fixture(scope="module")
def drawn():
    """{(palette, level, side, role): drawn rgb}, and the unlit hole's and the lane's fills."""
    site_dir = build_site("web-test-colours")
    with browser.Site(site_dir) as site, browser.Browser(1280, 900) as b:
        b.open(site.url)
        table = inks()
        colours = b.js(
            "return import('./board.js').then(m => arguments[0].map("
            "([r, g, b, s]) => m.screenColour(r, g, b, s)))",
            [[*rgb, scale] for *_, rgb, scale in table],
        )
        fills = b.js(
            "const f = (sel) => getComputedStyle(document.querySelector(sel)).fill;"
            "return [f('#board .lane'), f('[data-hole=\"1\"]')]"
        )
        # A real game: A pegs 2, then 3 (its back peg on 2); the page paints those holes.
        b.tap("2A 1A")
        wait_rgb(b, 3, A_FRONT)
        painted = b.js(
            'return [2, 3].map(n => { const e = document.querySelector(`[data-hole="${n}"]`);'
            " return [e.dataset.rgb, getComputedStyle(e).fill]; })"
        )
        screen = b.js(
            "return import('./board.js').then(m => arguments[0].map("
            "(rgb) => m.screenColour(...rgb.split(',').map(Number), 52)))",
            [rgb for rgb, _ in painted],
        )
    by_key = {t[:4]: tuple(c) for t, c in zip(table, colours, strict=True)}
    return {
        "inks": by_key,
        "lane": css_rgb(fills[0]),
        "hole": css_rgb(fills[1]),
        "painted": [
            (css_rgb(fill), tuple(s)) for (_, fill), s in zip(painted, screen, strict=True)
        ],
    }


def test_every_side_colour_stands_out_3_to_1_against_the_unlit_hole_and_the_lane(drawn):
    worst = min(
        (min(contrast(c, drawn["hole"]), contrast(c, drawn["lane"])), key)
        for key, c in drawn["inks"].items()
    )
    assert len(drawn["inks"]) == len(PALETTES) * 8 * 4 * 3
    assert worst[0] >= MIN_CONTRAST, worst


def test_the_page_paints_a_games_holes_with_those_colours(drawn):
    for fill, expected in drawn["painted"]:
        assert fill == expected


def test_a_front_peg_is_brighter_than_its_back_peg(drawn, drives):
    # 1.5:1 where the LEDs themselves are driven 4 times apart or more (the third brightness
    # step up): at the two lowest a back peg is driven at a half and a third of its front
    # (palette._BACK_MIN keeps its hue), and the page shows them about as near as the board
    # does (1.28:1 and 1.43:1 for a blue side).
    for (p, level, side, role), c in drawn["inks"].items():
        if role == "front":
            back = drawn["inks"][(p, level, side, "back")]
            assert contrast(c, back) > 1.2, (p, level, side, c, back)
            if drives[(p, level, side)] >= 4:
                assert contrast(c, back) >= MIN_FRONT_OVER_BACK, (p, level, side, c, back)


def saturation(rgb):
    """How far a drawn colour is from white, in linear light (a colour and the same colour
    dimmed have the same): 0 grey or white, 1 a pure hue."""
    lin = [linear(c) for c in rgb]
    return (max(lin) - min(lin)) / max(lin)


def test_a_front_peg_is_never_paler_than_its_back_peg(drawn):
    # One colour a side, dimmed for the back peg: a pure blue lifted toward white to stand
    # out was drawn #7a7aff in front of a #4d4dff back peg, which read as the deeper, "real"
    # blue; the back peg is now the front's colour, darker. From the default brightness up
    # (below it the LEDs' own inks, a few levels each, are rounded off their hue).
    for (p, level, side, role), c in drawn["inks"].items():
        if role == "front" and level >= DEFAULT_BRIGHTNESS:
            back = drawn["inks"][(p, level, side, "back")]
            assert saturation(c) >= saturation(back) - 0.05, (p, level, side, c, back)


@pytest.mark.parametrize("cvd", [PROTANOPIA, DEUTERANOPIA], ids=["protanopia", "deuteranopia"])
def test_the_default_palette_stays_apart_as_drawn_for_red_green_colour_blindness(drawn, cvd):
    # From the default brightness up, as drawn; the LEDs' own inks are checked apart at every
    # step by test_palette.py.
    for level in range(DEFAULT_BRIGHTNESS, len(BRIGHTNESS)):
        for role in ROLES:
            # As drawn: the screen's sRGB back to linear light for the simulation.
            sides = [drawn["inks"][(0, level, s, role)] for s in "ABCD"]
            lin = [tuple(round(linear(v) * 255) for v in c) for c in sides]
            for i in range(4):
                for j in range(i + 1, 4):
                    pair = (level, role, "ABCD"[i], "ABCD"[j])
                    assert uv_distance(lin[i], lin[j], cvd) >= MIN_UV, pair
                    assert delta_e(lin[i], lin[j], cvd) >= MIN_DRAWN_DELTA_E, pair
