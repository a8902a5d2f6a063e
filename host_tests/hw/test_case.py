"""The case (tools/hardware/case_model.py) measured on its solids against the board file.

Runs in .venv-hw (`make test-hw`): build123d. The solids are built once (about a minute).
The cable openings, windows, pieces and print orientations: test_case_fit.py.
"""

import pytest
from build123d import GeomType, Vector

from tools.hardware import board_geometry, case_build, case_keypad, screws
from tools.hardware import case_model as cm

GEO = board_geometry.read()
LEDS = board_geometry.leds(GEO)


def circles(solid, radius, z):
    """Centres (x, y) of the solid's circular edges of this radius at height z."""
    out = []
    for e in solid.edges().filter_by(GeomType.CIRCLE):
        c = e.arc_center
        if abs(e.radius - radius) < 1e-3 and abs(c.Z - z) < 1e-3:
            out.append((c.X, c.Y))
    return out


def test_every_hole_is_over_its_led_and_wider_at_the_face(case):
    holes = circles(case["plate"], cm.HOLE_D / 2, cm.FACE_Z)
    under = circles(case["plate"], cm.HOLE_BOTTOM_D / 2, cm.PLATE_Z)
    assert len(holes) == 121 and len(under) == 121
    for hole, (x, y) in LEDS.items():
        for found in (holes, under):
            best = min(((wx - x) ** 2 + (wy + y) ** 2) ** 0.5 for wx, wy in found)
            assert best <= 0.2, hole
    # Where the hole meets the LED it takes in the whole lit area (3.93 mm), with room.
    assert cm.HOLE_BOTTOM_D >= 3.93 + 0.1


def inside(solid, x, y, z):
    return solid.is_inside(Vector(x, y, z))


def test_board_fits_with_clearance_and_the_plate_lies_just_over_the_leds(case):
    x0, y0, x1, y1 = GEO["outline"]
    base, z = case["base"], cm.BOARD_Z + cm.BOARD_T / 2
    gap = cm.CLEAR - 0.2  # what is left with the board pushed 0.2 mm to one side
    for x, y in ((x0 - gap, -(y0 + y1) / 2), (x1 + gap, -(y0 + y1) / 2),
                 ((x0 + x1) / 2, -(y0 - gap)), ((x0 + x1) / 2, -(y1 + gap))):  # fmt: skip
        assert not inside(base, x, y, z)
    for hx, hy in board_geometry.mounting_holes(GEO):  # a post under every mounting hole
        assert inside(base, hx + screws.PILOT_D / 2 + 0.5, -hy, cm.BOARD_Z - 0.5)
        assert not inside(base, hx, -hy, cm.BOARD_Z - 0.5)  # its pilot hole
    # The plate's underside is LED_GAP over each LED's top: beside the hole, nothing of the
    # plate at the LED's top; the plate just above it.
    x, y = LEDS[1]
    r = cm.HOLE_BOTTOM_D / 2 + 0.5
    assert not inside(case["plate"], x + r, -y, cm.TOP_Z + cm.LED_TOP + 0.05)
    assert inside(case["plate"], x + r, -y, cm.TOP_Z + cm.LED_TOP + cm.LED_GAP + 0.05)
    assert cm.FACE_Z - (cm.TOP_Z + cm.LED_TOP) == pytest.approx(1.4)  # LED top to the face


def wall_thickness(solid, x, y, z, dx, dy):  # noqa: PLR0917
    """Length of solid along a line from (x, y) stepping (dx, dy) mm, 0.05 mm steps."""
    n = 0
    for i in range(400):
        if inside(solid, x + dx * i * 0.05, y + dy * i * 0.05, z):
            n += 1
    return n * 0.05


def test_walls_are_printable(case):
    _x0, y0, x1, y1 = GEO["outline"]
    mid_y = -(y0 + y1) / 2
    t = wall_thickness(case["base"], x1 + cm.CLEAR - 1, mid_y - 20, 10, 1, 0)
    assert t >= 1.2
    assert cm.FLOOR >= 1.2 and cm.PLATE_T >= 1.2
    # Between two holes 7.5 mm apart, at the face (where the holes are widest): 2.3 mm.
    (ax, ay), (bx, _by) = LEDS[1], LEDS[2]
    web = wall_thickness(case["plate"], ax, -ay, cm.FACE_Z - 0.05, 1, 0)
    assert web >= bx - ax - cm.HOLE_D - 0.1 >= 1.2


