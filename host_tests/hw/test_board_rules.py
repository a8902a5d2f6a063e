"""The board's own checks: ERC and DRC at every severity, the copper kept away from the mounting
holes, the fiducials. Read from the board file (pure Python) and kicad-cli, as `make hardware`.
"""

import math
import subprocess
from pathlib import Path

import pytest

from tools.hardware import board_geometry
from tools.hardware.kicadgen import layout, sexpr

ROOT = Path(__file__).resolve().parents[2]
KICAD = ROOT / "hardware" / "kicad"
KEEPOUT = 3.5  # mm from a mounting hole's centre: an M3 screw head (5.5 mm) and standoff


def kicad_cli(*args):
    return subprocess.run(["kicad-cli", *map(str, args)], capture_output=True, text=True,
                          check=False)  # fmt: skip


def test_erc_at_every_severity_finds_nothing(tmp_path):
    rpt = tmp_path / "erc.rpt"
    res = kicad_cli("sch", "erc", "--severity-all", "--exit-code-violations", "-o", rpt,
                    KICAD / "picopeg.kicad_sch")  # fmt: skip
    report = rpt.read_text()
    assert res.returncode == 0, report
    assert "ERC messages: 0" in report and "Errors 0  Warnings 0" in report


def test_drc_at_every_severity_finds_nothing_with_schematic_parity(tmp_path):
    rpt = tmp_path / "drc.rpt"
    res = kicad_cli("pcb", "drc", "--schematic-parity", "--severity-all",
                    "--exit-code-violations", "-o", rpt, KICAD / "picopeg.kicad_pcb")  # fmt: skip
    report = rpt.read_text()
    assert res.returncode == 0, report
    for line in ("Found 0 DRC violations", "Found 0 unconnected pads",
                 "Found 0 Footprint errors"):  # fmt: skip
        assert line in report, line
    assert "Found 0 schematic parity issues" in res.stdout


def seg_dist(p, a, b):
    """Distance from point p to segment ab."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def inside(p, poly):
    """Even-odd point in polygon (KiCad's filled polygons are fractured: one outline each)."""
    x, y = p
    hit = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


@pytest.fixture(scope="module")
def board():
    return sexpr.parse(board_geometry.PCB.read_text())


def hole_centres(board):
    """Mounting hole centres in the board file's own coordinates."""
    out = []
    for fp in sexpr.find_all(board, "footprint"):
        ref = next(p[2] for p in sexpr.find_all(fp, "property") if p[1] == "Reference")
        if ref[0] == "H" and ref[1:].isdigit():
            at = sexpr.find(fp, "at")
            out.append((float(at[1]), float(at[2])))
    return out


def copper(board):
    """(kind, distance function) of every piece of copper: tracks, vias, pads, zone fills."""
    items = []
    for s in sexpr.find_all(board, "segment"):
        a = tuple(float(v) for v in sexpr.find(s, "start")[1:3])
        b = tuple(float(v) for v in sexpr.find(s, "end")[1:3])
        half = float(sexpr.find(s, "width")[1]) / 2
        items.append(("track", lambda p, a=a, b=b, h=half: seg_dist(p, a, b) - h))
    for v in sexpr.find_all(board, "via"):
        c = tuple(float(x) for x in sexpr.find(v, "at")[1:3])
        r = float(sexpr.find(v, "size")[1]) / 2
        items.append(("via", lambda p, c=c, r=r: math.dist(p, c) - r))
    for fp in sexpr.find_all(board, "footprint"):
        at = sexpr.find(fp, "at")
        fx, fy = float(at[1]), float(at[2])
        rot = math.radians(float(at[3]) if len(at) > 3 else 0.0)
        for pad in sexpr.find_all(fp, "pad"):
            if pad[2] == "np_thru_hole":
                continue  # the mounting hole itself: no copper
            px, py = (float(v) for v in sexpr.find(pad, "at")[1:3])
            size = sexpr.find(pad, "size")
            r = math.hypot(float(size[1]), float(size[2])) / 2  # the pad's enclosing circle
            c = (fx + px * math.cos(rot) + py * math.sin(rot),
                 fy - px * math.sin(rot) + py * math.cos(rot))  # fmt: skip
            items.append(("pad", lambda p, c=c, r=r: math.dist(p, c) - r))
    for zone in sexpr.find_all(board, "zone"):
        for fill in sexpr.find_all(zone, "filled_polygon"):
            pts = [(float(q[1]), float(q[2])) for q in sexpr.find_all(sexpr.find(fill, "pts"),
                                                                       "xy")]  # fmt: skip

            def dist(p, pts=pts):
                if inside(p, pts):
                    return -1.0
                return min(seg_dist(p, a, b) for a, b in zip(pts, pts[1:] + pts[:1],
                                                             strict=True))  # fmt: skip

            items.append(("zone fill", dist))
    return items


def test_no_copper_within_3_5_mm_of_a_mounting_hole(board):
    holes = hole_centres(board)
    assert len(holes) == len(layout.MOUNT_HOLES) == 6
    items = copper(board)
    kinds = {k for k, _ in items}
    assert kinds == {"track", "via", "pad", "zone fill"}  # every kind was read: a real check
    for h in holes:
        nearest = min(d(h) for _k, d in items)
        assert nearest >= KEEPOUT, (h, nearest)
    # The pours reach round the holes: the keep-out is what stops them, not an empty board.
    fills = [d for k, d in items if k == "zone fill"]
    assert all(min(d(h) for d in fills) < KEEPOUT + 1.0 for h in holes)


def test_two_fiducials_on_the_assembly_side_not_placed(board):
    fids = []
    for fp in sexpr.find_all(board, "footprint"):
        ref = next(p[2] for p in sexpr.find_all(fp, "property") if p[1] == "Reference")
        if ref.startswith("FID"):
            fids.append(fp)
            assert sexpr.find(fp, "layer")[1] == "F.Cu"  # the side JLCPCB assembles
            attr = sexpr.find(fp, "attr")
            assert "exclude_from_pos_files" in [str(a) for a in attr[1:]]
            (pad,) = sexpr.find_all(fp, "pad")
            assert [str(v) for v in sexpr.find(pad, "layers")[1:]] == ["F.Cu", "F.Mask"]
    assert len(fids) == 2
    xs, ys = board_geometry.edge_points(board)
    at = [tuple(float(v) for v in sexpr.find(fp, "at")[1:3]) for fp in fids]
    # Diagonally apart (the camera gets position and rotation), 3 mm or more inside the edge.
    assert math.dist(*at) > 200
    for x, y in at:
        assert min(x - min(xs), max(xs) - x, y - min(ys), max(ys) - y) >= 3.0
