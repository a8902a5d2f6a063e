"""The main circuit's copper: tracks and vias around the Pico, the power input, the headers.

Points as in layout.py. The Pico is on the back under the board's left end, its pins 1-20 at
x = 20.04 (next to the track) and 21-40 at x = 2.26 (the board's edge). Between its two rows
on the front: J1 and the power parts under it, the CC sense resistors beside pins 31-32. The
Pico W's antenna keep-out (the module's far end) stays bare, so every line from the Pico's
far pins leaves its rows past it: the LED data down the left edge to the buffer below the
Pico, the keypad lines on the back eastward between the track's first LEDs, then down and
back west to J2; the I2C pair on the front between streets 1 and 2, then on the back down to
the display header J3; 3V3 down the left edge on the back, then along y = 59.5 on the front.
SPDX-License-Identifier: MIT
"""

from tools.hardware.kicadgen import parts
from tools.hardware.kicadgen.layout import (
    GND_W,
    J2_AT,
    POWER_W,
    SIGNAL_W,
    j2_pin,
    j3_pin,
    pico_pin,
)

F, B = "F.Cu", "B.Cu"
# J1's CC pads drop to the back right behind the socket, between its VBUS pads.
CC1_VIA, CC2_VIA = (11.5, 8.1), (10.5, 8.1)
CC2_JOIN = (6.025, 21.445)  # between R6 and R8
CC1_JOIN = (6.025, 26.615)  # between R7 and R5
VBUS_BAR_Y = 9.6
EDGE_X = 3.4  # the lane between the Pico's edge row and its antenna keep-out
V3_Y = 59.5  # 3V3 along the front strip
# Keypad lines: the Pico's pin and its column's x on the back (between the LEDs' ground vias);
# each turns west at its J2 pin's row.
KEY_COLUMNS = {9: 31.5, 10: 30.9, 11: 28.7, 12: 28.1, 14: 27.5, 15: 26.9, 16: 26.3, 17: 25.7}
KEY_TURN_Y0 = 58.4
# I2C: (Pico pin, x of its front lane beside the pins, y of its run between streets 1 and 2,
# x of its via, y where it turns to J3 on the back, J3 pin).
I2C = ((19, 21.6, 46.6, 34.5, 57.1, 4), (20, 22.3, 47.3, 35.3, 56.5, 3))
ESD_GND_Y = J2_AT[1] + 2.75
ESD_GND_VIA = (J2_AT[0] - 1.6, ESD_GND_Y)
ESD = "D%d"
I2C_ESD = {3: ESD % (parts.ESD_FIRST + 8), 4: ESD % (parts.ESD_FIRST + 9)}  # J3 pin: clamp

# Vias for ground pads of small parts: (via position, pad it serves).
GROUND_VIAS = [
    ((8.9, 17.94), ("Q1", "1")),
    ((16.0, 16.4), ("D124", "2")),
    ((12.9, 26.8), ("R10", "2")),
    ((4.375, 29.0), ("R5", "2")),
    ((10.1, 54.2), ("U1", "1")),
    ((10.1, 56.8), ("U1", "3")),
    ((17.9, 54.7), ("C123", "2")),
    ((8.79, 56.3), ("D123", "1")),
    ((52.4, 64.7), (I2C_ESD[4], "2")),
    ((54.95, 64.7), (I2C_ESD[3], "2")),
]


def _power_routes():
    """USB-C VBUS -> F1 -> Q1 -> Q2 (soft start) -> +5V; the TVS; the CC lines."""
    bar = VBUS_BAR_Y
    return [
        (F, POWER_W, [("J1", "B9"), (12.52, bar), (9.48, bar), ("J1", "A9")]),
        (F, POWER_W, [(11.0, bar), ("F1", "1")]),
        (F, POWER_W, [(12.52, bar), (16.0, bar), ("D124", "1")]),
        (F, POWER_W, [("F1", "2"), ("Q1", "3")]),
        (F, POWER_W, [("Q1", "2"), ("Q2", "2")]),
        (F, GND_W, [("J1", "A12"), (6.68, 6.48)]),  # to the shell stake beside it
        (F, GND_W, [("J1", "B12"), (15.32, 6.48)]),
        # Soft start: Q2's gate between R9/C125 (to its source) and R10 (to ground).
        (F, SIGNAL_W, [("Q2", "2"), ("R9", "1"), ("C125", "1")]),
        (F, SIGNAL_W, [("Q2", "1"), ("R9", "2"), ("C125", "2"), ("R10", "1")]),
        (F, SIGNAL_W, [("Q2", "1"), ("C124", "1")]),
        # CC: each pad down to the back, across to its two resistors beside pins 31-32.
        (F, SIGNAL_W, [("J1", "A5"), CC1_VIA]),
        (F, SIGNAL_W, [("J1", "B5"), CC2_VIA]),
        (B, SIGNAL_W, [("NET", "J1", "B5"), CC2_VIA, (CC2_JOIN[0], CC2_VIA[1]), CC2_JOIN]),
        (
            B,
            SIGNAL_W,
            [
                ("NET", "J1", "A5"),
                CC1_VIA,
                (CC1_VIA[0], 8.9),
                (7.0, 8.9),
                (7.0, CC1_JOIN[1]),
                CC1_JOIN,
            ],
        ),
        (F, SIGNAL_W, [("R6", "1"), ("R8", "1")]),
        (F, SIGNAL_W, [("R7", "1"), ("R5", "1")]),
        (F, GND_W, [("R6", "2"), ("A1", "33")]),  # AGND, tied to GND
        (F, SIGNAL_W, [("R8", "2"), ("A1", "32")]),
        (F, SIGNAL_W, [("R7", "2"), ("A1", "31")]),
        # The Pico's VSYS through the Schottky.
        (F, POWER_W, [("D122", "1"), (EDGE_X, 6.1), ("A1", "39")]),
    ]


