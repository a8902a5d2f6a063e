"""The case (tools/hardware/case_model.py) measured on its solids against the board file.

Runs in .venv-hw (`make test-hw`): build123d. The solids are built once (about 10 s).
"""

import pytest
from build123d import GeomType, Vector

from tools.hardware import board_geometry, case_build
from tools.hardware import case_model as cm

GEO = board_geometry.read()
LEDS = board_geometry.leds(GEO)


@pytest.fixture(scope="module")
def case():
    return case_build.build(GEO)


def circles(solid, radius, z):
    """Centres (x, y) of the solid's circular edges of this radius at height z."""
    out = []
    for e in solid.edges().filter_by(GeomType.CIRCLE):
        c = e.arc_center
        if abs(e.radius - radius) < 1e-3 and abs(c.Z - z) < 1e-3:
            out.append((c.X, c.Y))
    return out


def test_every_window_is_over_its_led(case):
    top = cm.PLATE_Z + cm.PLATE_T
    windows = circles(case["plate"], cm.WINDOW_D / 2, top)
    assert len(windows) == 121
    for hole, (x, y) in LEDS.items():
        best = min(((wx - x) ** 2 + (wy + y) ** 2) ** 0.5 for wx, wy in windows)
        assert best <= 0.2, hole


def inside(solid, x, y, z):
    return solid.is_inside(Vector(x, y, z))


def test_usb_cutout_lines_up_with_the_connector(case):
    j1x, _j1y, _rot, side = GEO["parts"]["J1"]
    assert side == "front"
    wall_y = -(GEO["outline"][3] + cm.CLEAR + cm.WALL / 2)
    z = cm.TOP_Z + cm.USB_Z
    base = case["base"]
    assert not inside(base, j1x, wall_y, z)  # open in front of the socket
    # The opening's edges, scanned along the wall, are centred on the socket (0.1 mm steps).
    xs = [j1x + i / 10 for i in range(-80, 81)]
    open_x = [x for x in xs if not inside(base, x, wall_y, z)]
    assert abs((min(open_x) + max(open_x)) / 2 - j1x) <= 0.2
    assert max(open_x) - min(open_x) >= 9.0  # a USB-C plug's overmold is about 8.3 mm wide


def test_board_fits_with_clearance(case):
    x0, y0, x1, y1 = GEO["outline"]
    base, z = case["base"], cm.BOARD_Z + cm.BOARD_T / 2
    gap = cm.CLEAR - 0.2  # what is left with the board pushed 0.2 mm to one side
    for x, y in ((x0 - gap, -(y0 + y1) / 2), (x1 + gap, -(y0 + y1) / 2),
                 ((x0 + x1) / 2, -(y0 - gap)), ((x0 + x1) / 2, -(y1 + gap))):  # fmt: skip
        assert not inside(base, x, y, z)
    for hx, hy in board_geometry.mounting_holes(GEO):  # a post under every mounting hole
        assert inside(base, hx + cm.PILOT_D / 2 + 0.5, -hy, cm.BOARD_Z - 0.5)
        assert not inside(base, hx, -hy, cm.BOARD_Z - 0.5)  # its pilot hole
    # The plate's tubes end above the LEDs, not on them: nothing of the plate at the LED top.
    x, y = LEDS[1]
    r = (cm.TUBE_ID + cm.TUBE_OD) / 4
    assert not inside(case["plate"], x + r, -y, cm.TOP_Z + cm.LED_TOP + 0.2)
    assert inside(case["plate"], x + r, -y, cm.TOP_Z + cm.LED_TOP + cm.TUBE_GAP + 0.2)


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
    tubes_in = circles(case["plate"], cm.TUBE_ID / 2, cm.TOP_Z + cm.LED_TOP + cm.TUBE_GAP)
    assert len(tubes_in) == 121
    x, y = LEDS[1]
    tube = wall_thickness(case["plate"], x + cm.TUBE_ID / 2 - 0.5, -y, cm.PLATE_Z - 1, 1, 0)
    assert tube >= 1.2
