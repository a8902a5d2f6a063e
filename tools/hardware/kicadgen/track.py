"""The cribbage track: where each of the 121 holes (LEDs) sits on the board.

Board coordinates are millimetres from the board's top-left corner, x to the right and y
down (KiCad's convention). Four streets of 30 holes in six groups of five run as a
serpentine from the player's edge: street 1 left to right along the bottom of the track,
street 2 back right to left above it, street 3 out again, street 4 back, then the game hole
(121) at the left end. The LED chain follows the holes, so LED index = hole - 1.
SPDX-License-Identifier: MIT
"""

BOARD_W = 280.0
BOARD_H = 102.0

HOLES = 121
GAME_HOLE = 121
STREETS = 4
STREET_HOLES = 30
GROUP = 5

PITCH = 7.5  # centre to centre inside a group of five
GROUP_GAP = 5.0  # extra space between groups, so the fives read at a glance
FIRST_X = 27.5  # x of a street's left-most hole
STREET_Y = (54.0, 40.0, 26.0, 12.0)  # street 1 nearest the player (the bottom edge)
GAME_XY = (12.5, 33.0)


def _offset(i):
    """x offset of the i-th hole (0..29) from the street's left end."""
    return i * PITCH + (i // GROUP) * GROUP_GAP


STREET_LEN = _offset(STREET_HOLES - 1)


def heading(street):
    """+1 if street (1..4) runs left to right, -1 if right to left."""
    return 1 if street % 2 else -1


def hole_xy(hole):
    """(x, y) in mm of hole 1..121."""
    if not 1 <= hole <= HOLES:
        raise ValueError("hole %r out of range 1..%d" % (hole, HOLES))
    if hole == GAME_HOLE:
        return GAME_XY
    street, i = divmod(hole - 1, STREET_HOLES)
    off = _offset(i) if heading(street + 1) > 0 else STREET_LEN - _offset(i)
    return (FIRST_X + off, STREET_Y[street])


def street_of(hole):
    """Street 1..4 of a hole, 0 for the game hole."""
    return 0 if hole == GAME_HOLE else (hole - 1) // STREET_HOLES + 1


def group_of(hole):
    """Group of five 1..6 within the street (counted along the direction of play), 0 for game."""
    return 0 if hole == GAME_HOLE else ((hole - 1) % STREET_HOLES) // GROUP + 1


def led_index(hole):
    """Position of a hole's LED in the data chain (0-based): the chain runs in hole order."""
    hole_xy(hole)
    return hole - 1


def rows():
    """One dict per hole: the columns of hardware/holes.csv."""
    out = []
    for hole in range(1, HOLES + 1):
        x, y = hole_xy(hole)
        out.append(
            {
                "hole": hole,
                "led": led_index(hole),
                "x_mm": "%.2f" % x,
                "y_mm": "%.2f" % y,
                "street": street_of(hole),
                "group": group_of(hole),
            }
        )
    return out


HOLES_CSV_FIELDS = ("hole", "led", "x_mm", "y_mm", "street", "group")


def holes_csv():
    """The text of hardware/holes.csv."""
    lines = [",".join(HOLES_CSV_FIELDS)]
    for row in rows():
        lines.append(",".join(str(row[k]) for k in HOLES_CSV_FIELDS))
    return "\n".join(lines) + "\n"
