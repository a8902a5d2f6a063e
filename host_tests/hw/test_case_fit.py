"""The case against the cables, the printer and the board: measured on the solids and the STLs.

A plug is a 12.4 x 6.6 mm body (USB-IF's largest recommended overmold, rounded up) pushed in to
full mating depth; a bed is 220 x 220 mm; support is what a face more than 45 degrees from
vertical, facing down and off the bed, needs (case_print.py) in the exported STL's pose.
"""

import pytest
from build123d import Box, Pos, Vector

from tools.hardware import board_geometry, case_build, case_features, case_print, case_split
from tools.hardware import case_model as cm

GEO = board_geometry.read()
BED = 220.0
HOUSING = ("base", "plate")


def volume(a, b):
    """Volume (mm3) the two solids share."""
    common = a & b
    return sum(s.volume for s in common.solids()) if common else 0.0


def test_both_cable_openings_pass_a_plug_at_full_mating_depth(case):
    plugs = case_features.plugs(GEO, cm.TOP_Z)
    assert set(plugs) == {"USB-C (J1)", "micro-USB (Pico)"}
    # J1's face is the board's edge (the outline from the board file), the Pico's is on it.
    (jx, jy, _jz), _out = plugs["USB-C (J1)"]
    assert abs(jy + GEO["outline"][3]) < 1e-6 and jx == GEO["parts"]["J1"][0]
    (px, _py, pz), _out = plugs["micro-USB (Pico)"]
    assert 0 < px < 2 and pz > cm.TOP_Z + 3
    for name, (face, out) in plugs.items():
        body = case_features.plug_body(face, out)
        for part in HOUSING:
            assert volume(body, case[part]) < 1e-3, (name, part)
        # The opening is the plug with its clearance, no larger: 0.6 mm more each side and
        # the plug meets the case.
        fat = case_features.plug_body(face, out, case_features.PLUG_CLEAR + 0.1)
        assert sum(volume(fat, case[p]) for p in HOUSING) > 1.0, name
        # ... and the old 11.0 x 4.8 mm opening would have stopped it: the body reaches past
        # the face's own 2.5-3.3 mm behind the outer wall, right through the wall.
        assert body.bounding_box().size.Z == pytest.approx(case_features.PLUG_H)


def test_every_part_longer_than_the_bed_comes_in_pieces_that_fit(exported):
    sizes = {}
    for stl in sorted(exported.glob("*.stl")):
        tris = case_print.read_stl(stl)
        pts = [p for t in tris for p in t]
        lo = [min(p[i] for p in pts) for i in range(3)]
        hi = [max(p[i] for p in pts) for i in range(3)]
        assert lo == pytest.approx([0, 0, 0], abs=1e-3), stl.name  # on the bed, in its corner
        sizes[stl.stem] = (hi[0], hi[1])
    assert set(sizes) == {"base", "plate", "keypad_mount", "bootsel_pin", "base_left",
                          "base_right", "plate_left", "plate_right"}  # fmt: skip
    too_long = {n for n, (w, d) in sizes.items() if max(w, d) > BED}
    assert too_long == {"base", "plate"}  # printed whole only on a bed of 300 mm and up
    for name in too_long:
        left, right = sizes[name + "_left"], sizes[name + "_right"]
        assert max(left) <= BED and max(right) <= BED
        # The two pieces make the whole: their lengths add up to it with the dovetails' reach.
        gap = case_split.JOINT_CLEAR
        assert left[0] + right[0] == pytest.approx(sizes[name][0] + case_split.TAB_DEEP - gap)


def test_the_pieces_join_with_dovetails_that_align_them(case, pieces):
    for name, z in (("base", cm.FLOOR / 2), ("plate", cm.PLATE_Z + cm.PLATE_T / 2)):
        left, right = pieces[name + "_left"], pieces[name + "_right"]
        assert volume(left, right) < 1e-3  # they do not overlap ...
        whole = case[name].volume
        assert left.volume + right.volume == pytest.approx(whole, rel=0.01)  # ... or lose much
        tabs = case_build.BASE_TABS if name == "base" else case_build.PLATE_TABS
        for y in tabs:  # the left piece reaches into the right one at each dovetail ...
            x = case_split.SEAM_X + case_split.TAB_DEEP - 0.5
            assert left.is_inside(Vector(x, y, z)) and not right.is_inside(Vector(x, y, z))
            # ... wider at its end than at the seam, so it cannot pull out along the board
            end = case_split.TAB_END / 2 - 0.3
            assert left.is_inside(Vector(x, y + end, z))
            assert right.is_inside(Vector(case_split.SEAM_X + 0.5, y + end, z))
    # The seam passes between two light tubes, clear of every window and post.
    for hx, _hy in board_geometry.leds(GEO).values():
        assert abs(hx - case_split.SEAM_X) > cm.TUBE_OD / 2 + 0.5
    for hx, _hy in board_geometry.mounting_holes(GEO):
        assert abs(hx - case_split.SEAM_X) > cm.POST_D / 2 + 1.0


