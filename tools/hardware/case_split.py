"""Cut a part too long for a 220 x 220 mm bed into two, joined by dovetails that align them.

    left, right = split(part, SEAM_X, tabs, z0, z1)

The seam is the plane x = SEAM_X (model mm); each tab is a dovetail of the left piece reaching
TAB_DEEP into the right one, narrow at the seam and wide at its end, so the pieces lock
together in the seam's plane and slide apart only up or down; the right piece's sockets are
JOINT_CLEAR larger all round (a push fit; a drop of glue makes it permanent). Tabs stand
between z0 and z1: the floor for the base, the plate's thickness for the plate.
SPDX-License-Identifier: MIT
"""

from build123d import Align, Box, BuildPart, BuildSketch, Color, Plane, Polygon, Pos, extrude

# Between hole 142.5's light tube and hole 155's (the gap between two groups of five, the
# tubes' walls 2.95 mm either side) and clear of the middle mounting holes' posts at x = 140
# (3.5 mm radius): both halves of the 285 mm base and plate are under 155 mm long.
SEAM_X = 148.75
TAB_NECK, TAB_END, TAB_DEEP = 6.0, 9.0, 5.0
JOINT_CLEAR = 0.15
BIG = 1000.0


def _tabs(ys, z0, z1, grow=0.0):
    """The dovetails at model y positions ys, as one solid (grown by `grow` all round)."""
    n, e, d = TAB_NECK / 2 + grow, TAB_END / 2 + grow, TAB_DEEP + grow
    x = SEAM_X - 1.0  # into the left piece a little, so tab and piece are one solid
    with BuildPart() as t:
        for y in ys:
            with BuildSketch(Plane.XY.offset(z0 - grow)):
                Polygon((x, y - n), (SEAM_X + d, y - e), (SEAM_X + d, y + e), (x, y + n),
                        align=None)  # fmt: skip
            extrude(amount=z1 - z0 + 2 * grow)
    return t.part


def _half(left):
    """Everything on one side of the seam (the right side starts JOINT_CLEAR beyond it)."""
    x = SEAM_X - BIG if left else SEAM_X + JOINT_CLEAR
    return Pos(x, 0, 0) * Box(BIG, BIG, BIG, align=(Align.MIN, Align.CENTER, Align.CENTER))


def split(part, tab_ys, z0, z1):
    """(left, right) pieces of part, keeping its colour."""
    tabs = _tabs(tab_ys, z0, z1)
    left = part & (_half(True) + tabs)
    right = (part & _half(False)) - _tabs(tab_ys, z0, z1, JOINT_CLEAR)
    for piece in (left, right):
        piece.color = part.color if part.color is not None else Color(0.5, 0.5, 0.5)
    return left, right