def test_engraved_texts_sit_where_the_silkscreen_has_them_clear_of_the_windows(case):
    texts = case_build.engraved_texts()
    numbers = sorted(int(t) for t, _at, _size in texts if t.isdigit())
    assert numbers == list(range(5, 121, 5))  # every fifth hole, as the board's silkscreen
    windows = [cm.xy(LEDS[h]) for h in LEDS]
    for text, at, size in texts:
        box = cm.engraving([(text, at, size)]).bounding_box()
        cx, cy = cm.xy(at)
        # Centred on its place (a descender, as PicoPeg's g, moves the box's middle a little).
        assert abs((box.min.X + box.max.X) / 2 - cx) < 0.3, text
        assert abs((box.min.Y + box.max.Y) / 2 - cy) < 0.1 * size, text
        if text.isdigit():  # font sizes are ems: DejaVu's digits are 0.73 em tall
            assert 0.69 * size < box.max.Y - box.min.Y < 0.77 * size, text
        for wx, wy in windows:  # the nearest point of the text's box to each window
            dx = max(box.min.X - wx, 0, wx - box.max.X)
            dy = max(box.min.Y - wy, 0, wy - box.max.Y)
            assert (dx * dx + dy * dy) ** 0.5 > cm.HOLE_D / 2 + 0.3, (text, wx, wy)
    # The plate is cut: the engraving's floor is a face of the plate, one per glyph part.
    floor = cm.FACE_Z - cm.ENGRAVE
    faces = [f for f in case["plate"].faces() if abs(f.center().Z - floor) < 1e-3]
    glyphs = len(cm.engraving(texts).faces())
    assert len(faces) >= glyphs + 2  # and the two skunk lines


def test_skunk_lines_cross_the_track_between_60_61_and_90_91(case):
    z = cm.FACE_Z - cm.ENGRAVE / 2
    for last in (60, 90):
        (ax, ay), (bx, by) = cm.xy(LEDS[last]), cm.xy(LEDS[last + 1])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        ux, uy = (bx - ax) / length, (by - ay) / length  # along the track
        across = (-uy, ux)
        assert not inside(case["plate"], mx, my, z)
        for s in (-3.0, 3.0):  # engraved 3 mm to either side, across the track ...
            assert not inside(case["plate"], mx + s * across[0], my + s * across[1], z)
            assert inside(case["plate"], mx + s * ux, my + s * uy, z)  # ... not along it


def test_keypad_lies_upright_for_the_player_and_its_tail_turns_under_it_toward_the_board(case):
    k, kp = case["keypad_mount"], case_keypad
    top = kp.HEIGHT - kp.KEYPAD_T / 2  # in the pocket's depth
    half_w, half_d = kp.KEYPAD_W / 2, kp.KEYPAD_D / 2
    for sx in (-1, 1):
        for sy in (-1, 1):  # the keypad's corners are in the pocket, with room
            assert not inside(k, sx * (half_w + 0.2), sy * (half_d + 0.2), top)
            rim = kp.KEYPAD_CLEAR + 1.2  # and a printable rim beyond them
            assert inside(k, sx * (half_w + rim), sy * (half_d - 10), top)
    floor_z = kp.HEIGHT - kp.KEYPAD_T - 0.5
    assert inside(k, 0, 0, floor_z)  # a floor under the keypad ...
    # ... with a slot through it at the keypad's bottom edge (toward the player, -y), where
    # the tail leaves it, as wide as the tail ...
    for x in (0.0, kp.TAIL_W / 2 - 0.5, -kp.TAIL_W / 2 + 0.5):
        for z in (floor_z, 1.0):
            assert not inside(k, x, kp.slot_y(), z)
    # ... a channel under the cradle from the slot out through the edge toward the board ...
    for y in (kp.slot_y() + kp.SLOT_D, 0.0, kp.CRADLE_D / 2 - 0.5):
        assert not inside(k, 0, y, kp.CHANNEL_H / 2) and inside(k, 0, y, kp.CHANNEL_H + 0.5)
    # ... and nothing open at the player's edge, where the keypad's top row is not.
    assert inside(k, 0, -kp.CRADLE_D / 2 + 0.5, top) and inside(k, 0, -kp.CRADLE_D / 2 + 0.5, 1.0)
    assert inside(k, 0, kp.CRADLE_D / 2 - 0.5, top)  # the board's edge is closed above
