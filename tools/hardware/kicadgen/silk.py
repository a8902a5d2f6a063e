"""Silkscreen text: hole numbers every five, START and GAME, the board's name.

SPDX-License-Identifier: MIT
"""

from tools.hardware.kicadgen import layout, track


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
    out.append(("KEYPAD", (46.2, 100.6), 1.0))
    out.append(("5V IN", (112.5, 97.0), 1.2))
    return out
