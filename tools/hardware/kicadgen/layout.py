"""Where every footprint goes and how the copper runs, as plain data (no KiCad needed).

Coordinates are board millimetres (origin top-left, y down). `placements()` gives
{ref: (x, y, rotation)}; `routes()` gives tracks as lists of points, each (x, y), a pad
("REF", "pad"), ("H", x) (across to x from the previous point) or ("V", "REF", "pad") (up or
down to that pad's y); ("NET", "REF", "pad") names the net of a track that touches no pad.
The board builder resolves pads to their real positions.
Track LEDs: streets running left to right are rotated 180 deg (DIN on the left, DOUT on the
right), the others 0 deg, so each DOUT faces the next LED's DIN. Each LED's 100 nF sits on
the side away from the data track with a ground via between it and the LED's VSS.
SPDX-License-Identifier: MIT
"""

from tools.hardware.kicadgen import parts, track

MOUNT_HOLES = ((4.0, 4.0), (140.0, 4.0), (276.0, 4.0), (276.0, 98.0), (140.0, 98.0), (4.0, 62.0))
HOLE_KEEPOUT = 3.6  # no copper (pour, tracks, vias) this close to a mounting hole's centre
# Tall through-hole parts go on the back, so the LED face takes a flat top plate; the Pico
# stays on the front (the case's top plate clears it: tools/hardware/case_model.py).
# The display module (J3) lies flat on the front, on its own header, under a window in the
# plate (case_features.py): its header's long pins go down through J3, so no model there.
BACK_SIDE = ("J2", "C122")
HAND_SOLDERED = ("A1", "J2", "J3", "C122")  # through-hole: not in the assembly files
NO_MODEL = ("J3",)
# Fiducials: diagonally opposite, clear of the mounting holes' keep-outs and the edges.
FIDUCIALS = ((10.0, 4.0), (270.0, 98.0))
NOT_PLACED = HAND_SOLDERED + ("FID1", "FID2")  # no line in the placement file
J2_X = 23.82  # keypad header pin 1
ESD_Y = 100.5  # the keypad clamps' row, between J2 and the board's edge
ESD_GND_Y = 101.25
PICO_PIN1 = (3.5, 93.0)  # Pico on its back edge, USB to the board's left edge
PITCH = 2.54
LANE_RIGHT = 275.5  # x of the data track turning between streets at the right end
LANE_LEFT = 21.5
LANE_GAME = 19.0
CAP_DY = 4.8  # LED centre to its capacitor centre
VSS_DX = 2.45  # LED centre to its VSS/DIN pad column

DATA_W = 0.25
SIGNAL_W = 0.25
POWER_W = 0.6
GND_W = 0.4


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
    """Board position of Pico module pin n (1..40)."""
    x0, y0 = PICO_PIN1
    if n <= 20:
        return (x0 + (n - 1) * PITCH, y0)
    return (x0 + (40 - n) * PITCH, y0 - 7 * PITCH)


def placements():
    out = {}
    for hole in range(1, track.HOLES + 1):
        x, y = track.hole_xy(hole)
        rot = led_rotation(hole)
        out["D%d" % hole] = (x, y, rot)
        out["C%d" % hole] = (x, y + cap_side(hole) * CAP_DY, rot)
    out.update(
        {
            "A1": (PICO_PIN1[0], PICO_PIN1[1], 90),
            "U1": (28.0, 66.0, 180),
            "C123": (24.0, 66.95, 0),
            "R1": (26.8625, 61.5, 90),
            "D122": (6.04, 69.5, 90),
            "R4": (51.76, 70.0, 90),
            "D123": (51.76, 66.5, 270),
            "J2": (23.82, 98.5, 90),
            "J3": (66.0, 85.38, 0),
            "R2": (69.5, 93.0, 180),
            "R3": (69.5, 90.46, 180),
            "J1": (100.0, track.BOARD_H - 3.4, 0),
            "R5": (93.0, 91.5, 90),
            "R6": (107.0, 91.5, 90),
            "F1": (100.0, 88.5, 90),
            "Q1": (100.0, 83.0, 270),
            "C122": (106.0, 75.0, 0),
            "TP1": (118.0, 80.0, 0),
            "TP2": (122.0, 80.0, 0),
            "TP3": (72.0, 84.0, 0),
            "TP4": (22.0, 60.725, 0),
            "TP5": (34.5, 71.0, 0),
            # Safer input (issue 12): VBUS TVS, the soft start, the CC sense resistors.
            "D124": (96.0, 89.0, 90),
            "Q2": (100.0, 78.0, 270),
            "R9": (100.0, 75.2, 0),
            "C125": (100.0, 73.4, 0),
            "R10": (100.0, 71.6, 180),
            "C124": (103.2, 77.06, 0),
            "R7": (90.0, 91.5, 90),
            "R8": (110.0, 91.5, 90),
        }
    )
    # ESD clamps: one under each keypad pin (J2), and on the display's SCL and SDA tracks.
    for i in range(8):
        out["D%d" % (parts.ESD_FIRST + i)] = (J2_X + i * PITCH, ESD_Y, 270)
    out["D%d" % (parts.ESD_FIRST + 8)] = (63.0, 90.04, 90)
    out["D%d" % (parts.ESD_FIRST + 9)] = (60.0, 95.58, 90)
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
            continue
        if nxt == 0:
            lane = LANE_GAME
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


