"""The case against the cables, the printer and the board: measured on the solids and the STLs.

A plug is a body pushed in to full mating depth: USB-C 12.4 x 6.6 mm (USB-IF's largest
recommended overmold, rounded up), micro-B 10.6 x 8.5 mm (the Micro-USB specification's
largest); a bed is 220 x 220 mm; support is what a face more than 45 degrees from vertical,
facing down and off the bed, needs (case_print.py) in the exported STL's pose.
"""

import pytest
from build123d import Box, Pos, Vector

from tools.hardware import board_geometry, case_build, case_features, case_print, case_split
from tools.hardware import case_model as cm

GEO = board_geometry.read()
BED = 220.0
SUPPORT_LIMIT = 3000.0  # mm2 a part, printed as it lies
HOUSING = ("base", "plate")


def volume(a, b):
    """Volume (mm3) the two solids share."""
    common = a & b
    return sum(s.volume for s in common.solids()) if common else 0.0


def test_both_cables_leave_through_the_back_wall_with_a_plug_at_full_mating_depth(case):
    plugs = case_features.plugs(GEO, cm.TOP_Z, cm.BOARD_Z)
    assert set(plugs) == set(case_features.PLUGS)
    j1x = GEO["parts"]["J1"][0]
    for name, ((x, y, _z), (dx, dy)) in plugs.items():
        assert (dx, dy) == (0.0, 1.0), name  # outward through the back wall (the board's y = 0)
        assert -0.3 <= y <= 0.0, name  # the receptacle's face at the board's back edge
        assert abs(x - j1x) < 0.2, name  # one above the other: USB-C over the micro-USB
    assert plugs["USB-C (J1)"][0][2] > cm.TOP_Z > cm.BOARD_Z > plugs["micro-USB (Pico)"][0][2]
    bodies = {}
    for name, (face, out) in plugs.items():
        body = bodies[name] = case_features.plug_body(name, face, out)
        for part in HOUSING:
            assert volume(body, case[part]) < 1e-3, (name, part)
        # The opening is the plug with its clearance, no larger: 0.6 mm more each side and
        # the plug meets the case.
        fat = case_features.plug_body(name, face, out, case_features.PLUG_CLEAR + 0.1)
        assert sum(volume(fat, case[p]) for p in HOUSING) > 1.0, name
    # Both plugs fit at once, the largest overmolds the standards allow.
    assert volume(*bodies.values()) < 1e-3


def test_every_part_longer_than_the_bed_comes_in_pieces_that_fit(exported):
    sizes = {}
    for stl in sorted(exported.glob("*.stl")):
        tris = case_print.read_stl(stl)
        pts = [p for t in tris for p in t]
        lo = [min(p[i] for p in pts) for i in range(3)]
        hi = [max(p[i] for p in pts) for i in range(3)]
        assert lo == pytest.approx([0, 0, 0], abs=1e-3), stl.name  # on the bed, in its corner
        sizes[stl.stem] = (hi[0], hi[1])
    assert set(sizes) == {"base", "plate", "keypad_mount", "base_left", "base_right",
                          "plate_left", "plate_right"}  # fmt: skip
    too_long = {n for n, (w, d) in sizes.items() if max(w, d) > BED}
    assert too_long == {"base", "plate"}  # printed whole only on a bed of 300 mm and up
    for name in too_long:
        left, right = sizes[name + "_left"], sizes[name + "_right"]
        assert max(left) <= BED and max(right) <= BED
        # The two pieces make the whole: their lengths add up to it with the dovetails' reach.
        gap = case_split.JOINT_CLEAR
        assert left[0] + right[0] == pytest.approx(sizes[name][0] + case_split.TAB_DEEP - gap)
    print("piece sizes, mm:", {n: tuple(round(v) for v in s) for n, s in sizes.items()})


SEAMS = {"base": case_split.BASE_SEAM_X, "plate": case_split.PLATE_SEAM_X}


