"""Where every footprint goes and how the track's copper runs, as plain data (no KiCad needed).

Coordinates are board millimetres (origin top-left, y down: the back edge is y = 0, the front,
where the keypad's player sits, y = 102). `placements()` gives {ref: (x, y, rotation)};
`routes()` gives tracks as lists of points, each (x, y), a pad ("REF", "pad"), ("H", x) (across
to x from the previous point) or ("V", "REF", "pad") (up or down to that pad's y); ("NET",
"REF", "pad") names the net of a track that touches no pad. The board builder resolves pads to
their real positions. The main circuit's copper is in wiring.py, which builds on this.

Revision B puts nothing tall on the front but the USB-C socket, so the case's face plate lies
1.8 mm over the LEDs: the Pico hangs under the board's left end on its headers, its micro-USB
at the back edge right under J1's USB-C; the keypad (J2, a right-angle header) and display
(J3) headers are on the back; the display module lies in a cutout of the board, its glass in
the face. Track LEDs: streets running left to right are rotated 180 deg (DIN on the left,
DOUT on the right), the others 0 deg, so each DOUT faces the next LED's DIN. Each LED's 100 nF
sits on the side away from the data track with a ground via between it and the LED's VSS.
SPDX-License-Identifier: MIT
"""

from tools.hardware.kicadgen import parts, track

# The two middle holes sit on the case's seam between groups 3 and 4 (x = 148.75), so one
# screw head holds both halves of the face plate at each end of the seam.
MOUNT_HOLES = ((38.75, 4.0), (148.75, 4.0), (276.0, 4.0), (276.0, 98.0), (148.75, 98.0),
               (3.6, 97.0))  # fmt: skip
HOLE_KEEPOUT = 3.6  # no copper (pour, tracks, vias) this close to a mounting hole's centre
# Through-hole parts on the back: flip_keeping_pads() turns the symmetric ones over in place;
# MIRRORED ones are mirrored left to right about their position (their pads move).
BACK_SIDE = ("C122", "J3")
MIRRORED = ("A1", "J2")
HAND_SOLDERED = ("A1", "J2", "J3", "C122")  # through-hole: not in the assembly files
NO_MODEL = ()
FIDUCIALS = ((31.5, 3.5), (270.0, 98.0))  # diagonally opposite, clear of holes and edges
NOT_PLACED = HAND_SOLDERED + ("FID1", "FID2")  # no line in the placement file
PITCH = 2.54
# The Pico on the back: pin 1 at the back edge, its micro-USB's face 0.23 mm inside it.
PICO_PIN1 = (20.04, 2.9)
J1_AT = (11.0, 3.4)  # USB-C, face on the back edge, right above the Pico's micro-USB
J2_AT = (9.0, 84.0)  # keypad header: pin 1; its pins point at the front wall
J3_AT = (58.81, 63.0)  # display header: pin 1 (GND), pins 2-4 toward -x
# The display module (a 0.96 inch SSD1306 board) lies in this cutout, its pin edge at the
# back, so its text stands upright for the player at the front edge.
DISPLAY_CENTRE_X = 55.0
DISPLAY_PIN_EDGE_Y = 66.5
MODULE_W, MODULE_L = 27.3, 27.8  # along its pin edge, and across it
CUTOUT_RIM = 1.0  # the module rests on this much board on three sides
ESD_DY = 2.0  # J2 pin to its ESD clamp (toward the front edge)
LANE_RIGHT = 275.5  # x of the data track turning between streets at the right end
LANE_LEFT = 23.0
LANE_GAME = 22.0
CAP_DY = 4.8  # LED centre to its capacitor centre
VSS_DX = 2.45  # LED centre to its VSS/DIN pad column

DATA_W = 0.25
SIGNAL_W = 0.25
POWER_W = 0.6
GND_W = 0.4


def display_cutout():
    """(x0, y0, x1, y1) of the board cutout under the display module."""
    half = MODULE_W / 2 - CUTOUT_RIM
    y0 = DISPLAY_PIN_EDGE_Y - 0.5  # the pin edge rests on nothing: its header hangs here
    return (DISPLAY_CENTRE_X - half, y0, DISPLAY_CENTRE_X + half,
            DISPLAY_PIN_EDGE_Y + MODULE_L - CUTOUT_RIM)  # fmt: skip


def led_rotation(hole):
    if hole == track.GAME_HOLE:
        return 0
    return 180 if track.heading(track.street_of(hole)) > 0 else 0


def cap_side(hole):
    """-1 if the hole's capacitor is above the LED (y smaller), +1 if below."""
    return -1 if led_rotation(hole) == 180 else 1


def led_via(hole):
    """Ground via between LED `hole`'s VSS pad and its capacitor."""
    x, y = track.hole_xy(hole)
    s = cap_side(hole)
    return (x + s * VSS_DX, y + s * CAP_DY)


