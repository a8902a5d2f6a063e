"""Draw the keypad's key map as an SVG for the README (docs/img/keymap.svg).

Each key shows its legend, what a tap does on the scoreboard, (in red) what a long press or a
hold does, and (in blue) the card it types where cards are typed, one key a card: the digits
ace to ten, A B C jack, queen, king. The words are the key map of docs/KEYMAP.md, which has
every mode's keys in full.

    python -m tools.hardware.gen_keymap           # rewrite docs/img/keymap.svg
    python -m tools.hardware.gen_keymap --check   # exit 1 if it is out of date

SPDX-License-Identifier: MIT
"""

import sys
from pathlib import Path

from tools.genfile import main

ROOT = Path(__file__).resolve().parents[2]

TARGET = ROOT / "docs" / "img" / "keymap.svg"

# legend, tap on the scoreboard, long press / hold, card (where cards are typed: one key a card)
KEYS = (
    ("1", "points", "", "ace"),
    ("2", "points", "", "2"),
    ("3", "points", "", "3"),
    ("A", "side A", "long: his heels", "J jack"),
    ("4", "points", "", "4"),
    ("5", "points", "", "5"),
    ("6", "points", "", "6"),
    ("B", "side B", "", "Q queen"),
    ("7", "points", "", "7"),
    ("8", "points", "", "8"),
    ("9", "points", "", "9"),
    ("C", "side C", "", "K king"),
    ("*", "clear / undo", "long: correction", ""),
    ("0", "points; 0 A-D: cut", "", "ten"),
    ("#", "enter / the show", "hold 3 s: new game", ""),
    ("D", "side D", "long: next mode", ""),
)

KEY_W = 150
KEY_H = 112
GAP = 14
MARGIN = 20
TITLE_H = 44
FOOT_H = 80
FONT = "DejaVu Sans, Verdana, sans-serif"


def text(x, y, size, body, *, fill="#000", bold=False):
    """One centred line of SVG text."""
    weight = ' font-weight="bold"' if bold else ""
    return '<text x="{}" y="{}" font-size="{}" fill="{}" text-anchor="middle"{}>{}</text>'.format(
        x, y, size, fill, weight, body
    )


def key_svg(i, legend, tap, long_text, card):
    """One key: a rounded square with its legend and what it does."""
    x = MARGIN + (i % 4) * (KEY_W + GAP)
    y = MARGIN + TITLE_H + (i // 4) * (KEY_H + GAP)
    fill = "#dfe8f5" if legend in "ABCD" else ("#f3f3f3" if legend.isdigit() else "#fbe9d0")
    cx = x + KEY_W // 2
    out = [
        '<rect x="{}" y="{}" width="{}" height="{}" rx="12" fill="{}" stroke="#444" '
        'stroke-width="2"/>'.format(x, y, KEY_W, KEY_H, fill),
        text(cx, y + 40, 34, legend, bold=True),
        text(cx, y + 64, 14, tap),
    ]
    if long_text:
        out.append(text(cx, y + 84, 13, long_text, fill="#b00020"))
    if card:
        out.append(text(cx, y + 102 if long_text else y + 86, 13, "card: " + card, fill="#225"))
    return out


def render():
    """The SVG's text."""
    width = 2 * MARGIN + 4 * KEY_W + 3 * GAP
    height = 2 * MARGIN + TITLE_H + 4 * KEY_H + 3 * GAP + FOOT_H
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" '
        'viewBox="0 0 {0} {1}" font-family="{2}">'.format(width, height, FONT),
        '<rect width="100%" height="100%" fill="white"/>',
        '<text x="{}" y="{}" font-size="22" font-weight="bold">'
        "PicoPeg keypad: the scoreboard</text>".format(MARGIN, MARGIN + 24),
    ]
    for i, key in enumerate(KEYS):
        parts.extend(key_svg(i, *key))
    foot_y = height - MARGIN - FOOT_H + 24
    parts.append(
        '<text x="{}" y="{}" font-size="15">Type the points, then the side: '
        "2 A pegs 2 for A; a side key alone is a go.</text>".format(MARGIN, foot_y)
    )
    parts.append(
        '<text x="{}" y="{}" font-size="15">Cards one key each: 4 5 6 7 5, a claim, # '
        "(or A nobs, B/C a flush).</text>".format(MARGIN, foot_y + 24)
    )
    parts.append(
        '<text x="{}" y="{}" font-size="15">Long D: the other modes (docs/KEYMAP.md has '
        "every mode's keys).</text>".format(MARGIN, foot_y + 48)
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    sys.exit(
        main(sys.argv[1:], __doc__, TARGET, render, "run python -m tools.hardware.gen_keymap")
    )
