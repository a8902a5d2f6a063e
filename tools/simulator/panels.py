"""The interactive simulator's text panels: the title, the legend, the status line, the PC
keys, the shape of each hole, and the layout a terminal's size allows.

    pc_key("a") -> "A"           the board key a PC key taps (digits, a-d / A-D, * and #)
    title_text(view, letters)    mode, game, brightness, and how colours are shown
    legend_text(view, letters)   what the holes mean
    status_text(live, prefix)    the bottom line: the keys, a pending l / h, a power cycle
    hole_shape("!") -> "◆"       a lit hole's character in colour (glyph.py's letter in)
    layout_for(80, 24) -> "wide" "wide", "narrow" (the board above the display and keypad)
                                 or "small" (too small: small_text says so)
SPDX-License-Identifier: MIT
"""

import os

import palette
from keypad import KEYS
from modes import name as mode_name
from render import BRIGHTNESS
from rich.text import Text

from tools.simulator.glyph import LEGEND
from tools.simulator.live import screen_colour

KEY_HELP = (" a-d  keys A-D", " l+key long 0.8 s", " h+key hold 3 s", " p power  q quit")
BRIGHTNESS_LEVELS = 8
PREFIX_NAMES = {"l": "long press", "h": "hold 3 s"}
POWER_NOTE_MS = 5000  # how long the status line says the board was switched off and on

# In colour a lit hole is a dot, a side's dim roles (back peg, the dealer's game hole, a bar
# in its colour) a ringed dot, so front and back pegs differ where a terminal has only 16
# colours; the skunk lines are diamonds and the count bars squares, so a red bar never reads
# as a skunk line (both are red on the board).
DARK_GLYPH = "○"
SHAPES = {"a": "◉", "b": "◉", "c": "◉", "d": "◉", "!": "◆", "=": "■", "x": "■"}

# The smallest terminals for each layout (tests: test_sim_tui.py). Wide: the board beside the
# display (18) and the keypad (21), the legend below: 80 columns; 13 rows (title, the board's
# 7 rows in its border and padding, the status line). Narrow: the board (the 6-column grid's
# 37 in its border, no padding) above the display and the keypad, the legend packed into
# lines of the terminal's width under them: 39 columns, 21 rows and the legend's lines.
WIDE_MIN = (80, 13)
NARROW_MIN = (39, 21)


def layout_for(width, height, letters=False):
    if width >= WIDE_MIN[0] and height >= WIDE_MIN[1]:
        return "wide"
    if width >= NARROW_MIN[0] and height >= NARROW_MIN[1] + legend_rows(width, letters):
        return "narrow"
    return "small"


def legend_rows(width, letters=False):
    """The lines the narrow layout's packed legend takes at width (four sides: the most)."""
    return len(packed_lines(legend_items(None, letters), width - 2))


def small_text(width, height, letters=False):
    need = (NARROW_MIN[0], NARROW_MIN[1] + legend_rows(NARROW_MIN[0], letters))
    return (
        "PicoPeg: this terminal is {} x {}; the board needs {} x {} (80 x 24 shows it all)."
        "\n\nMake the window larger (the board stays on and keeps the game), or quit with q"
        " and run the line mode: make sim ARGS=--plain".format(width, height, *need)
    )


def hole_shape(letter):
    """The character of a lit hole whose glyph.py letter is letter."""
    return SHAPES.get(letter, "●")


def status_text(live, prefix, width=80):
    """The bottom line, in the words that fit width (a narrow terminal gets the short form)."""
    if prefix:
        forms = ("next key: {}   (Esc: a tap again)".format(PREFIX_NAMES[prefix]),
                 "next: {} (Esc: tap)".format(PREFIX_NAMES[prefix]))  # fmt: skip
    elif live.off:
        forms = ("power off: the board is dark; it boots again on its files in a moment",
                 "power off: boots again soon")  # fmt: skip
    elif live.powered_on_at is not None and live.board.now - live.powered_on_at < POWER_NOTE_MS:
        forms = ("power back on (boot {}): the game as saved; an unentered entry is lost"
                 .format(live.boots), "power on: the game as saved")  # fmt: skip
    else:
        forms = ("q quit   l+key long press   h+key hold 3 s   p power off and on",
                 "q quit  l long  h hold  p power")  # fmt: skip
    return forms[0] if len(forms[0]) <= width else forms[1]


def pc_key(ch):
    """The keypad legend a typed character stands for, or None."""
    legend = ch.upper() if ch in "abcd" and ch else ch
    if len(legend) == 1 and KEYS.find(legend) >= 0:
        return legend
    return None


def title_text(view, letters, off=False):
    if off:
        return " PicoPeg   power off"
    mode = mode_name(view.mode)
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


def legend_items(view, letters):
    """The legend's entries as lists of (text, style) pieces (view None: four sides, the
    default palette's styles left out, to measure)."""
    if letters:
        return [[("{} {}".format(k, what), "")] for k, what in LEGEND]
    ink = _inks(view) if view is not None else (lambda _ink: "")
    sides = view.sides if view is not None else 4
    pal = view.palette if view is not None and 0 <= view.palette < 2 else 0
    items = [[("ABCD"[s] + " ", ""), ("●", ink(s * 4 + palette.FRONT))] for s in range(sides)]
    items.append([("({})".format(palette.PALETTES[pal][0]), "")])
    for shape, role, what in (
        ("●", palette.FRONT, " front peg"),
        ("◉", palette.BACK, " back peg"),
        ("●", palette.INK_MARK, " marker"),
        (hole_shape("!"), palette.INK_SKUNK, " skunk line"),
        ("●", palette.INK_FLASH, " flash"),
        (hole_shape("="), palette.INK_BAR_WHITE, " count bar"),
        (hole_shape("x"), palette.INK_BAR_RED, " missed/over"),
    ):
        items.append([(shape, ink(role)), (what, "")])
    items.append([("game hole: dealer's colour", "")])
    return items


def packed_lines(items, width):
    """The items in lines of at most width columns, two spaces apart."""
    lines, line, used = [], [], 0
    for item in items:
        n = sum(len(t) for t, _s in item)
        if line and used + 2 + n > width:
            lines.append(line)
            line, used = [], 0
        if line:
            line.append(("  ", ""))
            used += 2
        line.extend(item)
        used += n
    if line:
        lines.append(line)
    return lines


def packed_legend(view, letters, width):
    """The legend packed into lines of width (the narrow layout: nothing cut)."""
    text = Text(no_wrap=True)
    for i, line in enumerate(packed_lines(legend_items(view, letters), width)):
        if i:
            text.append("\n")
        for t, style in line:
            text.append(t, style=style or None)
    return text


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
    text.append(hole_shape("!"), style=ink(palette.INK_SKUNK))
    text.append(" skunk line  ")
    text.append("●", style=ink(palette.INK_FLASH))
    text.append(" flash\n")
    text.append(hole_shape("="), style=ink(palette.INK_BAR_WHITE))
    text.append(" count bar  ")
    text.append(hole_shape("x"), style=ink(palette.INK_BAR_RED))
    text.append(" red bar: missed or over\n")
    text.append("game hole (far left): dealer's colour\n")
    text.append("street 1 (holes 1-30) at the bottom,\nleft to right; then up and back")
    return text
