"""Side colours and the ink table the renderer paints with.

An *ink* is one colour at one brightness, stored as 3 bytes in the strip's wire order (G, R,
B). ``build_inks`` fills a preallocated table once per settings change; the renderer then
only copies ink bytes, never multiplies per frame (docs/DESIGN.md: no allocation in the
refresh path).

Colours are given as (r, g, b) drive levels 0-255. WS2812B drive is PWM, i.e. linear light,
so host_tests/board/test_palette.py simulates colour-vision deficiency on these values as linear
RGB. The default palette keeps every pair of sides apart (and apart from the white markers)
for protanopia and deuteranopia; its first two colours, used by the common 2-side game,
sit at the two ends of the blue-yellow axis that red-green deficient eyes still see. Side D's
magenta carries a little green so that, drawn on a screen (tools/web/site/board.js lifts the
dim blue to a 3:1 contrast), it stays apart from A's blue for a protanope too.
SPDX-License-Identifier: MIT
"""

from compat import const

# name, side colours A, B, C, D (r, g, b)
PALETTES = (
    ("blue/amber", ((0, 0, 255), (255, 128, 0), (160, 255, 96), (255, 64, 192))),
    # Traditional peg colours; NOT safe for red-green colour blindness (red vs green).
    ("classic", ((255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 0))),
)
WHITE = (255, 255, 255)  # hole markers and neutral flashes
RED = (255, 0, 0)  # skunk lines, refused input

# Ink indices. Per side s: s * 4 + FRONT / BACK / DEALER / BAR.
FRONT = const(0)  # the front peg
BACK = const(1)  # the back peg
DEALER = const(2)  # the game hole while this side deals
BAR = const(3)  # overlay bars (counts, settings)
INK_MARK = const(16)  # every 5th hole, and the game hole with no dealer
INK_SKUNK = const(17)  # the skunk-line holes 61 and 91 (31 in a 61 game)
INK_ERROR = const(18)  # the red flash of a refused input
INK_FLASH = const(19)  # white flashes and sweeps: accepted, undo, new game, recovered
INK_BAR_WHITE = const(20)
INK_BAR_RED = const(21)
N_INKS = const(22)

# Relative level of each role, out of 256, before the brightness setting. The back peg is
# 1/6 of the front; markers are dim enough to read as "place holders", never as pegs (the
# skunk-line markers as dim as the others: a brighter red would pass for the classic
# palette's red back peg).
_SIDE_LEVELS = (256, 42, 96, 64)  # FRONT, BACK, DEALER, BAR
_LEVEL_MARK = const(20)
_LEVEL_SKUNK = const(20)
# The back peg's brightest channel never drops below this drive level. At the lowest
# brightness steps 1/6 of the front is 1-2 levels, too coarse to keep a side's hue: side C's
# and D's back pegs both came out (1, 1, 1), the hole markers' white. At 4 every palette
# colour keeps its hue, the back peg stays half or less of its front (8 at step 1), and
# host_tests/test_palette.py checks every pair of pegs and markers apart at every step.
_BACK_MIN = const(4)
_LEVEL_FLASH = const(96)
_LEVEL_BAR = const(64)


def scale_channel(value, scale, level):
    """value (0-255) x scale/255 x level/256, floored; never rounds a lit channel to 0."""
    if not value or not scale or not level:
        return 0
    out = value * scale * level // 65280
    return out if out else 1


def _put(out, ink, rgb, scale, level):
    i = ink * 3
    out[i] = scale_channel(rgb[1], scale, level)  # G
    out[i + 1] = scale_channel(rgb[0], scale, level)  # R
    out[i + 2] = scale_channel(rgb[2], scale, level)  # B


def _raise_to(out, ink, rgb, least):
    """Lift a dim ink so its brightest channel is `least`, keeping the colour's proportions
    (rounded; a lit channel stays lit)."""
    i = ink * 3
    if max(out[i], out[i + 1], out[i + 2]) >= least:
        return
    top = max(rgb)
    for k, v in ((0, rgb[1]), (1, rgb[0]), (2, rgb[2])):
        out[i + k] = max(1 if v else 0, (v * least + top // 2) // top)


def build_inks(out, palette, scale):
    """Fill out (N_INKS * 3 bytes, GRB) for palette index and global scale 0-255."""
    if not 0 <= palette < len(PALETTES):
        raise ValueError("no colour palette {}".format(palette))
    if not 0 <= scale <= 255:
        raise ValueError("brightness scale must be 0-255")
    colours = PALETTES[palette][1]
    for side in range(4):
        for role in range(4):
            _put(out, side * 4 + role, colours[side], scale, _SIDE_LEVELS[role])
        if scale:
            _raise_to(out, side * 4 + BACK, colours[side], _BACK_MIN)
    _put(out, INK_MARK, WHITE, scale, _LEVEL_MARK)
    _put(out, INK_SKUNK, RED, scale, _LEVEL_SKUNK)
    _put(out, INK_ERROR, RED, scale, _LEVEL_FLASH)
    _put(out, INK_FLASH, WHITE, scale, _LEVEL_FLASH)
    _put(out, INK_BAR_WHITE, WHITE, scale, _LEVEL_BAR)
    _put(out, INK_BAR_RED, RED, scale, _LEVEL_BAR)
    return out
