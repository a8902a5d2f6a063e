"""Where the case opens for the board: the two USB plugs, the display, the status LED, BOOTSEL.

Positions come from the board file (board_geometry) and the parts' 3D models in the project
library, measured once with build123d and written here (model mm above the board's top):
- J1, GCT USB4125 (USB-C): its face on the board edge (the footprint's "PCB Edge" line, 3.4 mm
  in front of the part's origin), the receptacle 0..3.26 mm high: centre 1.63 mm.
- A1, RaspberryPi_Pico_H (on its headers): the micro-USB face 2.67 mm beyond pin 1 along the
  Pico (1.3 mm past the Pico's edge), 8.89 mm across, 3.29..6.24 mm high: centre 4.77 mm;
  BOOTSEL's plunger at (10.63, 5.39) from pin 1, its top 6.04 mm high.
A plug is a body PLUG_W x PLUG_H (USB-IF's largest recommended overmold, 12.35 x 6.5 mm,
rounded up) whose front meets the receptacle's face at full mating depth; the case opens
PLUG_CLEAR round it. Model coordinates as case_model (x right, y up, z from the base's floor).
SPDX-License-Identifier: MIT
"""

from build123d import Align, Box, BuildPart, Color, Cylinder, Location, Locations, Pos

PLUG_W, PLUG_H = 12.4, 6.6
PLUG_CLEAR = 0.5  # each side: a 13.4 x 7.6 mm opening
PLUG_LEN = 30.0  # how far out the plug body (and the opening's cutter) reaches
J1_FACE = 3.4  # J1's origin to its face (the board edge)
J1_Z = 1.63
PICO_USB_FACE = 2.67  # A1's pin 1 to the micro-USB's face, along the Pico
PICO_USB_ACROSS = 8.89
PICO_USB_Z = 4.77
BOOTSEL_AT = (10.63, 5.39)  # from pin 1: along the Pico, across (toward pins 21-40)
BOOTSEL_TOP = 6.04
# The printed BOOTSEL pin: a collar under the plate (it cannot fall out) on the plunger, a
# shaft through the plate standing PIN_PROUD above it; a press of 0.3 mm or more works it.
PIN_SHAFT_D, PIN_HOLE_D, PIN_COLLAR_D, PIN_COLLAR_T, PIN_PROUD = 2.6, 3.4, 5.0, 1.0, 1.0
# The status LED (D123, 0603, 1.1 mm high): a small light tube like the track's.
STATUS_WINDOW_D, STATUS_TUBE_ID, STATUS_TUBE_OD, STATUS_LED_TOP = 2.0, 2.6, 4.4, 1.1
# The optional display: a common 0.96 inch SSD1306 I2C module (27.8 x 27.3 mm board, its four
# pins centred on one edge, 1.3 mm in), soldered flat into J3 on its own pin header, whose
# 2.5 mm plastic holds it above the board; glass on top, the active area 21.74 x 10.86 mm,
# its centre 11 mm from the pin edge (modules differ by a millimetre or so: the window has
# OLED_MARGIN all round).
OLED_L, OLED_W, OLED_PIN_EDGE = 27.8, 27.3, 1.3
OLED_SPACER, OLED_PCB_T, OLED_GLASS_T = 2.5, 1.6, 1.4
OLED_GLASS_L, OLED_GLASS_W, OLED_GLASS_AT = 19.3, 26.7, 2.4  # glass starts 2.4 from the pins' edge
OLED_ACTIVE_L, OLED_ACTIVE_W, OLED_ACTIVE_AT = 10.86, 21.74, 11.0
OLED_MARGIN = 1.0
PITCH = 2.54


def plugs(geo, top_z):
    """{name: (face centre (x, y, z), outward unit (dx, dy))} of the two USB receptacles."""
    parts = geo["parts"]
    j1x, j1y, j1rot, _ = parts["J1"]
    ax, ay, arot, _ = parts["A1"]
    if (j1rot, arot) != (0.0, 90.0):
        raise SystemExit("case_features assumes J1 at 0 and A1 at 90 degrees")
    return {
        "USB-C (J1)": ((j1x, -(j1y + J1_FACE), top_z + J1_Z), (0.0, -1.0)),
        "micro-USB (Pico)": ((ax - PICO_USB_FACE, -(ay - PICO_USB_ACROSS), top_z + PICO_USB_Z),
                             (-1.0, 0.0)),
    }  # fmt: skip


def plug_body(face, out, grow=0.0, length=PLUG_LEN):
    """The plug's body (or, grown, the opening's cutter) from the face outward."""
    (x, y, z), (dx, dy) = face, out
    w, h = PLUG_W + 2 * grow, PLUG_H + 2 * grow
    size = (length, w, h) if dx else (w, length, h)
    return Pos(x + dx * length / 2, y + dy * length / 2, z) * Box(*size)


def openings(geo, top_z):
    """One solid: every plug's opening, to subtract from the parts of the case."""
    cut = None
    for face, out in plugs(geo, top_z).values():
        body = plug_body(face, out, PLUG_CLEAR)
        cut = body if cut is None else cut + body
    return cut