def test_each_part_lies_as_it_needs_least_support_and_under_the_stated_bound(case, exported):
    figures, every = {}, {}
    for name in case_build.PRINT_AS:
        exported_mm2 = case_print.overhang(case_print.read_stl(exported / (name + ".stl")))
        every[name] = case_print.measure(case[name])
        figures[name] = round(exported_mm2)
        assert exported_mm2 <= case_build.OVERHANG_MAX[name], (name, exported_mm2)
        # The pose exported is the best of the six (within the two tessellations' difference).
        least = min(every[name].values())
        assert exported_mm2 <= least * 1.05 + 1.0, (name, every[name])
        assert every[name][case_build.PRINT_AS[name]] == least, (name, every[name])
    # The two poses the old README gave: base upside down, plate face up.
    assert every["base"]["upside down"] > 20000 and every["plate"]["as modelled"] > 20000
    print("support needed, mm2:", figures)


def grid(x0, y0, x1, y1, n=6):
    return [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * j / n) for i in range(n + 1)
            for j in range(n + 1)]  # fmt: skip


def test_the_display_window_lines_up_with_the_active_area(case):
    x0, y0, x1, y1, z = case_features.oled_active(GEO, cm.TOP_Z)
    plate = case["plate"]
    mid = cm.PLATE_Z + cm.PLATE_T / 2
    assert z < cm.PLATE_Z  # the glass is under the plate
    for x, y in grid(x0, y0, x1, y1):  # the whole active area is open to view
        assert not plate.is_inside(Vector(x, y, mid)), (x, y)
    m = case_features.OLED_MARGIN + 0.3  # and the plate closes just beyond its margin
    for x, y in ((x0 - m, (y0 + y1) / 2), (x1 + m, (y0 + y1) / 2), ((x0 + x1) / 2, y0 - m),
                 ((x0 + x1) / 2, y1 + m)):  # fmt: skip
        assert plate.is_inside(Vector(x, y, mid)), (x, y)


def test_the_status_led_shows_and_bootsel_has_a_pin(case):
    plate, pin = case["plate"], case["bootsel_pin"]
    top = cm.PLATE_Z + cm.PLATE_T
    sx, sy = case_features.status_xy(GEO)
    for z in (top - 0.1, cm.PLATE_Z - 1.0, cm.TOP_Z + case_features.STATUS_LED_TOP + 0.6):
        assert not plate.is_inside(Vector(sx, sy, z))  # a light path from the LED to the face
    tube_r = (case_features.STATUS_TUBE_ID + case_features.STATUS_TUBE_OD) / 4
    assert plate.is_inside(Vector(sx + tube_r, sy, cm.PLATE_Z - 1.0))  # inside a tube wall
    bx, by = case_features.bootsel_xy(GEO)
    box = pin.bounding_box()
    assert abs(box.center().X - bx) < 1e-6 and abs(box.center().Y - by) < 1e-6
    assert box.min.Z == pytest.approx(cm.TOP_Z + case_features.BOOTSEL_TOP)  # on the plunger
    assert box.max.Z == pytest.approx(top + case_features.PIN_PROUD)  # proud of the face
    assert volume(pin, plate) < 1e-3  # it slides in its hole ...
    lifted = Pos(0, 0, cm.PLATE_Z - (box.min.Z + case_features.PIN_COLLAR_T) + 0.01) * pin
    assert volume(lifted, plate) > 0  # ... and its collar stops it under the plate


def test_the_display_module_fits_under_the_plate_and_inside_the_base(case):
    module = case_features.display_standin(GEO, cm.TOP_Z)
    for part in HOUSING:
        assert volume(module, case[part]) < 1e-3, part
    ex, _cy = case_features.oled_frame(GEO)
    assert ex > GEO["parts"]["A1"][0] + 50  # clear of the Pico, which ends at x = 53
    assert box_of(module).max.Z < cm.PLATE_Z


def box_of(solid):
    return solid.bounding_box()


def test_no_board_part_meets_the_case(case, part_boxes):
    """Every part's 3D model's box, placed as on the board, against the base and the plate."""
    assert len(part_boxes) > 250
    # Under the plate hang only the light tubes (their ends 0.5 mm above their LEDs) and the
    # standoffs at the mounting holes: only a part that reaches above the tubes' ends, or
    # comes near a hole, can meet the plate (a boolean on the plate is slow: the rest skip it).
    low = cm.TOP_Z + min(cm.LED_TOP + cm.TUBE_GAP, case_features.STATUS_LED_TOP + 0.5)
    holes = [(x, -y) for x, y in board_geometry.mounting_holes(GEO)]

    def near_hole(b):
        box = b.bounding_box()
        return any(box.min.X - 4 < x < box.max.X + 4 and box.min.Y - 4 < y < box.max.Y + 4
                   for x, y in holes)  # fmt: skip

    tall = [b for b in part_boxes if b.bounding_box().max.Z > low + 1e-3 or near_hole(b)]
    assert 2 < len(tall) < 60, len(tall)  # the Pico, J1, D124 ... not the LEDs
    assert max(b.bounding_box().max.Z for b in tall) > cm.TOP_Z + 6  # the Pico on its headers
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