def test_the_pieces_join_with_dovetails_that_align_them(case, pieces):
    for name, z in (("base", cm.FLOOR / 2), ("plate", cm.PLATE_Z + cm.PLATE_T / 2)):
        left, right = pieces[name + "_left"], pieces[name + "_right"]
        seam = SEAMS[name]
        assert volume(left, right) < 1e-3  # they do not overlap ...
        whole = case[name].volume
        assert left.volume + right.volume == pytest.approx(whole, rel=0.01)  # ... or lose much
        tabs = case_build.BASE_TABS if name == "base" else case_build.PLATE_TABS
        for y in tabs:  # the left piece reaches into the right one at each dovetail ...
            x = seam + case_split.TAB_DEEP - 0.5
            assert left.is_inside(Vector(x, y, z)) and not right.is_inside(Vector(x, y, z))
            # ... wider at its end than at the seam, so it cannot pull out along the board
            end = case_split.TAB_END / 2 - 0.3
            assert left.is_inside(Vector(x, y + end, z))
            assert right.is_inside(Vector(seam + 0.5, y + end, z))
    # The plate's seam passes between two holes and through the middle mounting holes, so a
    # screw head (5.6 mm) holds each half down at each end of the seam; the base's clears
    # every post.
    for hx, _hy in board_geometry.leds(GEO).values():
        assert abs(hx - case_split.PLATE_SEAM_X) > cm.HOLE_D / 2 + 0.5
    on_seam = [h for h in board_geometry.mounting_holes(GEO) if h[0] == case_split.PLATE_SEAM_X]
    assert sorted(y for _x, y in on_seam) == [4.0, 98.0]  # the back and the front end
    for hx, _hy in board_geometry.mounting_holes(GEO):
        assert abs(hx - case_split.BASE_SEAM_X) > cm.POST_D / 2 + 1.0


def test_each_part_lies_as_it_needs_least_support_and_under_the_stated_bound(case, exported):
    figures, every = {}, {}
    for name in case_build.PRINT_AS:
        exported_mm2 = case_print.overhang(case_print.read_stl(exported / (name + ".stl")))
        every[name] = case_print.measure(case[name])
        figures[name] = round(exported_mm2)
        assert exported_mm2 <= case_build.OVERHANG_MAX[name] <= SUPPORT_LIMIT, (name, exported_mm2)
        # The pose exported is the best of the six (within the two tessellations' difference).
        least = min(every[name].values())
        assert exported_mm2 <= least * 1.05 + 1.0, (name, every[name])
        assert every[name][case_build.PRINT_AS[name]] == least, (name, every[name])
    for name in ("base_left", "base_right", "plate_left", "plate_right"):
        mm2 = case_print.overhang(case_print.read_stl(exported / (name + ".stl")))
        figures[name] = round(mm2)
        assert mm2 <= SUPPORT_LIMIT, (name, mm2)
    # The poses nobody should print in: base upside down, plate face up.
    assert every["base"]["upside down"] > 20000 and every["plate"]["as modelled"] > 20000
    print("support needed, mm2:", figures)


def grid(x0, y0, x1, y1, n=6):
    return [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * j / n) for i in range(n + 1)
            for j in range(n + 1)]  # fmt: skip


def test_the_display_glass_sits_in_the_face_in_its_window(case):
    plate = case["plate"]
    x0, y0, x1, y1, z = case_features.oled_active(GEO, cm.TOP_Z)
    assert cm.FACE_Z - 0.5 < z < cm.FACE_Z + 0.5  # the glass's top about level with the face
    g0, g1, g2, g3 = case_features.oled_glass(GEO)
    assert g0 < x0 and x1 < g2 and g1 < y0 and y1 < g3  # the active area lies in the glass
    mid = cm.PLATE_Z + cm.PLATE_T / 2
    for x, y in grid(g0 + 0.05, g1 + 0.05, g2 - 0.05, g3 - 0.05):  # the whole glass is open
        assert not plate.is_inside(Vector(x, y, mid)), (x, y)
    m = case_features.WINDOW_CLEAR + 0.3  # and the plate closes just beyond its clearance
    skin = cm.FACE_Z - 0.15  # (over the pocket for the module's header joints, too)
    for x, y in ((g0 - m, (g1 + g3) / 2), (g2 + m, (g1 + g3) / 2), ((g0 + g2) / 2, g1 - m),
                 ((g0 + g2) / 2, g3 + m)):  # fmt: skip
        assert plate.is_inside(Vector(x, y, skin)), (x, y)
    # The module's text stands upright for the player at the front: its pin edge (the top of
    # its text) toward the back, its 128 columns along the board's long side.
    _mx0, _mx1, edge = case_features.display_frame(GEO)
    assert -edge > y1 and (x1 - x0) > (y1 - y0)