def vias():
    """[(position, pad whose net the via carries)]: a ground via per track LED, the ground
    vias of the main circuit's small parts, and the CC lines' hops to B.Cu and back."""
    out = [(led_via(h), ("D%d" % h, "3")) for h in range(1, track.HOLES + 1)]
    out += LOCAL_VIAS
    out += [(CC_VIAS[0], ("J1", "A5")), (CC_VIAS[1], ("J1", "B5"))]
    return out + [((93.0, 93.9), ("R5", "1")), ((107.0, 93.9), ("R6", "1"))] + safety_vias()


# Vias for ground pads of small parts: (via position, pad it serves).
LOCAL_VIAS = [
    ((29.14, 68.7), ("U1", "1")),
    ((29.14, 63.3), ("U1", "3")),
    ((24.775, 68.7), ("C123", "2")),
    ((51.76, 64.0), ("D123", "1")),
    ((93.0, 89.2), ("R5", "2")),
    ((107.0, 89.2), ("R6", "2")),
    ((102.4, 82.06), ("Q1", "1")),
]
CC_VIAS = [(99.5, 93.9), (100.5, 93.9)]


def _main_routes():
    f, b = "F.Cu", "B.Cu"
    p = pico_pin
    rows = [(f, SIGNAL_W, [("A1", str(9 + i)), (p(9 + i)[0], 98.5)]) for i in range(4)]
    cols = []
    for i in range(4):
        x = p(14 + i)[0]
        jog = [(x, 94.6), (x - PITCH, 97.14)]  # one pitch left, past the Pico's GND pin 13
        cols.append((f, SIGNAL_W, [("A1", str(14 + i)), *jog, ("J2", str(5 + i))]))
    out = rows + cols
    out += [
        # LED data: GP22 -> U1 A; U1 Y -> R1 -> D1 DIN; test points on both sides.
        (f, SIGNAL_W, [("A1", "29"), (31.44, 71.0), (31.44, 66.0), ("U1", "2")]),
        (f, SIGNAL_W, [(31.44, 71.0), ("TP5", "1")]),
        (f, SIGNAL_W, [("U1", "4"), ("R1", "1")]),
        (f, DATA_W, [("R1", "2"), (26.8625, 58.6), (25.05, 56.79), ("D1", "4")]),
        (f, SIGNAL_W, [("R1", "2"), ("TP4", "1")]),
        # 3V3 from the Pico to the display header and the I2C pull-ups: along the Pico's
        # inner edge on B.Cu (clear of the Pico W antenna keep-out), then F.Cu.
        (b, SIGNAL_W, [("A1", "36"), (p(36)[0], 73.0), (72.0, 73.0), ("TP3", "1")]),
        (f, SIGNAL_W, [("TP3", "1"), (72.0, 87.92), (72.0, 90.46), (72.0, 93.0), ("R2", "1")]),
        (f, SIGNAL_W, [(72.0, 87.92), ("J3", "2")]),
        (f, SIGNAL_W, [(72.0, 90.46), ("R3", "1")]),
        (f, SIGNAL_W, [("R3", "2"), ("J3", "3")]),
        (f, SIGNAL_W, [("R2", "2"), ("J3", "4")]),
        (f, SIGNAL_W, [("A1", "20"), (57.0, 93.0), (59.54, 90.46), ("J3", "3")]),
        (f, SIGNAL_W, [("A1", "19"), (p(19)[0], 96.0), (63.0, 96.0), ("J3", "4")]),
        # Status LED, VSYS diode.
        (f, SIGNAL_W, [("A1", "21"), ("R4", "1")]),
        (f, SIGNAL_W, [("R4", "2"), ("D123", "2")]),
        (f, POWER_W, [("D122", "1"), ("A1", "39")]),
        # Power in: USB-C VBUS pads -> F1 -> Q1 drain; CC pull-downs via B.Cu.
        (f, POWER_W, [("J1", "B9"), (98.48, 92.4), (101.52, 92.4), ("J1", "A9")]),
        (f, POWER_W, [(100.0, 92.4), ("F1", "1")]),
        (f, POWER_W, [("F1", "2"), ("Q1", "3")]),
        (f, GND_W, [("J1", "A12"), (104.32, 95.6)]),
        (f, GND_W, [("J1", "B12"), (95.68, 95.6)]),
        (f, SIGNAL_W, [("J1", "A5"), CC_VIAS[0]]),
        (f, SIGNAL_W, [("J1", "B5"), CC_VIAS[1]]),
        (b, SIGNAL_W, [("NET", "J1", "A5"), CC_VIAS[0], (93.0, 93.9)]),
        (b, SIGNAL_W, [("NET", "J1", "B5"), CC_VIAS[1], (107.0, 93.9)]),
        (f, SIGNAL_W, [(93.0, 93.9), ("R5", "1")]),
        (f, SIGNAL_W, [(107.0, 93.9), ("R6", "1")]),
    ]
    out += [(f, GND_W, [pad, via]) for via, pad in LOCAL_VIAS]
    return out + _safety_routes()


