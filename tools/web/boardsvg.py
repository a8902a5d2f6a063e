"""The web board's picture: the 121 holes where hardware/holes.csv puts them on the PCB.

    holes = read_holes(Path("hardware/holes.csv"))
    svg = board_svg(holes)           # an inline <svg> for index.html

Each hole is a ``<circle data-hole="N" data-led="L" data-rgb="0,0,0">`` (the page's test
contract: data-rgb is the colour the firmware wrote, docs/WEB.md), on the PCB's own
geometry in mm, street 1 (holes 1-30) at the bottom as on the board. Behind them: one lane
a street, the hole numbers every five (the PCB's silkscreen; 90's and 60's on their street's
other side, clear of the lines), START and GAME, and the skunk lines of a 121-point game
(between holes 90 and 91, and 60 and 61: the double skunk). All of
it is in one <g class="turn">, which the page turns a quarter round on a phone held upright
(board.js), so that the board runs down the screen's length.
SPDX-License-Identifier: MIT
"""

import csv
from pathlib import Path

HOLES = 121
HOLE_R = 2.7  # mm: a lit WS2812B behind a 5 mm hole in the top plate
LANE_H = 9.0
MARGIN = 5.0
SKUNK_LINES = ((90, 91, "skunk"), (60, 61, "double"))


def read_holes(path):
    """hole -> dict(led, x, y, street) from holes.csv; checks all 121 are there once."""
    holes = {}
    with Path(path).open(newline="") as f:
        for row in csv.DictReader(f):
            n = int(row["hole"])
            if n in holes or not 1 <= n <= HOLES:
                raise ValueError(f"holes.csv: hole {n} twice or out of range")
            holes[n] = {
                "led": int(row["led"]),
                "x": float(row["x_mm"]),
                "y": float(row["y_mm"]),
                "street": int(row["street"]),
            }
    if sorted(holes) != list(range(1, HOLES + 1)):
        raise ValueError("holes.csv: not every hole 1-121 is there")
    if sorted(h["led"] for h in holes.values()) != list(range(HOLES)):
        raise ValueError("holes.csv: the LEDs are not 0-120 once each")
    return holes


def _f(v):
    return f"{v:.2f}".rstrip("0").rstrip(".")


def board_svg(holes):
    """The board as an inline SVG element (one string)."""
    xs = [h["x"] for h in holes.values()]
    ys = [h["y"] for h in holes.values()]
    x0, x1 = min(xs) - MARGIN - 3, max(xs) + MARGIN
    y0, y1 = min(ys) - MARGIN - 3, max(ys) + MARGIN + 3
    parts = [
        f'<svg id="board" viewBox="{_f(x0)} {_f(y0)} {_f(x1 - x0)} {_f(y1 - y0)}" '
        'role="img" aria-label="The board: 121 holes in four streets and the game hole" '
        'xmlns="http://www.w3.org/2000/svg"><g class="turn">'
    ]
    streets: dict[int, list[int]] = {}
    for n, h in holes.items():
        streets.setdefault(h["street"], []).append(n)
    for s in sorted(k for k in streets if k > 0):
        row = [holes[n] for n in streets[s]]
        lx0 = min(h["x"] for h in row) - LANE_H / 2
        lx1 = max(h["x"] for h in row) + LANE_H / 2
        y = row[0]["y"]
        parts.append(
            f'<rect class="lane" x="{_f(lx0)}" y="{_f(y - LANE_H / 2)}" width="{_f(lx1 - lx0)}" '
            f'height="{_f(LANE_H)}" rx="{_f(LANE_H / 2)}"/>'
        )
    for a, b, label in SKUNK_LINES:
        ha, hb = holes[a], holes[b]
        mx, my = (ha["x"] + hb["x"]) / 2, (ha["y"] + hb["y"]) / 2
        x1, x2, y = _f(mx - 5), _f(mx + 5), _f(my)
        parts.append(f'<line class="skunk" x1="{x1}" y1="{y}" x2="{x2}" y2="{y}"/>')
        tx = mx - 6.5 if mx > 140 else mx + 6.5
        anchor = "end" if mx > 140 else "start"
        parts.append(
            f'<text class="skunk-label num" x="{_f(tx)}" y="{_f(my + 0.9)}" '
            f'text-anchor="{anchor}">{label}</text>'
        )
    at_line = {a for a, _, _ in SKUNK_LINES}  # 90 and 60: the line runs where their number
    for n in range(5, HOLES, 5):  # would be, so theirs goes on the street's other side
        h = holes[n]
        below = h["street"] == 1  # street 1's numbers below it, the rest above
        dy = 6.4 if below != (n in at_line) else -4.6
        parts.append(
            f'<text class="num" x="{_f(h["x"])}" y="{_f(h["y"] + dy)}" '
            f'text-anchor="middle">{n}</text>'
        )
    g, one = holes[HOLES], holes[1]
    parts.append(f'<text x="{_f(g["x"])}" y="{_f(g["y"] - 4.6)}" text-anchor="middle">GAME</text>')
    parts.append(
        f'<text x="{_f(one["x"] - 5)}" y="{_f(one["y"] + 0.9)}" text-anchor="end">START</text>'
    )
    for n in range(1, HOLES + 1):
        h = holes[n]
        cls = "hole game" if n == HOLES else "hole"
        r = HOLE_R + 0.5 if n == HOLES else HOLE_R
        parts.append(
            f'<circle class="{cls}" data-hole="{n}" data-led="{h["led"]}" data-rgb="0,0,0" '
            f'cx="{_f(h["x"])}" cy="{_f(h["y"])}" r="{_f(r)}"><title>hole {n}</title></circle>'
        )
    parts.append("</g></svg>")
    return "\n".join(parts)