def test_the_status_led_shows_and_bootsel_has_a_key_that_cannot_fall_out(case):
    plate, base = case["plate"], case["base"]
    sx, sy = case_features.status_xy(GEO)
    for z in (cm.FACE_Z - 0.1, cm.PLATE_Z + 0.1):
        assert not plate.is_inside(Vector(sx, sy, z))  # a window from the LED to the face
    assert plate.is_inside(
        Vector(sx + case_features.STATUS_WINDOW_D / 2 + 0.5, sy, cm.FACE_Z - 0.1)
    )
    # The key is part of the base: a tongue in the floor, free on three sides ...
    bx, by = case_features.bootsel_xy(GEO)
    kf = case_features
    end = by + kf.KEY_POST_D
    floor = cm.FLOOR / 2
    assert base.is_inside(Vector(bx, by, floor))  # the tongue under the plunger
    for x, y in ((bx, end + kf.KEY_SLOT / 2), (bx - kf.KEY_W / 2 - kf.KEY_SLOT / 2, by),
                 (bx + kf.KEY_W / 2 + kf.KEY_SLOT / 2, by)):  # fmt: skip
        assert not base.is_inside(Vector(x, y, floor)), (x, y)  # the slot round it
    assert base.is_inside(Vector(bx, end - kf.KEY_L - 0.5, floor))  # joined at its root
    # ... with a post that stops KEY_GAP short of the plunger (a press closes the gap).
    tip = cm.BOARD_Z - kf.BOOTSEL_TIP
    assert base.is_inside(Vector(bx, by, tip - kf.KEY_GAP - 0.1))
    assert not base.is_inside(Vector(bx, by, tip - kf.KEY_GAP + 0.1))


def test_the_display_module_fits_between_the_board_and_the_plate(case):
    module = case_features.display_standin(GEO, cm.TOP_Z)
    for part in HOUSING:
        assert volume(module, case[part]) < 1e-3, part
    # The plate's pads meet the module's board at its front margin: it cannot rattle.
    _mx0, _mx1, edge = case_features.display_frame(GEO)
    pad_y = -(edge + case_features.OLED_L - 1.0)
    cx = sum(case_features.display_frame(GEO)[:2]) / 2
    assert case["plate"].is_inside(Vector(cx, pad_y, cm.TOP_Z + case_features.OLED_PCB_T + 0.05))


def test_no_board_part_meets_the_case(case, part_boxes):
    """Every part's 3D model's box, placed as on the board, against the base and the plate; a
    back part's leads trimmed to part_boxes.LEAD_TIP."""
    assert len(part_boxes) > 250
    # Only a part reaching up to the plate's underside, or near a mounting hole's boss, can
    # meet the plate (a boolean on the plate is slow: the rest skip it).
    low = cm.PLATE_Z - 0.1
    holes = [(x, -y) for x, y in board_geometry.mounting_holes(GEO)]

    def near_hole(b):
        box = b.bounding_box()
        return any(box.min.X - 4 < x < box.max.X + 4 and box.min.Y - 4 < y < box.max.Y + 4
                   for x, y in holes)  # fmt: skip

    tall = [b for b in part_boxes if b.bounding_box().max.Z > low or near_hole(b)]
    assert 2 < len(tall) < 60, len(tall)  # J1, D124, the parts by the holes ... not the LEDs
    assert max(b.bounding_box().max.Z for b in tall) > cm.FACE_Z  # J1, in its slot
    met = [("plate", b.center()) for b in tall if volume(b, case["plate"]) > 1e-2]
    met += [("base", b.center()) for b in part_boxes if volume(b, case["base"]) > 1e-2]
    assert met == []
    # A box that does meet the base is found: the check sees what it is given.
    hx, hy = board_geometry.mounting_holes(GEO)[0]
    assert volume(Pos(hx + 3, -hy, cm.FLOOR + 1) * Box(2, 2, 2), case["base"]) > 1.0


@pytest.fixture(scope="module")
def part_boxes():
    from tools.hardware import part_boxes as pb

    return [Pos(*c) * Box(*s) for c, s in pb.boxes(cm.TOP_Z, cm.BOARD_Z)]