def bootsel_xy(geo):
    """BOOTSEL's plunger in model (x, y)."""
    ax, ay, _rot, _ = geo["parts"]["A1"]
    return (ax + BOOTSEL_AT[0], -(ay - BOOTSEL_AT[1]))


def status_xy(geo):
    x, y, _rot, _ = geo["parts"]["D123"]
    return (x, -y)


def oled_frame(geo):
    """(x of the module's pin edge, y of its centre line) in model mm: J3's pins run along the
    board's y, the module lies toward +x."""
    x, y, rot, _side = geo["parts"]["J3"]
    if rot % 180:
        raise SystemExit("case_features assumes J3's pins along the board's y")
    return x - OLED_PIN_EDGE, -(y + 1.5 * PITCH)  # pins 1-4 at y, y + 2.54 ...


def oled_active(geo, top_z):
    """(x0, y0, x1, y1, z) of the display's active area (z: the glass's top)."""
    ex, cy = oled_frame(geo)
    cx = ex + OLED_ACTIVE_AT
    z = top_z + OLED_SPACER + OLED_PCB_T + OLED_GLASS_T
    hl, hw = OLED_ACTIVE_L / 2, OLED_ACTIVE_W / 2
    return (cx - hl, cy - hw, cx + hl, cy + hw, z)


def oled_window(geo, top_z):
    x0, y0, x1, y1, _z = oled_active(geo, top_z)
    m = OLED_MARGIN
    return (x0 - m, y0 - m, x1 + m, y1 + m)


def display_standin(geo, top_z):
    """The display module as it sits on J3 (the picture and the fit test; not printed)."""
    ex, cy = oled_frame(geo)
    z0 = top_z + OLED_SPACER
    with BuildPart() as d:
        with Locations((ex + OLED_L / 2, cy, z0)):
            Box(OLED_L, OLED_W, OLED_PCB_T, align=(Align.CENTER, Align.CENTER, Align.MIN))
        with Locations((ex + OLED_GLASS_AT + OLED_GLASS_L / 2, cy, z0 + OLED_PCB_T)):
            Box(OLED_GLASS_L, OLED_GLASS_W, OLED_GLASS_T,
                align=(Align.CENTER, Align.CENTER, Align.MIN))  # fmt: skip
    part = d.part
    part.color = Color(0.1, 0.1, 0.12)
    return part


def bootsel_pin(geo, top_z, plate_z, plate_t):
    """The printed pin as it sits in the case: collar on the plunger, shaft through the plate."""
    x, y = bootsel_xy(geo)
    z0 = top_z + BOOTSEL_TOP
    shaft = plate_z + plate_t + PIN_PROUD - (z0 + PIN_COLLAR_T)
    with BuildPart() as p:
        with Locations((x, y, z0)):
            Cylinder(PIN_COLLAR_D / 2, PIN_COLLAR_T, align=(Align.CENTER, Align.CENTER, Align.MIN))
        with Locations((x, y, z0 + PIN_COLLAR_T)):
            Cylinder(PIN_SHAFT_D / 2, shaft, align=(Align.CENTER, Align.CENTER, Align.MIN))
    part = p.part
    part.color = Color(0.9, 0.9, 0.88)
    return part


def oled_pocket(geo, top_z, board_y1, clear=0.5, deep=0.7):
    """A pocket in the front wall's inner face where the display module reaches past the
    board's edge (a 27.3 mm module centred on J3 comes 0.84 mm past it): the wall keeps
    2 - deep mm there."""
    ex, _cy = oled_frame(geo)
    inner = -(board_y1 + clear)
    z0 = top_z + OLED_SPACER - 0.5
    h = OLED_PCB_T + OLED_GLASS_T + 1.0
    centre = (ex + OLED_L / 2, inner - deep / 2 + 0.05, z0 + h / 2)
    return Pos(*centre) * Box(OLED_L + 1.0, deep + 0.1, h)


def plate_cuts(geo, top_z, plate_z, plate_t):
    """What the top plate loses and gains for the board's controls, as (add, cut) lists of
    (kind, args) for case_model.plate: the status LED's tube, the BOOTSEL hole, the window."""
    sx, sy = status_xy(geo)
    tube_len = plate_z - (top_z + STATUS_LED_TOP + 0.5)
    bx, by = bootsel_xy(geo)
    x0, y0, x1, y1 = oled_window(geo, top_z)
    top = plate_z + plate_t
    down = (Align.CENTER, Align.CENTER, Align.MAX)
    add = [Location((sx, sy, plate_z)) * Cylinder(STATUS_TUBE_OD / 2, tube_len, align=down)]
    cut = [
        Location((sx, sy, plate_z)) * Cylinder(STATUS_TUBE_ID / 2, tube_len, align=down),
        Location((sx, sy, top)) * Cylinder(STATUS_WINDOW_D / 2, plate_t, align=down),
        Location((bx, by, top)) * Cylinder(PIN_HOLE_D / 2, plate_t, align=down),
        Location(((x0 + x1) / 2, (y0 + y1) / 2, top)) * Box(x1 - x0, y1 - y0, plate_t, align=down),
    ]
    return add, cut
