"""What a lit hole means, as one letter: the simulator's picture without colour.

Runs under CPython and the MicroPython unix port. A frame's colour is matched exactly
against the renderer's own inks (palette.build_inks at the view's brightness and palette,
scaled as the power limit scaled that frame), so the letter says which role drew the hole:

    A B C D   a side's front peg (also its blinking preview, the win comet's head)
    a b c d   a side's back peg; the game hole in the dealer's colour; a bar in a side's colour
    *         a hole marker (every fifth hole; the game hole when no one deals)
    !         a skunk-line marker (holes 61 and 91; 31 in a 61-point game)
    =         a white bar (count verify, the pegging count, the coach's cards)
    x         a red bar (points a claim missed, or claimed too many)
    +         a white flash (accepted, the undo and new-game sweeps, "recovered")
    X         the red flash of a refused key, and the error pattern of a stopped board
    .         dark
    ?         a colour no ink gives

At brightness 1 a few dim inks round to the same bytes; a marker hole then reads as its
marker, any other hole as the first side role that matches.
SPDX-License-Identifier: MIT
"""

import palette
from ledmap import HOLE_TO_LED
from palette import (
    INK_BAR_RED,
    INK_BAR_WHITE,
    INK_ERROR,
    INK_FLASH,
    INK_MARK,
    INK_SKUNK,
    N_INKS,
)
from render import BRIGHTNESS

LEGEND = (
    ("A-D", "front peg"),
    ("a-d", "back peg/dealer/side bar"),
    ("*", "marker"),
    ("!", "skunk line"),
    ("=", "white bar"),
    ("x", "red bar"),
    ("+", "white flash"),
    ("X", "refused"),
    (".", "dark"),
)
_ROLE_CASE = (0, 1, 1, 1)  # FRONT upper case; BACK, DEALER, BAR lower case
_SPECIAL = {
    INK_MARK: "*",
    INK_SKUNK: "!",
    INK_ERROR: "X",
    INK_FLASH: "+",
    INK_BAR_WHITE: "=",
    INK_BAR_RED: "x",
}


def ink_glyph(ink):
    """The letter of one ink index."""
    if ink < 16:
        side = ink >> 2
        return ("abcd" if _ROLE_CASE[ink & 3] else "ABCD")[side]
    return _SPECIAL[ink]


def hole_rgb(frame, hole):
    """(r, g, b) of hole 1-121 in a GRB frame in chain order."""
    o = HOLE_TO_LED[hole - 1] * 3
    return (frame[o + 1], frame[o], frame[o + 2])


class Glyphs:
    """Letters for a frame drawn at a brightness, palette and power-limit scale."""

    def __init__(self, brightness, pal, limit_scale=256):
        level = min(max(brightness, 1), len(BRIGHTNESS) - 1)
        pal = pal if 0 <= pal < len(palette.PALETTES) else 0
        inks = palette.build_inks(bytearray(N_INKS * 3), pal, BRIGHTNESS[level])
        self._colours = []  # (r, g, b, ink) as the frame shows each ink
        for ink in range(N_INKS):
            g, r, b = inks[3 * ink], inks[3 * ink + 1], inks[3 * ink + 2]
            if limit_scale < 256:  # power.limit: every byte b -> (b * factor) >> 8
                g, r, b = (g * limit_scale) >> 8, (r * limit_scale) >> 8, (b * limit_scale) >> 8
            self._colours.append((r, g, b, ink))

    def glyph(self, rgb, marker=False):
        """The letter for colour rgb; marker: the hole is a marker hole (ties go to it)."""
        r, g, b = rgb
        if not (r or g or b):
            return "."
        found = -1
        for cr, cg, cb, ink in self._colours:
            if cr == r and cg == g and cb == b:
                if marker and ink in (INK_MARK, INK_SKUNK):
                    return ink_glyph(ink)
                if found < 0:
                    found = ink
        if found >= 0:
            return ink_glyph(found)
        if r and not g and not b:  # app.error_pattern: a stopped board
            return "X"
        return "?"


def glyphs_for(app, frame=None):
    """The 121 letters of an App's frame (hole 1 first), as one string."""
    v = app.view
    frame = app.frame if frame is None else frame
    gl = Glyphs(v.brightness, v.palette, app.renderer.limit_scale)
    marks = marker_holes(v.target)
    return "".join(gl.glyph(hole_rgb(frame, h), h in marks) for h in range(1, 122))


def marker_holes(target):
    """The holes the renderer marks for a game to target (render.Renderer.configure)."""
    marks = set(range(5, target, 5))
    skunk = 61 if target == 121 else 31
    while skunk < target:
        marks.add(skunk)
        skunk += 30
    marks.add(121)
    return marks
