"""Where the case opens for the board and holds its parts: the cables, the display, the
status LED, USB-C's slot, pockets over tall parts, the keypad cable's notch, the BOOTSEL key.

Positions come from the board file (board_geometry) and the parts' 3D models in the project
library, measured once with build123d and written here (model mm from the board's surface):
- J1, GCT USB4125 (USB-C), turned to face the back edge: its face on the board's edge (the
  footprint's "PCB Edge" line, 3.4 mm from the part's origin), 0..3.26 mm high: centre 1.63.
- A1, the Pico under the board (upside down on its headers, 2.5 mm of plastic): its micro-USB
  face 2.67 mm beyond pin 1 along the Pico (1.3 past its edge), 8.89 mm across, 3.29..6.24 mm
  below the board's underside: centre 4.77; BOOTSEL's plunger at (10.63, 5.39) from pin 1,
  its tip 6.04 mm below the board.
A plug is a body whose front meets the receptacle's face at full mating depth: USB-C
12.4 x 6.6 mm (USB-IF's largest recommended overmold, 12.35 x 6.5, rounded up), micro-B
10.6 x 8.5 mm (the Micro-USB specification's largest overmold); the case opens PLUG_CLEAR
round it. Model coordinates as case_model (x right, y up, z from the base's underside).
SPDX-License-Identifier: MIT
"""

from build123d import Align, Box, Color, Cylinder, Location, Pos

from tools.hardware import board_geometry

PLUGS = {"USB-C (J1)": (12.4, 6.6), "micro-USB (Pico)": (10.6, 8.5)}
PLUG_CLEAR = 0.5  # each side
PLUG_LEN = 30.0  # how far out the plug body (and the opening's cutter) reaches
J1_FACE, J1_Z, J1_W, J1_DEPTH, J1_H = 3.4, 1.63, 10.74, 7.75, 3.26  # W: its courtyard
PICO_USB_FACE, PICO_USB_ACROSS, PICO_USB_Z = 2.67, 8.89, 4.77
BOOTSEL_AT, BOOTSEL_TIP = (10.63, 5.39), 6.04
# The BOOTSEL key: a tongue cut free in the floor (a 0.8 mm slot round it) with a post that
# stops KEY_GAP short of the plunger; a press from underneath bends it up onto the button.
KEY_W, KEY_L, KEY_SLOT, KEY_POST_D, KEY_GAP = 8.0, 22.0, 0.8, 3.0, 0.5
# The keypad's cable leaves under the board through a notch in the front wall at J2.
NOTCH_MARGIN, NOTCH_H = 2.0, 4.0
STATUS_WINDOW_D = 2.0
# The display: a common 0.96 inch SSD1306 I2C module (27.3 mm along its pin edge, 27.8 across
# it, its four pins centred on that edge, 1.3 mm in), lying on the board's top round the
# cutout; its glass (26.7 x 19.3 mm from 2.4 mm off the pin edge, 1.5 mm with its tape) sits
# in the plate's window, the active area 21.74 x 10.86 mm, 11 mm from the pin edge.
OLED_W, OLED_L, OLED_PIN_EDGE, OLED_PCB_T = 27.3, 27.8, 1.3, 1.6
OLED_GLASS_W, OLED_GLASS_L, OLED_GLASS_AT, OLED_GLASS_T = 26.7, 19.3, 2.4, 1.5
OLED_ACTIVE_W, OLED_ACTIVE_L, OLED_ACTIVE_AT = 21.74, 10.86, 11.0
OLED_COLUMNS, OLED_ROWS = 128, 64
WINDOW_CLEAR = 0.2  # glass to window, each side
CUTOUT_RIM = 1.0  # layout.CUTOUT_RIM: the module overlaps the cutout by this on three sides
PIN_RELIEF = 0.8  # the plate's pocket over the module's header joints
PAD_T = 0.2  # the pad that holds the module onto the board (touching its front margin)
# Pockets in the plate's underside over front parts taller than the gap allows.
POCKET_CLEAR, POCKET_GROW = 0.2, 0.3
DOWN = (Align.CENTER, Align.CENTER, Align.MAX)
UP = (Align.CENTER, Align.CENTER, Align.MIN)


