"""Cut a part too long for a 220 x 220 mm bed into two, joined by dovetails that align them.

    left, right = split(part, tabs, z0, z1, seam_x)

The seam is the plane x = seam_x (model mm); each tab is a dovetail of the left piece reaching
TAB_DEEP into the right one, narrow at the seam and wide at its end, so the pieces lock
together in the seam's plane and slide apart only up or down; the right piece's sockets are
JOINT_CLEAR larger all round (a push fit; a drop of glue makes it permanent). Tabs stand
between z0 and z1: the floor for the base, the plate's thickness for the plate.
SPDX-License-Identifier: MIT
"""

from build123d import Align, Box, BuildPart, BuildSketch, Color, Plane, Polygon, Pos, extrude

# The plate's seam: between the holes at x = 142.5 and 155 (a gap between two groups of five),
# through the middle mounting holes, whose screw heads hold both halves down at each end of
# the seam. The base's: clear of those holes' posts; the board, screwed to posts in both
# halves, holds them in line. Every piece is under 170 mm long.
PLATE_SEAM_X = 148.75
BASE_SEAM_X = 162.0
TAB_NECK, TAB_END, TAB_DEEP = 6.0, 9.0, 5.0
JOINT_CLEAR = 0.15
BIG = 1000.0


def _tabs(ys, z0, z1, seam, grow=0.0):
    """The dovetails at model y positions ys, as one solid (grown by `grow` all round)."""
    n, e, d = TAB_NECK / 2 + grow, TAB_END / 2 + grow, TAB_DEEP + grow
    x = seam - 1.0  # into the left piece a little, so tab and piece are one solid
    with BuildPart() as t:
        for y in ys:
            with BuildSketch(Plane.XY.offset(z0 - grow)):
                Polygon((x, y - n), (seam + d, y - e), (seam + d, y + e), (x, y + n),
                        align=None)  # fmt: skip
            extrude(amount=z1 - z0 + 2 * grow)
    return t.part


def _half(left, seam):
    """Everything on one side of the seam (the right side starts JOINT_CLEAR beyond it)."""
    x = seam - BIG if left else seam + JOINT_CLEAR
    return Pos(x, 0, 0) * Box(BIG, BIG, BIG, align=(Align.MIN, Align.CENTER, Align.CENTER))


def split(part, tab_ys, z0, z1, seam):
    """(left, right) pieces of part, keeping its colour."""
    tabs = _tabs(tab_ys, z0, z1, seam)
    left = part & (_half(True, seam) + tabs)
    right = (part & _half(False, seam)) - _tabs(tab_ys, z0, z1, seam, JOINT_CLEAR)
    for piece in (left, right):
        piece.color = part.color if part.color is not None else Color(0.5, 0.5, 0.5)
    return left, right
