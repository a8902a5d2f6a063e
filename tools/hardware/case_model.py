"""The case, in build123d, from the board file (board_geometry): base, top plate, keypad mount.

The LED face stays flat under a 3 mm top plate: the tall through-hole parts (C122, the keypad
and display headers) are on the back, in the base, and the plate stands 7.5 mm above the
board on standoffs at the mounting holes, which clears the Pico and the USB-C socket on the
front; under each window a light tube (1.3 mm wall) reaches down to 0.5 mm above its LED, so
the 121 LEDs read as the holes of a real board. The plate's face carries, engraved, the
hole numbers every five, START, GAME and the name where the board's silkscreen has them, and
the skunk lines across the track between 60 and 61 and between 90 and 91. One M3 screw per
mounting hole clamps plate, standoff, board and base post. Model coordinates: x right, y up
(board y flipped), z up from the base's underside, the board's top-left corner at x = y = 0.
All sizes are the constants below; tests measure the solids.
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
    Cylinder,
    Location,
    Locations,
    Mode,
    Plane,
    Text,
    extrude,
)

from tools.hardware import case_features

WALL = 2.0
FLOOR = 2.0
CLEAR = 0.5  # board edge to the inner wall
STANDOFF = 18.0  # base post height: clears C122 (16 mm) and the headers' plugs underneath
BOARD_T = 1.6
PLATE_GAP = 7.5  # board top to the plate's underside: clears the Pico on its headers
PLATE_T = 3.0
WINDOW_D = 3.2  # a peg hole's size
TUBE_ID, TUBE_OD = 4.0, 6.6
LED_TOP = 1.6  # WS2812B height above the board
TUBE_GAP = 0.5  # tube end to the LED's top
POST_D, PILOT_D, SCREW_D = 7.0, 2.5, 3.4
ENGRAVE = 0.6
SKUNK_LEN, SKUNK_W = 8.0, 0.8
# The engraving's font: DejaVu Sans Bold (Debian's fonts-dejavu-core), found by fontconfig, so
# every machine engraves the same outlines. Bold strokes are about 0.5 mm at 2.8 mm: printable.
FONT = "DejaVu Sans:style=Bold"
FONT_FILE = "DejaVuSans-Bold.ttf"
# Colours written into the STEP files (KiCad's render of the case uses them).
BASE_RGB = (0.18, 0.18, 0.2)
PLATE_RGB = (0.72, 0.55, 0.36)  # a light wood, as boards are
RIBBON_W, RIBBON_H = 24.0, 4.0  # a membrane keypad's 8-way ribbon is about 20 mm wide
# The keypad: the common 4x4 membrane keypad, 69 x 77 mm and about 0.8 mm thick.
KEYPAD_W, KEYPAD_D, KEYPAD_T = 69.0, 77.0, 0.8
KEYPAD_CLEAR = 0.3  # each side, in the cradle's pocket
CRADLE_RIM, CRADLE_H = 4.0, 5.0

BOTTOM = (Align.CENTER, Align.CENTER, Align.MIN)
BOARD_Z = FLOOR + STANDOFF  # board underside
TOP_Z = BOARD_Z + BOARD_T  # board top
PLATE_Z = TOP_Z + PLATE_GAP  # plate underside


def xy(p):
    """Board mm (y down) -> model mm (y up)."""
    return (p[0], -p[1])


def _extent(geo):
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


def base(geo, leds, holes):
    x0, y0, x1, y1 = _extent(geo)
    w, d = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, -(y0 + y1) / 2
    parts = geo["parts"]
    j2 = parts["J2"]
    with BuildPart() as b:
        with Locations((cx, cy, 0)):
            Box(w, d, PLATE_Z, align=(Align.CENTER, Align.CENTER, Align.MIN))
        with Locations((cx, cy, FLOOR)):
            Box(w - 2 * WALL, d - 2 * WALL, PLATE_Z, align=BOTTOM, mode=Mode.SUBTRACT)
        with Locations(*[(*xy(h), FLOOR) for h in holes]):
            Cylinder(POST_D / 2, STANDOFF, align=(Align.CENTER, Align.CENTER, Align.MIN))
            Cylinder(PILOT_D / 2, STANDOFF, align=(Align.CENTER, Align.CENTER, Align.MIN),
                     mode=Mode.SUBTRACT)  # fmt: skip
        # A slot for the keypad ribbon under the board at J2 (its header is on the back).
        with Locations((j2[0] + 8.89, -(y1 - WALL / 2), BOARD_Z - RIBBON_H)):
            Box(RIBBON_W, WALL * 3, RIBBON_H, mode=Mode.SUBTRACT)
    # The two USB plugs' openings (case_features: a 12.4 x 6.6 mm overmold at full mating
    # depth), and a shallow pocket in the front wall for the display module's edge.
    pocket = case_features.oled_pocket(geo, TOP_Z, geo["outline"][3], CLEAR)
    part = b.part - case_features.openings(geo, TOP_Z) - pocket
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
    """The top plate: windows, light tubes, standoffs, skunk lines and engraved texts
    [(text, (x, y) board mm, height mm)]."""
    x0, y0, x1, y1 = _extent(geo)
    cx, cy = (x0 + x1) / 2, -(y0 + y1) / 2
    tube_len = PLATE_Z - (TOP_Z + LED_TOP + TUBE_GAP)
    pts = [xy(leds[h]) for h in sorted(leds)]
    with BuildPart() as p:
        with Locations((cx, cy, PLATE_Z)):
            Box(x1 - x0, y1 - y0, PLATE_T, align=BOTTOM)
        with Locations(*[(x, y, PLATE_Z) for x, y in pts]):
            Cylinder(TUBE_OD / 2, tube_len, align=(Align.CENTER, Align.CENTER, Align.MAX))
        with Locations(*[(*xy(h), PLATE_Z) for h in holes]):
            Cylinder(POST_D / 2, PLATE_GAP, align=(Align.CENTER, Align.CENTER, Align.MAX))
        with Locations(*[(x, y, PLATE_Z) for x, y in pts]):
            Cylinder(TUBE_ID / 2, tube_len, align=(Align.CENTER, Align.CENTER, Align.MAX),
                     mode=Mode.SUBTRACT)  # fmt: skip
        with Locations(*[(x, y, PLATE_Z + PLATE_T) for x, y in pts]):
            Cylinder(WINDOW_D / 2, PLATE_T, align=(Align.CENTER, Align.CENTER, Align.MAX),
                     mode=Mode.SUBTRACT)  # fmt: skip
        with Locations(*[(*xy(h), PLATE_Z + PLATE_T) for h in holes]):
            Cylinder(
                SCREW_D / 2,
                PLATE_T + PLATE_GAP,
                align=(Align.CENTER, Align.CENTER, Align.MAX),
                mode=Mode.SUBTRACT,
            )
        # Skunk lines: 0.8 mm wide engraved lines across the track.
        for x, y, deg in skunk_lines(leds):
            with Locations(Location((x, y, PLATE_Z + PLATE_T), (0, 0, deg))):
                Box(SKUNK_LEN, SKUNK_W, ENGRAVE, align=(Align.CENTER, Align.CENTER, Align.MAX),
                    mode=Mode.SUBTRACT)  # fmt: skip
        if texts:
            extrude(engraving(texts), amount=ENGRAVE, mode=Mode.SUBTRACT)
    # The status LED's tube and window, BOOTSEL's hole, the display's window, and the notch
    # over the Pico's micro-USB plug (it stands higher than the plate's underside).
    add, cut = case_features.plate_cuts(geo, TOP_Z, PLATE_Z, PLATE_T)
    part = p.part
    for solid in add:
        part = part + solid
    for solid in [*cut, case_features.openings(geo, TOP_Z)]:
        part = part - solid
    part.color = Color(*PLATE_RGB)
    return part


def engraving(texts):
    """The texts' outlines at the engraving's floor, ENGRAVE below the plate's face. Built on
    its own and cut by plate(): build123d ignores builders opened in a called function (the
    reason engraving once produced nothing)."""
    font = font_file()
    with BuildSketch(Plane.XY.offset(PLATE_Z + PLATE_T - ENGRAVE)) as s:
        for text, at, size in texts:
            with Locations(xy(at)):
                Text(text, size, font_path=font)
    return s.sketch


def keypad_mount():
    """The keypad's cradle: a tray with a pocket for a 4x4 membrane keypad (adhesive back) and
    a slot for its ribbon in the edge toward the board (+y), where the keypad's ribbon leaves it;
    it stands in front of the board, and the ribbon goes into the base's slot at J2."""
    w, d = KEYPAD_W + 2 * (KEYPAD_CLEAR + CRADLE_RIM), KEYPAD_D + 2 * (KEYPAD_CLEAR + CRADLE_RIM)
    with BuildPart() as k:
        Box(w, d, CRADLE_H, align=BOTTOM)
        with Locations((0, 0, CRADLE_H - KEYPAD_T)):
            Box(KEYPAD_W + 2 * KEYPAD_CLEAR, KEYPAD_D + 2 * KEYPAD_CLEAR, KEYPAD_T, align=BOTTOM,
                mode=Mode.SUBTRACT)  # fmt: skip
        with Locations((0, d / 2, CRADLE_H - KEYPAD_T)):
            Box(RIBBON_W, 2 * CRADLE_RIM + 2, KEYPAD_T, align=BOTTOM, mode=Mode.SUBTRACT)
    part = k.part
    part.color = Color(*BASE_RGB)
    return part


def keypad_standin():
    """A 4x4 membrane keypad as it lies in the cradle, for the picture only (not printed)."""
    pitch = KEYPAD_W / 4
    with BuildPart() as k:
        with Locations((0, 0, CRADLE_H - KEYPAD_T)):
            Box(KEYPAD_W, KEYPAD_D, KEYPAD_T, align=BOTTOM)
        keys = [((i - 1.5) * pitch, (1.5 - j) * pitch - 4.0, CRADLE_H)
                for i in range(4) for j in range(4)]  # fmt: skip
        with Locations(*keys):
            Box(pitch - 3.0, pitch - 3.0, 0.4, align=BOTTOM)
    part = k.part
    part.color = Color(0.85, 0.85, 0.82)
    return part
