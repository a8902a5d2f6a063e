"""Silkscreen text: hole numbers every five, START and GAME, the board's name and revision,
and the pin names at the keypad and display headers (on the back, where they are fitted).

SPDX-License-Identifier: MIT
"""

from tools.hardware.kicadgen import layout, track

REVISION = "B"  # bump with every board change sent to a board house (was 1.2)
DATE = "2026-12-06"
# References with no room beside their parts (F.Fab keeps them; the assembly drawing is the
# schematic PDF): the power input and buffer packed between the Pico's rows, the I2C
# pull-ups, the status LED and the tiny ESD clamps.
HIDDEN_REFS = ("F1", "Q1", "Q2", "D122", "D124", "U1", "R1", "R2", "R3", "R4", "D123")
HIDDEN_REFS += ("R5", "R6", "R7", "R8", "R9", "R10", "C123", "C124", "C125", "J1")
HIDDEN_REFS += tuple("D%d" % n for n in range(125, 135))
# References moved clear of their neighbours' pads and outlines (board mm, upright).
REF_AT = {
    "A1": (11.0, 56.5),
    "J2": (30.0, 86.0),
    "J3": (62.0, 61.0),
    "C122": (33.0, 72.5),
    "TP4": (20.5, 58.2),
}
KEYPAD_PINS = ("C3", "C2", "C1", "C0", "R3", "R2", "R1", "R0")  # J2 pins 1-8 (parts.KEYPAD_J2)
DISPLAY_PINS = ("GND", "3V3", "SCL", "SDA")  # J3 pins 1-4


def texts():
    """[(text, (x, y), size mm)] in board coordinates."""
    out = []
    for hole in range(5, track.HOLES, 5):
        x, y = track.hole_xy(hole)
        # Numbers go on the side of the LED away from its capacitor.
        out.append((str(hole), (x, y - layout.cap_side(hole) * 4.6), 1.2))
    gx, gy = track.hole_xy(track.GAME_HOLE)
    out.append(("GAME", (gx, gy + 7.5), 1.5))  # under it: the power parts fill the space above
    sx, sy = track.hole_xy(1)
    out.append(("START", (sx - 13.0, sy - 3.8), 1.5))  # clear of the LED buffer below it
    out.append(("PicoPeg", (195.0, 78.0), 8.0))
    out.append(("electronic cribbage board", (195.0, 88.0), 2.0))
    out.append(("Raspberry Pi Pico + 121 WS2812B", (195.0, 92.0), 1.5))
    out.append(("KEYPAD", (17.9, 90.5), 1.0))
    out.append(("rev %s  %s" % (REVISION, DATE), (195.0, 96.0), 1.5))
    out.append(("5V IN", (25.0, 2.2), 1.0))
    return out


def back_texts():
    """[(text, (x, y), size)] on B.SilkS: the header pin names beside their pads."""
    out = [
        (name, (x, y - 2.0), 0.8)
        for name, (x, y) in zip(KEYPAD_PINS, map(layout.j2_pin, range(1, 9)), strict=True)
    ]
    out += [
        (name, (x, y - 2.0), 0.8)
        for name, (x, y) in zip(DISPLAY_PINS, map(layout.j3_pin, range(1, 5)), strict=True)
    ]
    out.append(("KEYPAD", (17.9, 80.6), 1.0))
    return out
