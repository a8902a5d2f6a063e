"""The case's screw and the holes made for it (tools/hardware/screws.py), against the screw's
standard: ISO 7049 pan-head tapping screws, thread per ISO 1478. ST2.9: crest diameter d1
2.79-2.90 mm, root d2 2.03-2.18 mm, pitch 1.1 mm; head dk 5.6 mm, k 2.4 mm. Lengths ISO 7049
lists for ST2.9: 4.5 to 25 mm in steps of 6.5, 9.5, 13, 16, 19, 22, 25 (and 4.5).
"""

import pytest
from build123d import Vector

from tools.hardware import board_geometry, screws
from tools.hardware import case_model as cm

D1 = (2.79, 2.90)  # crest: min, max
D2 = (2.03, 2.18)  # root
HEAD_D = 5.6
LENGTHS = (4.5, 6.5, 9.5, 13.0, 16.0, 19.0, 22.0, 25.0)


def test_the_screw_is_one_the_standard_lists():
    assert "ISO 7049 ST2.9" in screws.SCREW
    assert screws.LENGTH in LENGTHS and screws.HEAD_D == HEAD_D


def test_the_pilot_lets_the_thread_cut_without_the_core_splitting_the_post():
    # Between root and crest, with room both sides: the core never bears on the plastic ...
    assert D2[1] + 0.05 <= screws.PILOT_D <= D1[0] - 0.3
    # ... and the thread cuts 60-95 % of its depth into it, whatever the screw's tolerances.
    for d1, d2 in ((D1[0], D2[1]), (D1[1], D2[0])):
        bite = (d1 - screws.PILOT_D) / (d1 - d2)
        assert 0.6 <= bite <= 0.95, (d1, d2, bite)


def test_clearance_holes_pass_the_thread_and_the_length_reaches_the_post():
    assert screws.CLEAR_D >= D1[1] + 0.4 and screws.BOARD_HOLE_D >= D1[1] + 0.25
    above = cm.PLATE_T + cm.PLATE_GAP + cm.BOARD_T  # plate and boss, then the board
    grip = screws.LENGTH - above
    assert grip >= 2.5 * D1[1]  # in plastic, 2.5 diameters of thread or more
    assert screws.PILOT_DEPTH >= grip + 1.0 and cm.STANDOFF > screws.PILOT_DEPTH
    assert cm.POST_D >= screws.PILOT_D + 4.0  # 2 mm of wall round the pilot
    assert cm.POST_D >= HEAD_D  # the plate's boss carries the whole head
    print("grip in the post: %.1f mm" % grip)


def test_the_built_case_has_those_holes(case):
    base, plate = case["base"], case["plate"]
    geo = board_geometry.read()
    for hx, hy in board_geometry.mounting_holes(geo):
        x, y = hx, -hy
        z = cm.BOARD_Z - screws.PILOT_DEPTH / 2
        r = screws.PILOT_D / 2
        assert not base.is_inside(Vector(x + r - 0.05, y, z))
        assert base.is_inside(Vector(x + r + 0.05, y, z))
        assert base.is_inside(Vector(x, y, cm.BOARD_Z - screws.PILOT_DEPTH - 0.2))  # its bottom
        rc = screws.CLEAR_D / 2
        for zz in (cm.FACE_Z - 0.1, cm.TOP_Z + 0.1):
            assert not plate.is_inside(Vector(x + rc - 0.05, y, zz))
        assert plate.is_inside(Vector(x + rc + 0.05, y, cm.TOP_Z + 0.1))
    assert screws.BOARD_HOLE_D == pytest.approx(3.2)
