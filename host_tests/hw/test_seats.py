"""What the players see from their seats (tools/hardware/seats.py), computed on the case as
built: every LED's lit area through its hole, and the display's columns.

The ray test is first checked against geometry worked out by hand: a lit disc seen through a
round hole in a thin plate shows the lens where the disc and the hole, shifted back along the
line of sight, overlap (the area of two intersecting circles).
"""

import math

import numpy as np
import pytest
from build123d import Align, Box, BuildPart, Cylinder, Locations, Mode, Pos

from tools.hardware import board_geometry, seats

GEO = board_geometry.read()
GOAL = 0.5  # every hole at least half seen from both long-side seats


def lens(r1, r2, d):
    """Area shared by circles of radii r1, r2 whose centres are d apart (the textbook sum of
    two circular segments)."""
    if d >= r1 + r2:
        return 0.0
    if d <= abs(r1 - r2):
        return math.pi * min(r1, r2) ** 2
    a1 = math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1))
    a2 = math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2))
    return r1 * r1 * (a1 - math.sin(2 * a1) / 2) + r2 * r2 * (a2 - math.sin(2 * a2) / 2)


def test_the_ray_test_agrees_with_two_circles_worked_by_hand():
    # A 0.02 mm plate with a 3.2 mm hole 2 mm over a 3.93 mm lit disc; the eye 400 mm up and
    # 450 mm away: the line of sight shifts by 2 x 450/398 = 2.26 mm on its way up to the hole,
    # and the lit disc shows where it overlaps the hole shifted back by that much: 20 %.
    depth, hole_r, t = 2.0, 1.6, 0.02
    with BuildPart() as p:
        Box(40, 40, t, align=(Align.CENTER, Align.CENTER, Align.MIN))
        with Locations((0, 0, 0)):
            Cylinder(hole_r, t, align=(Align.CENTER, Align.CENTER, Align.MIN), mode=Mode.SUBTRACT)
    plate = Pos(0, 0, depth) * p.part
    tris = seats.triangles([plate], tolerance=0.005)
    eye = (0.0, 450.0, 400.0)
    pts = seats.disc_points((0.0, 0.0, 0.0), step=0.05)
    seen = 1 - seats.blocked(pts, eye, tris).mean()
    shift = depth * 450 / (400 - depth)
    want = lens(seats.LIT_R, hole_r, shift) / (math.pi * seats.LIT_R**2)
    assert 0.15 < want < 0.25  # a real partial view, not all or nothing
    assert seen == pytest.approx(want, abs=0.02)
    # The same disc 1.4 mm under a 5.2 mm hole, as the case has it: far more of it shows.
    assert lens(seats.LIT_R, 2.6, 1.4 * 450 / 400) / (math.pi * seats.LIT_R**2) > 0.7


def test_every_led_shows_half_its_light_or_more_from_both_long_sides_and_the_display_faces_front(
    case,
):
    report = seats.report(case, GEO)
    rows = {name: (share, cols) for name, share, cols in report}
    assert set(rows) == {"front", "back", "left", "right"}
    for name in ("front", "back"):
        assert rows[name][0] >= GOAL, (name, rows[name])
    assert rows["front"][1] == 0  # no column of the display hidden from the seat it faces
    lines = seats.lines(report)
    print("\n".join(lines))
    # hardware/README.md shows these very lines.
    readme = (board_geometry.ROOT / "hardware" / "README.md").read_text()
    block = readme.split("## Seen from the seats", 1)[1].split("```", 2)[1].strip()
    assert block.splitlines() == lines


def test_seats_sit_where_the_brief_says():
    x0, y0, x1, y1 = GEO["outline"]
    cx, cy = (x0 + x1) / 2, -(y0 + y1) / 2
    s = seats.seats(GEO)
    for name, (x, y, z) in s.items():
        assert z == 400.0
        assert np.hypot(x - cx, y - cy) == pytest.approx(450.0), name
    assert s["front"][1] < cy < s["back"][1] and s["left"][0] < cx < s["right"][0]