def plugs(geo, top_z, board_z):
    """{name: (face centre (x, y, z), outward unit (dx, dy))} of the two USB receptacles."""
    parts = geo["parts"]
    j1x, j1y, j1rot, _ = parts["J1"]
    ax, ay, _arot, aside = parts["A1"]
    if j1rot != 180.0 or aside != "back":
        raise SystemExit("case_features assumes J1 at 180 degrees and the Pico on the back")
    return {
        "USB-C (J1)": ((j1x, -(j1y - J1_FACE), top_z + J1_Z), (0.0, 1.0)),
        "micro-USB (Pico)": ((ax - PICO_USB_ACROSS, -(ay - PICO_USB_FACE),
                              board_z - PICO_USB_Z), (0.0, 1.0)),
    }  # fmt: skip


def plug_body(name, face, out, grow=0.0, length=PLUG_LEN):
    """The plug's body (or, grown, the opening's cutter) from the face outward."""
    (x, y, z), (dx, dy) = face, out
    pw, ph = PLUGS[name]
    w, h = pw + 2 * grow, ph + 2 * grow
    size = (length, w, h) if dx else (w, length, h)
    return Pos(x + dx * length / 2, y + dy * length / 2, z) * Box(*size)


def openings(geo, top_z, board_z):
    """One solid: every plug's opening, to subtract from the parts of the case."""
    cut = None
    for name, (face, out) in plugs(geo, top_z, board_z).items():
        body = plug_body(name, face, out, PLUG_CLEAR)
        cut = body if cut is None else cut + body
    return cut


def keypad_notch(geo, board_z, reach):
    """The notch in the front wall under J2, where the keypad's cable leaves (model solid)."""
    x, _y, _rot, _side = geo["parts"]["J2"]
    x0, x1 = x - NOTCH_MARGIN, x + 7 * 2.54 + NOTCH_MARGIN
    edge = geo["outline"][3]
    centre = ((x0 + x1) / 2, -(edge + reach / 2), board_z - NOTCH_H / 2 + 0.5)
    return Pos(*centre) * Box(x1 - x0, reach + 2.0, NOTCH_H + 1.0)


def bootsel_xy(geo):
    """BOOTSEL's plunger in model (x, y): the Pico lies mirrored under the board."""
    ax, ay, _rot, _ = geo["parts"]["A1"]
    return (ax - BOOTSEL_AT[1], -(ay + BOOTSEL_AT[0]))


def bootsel_key(part, geo, floor, board_z):
    """The base with its BOOTSEL key: the tongue (free end under the plunger, root toward
    the front) cut out of the floor by a slot, and the post on it."""
    x, y = bootsel_xy(geo)
    end = y + KEY_POST_D  # the tongue's free end, just past the post
    inner = Pos(x, end - (KEY_L + 0.5) / 2, floor / 2) * Box(KEY_W, KEY_L + 0.5, floor + 1)
    slot = Pos(x, end - KEY_L / 2 + KEY_SLOT / 2, floor / 2) * Box(
        KEY_W + 2 * KEY_SLOT, KEY_L + KEY_SLOT, floor + 0.5
    )
    top = board_z - BOOTSEL_TIP - KEY_GAP
    post = Location((x, y, floor)) * Cylinder(KEY_POST_D / 2, top - floor, align=UP)
    tongue = part & inner
    return (part - slot) + tongue + post


def status_xy(geo):
    x, y, _rot, _ = geo["parts"]["D123"]
    return (x, -y)


def display_frame(geo):
    """(x0, x1, pin edge y) of the display module, board mm, from the board's cutout."""
    (x0, y0, x1, _y1) = board_geometry.cutouts(geo)[0]
    return x0 - CUTOUT_RIM, x1 + CUTOUT_RIM, y0 + 0.5


def oled_active(geo, top_z):
    """(x0, y0, x1, y1, z) of the display's active area, model mm (z: the glass's top);
    column 0 at x0, on the left of the player it faces (the front edge)."""
    mx0, mx1, edge = display_frame(geo)
    cx, cy = (mx0 + mx1) / 2, -(edge + OLED_ACTIVE_AT)
    z = top_z + OLED_PCB_T + OLED_GLASS_T
    hw, hl = OLED_ACTIVE_W / 2, OLED_ACTIVE_L / 2
    return (cx - hw, cy - hl, cx + hw, cy + hl, z)


def oled_glass(geo):
    """(x0, y0, x1, y1) of the glass, model mm."""
    mx0, mx1, edge = display_frame(geo)
    cx = (mx0 + mx1) / 2
    return (cx - OLED_GLASS_W / 2, -(edge + OLED_GLASS_AT + OLED_GLASS_L), cx + OLED_GLASS_W / 2,
            -(edge + OLED_GLASS_AT))  # fmt: skip


