"""The case, in build123d, from the board file (board_geometry): base, top plate, keypad mount.

The LED face stays flat under a 3 mm top plate: the tall through-hole parts (C122, the keypad
and display headers) are on the back, in the base, and the plate stands 7.5 mm above the
board on standoffs at the mounting holes, which clears the Pico and the USB-C socket on the
front; under each window a light tube (1.3 mm wall) reaches down to 0.5 mm above its LED, so
the 121 LEDs read as the holes of a real board. One M3 screw per mounting hole clamps plate,
standoff, board and base post. Model coordinates: x right, y up (board y flipped), z up from
the base's underside. All sizes are the constants below; tests measure the solids.
SPDX-License-Identifier: MIT
"""

from build123d import Align, Box, BuildPart, Cylinder, Locations, Mode

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
USB_W, USB_H = 11.0, 4.8  # the USB-C plug's overmold with margin
USB_Z = 1.6  # socket centre above the board
PICO_USB_W, PICO_USB_H = 12.0, 7.0
RIBBON_W, RIBBON_H = 24.0, 4.0

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


def base(geo, leds, holes):
    x0, y0, x1, y1 = _extent(geo)
    w, d = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, -(y0 + y1) / 2
    parts = geo["parts"]
    j1, a1, j2 = parts["J1"], parts["A1"], parts["J2"]
    with BuildPart() as b:
        with Locations((cx, cy, 0)):
            Box(w, d, PLATE_Z, align=(Align.CENTER, Align.CENTER, Align.MIN))
        with Locations((cx, cy, FLOOR)):
            Box(w - 2 * WALL, d - 2 * WALL, PLATE_Z, align=BOTTOM, mode=Mode.SUBTRACT)
        with Locations(*[(*xy(h), FLOOR) for h in holes]):
            Cylinder(POST_D / 2, STANDOFF, align=(Align.CENTER, Align.CENTER, Align.MIN))
            Cylinder(PILOT_D / 2, STANDOFF, align=(Align.CENTER, Align.CENTER, Align.MIN),
                     mode=Mode.SUBTRACT)  # fmt: skip
        # The USB-C socket in the front wall, the Pico's USB (flashing) in the left wall, and
        # a slot for the keypad ribbon under the board at J2 (its header is on the back).
        with Locations((j1[0], -(y1 - WALL / 2), TOP_Z + USB_Z)):
            Box(USB_W, WALL * 3, USB_H, mode=Mode.SUBTRACT)  # fmt: skip
        with Locations((x0 + WALL / 2, -(a1[1] - 8.89), TOP_Z + PICO_USB_H / 2)):
            Box(WALL * 3, PICO_USB_W, PICO_USB_H, mode=Mode.SUBTRACT)
        with Locations((j2[0] + 8.89, -(y1 - WALL / 2), BOARD_Z - RIBBON_H)):
            Box(RIBBON_W, WALL * 3, RIBBON_H, mode=Mode.SUBTRACT)
    return b.part


def plate(geo, leds, holes, numbers=()):
    """The top plate: windows, light tubes, standoffs, skunk lines (and engraved numbers)."""
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
        # Skunk lines: across the street before holes 61 and 91 (engraved).
        for hole in (61, 91):
            ax, ay = xy(leds[hole - 1])
            bx, by = xy(leds[hole])
            with Locations(((ax + bx) / 2, (ay + by) / 2, PLATE_Z + PLATE_T)):
                Box(
                    0.8,
                    8.0,
                    ENGRAVE,
                    align=(Align.CENTER, Align.CENTER, Align.MAX),
                    mode=Mode.SUBTRACT,
                )
        for text, (x, y) in numbers:
            _engrave(text, xy((x, y)))
    return p.part


def _engrave(text, at):
    from build123d import BuildSketch, Plane, Text, extrude

    with BuildSketch(Plane.XY.offset(PLATE_Z + PLATE_T - ENGRAVE)):
        with Locations(at):
            Text(text, 3.0)
    extrude(amount=ENGRAVE, mode=Mode.SUBTRACT)


def keypad_mount():
    """A cradle for a 4x4 membrane keypad (69 x 77 mm, adhesive back): a pocket and a slot for
    its ribbon, screwed or glued beside the board; the ribbon runs into the base's front slot."""
    with BuildPart() as k:
        Box(79.0, 87.0, 5.0, align=(Align.CENTER, Align.CENTER, Align.MIN))
        with Locations((0, 0, 5.0 - 0.8)):
            Box(69.6, 77.6, 0.8, align=BOTTOM, mode=Mode.SUBTRACT)
        with Locations((0, -40.0, 2.5)):
            Box(RIBBON_W, 10.0, 5.0, mode=Mode.SUBTRACT)
    return k.part
