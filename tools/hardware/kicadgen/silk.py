"""Silkscreen text: hole numbers every five, START and GAME, the board's name and revision,
and the pin names at the keypad and display headers (on the back, where they are fitted).

SPDX-License-Identifier: MIT
"""

from tools.hardware.kicadgen import layout, track

REVISION = "1.2"  # bump with every board change sent to a board house
DATE = "2026-12-01"
# References with no room beside their parts (F.Fab keeps them; the assembly drawing is the
# schematic PDF): the display's header (under the module), the I2C pull-ups, the soft
# start's passives and the tiny ESD clamps.
HIDDEN_REFS = ("J3", "R2", "R3", "R9", "R10", "C124", "C125")
HIDDEN_REFS += tuple("D%d" % n for n in range(125, 135))
# References moved clear of their neighbours' pads and outlines (board mm, upright).
REF_AT = {"A1": (38.0, 84.0), "Q2": (97.0, 78.0), "D124": (91.8, 85.2), "F1": (103.3, 88.5)}
KEYPAD_PINS = ("R0", "R1", "R2", "R3", "C0", "C1", "C2", "C3")  # J2 pins 1-8
DISPLAY_PINS = ("GND", "3V3", "SCL", "SDA")  # J3 pins 1-4


def texts():
    """[(text, (x, y), size mm)] in board coordinates."""
    out = []
    for hole in range(5, track.HOLES, 5):
        x, y = track.hole_xy(hole)
        # Numbers go on the side of the LED away from its capacitor.
        out.append((str(hole), (x, y - layout.cap_side(hole) * 4.6), 1.2))
    gx, gy = track.hole_xy(track.GAME_HOLE)
    out.append(("GAME", (gx, gy - 5.0), 1.5))
    sx, sy = track.hole_xy(1)
    out.append(("START", (sx - 13.0, sy), 1.5))
    out.append(("PicoPeg", (195.0, 78.0), 8.0))
    out.append(("electronic cribbage board", (195.0, 88.0), 2.0))
    out.append(("Raspberry Pi Pico + 121 WS2812B", (195.0, 92.0), 1.5))
    out.append(("OLED", (66.0, 82.3), 1.2))
    out.append(("KEYPAD", (47.6, 100.6), 1.0))
    out.append(("rev %s  %s" % (REVISION, DATE), (195.0, 96.0), 1.5))
    out.append(("5V IN", (112.5, 97.0), 1.2))
    return out


def back_texts():
    """[(text, (x, y), size)] on B.SilkS: the header pin names beside their pads."""
    pitch = layout.PITCH
    out = [(name, (layout.J2_X + i * pitch, 96.3), 0.8) for i, name in enumerate(KEYPAD_PINS)]
    out += [(name, (69.0, 85.38 + i * pitch), 0.8) for i, name in enumerate(DISPLAY_PINS)]
    out.append(("KEYPAD", (32.7, 101.0), 1.0))
    return out