def pico_pin(n):
    """Board position of Pico module pin n (1..40), the Pico under the board (mirrored)."""
    x0, y0 = PICO_PIN1
    if n <= 20:
        return (x0, y0 + (n - 1) * PITCH)
    return (x0 - 7 * PITCH, y0 + (40 - n) * PITCH)


def j2_pin(n):
    return (J2_AT[0] + (n - 1) * PITCH, J2_AT[1])


def j3_pin(n):
    return (J3_AT[0] - (n - 1) * PITCH, J3_AT[1])


# The main circuit: the power input and its protection under J1 and the CC sense resistors
# beside pins 31-32, between the Pico's rows (the Pico is on the back); the LED buffer and the
# status LED below the Pico's far end.
MAIN = {
    "A1": (PICO_PIN1[0], PICO_PIN1[1], 0),
    "J1": (J1_AT[0], J1_AT[1], 180),
    "F1": (11.0, 12.3, 270),
    "D124": (16.0, 12.3, 270),
    "Q1": (11.0, 17.0, 90),
    "Q2": (11.0, 21.5, 90),
    "R9": (11.0, 24.2, 180),
    "C125": (11.0, 25.8, 180),
    "R10": (11.0, 27.4, 0),
    "C124": (8.4, 23.2, 270),
    "D122": (4.4, 9.0, 270),
    "R6": (5.2, 19.9, 180),
    "R8": (5.2, 22.99, 180),
    "R7": (5.2, 25.53, 180),
    "R5": (5.2, 27.7, 180),
    "U1": (12.5, 55.5, 0),
    "C123": (16.2, 54.0, 0),
    "R1": (16.7, 56.45, 0),
    "R4": (4.6, 57.5, 0),
    "D123": (8.0, 57.5, 180),
    "C122": (33.0, 80.0, 0),
    "J2": (J2_AT[0], J2_AT[1], 270),
    "J3": (J3_AT[0], J3_AT[1], 270),
    "R2": (51.19, 60.6, 270),
    "R3": (53.73, 60.6, 270),
    "TP1": (32.0, 92.0, 0),
    "TP2": (35.5, 92.0, 0),
    "TP3": (40.0, 59.5, 0),
    "TP4": (20.5, 54.0, 0),
    "TP5": (4.9, 38.0, 0),
}


def placements():
    out = {}
    for hole in range(1, track.HOLES + 1):
        x, y = track.hole_xy(hole)
        rot = led_rotation(hole)
        out["D%d" % hole] = (x, y, rot)
        out["C%d" % hole] = (x, y + cap_side(hole) * CAP_DY, rot)
    out.update(MAIN)
    # ESD clamps: one in front of each keypad pin (J2), and beside the display header's SCL
    # and SDA pins (J3).
    for i, line in enumerate(parts.ESD_LINES[:8]):
        x, y = j2_pin(parts.KEYPAD_J2.index(line) + 1)
        out["D%d" % (parts.ESD_FIRST + i)] = (x, y + ESD_DY, 270)
    for k, pin in ((8, 3), (9, 4)):
        x, y = j3_pin(pin)
        out["D%d" % (parts.ESD_FIRST + k)] = (x, y + 1.7, 0)
    for i, (x, y) in enumerate(MOUNT_HOLES):
        out["H%d" % (i + 1)] = (x, y, 0)
    for i, (x, y) in enumerate(FIDUCIALS):
        out["FID%d" % (i + 1)] = (x, y, 0)
    return out


def _chain_routes():
    out = []
    for hole in range(1, track.HOLES):
        a, b = ("D%d" % hole, "2"), ("D%d" % (hole + 1), "4")
        street, nxt = track.street_of(hole), track.street_of(hole + 1)
        if nxt == street:
            out.append([a, b])
        elif nxt == 0:  # to the game hole, between the Pico's pins 12 and 13
            cross = (pico_pin(12)[1] + pico_pin(13)[1]) / 2
            out.append([a, ("H", LANE_GAME), (LANE_GAME, cross), (16.1, cross), b])
        else:
            lane = LANE_RIGHT if track.heading(street) > 0 else LANE_LEFT
            out.append([a, ("H", lane), ("V",) + b, b])
    return [("F.Cu", DATA_W, r) for r in out]


def _ground_routes():
    """LED VSS -> via -> capacitor ground pad, for every hole."""
    out = []
    for hole in range(1, track.HOLES + 1):
        via = led_via(hole)
        out.append(("F.Cu", GND_W, [("D%d" % hole, "3"), via, ("C%d" % hole, "2")]))
    return out


def routes():
    """The track's copper as (layer, width mm, [points]) (the main circuit's: wiring.py)."""
    return _chain_routes() + _ground_routes()


def vias():
    """[(position, pad whose net the via carries)]: a ground via per track LED."""
    return [(led_via(h), ("D%d" % h, "3")) for h in range(1, track.HOLES + 1)]
