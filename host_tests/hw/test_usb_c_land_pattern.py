"""J1's land pattern in the board file against the ordered part's drawing
(hardware/parts/j1-usb4125.csv: pads, shell stakes, their source), and the case's opening
against the part's face."""

import csv
import math

import pytest

from tools.hardware import board_geometry, case_features
from tools.hardware.kicadgen import parts, sexpr

DRAWING = board_geometry.ROOT / "hardware" / "parts" / "j1-usb4125.csv"


def drawing():
    lines = [x for x in DRAWING.read_text().splitlines() if x and not x.startswith("#")]
    return list(csv.DictReader(lines))


def j1_pads():
    """[(number, x, y, w, h, drill w, drill h)] of J1 in the board file, the footprint's frame
    (KiCad keeps pads in it; a pad's own angle swaps its width and length)."""
    tree = sexpr.parse(board_geometry.PCB.read_text())
    for fp in sexpr.find_all(tree, "footprint"):
        ref = next(p[2] for p in sexpr.find_all(fp, "property") if p[1] == "Reference")
        if ref != "J1":
            continue
        rot = float(sexpr.find(fp, "at")[3])
        out = []
        for pad in sexpr.find_all(fp, "pad"):
            at, size = sexpr.find(pad, "at"), sexpr.find(pad, "size")
            turn = (float(at[3]) if len(at) > 3 else 0.0) - rot
            w, h = float(size[1]), float(size[2])
            if round(turn) % 180:
                w, h = h, w
            drill = sexpr.find(pad, "drill")
            dw = dh = None
            if drill is not None:
                nums = [float(v) for v in drill[1:] if isinstance(v, str) and v != "oval"]
                dw, dh = (nums + nums)[:2] if len(nums) == 1 else nums[:2]
            out.append((pad[1], float(at[1]), float(at[2]), w, h, dw, dh))
        return fp, out
    raise AssertionError("no J1 on the board")


def test_j1_is_the_part_the_drawing_is_for_and_has_an_lcsc_code():
    fp, _pads = j1_pads()
    assert "USB4125-xx-x-0190" in fp[1]
    assert "1.9mm stake" in sexpr.find(fp, "descr")[1] or "usb4125" in sexpr.find(fp, "descr")[1]
    j1 = next(p for p in parts.all_parts() if p["ref"] == "J1")
    assert j1["mpn"] == "USB4125-GF-A-0190" and j1["mfr"] == "GCT" and j1["lcsc"] == "C5246813"


def test_every_pad_and_stake_is_where_the_drawing_puts_it():
    _fp, pads = j1_pads()
    rows = drawing()
    assert len(pads) == len(rows) == 10
    unmatched = list(pads)
    for r in rows:
        x, y = float(r["x"]), float(r["y"])
        match = [
            p
            for p in unmatched
            if p[0] == r["feature"]
            and math.isclose(p[1], x, abs_tol=0.005)
            and math.isclose(p[2], y, abs_tol=0.005)
        ]
        assert len(match) == 1, r
        p = match[0]
        unmatched.remove(p)
        assert (p[3], p[4]) == pytest.approx((float(r["pad_w"]), float(r["pad_h"])), abs=0.005), r
        if r["kind"] == "stake":  # a slot for each shell leg, through the board
            assert (p[5], p[6]) == pytest.approx((float(r["drill_w"]), float(r["drill_h"])))
        else:
            assert p[5] is None
    assert unmatched == []


def test_lcscs_own_land_pattern_agrees_within_0_06_mm():
    for r in drawing():
        for a, b in (("x", "lcsc_x"), ("y", "lcsc_y"), ("pad_w", "lcsc_pad_w")):
            if r["kind"] == "stake" and a == "pad_w":
                continue  # LCSC draws the stakes' pads for 1.40 mm drills
            assert abs(float(r[a]) - float(r[b])) <= 0.06, (r["feature"], a)


def test_the_case_opens_round_the_parts_face_on_the_board_edge():
    geo = board_geometry.read()
    _x, y, rot, side = geo["parts"]["J1"]
    assert (rot, side) == (180.0, "front")
    face = y - case_features.J1_FACE  # the footprint's edge line, 3.40 mm from its origin
    assert face == pytest.approx(geo["outline"][1])  # on the board's back edge
    stakes = [float(r["y"]) for r in drawing() if r["kind"] == "stake"]
    assert case_features.J1_FACE > max(stakes) + 1.7 / 2  # the legs stay on the board
