"""The keypad's cradle: a tray for the common 4x4 membrane keypad that reads upright from the
seat in front of the board, and routes the keypad's tail back toward the board.

The common keypad (69 x 77 mm, 0.8 mm thick, adhesive back; Parallax 27899 and its many
clones) has its tail, 20 mm wide and 85-88 mm long, leave its bottom edge, under * 0 # D. Laid
upright for the player, that edge faces the player, away from the board: so the tail goes
down through a slot in the cradle's floor at that edge and back under the cradle in a
channel, in two gentle bends (the bend a membrane tail is made for: through a panel), and
its connector meets the 8-way extension's male end at the cradle's far edge, toward the
board. Cradle coordinates: x across the keypad, y toward the board, z up from the table.
SPDX-License-Identifier: MIT
"""

from build123d import Align, Box, BuildPart, Color, Locations, Mode

KEYPAD_W, KEYPAD_D, KEYPAD_T = 69.0, 77.0, 0.8
KEYPAD_CLEAR = 0.3  # each side, in the pocket
TAIL_W = 20.0
RIM, HEIGHT = 4.0, 7.0
SLOT_W, SLOT_D = TAIL_W + 2.0, 2.0  # through the floor, at the keypad's bottom edge
CHANNEL_W, CHANNEL_H = TAIL_W + 4.0, 3.0  # under the cradle, open at the board's end
CRADLE_W = KEYPAD_W + 2 * (KEYPAD_CLEAR + RIM)
CRADLE_D = KEYPAD_D + 2 * (KEYPAD_CLEAR + RIM)
RGB = (0.18, 0.18, 0.2)
BOTTOM = (Align.CENTER, Align.CENTER, Align.MIN)


def slot_y():
    """y of the tail's slot through the floor: just outside the keypad's bottom edge."""
    return -(KEYPAD_D / 2 + KEYPAD_CLEAR + SLOT_D / 2)


def keypad_mount():
    """The cradle: the keypad's pocket on top, the tail's slot and the channel under it."""
    pocket_z = HEIGHT - KEYPAD_T
    with BuildPart() as k:
        Box(CRADLE_W, CRADLE_D, HEIGHT, align=BOTTOM)
        with Locations((0, 0, pocket_z)):
            Box(KEYPAD_W + 2 * KEYPAD_CLEAR, KEYPAD_D + 2 * KEYPAD_CLEAR, KEYPAD_T + 1,
                align=BOTTOM, mode=Mode.SUBTRACT)  # fmt: skip
        with Locations((0, slot_y(), 0)):
            Box(SLOT_W, SLOT_D, HEIGHT + 1, align=BOTTOM, mode=Mode.SUBTRACT)
        run = CRADLE_D / 2 - slot_y() + SLOT_D / 2 + 1.0  # from the slot out past the edge
        with Locations((0, slot_y() - SLOT_D / 2 + run / 2, -0.01)):
            Box(CHANNEL_W, run, CHANNEL_H + 0.01, align=BOTTOM, mode=Mode.SUBTRACT)
    part = k.part
    part.color = Color(*RGB)
    return part


def keypad_standin():
    """A 4x4 membrane keypad as it lies in the cradle, for the pictures only (not printed):
    keys 1 2 3 A on the row toward the board."""
    pitch = KEYPAD_W / 4
    with BuildPart() as k:
        with Locations((0, 0, HEIGHT - KEYPAD_T)):
            Box(KEYPAD_W, KEYPAD_D, KEYPAD_T, align=BOTTOM)
        keys = [((i - 1.5) * pitch, (1.5 - j) * pitch + 4.0, HEIGHT)
                for i in range(4) for j in range(4)]  # fmt: skip
        with Locations(*keys):
            Box(pitch - 3.0, pitch - 3.0, 0.4, align=BOTTOM)
    part = k.part
    part.color = Color(0.85, 0.85, 0.82)
    return part