def display_standin(geo, top_z):
    """The display module as it lies on the board (the picture and the fit test; not
    printed): its board on the board's top round the cutout, the glass on it, and its header
    hanging into the cutout."""
    mx0, mx1, edge = display_frame(geo)
    cx = (mx0 + mx1) / 2
    pcb = Pos(cx, -(edge + OLED_L / 2), top_z + OLED_PCB_T / 2) * Box(OLED_W, OLED_L, OLED_PCB_T)
    g0, g1, g2, g3 = oled_glass(geo)
    glass = Pos((g0 + g2) / 2, (g1 + g3) / 2, top_z + OLED_PCB_T + OLED_GLASS_T / 2) * Box(
        g2 - g0, g3 - g1, OLED_GLASS_T
    )
    header = Pos(cx, -(edge + OLED_PIN_EDGE), top_z - 1.25) * Box(10.16, 2.5, 2.5)
    part = pcb + glass + header
    part.color = Color(0.1, 0.1, 0.12)
    return part


def part_pockets(top_z, plate_z):
    """Boxes to cut from the plate's underside over front parts too tall for the gap (not the
    track LEDs, which the plate lies over, nor J1, which gets a hood)."""
    from tools.hardware import part_boxes

    out = []
    for ref, (c, s) in part_boxes.boxes_by_ref(top_z, top_z - 1.6).items():
        top = c[2] + s[2] / 2
        if ref == "J1" or c[2] < top_z or top <= plate_z - POCKET_CLEAR:
            continue
        if ref[0] == "D" and ref[1:].isdigit() and int(ref[1:]) <= 121:
            continue
        h = top + POCKET_CLEAR - (plate_z - 0.1)
        grow = 2 * POCKET_GROW
        out.append(Pos(c[0], c[1], plate_z - 0.1 + h / 2) * Box(s[0] + grow, s[1] + grow, h))
    return out


def j1_slot(geo, top_z, face_z):
    """The slot in the plate's back edge over J1, which stands 0.26 mm prouder than the face:
    its shell's top shows in it (a raised hood would keep the plate off the printer's bed)."""
    x, y, _rot, _ = geo["parts"]["J1"]
    back = -(y - J1_FACE)  # model y of the board's edge
    w, depth = J1_W + 2 * POCKET_GROW, J1_DEPTH + POCKET_GROW
    reach = 3.0  # out through the rim over the wall
    return Pos(x, back + reach - (depth + reach) / 2, top_z) * Box(
        w, depth + reach, face_z - top_z + 1.0, align=UP
    )


def plate_cuts(geo, top_z, plate_z, plate_t):
    """What the face plate gains and loses for the board's parts, as (add, cut) lists of
    solids for case_model.plate: the display's window, its pads and pin pocket, the status
    LED's window, J1's slot, pockets over tall parts."""
    face = plate_z + plate_t
    g0, g1, g2, g3 = oled_glass(geo)
    c = WINDOW_CLEAR
    window = Pos((g0 + g2) / 2, (g1 + g3) / 2, face + 0.1) * Box(
        g2 - g0 + 2 * c, g3 - g1 + 2 * c, plate_t + 0.3, align=DOWN
    )
    mx0, mx1, edge = display_frame(geo)
    cx = (mx0 + mx1) / 2
    front = -(edge + OLED_GLASS_AT + OLED_GLASS_L + 0.5)  # the module's margin past its glass
    pad_l = OLED_L - OLED_GLASS_AT - OLED_GLASS_L - 1.0
    pad = Pos(cx, front - pad_l / 2, plate_z + 0.01) * Box(OLED_W - 2.0, pad_l, PAD_T, align=DOWN)
    pins = Pos(cx, -(edge + OLED_PIN_EDGE), plate_z - 0.1) * Box(
        4 * 2.54 + 2.0, 2.6, PIN_RELIEF + 0.1, align=UP
    )
    sx, sy = status_xy(geo)
    status = Location((sx, sy, face + 0.1)) * Cylinder(
        STATUS_WINDOW_D / 2, plate_t + 0.3, align=DOWN
    )
    add = [pad]
    cut = [window, pins, status, j1_slot(geo, top_z, face), *part_pockets(top_z, plate_z)]
    return add, cut
