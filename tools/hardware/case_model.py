"""The case, in build123d, from the board file (board_geometry): the base and the face plate.

Revision B's face sits 3 mm above the board: a 1.2 mm plate lying 0.2 mm over the LEDs, on
bosses at the mounting holes, so each LED's top is 1.4 mm under the face and a 5.2 mm hole
(4.1 mm where it meets the LED) shows it from the players' seats (seats.py measures it).
Nothing else on the front stands that tall but the USB-C socket, whose top shows in a slot in
the plate's back edge, and a few parts the plate's underside clears with pockets
(case_features.py). The plate's face
carries, engraved, the hole numbers every five, START, GAME and the name where the board's
silkscreen has them, and the skunk lines across the track between 60 and 61 and between 90
and 91. One ISO 7049 ST2.9 x 13 tapping screw per mounting hole clamps plate, board and base
post (screws.py). Model coordinates: x right, y up (board y flipped), z up from the base's
underside, the board's top-left corner at x = y = 0. All sizes are the constants below; tests
measure the solids. The keypad's cradle: case_keypad.py.
SPDX-License-Identifier: MIT
"""

import math
import shutil
import subprocess

from build123d import (
    Align,
    Box,
    BuildPart,
    BuildSketch,
    Color,
    Cone,
    Cylinder,
    Location,
    Locations,
    Mode,
    Plane,
    Text,
    extrude,
)

from tools.hardware import case_features, screws

WALL = 2.0
FLOOR = 2.0
CLEAR = 0.5  # board edge to the inner wall
STANDOFF = 18.0  # base post height: clears C122 (16 mm) and the Pico hanging on its headers
BOARD_T = 1.6
LED_TOP = 1.6  # WS2812B height above the board
LED_GAP = 0.2  # LED top to the plate's underside
PLATE_GAP = LED_TOP + LED_GAP  # board top to the plate's underside
PLATE_T = 1.2
# A hole over each LED: a cone from HOLE_BOTTOM_D at the plate's underside (the LED's lit
# area, its reflector's 3.93 mm opening, fits inside) to HOLE_D at the face.
HOLE_BOTTOM_D, HOLE_D = 4.1, 5.2
POST_D = 7.0
ENGRAVE = 0.5
SKUNK_LEN, SKUNK_W = 8.0, 0.8
# The engraving's font: DejaVu Sans Bold (Debian's fonts-dejavu-core), found by fontconfig, so
# every machine engraves the same outlines. Bold strokes are about 0.5 mm at 2.8 mm: printable.
FONT = "DejaVu Sans:style=Bold"
FONT_FILE = "DejaVuSans-Bold.ttf"
# Colours written into the STEP files (KiCad's render of the case uses them).
BASE_RGB = (0.18, 0.18, 0.2)
PLATE_RGB = (0.72, 0.55, 0.36)  # a light wood, as boards are

BOTTOM = (Align.CENTER, Align.CENTER, Align.MIN)
DOWN = (Align.CENTER, Align.CENTER, Align.MAX)
BOARD_Z = FLOOR + STANDOFF  # board underside
TOP_Z = BOARD_Z + BOARD_T  # board top
PLATE_Z = TOP_Z + PLATE_GAP  # plate underside
FACE_Z = PLATE_Z + PLATE_T


def xy(p):
    """Board mm (y down) -> model mm (y up)."""
    return (p[0], -p[1])


def extent(geo):
    """(x0, y0, x1, y1) of the case's outside, board mm."""
    x0, y0, x1, y1 = geo["outline"]
    return x0 - CLEAR - WALL, y0 - CLEAR - WALL, x1 + CLEAR + WALL, y1 + CLEAR + WALL


def font_file():
    """The engraving font's file, from fontconfig; SystemExit if it is not installed."""
    fc = shutil.which("fc-match")
    path = ""
    if fc:
        cmd = [fc, "--format=%{file}", FONT]
        res = subprocess.run(cmd, capture_output=True, text=True, check=False)
        path = res.stdout.strip()
    if not path.endswith(FONT_FILE):
        raise SystemExit("the case's engraving needs %s: install fonts-dejavu-core" % FONT_FILE)
    return path