def _logic_routes():
    """LED data through the buffer, the status LED, 3V3 and the display header's I2C."""
    v3 = V3_Y
    out = [
        (F, SIGNAL_W, [("A1", "29"), (EDGE_X, 31.9), (EDGE_X, 55.5), ("U1", "2")]),
        (F, SIGNAL_W, [(EDGE_X, 38.0), ("TP5", "1")]),
        (F, SIGNAL_W, [("U1", "4"), ("R1", "1")]),
        (F, SIGNAL_W, [("U1", "5"), ("C123", "1")]),
        (F, SIGNAL_W, [("R1", "2"), (23.6, 56.45), (23.6, 55.65), ("D1", "4")]),
        (F, SIGNAL_W, [(20.5, 56.45), ("TP4", "1")]),
        (F, SIGNAL_W, [("A1", "21"), (2.0, 52.0), (2.0, 57.5), ("R4", "1")]),
        (F, SIGNAL_W, [("R4", "2"), ("D123", "2")]),
        (B, SIGNAL_W, [("A1", "36"), (EDGE_X, pico_pin(36)[1]), (EDGE_X, v3)]),
        (
            F,
            SIGNAL_W,
            [("NET", "A1", "36"), (EDGE_X, v3), ("TP3", "1"), (j3_pin(2)[0], v3), ("J3", "2")],
        ),
        (F, SIGNAL_W, [("R2", "1"), (j3_pin(4)[0], v3)]),
        (F, SIGNAL_W, [("R3", "1"), (j3_pin(3)[0], v3)]),
        (F, SIGNAL_W, [("R2", "2"), ("J3", "4")]),
        (F, SIGNAL_W, [("R3", "2"), ("J3", "3")]),
    ]
    for pin, lane, run, via_x, turn, j3 in I2C:
        py = pico_pin(pin)[1]
        out.append((F, SIGNAL_W, [("A1", str(pin)), (lane, py), (lane, run), (via_x, run)]))
        out.append((B, SIGNAL_W, [("NET", "A1", str(pin)), (via_x, run), (via_x, turn),
                                  (j3_pin(j3)[0], turn), ("J3", str(j3))]))  # fmt: skip
        out.append((F, SIGNAL_W, [("J3", str(j3)), (I2C_ESD[j3], "1")]))
    return out


def _back_routes():
    """The keypad lines on the back: from the Pico's pins east to their columns, down, and
    west to J2 (the column furthest west turns first and goes furthest)."""
    out = []
    for pin, x in KEY_COLUMNS.items():
        k = parts.KEYPAD_J2.index(_line(pin)) + 1
        turn = KEY_TURN_Y0 + 0.6 * (k - 1)
        py = pico_pin(pin)[1]
        out.append((B, SIGNAL_W, [("A1", str(pin)), (x, py), (x, turn), (j2_pin(k)[0], turn),
                                  ("J2", str(k))]))  # fmt: skip
    return out


def _line(pin):
    """The keypad line on a Pico pin (9-12 rows 0-3, 14-17 columns 0-3)."""
    return "KEY_ROW%d" % (pin - 9) if pin < 13 else "KEY_COL%d" % (pin - 14)


def _esd_routes():
    """The keypad clamps: each from its J2 pin, their grounds on one strip with a via."""
    first = ESD % parts.ESD_FIRST
    out = [(F, 0.3, [("NET", first, "2"), ESD_GND_VIA, (j2_pin(8)[0], ESD_GND_Y)])]
    for i, line in enumerate(parts.ESD_LINES[:8]):
        d = ESD % (parts.ESD_FIRST + i)
        k = parts.KEYPAD_J2.index(line) + 1
        out.append((F, SIGNAL_W, [("J2", str(k)), (d, "1")]))
        out.append((F, SIGNAL_W, [(d, "2"), (j2_pin(k)[0], ESD_GND_Y)]))
    return out


def routes():
    out = _power_routes() + _logic_routes() + _back_routes() + _esd_routes()
    out += [(F, GND_W, [pad, via]) for via, pad in GROUND_VIAS]
    return out


def vias():
    """[(position, pad whose net the via carries)] of the main circuit."""
    out = [
        *GROUND_VIAS,
        (CC1_VIA, ("J1", "A5")),
        (CC2_VIA, ("J1", "B5")),
        (CC1_JOIN, ("J1", "A5")),
        (CC2_JOIN, ("J1", "B5")),
        ((EDGE_X, V3_Y), ("A1", "36")),
        (ESD_GND_VIA, (ESD % parts.ESD_FIRST, "2")),
    ]
    return out + [((via_x, run), ("A1", str(pin))) for pin, _l, run, via_x, _t, _j in I2C]
