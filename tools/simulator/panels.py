"""The interactive simulator's text panels: the title, the legend and the PC keys.

    pc_key("a") -> "A"           the board key a PC key taps (digits, a-d / A-D, * and #)
    title_text(view, letters)    mode, game, brightness, and how colours are shown
    legend_text(view, letters, state_dir)
SPDX-License-Identifier: MIT
"""

import os

import palette
from keypad import KEYS
from render import BRIGHTNESS
from rich.text import Text
from view import MODE_NAMES

from tools.simulator.glyph import LEGEND
from tools.simulator.live import screen_colour

KEY_HELP = (" a-d  keys A-D", " l+key long 0.8 s", " h+key hold 3 s", " p power  q quit")
BRIGHTNESS_LEVELS = 8


def pc_key(ch):
    """The keypad legend a typed character stands for, or None."""
    legend = ch.upper() if ch in "abcd" and ch else ch
    if len(legend) == 1 and KEYS.find(legend) >= 0:
        return legend
    return None


def title_text(view, letters):
    mode = MODE_NAMES[view.mode] if 0 <= view.mode < len(MODE_NAMES) else "?"
    shown = "   (no colour: letters)" if letters else ""
    return " PicoPeg   {}   game to {}   brightness {}/{}{}".format(
        mode, view.target, view.brightness, BRIGHTNESS_LEVELS, shown
    )


def _inks(view):
    """ink index -> 'rgb(r,g,b)' as the screen shows that ink at the view's settings."""
    level = min(max(view.brightness, 1), len(BRIGHTNESS) - 1)
    pal = view.palette if 0 <= view.palette < len(palette.PALETTES) else 0
    inks = palette.build_inks(bytearray(palette.N_INKS * 3), pal, BRIGHTNESS[level])

    def style(ink):
        g, r, b = inks[3 * ink], inks[3 * ink + 1], inks[3 * ink + 2]
        return "rgb({},{},{})".format(*screen_colour((r, g, b), level))

    return style


def notes_text(letters, state_dir):
    """How the screen shows the LEDs, and where the board keeps its files."""
    home = os.path.expanduser("~")
    where = "~" + state_dir[len(home) :] if state_dir.startswith(home + "/") else state_dir
    if letters:
        how = "No colour: each lit hole is a letter\nfor what lit it (the legend)."
    else:
        how = (
            "The screen shows each LED as at full\nbrightness, gamma-corrected, so dim"
            "\nones (back pegs, markers) show too."
        )
    return how + "\n\nThe board's files (quit and start\nagain: a power cycle):\n" + where


def legend_text(view, letters):
    """What the holes mean."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if letters:
        for k, what in LEGEND:
            text.append("{:<4}{}\n".format(k, what))
        return text
    ink = _inks(view)
    text.append("sides ")
    for s in range(view.sides):
        text.append("ABCD"[s] + " ")
        text.append("●", style=ink(s * 4 + palette.FRONT))
        text.append("  ")
    name = palette.PALETTES[view.palette][0] if 0 <= view.palette < 2 else "?"
    text.append("({})\n".format(name))
    text.append("●", style=ink(palette.FRONT))
    text.append(" bright: front peg  ")
    text.append("◉", style=ink(palette.BACK))
    text.append(" dim: back peg\n")
    text.append("●", style=ink(palette.INK_MARK))
    text.append(" marker  ")
    text.append("●", style=ink(palette.INK_SKUNK))
    text.append(" skunk line  ")
    text.append("●", style=ink(palette.INK_FLASH))
    text.append(" flash\n")
    text.append("game hole (far left): dealer's colour\n")
    text.append("street 1 (holes 1-30) at the bottom,\nleft to right; then up and back")
    return text
