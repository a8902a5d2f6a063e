"""The track's real geometry (hardware/holes.csv) scaled onto a grid of terminal cells.

Runs under CPython and the MicroPython unix port (the scripted simulator's text picture uses
it): integer arithmetic only, so both place every hole in the same cell.

    holes = load_holes("hardware/holes.csv")   # hole -> (x, y) in 1/100 mm, [0] unused
    grid = Grid(holes, 6)                      # 6 columns per group of five (7.08 mm/col)
    grid.cell[1], grid.cell[30]                # (col, row) of holes 1 and 30
    grid.width, grid.height

Holes sit 7.5 mm apart within a group of five and 12.5 mm between groups, so a group and
its gap span 42.5 mm. A column is 42.5 mm / ``group_cols``: with 6, 11 or 17 columns a
group, the five holes fall on evenly spaced columns (1, 2 or 3 apart, 3 being exact) with a
wider gap between groups. Rows are ``row_mm`` hundredths of a mm: streets are 14 mm apart,
so 700 puts them two rows apart with the game hole (centred between streets 2 and 3) on
the row between. y grows downward, as on the PCB: street 1, nearest the player, is at the
bottom.
SPDX-License-Identifier: MIT
"""

HOLES = 121
GROUP_PITCH = 4250  # 1/100 mm: four 7.5 mm steps and one 12.5 mm gap
GROUP_COLS = (17, 11, 6)  # the scales whose holes land evenly; widest first
ROW_MM = {17: 350, 11: 700, 6: 700}  # rows per scale, keeping cells roughly in proportion


def parse_mm(text):
    """'27.50' -> 2750 (hundredths of a millimetre), exactly, without floats."""
    text = text.strip()
    sign = 1
    if text.startswith("-"):
        sign = -1
        text = text[1:]
    whole, _dot, frac = text.partition(".")
    frac = (frac + "00")[:2]
    if not (whole + frac).isdigit():
        raise ValueError("not a length in mm: {!r}".format(text))
    return sign * (int(whole or "0") * 100 + int(frac))


def load_holes(path):
    """hole -> (x, y) in 1/100 mm from holes.csv; index 0 is unused. Checks every hole."""
    holes = [None] * (HOLES + 1)
    with open(path) as f:
        header = f.readline().strip().split(",")
        ix = header.index("x_mm")
        iy = header.index("y_mm")
        ih = header.index("hole")
        for line in f:
            line = line.strip()
            if not line:
                continue
            cols = line.split(",")
            hole = int(cols[ih])
            if not 1 <= hole <= HOLES:
                raise ValueError("holes.csv: no hole {}".format(hole))
            holes[hole] = (parse_mm(cols[ix]), parse_mm(cols[iy]))
    for h in range(1, HOLES + 1):
        if holes[h] is None:
            raise ValueError("holes.csv: hole {} is missing".format(h))
    return holes


def _scaled(value, num, den):
    """round(value * num / den), halves up, in integers (the same on every Python)."""
    return (2 * value * num + den) // (2 * den)


class Grid:
    """Each hole's (col, row) cell at a scale of GROUP_PITCH / group_cols per column."""

    def __init__(self, holes, group_cols=6, row_mm=None):
        if row_mm is None:
            row_mm = ROW_MM.get(group_cols, 700)
        self.group_cols = group_cols
        self.row_mm = row_mm
        x0 = min(holes[h][0] for h in range(1, HOLES + 1))
        y0 = min(holes[h][1] for h in range(1, HOLES + 1))
        self.cell = [None] * (HOLES + 1)
        self.at = {}  # (col, row) -> hole
        for h in range(1, HOLES + 1):
            x, y = holes[h]
            c = (_scaled(x - x0, group_cols, GROUP_PITCH), _scaled(y - y0, 1, row_mm))
            if c in self.at:
                raise ValueError("holes {} and {} share a cell".format(self.at[c], h))
            self.cell[h] = c
            self.at[c] = h
        self.width = max(self.cell[h][0] for h in range(1, HOLES + 1)) + 1
        self.height = max(self.cell[h][1] for h in range(1, HOLES + 1)) + 1

    def rows(self):
        """For each row, its holes as (col, hole) pairs, left to right."""
        out = [[] for _ in range(self.height)]
        for h in range(1, HOLES + 1):
            col, row = self.cell[h]
            out[row].append((col, h))
        for r in out:
            r.sort()
        return out


def fit(holes, width, height):
    """The largest Grid that fits width x height cells (the smallest one if none does)."""
    grid = None
    for n in GROUP_COLS:
        for row_mm in (ROW_MM[n], 2 * ROW_MM[n]):
            grid = Grid(holes, n, row_mm)
            if grid.width <= width and grid.height <= height:
                return grid
    return grid