def base(geo, holes):
    """The tray the board sits in: walls, floor, a post under each mounting hole (with the
    screw's pilot hole), the cable openings, the keypad cable's notch, the BOOTSEL key."""
    x0, y0, x1, y1 = extent(geo)
    w, d = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, -(y0 + y1) / 2
    with BuildPart() as b:
        with Locations((cx, cy, 0)):
            Box(w, d, PLATE_Z, align=BOTTOM)
        with Locations((cx, cy, FLOOR)):
            Box(w - 2 * WALL, d - 2 * WALL, PLATE_Z, align=BOTTOM, mode=Mode.SUBTRACT)
        with Locations(*[(*xy(h), FLOOR) for h in holes]):
            Cylinder(POST_D / 2, STANDOFF, align=BOTTOM)
        with Locations(*[(*xy(h), BOARD_Z) for h in holes]):
            Cylinder(screws.PILOT_D / 2, screws.PILOT_DEPTH, align=DOWN, mode=Mode.SUBTRACT)
    part = (
        b.part
        - case_features.openings(geo, TOP_Z, BOARD_Z)
        - case_features.keypad_notch(geo, BOARD_Z, WALL + CLEAR)
    )
    part = case_features.bootsel_key(part, geo, FLOOR, BOARD_Z)
    part.color = Color(*BASE_RGB)
    return part


def skunk_lines(leds):
    """[(x, y, degrees)] in model mm: the middle of each skunk line and its direction, across
    the track between holes 60 and 61 and between 90 and 91."""
    out = []
    for hole in (61, 91):
        ax, ay = xy(leds[hole - 1])
        bx, by = xy(leds[hole])
        across = math.degrees(math.atan2(by - ay, bx - ax)) + 90
        out.append(((ax + bx) / 2, (ay + by) / 2, across % 180))
    return out


def plate(geo, leds, holes, texts=()):
    """The face plate: a hole over each LED, bosses at the mounting holes, skunk lines and
    engraved texts [(text, (x, y) board mm, height mm)], and case_features' cuts for the
    board's other parts (the display, the status LED, USB-C's hood, pockets)."""
    x0, y0, x1, y1 = extent(geo)
    cx, cy = (x0 + x1) / 2, -(y0 + y1) / 2
    pts = [xy(leds[h]) for h in sorted(leds)]
    with BuildPart() as p:
        with Locations((cx, cy, PLATE_Z)):
            Box(x1 - x0, y1 - y0, PLATE_T, align=BOTTOM)
        with Locations(*[(*xy(h), PLATE_Z) for h in holes]):
            Cylinder(POST_D / 2, PLATE_GAP, align=DOWN)
        with Locations(*[(x, y, PLATE_Z) for x, y in pts]):
            Cone(HOLE_BOTTOM_D / 2, HOLE_D / 2, PLATE_T, align=BOTTOM, mode=Mode.SUBTRACT)
        with Locations(*[(*xy(h), FACE_Z) for h in holes]):
            Cylinder(screws.CLEAR_D / 2, PLATE_T + PLATE_GAP, align=DOWN, mode=Mode.SUBTRACT)
        for x, y, deg in skunk_lines(leds):
            with Locations(Location((x, y, FACE_Z), (0, 0, deg))):
                Box(SKUNK_LEN, SKUNK_W, ENGRAVE, align=DOWN, mode=Mode.SUBTRACT)
        if texts:
            extrude(engraving(texts), amount=ENGRAVE, mode=Mode.SUBTRACT)
    add, cut = case_features.plate_cuts(geo, TOP_Z, PLATE_Z, PLATE_T)
    part = p.part
    for solid in add:
        part = part + solid
    for solid in [*cut, case_features.openings(geo, TOP_Z, BOARD_Z)]:
        part = part - solid
    part.color = Color(*PLATE_RGB)
    return part


def engraving(texts):
    """The texts' outlines at the engraving's floor, ENGRAVE below the plate's face. Built on
    its own and cut by plate(): build123d ignores builders opened in a called function (the
    reason engraving once produced nothing)."""
    font = font_file()
    with BuildSketch(Plane.XY.offset(FACE_Z - ENGRAVE)) as s:
        for text, at, size in texts:
            with Locations(xy(at)):
                Text(text, size, font_path=font)
    return s.sketch