def _safety_routes():
    """The TVS, the soft start, the CC sense lines to the ADC pins and the ESD clamps."""
    f, b = "F.Cu", "B.Cu"
    w = 0.2  # the CC sense lines squeeze between the Pico's pads and its antenna keep-out
    out = [
        (f, POWER_W, [("D124", "1"), (96.0, 92.4), (98.48, 92.4)]),
        (f, POWER_W, [("Q1", "2"), ("Q2", "2")]),
        (f, SIGNAL_W, [("Q2", "2"), ("R9", "1"), ("C125", "1")]),
        (f, SIGNAL_W, [("Q2", "1"), ("R9", "2"), ("C125", "2"), ("R10", "1")]),
        (f, SIGNAL_W, [("Q2", "1"), ("C124", "1")]),
        (f, SIGNAL_W, [("R7", "1"), (90.0, 93.9), (93.0, 93.9)]),
        (f, SIGNAL_W, [("R8", "1"), (110.0, 93.9), (107.0, 93.9)]),
        (f, w, [("R7", "2"), (90.0, 79.3), (56.0, 79.3), (56.0, 76.35), (26.36, 76.35),
                ("A1", "31")]),
        (f, w, [("R8", "2"), CC2_VIAS[0]]),
        (b, w, [("NET", "R8", "2"), CC2_VIAS[0], CC2_VIAS[1]]),
        (f, w, [("NET", "R8", "2"), CC2_VIAS[1], (55.2, 80.0), (55.2, 76.8), (23.82, 76.8),
                ("A1", "32")]),
        # The keypad clamps share a ground strip along the edge, with a via at its end.
        (f, 0.3, [("NET", "D%d" % parts.ESD_FIRST, "2"), (ESD_GND_VIA[0], ESD_GND_Y),
                  (J2_X + 7 * PITCH, ESD_GND_Y)]),
        (f, GND_W, [("NET", "D%d" % parts.ESD_FIRST, "2"), ESD_GND_VIA,
                    (ESD_GND_VIA[0], ESD_GND_Y)]),
    ]  # fmt: skip
    for i in range(8):
        d = "D%d" % (parts.ESD_FIRST + i)
        out.append((f, SIGNAL_W, [("J2", str(i + 1)), (d, "1")]))
        out.append((f, SIGNAL_W, [(d, "2"), (J2_X + i * PITCH, ESD_GND_Y)]))
    out.append((f, GND_W, [("D124", "2"), (96.0, 85.0)]))
    out.append((f, GND_W, [("R10", "2"), (97.9, 71.6)]))
    for k, via in ((8, (63.0, 88.7)), (9, (60.0, 94.3))):
        out.append((f, SIGNAL_W, [("D%d" % (parts.ESD_FIRST + k), "2"), via]))
    return out


CC2_VIAS = [(110.0, 80.0), (88.5, 80.0)]
ESD_GND_VIA = (22.2, 101.0)


def safety_vias():
    """Vias of _safety_routes: the CC2 sense line's hop under the power parts, grounds."""
    esd = "D%d" % parts.ESD_FIRST
    return [
        (CC2_VIAS[0], ("R8", "2")), (CC2_VIAS[1], ("R8", "2")),
        ((96.0, 85.0), ("D124", "2")), ((97.9, 71.6), ("R10", "2")),
        (ESD_GND_VIA, (esd, "2")),
        ((63.0, 88.7), ("D%d" % (parts.ESD_FIRST + 8), "2")),
        ((60.0, 94.3), ("D%d" % (parts.ESD_FIRST + 9), "2")),
    ]  # fmt: skip


def routes():
    """Every track as (layer, width mm, [points])."""
    return _chain_routes() + _ground_routes() + _main_routes()
