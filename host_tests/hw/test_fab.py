"""The JLCPCB order files KiKit writes (tools/hardware/fab.py), checked against the board.

Runs in .venv-hw (`make test-hw`): KiKit drives KiCad's pcbnew module. One run per module.
"""

import csv
import math
import re
import zipfile
from pathlib import Path

import pytest

from tools.hardware import board_geometry, fab
from tools.hardware.kicadgen import layout, parts, sexpr, track

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    d = tmp_path_factory.mktemp("fab")
    assert fab.main([str(d)]) == 0
    return d


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_bom_has_the_house_columns_and_an_lcsc_code_on_every_line(out):
    bom = rows(out / "picopeg-bom.csv")
    assert list(bom[0]) == ["Comment", "Designator", "Footprint", "LCSC"]
    assert all(re.fullmatch(r"C\d+", r["LCSC"]) for r in bom)
    refs = {d for r in bom for d in r["Designator"].split(",")}
    want = {p["ref"] for p in parts.all_parts() if p["bom"]} - set(layout.HAND_SOLDERED)
    assert refs == want


def test_placement_lists_only_placed_parts_and_the_through_hole_ones_apart(out):
    pos = rows(out / "picopeg-pos.csv")
    assert list(pos[0]) == ["Designator", "Mid X", "Mid Y", "Layer", "Rotation"]
    refs = {r["Designator"] for r in pos}
    assert not refs & set(layout.HAND_SOLDERED)
    hand = rows(out / "picopeg-hand-soldered.csv")
    assert sorted(r["Designator"] for r in hand) == sorted(layout.HAND_SOLDERED)
    assert {r["Layer"] for r in pos} == {"T"}


def test_one_origin_for_placement_and_gerbers(out):
    pos = {r["Designator"]: r for r in rows(out / "picopeg-pos.csv")}
    for hole in (1, 30, 121):
        x, y = track.hole_xy(hole)
        r = pos["D%d" % hole]
        assert (float(r["Mid X"]), float(r["Mid Y"])) == (x, track.BOARD_H - y)
    with zipfile.ZipFile(out / "picopeg-gerbers.zip") as z:
        name = next(n for n in z.namelist() if n.endswith(".gm1"))
        text = z.read(name).decode()
    fmt = re.search(r"%FSLAX(\d)(\d)Y", text)
    scale = 10 ** int(fmt.group(2))
    xs = [int(v) / scale for v in re.findall(r"X(-?\d+)", text)]
    ys = [int(v) / scale for v in re.findall(r"Y(-?\d+)", text)]
    assert (round(min(xs), 2), round(min(ys), 2)) == (0.0, 0.0)
    assert (round(max(xs), 2), round(max(ys), 2)) == (track.BOARD_W, track.BOARD_H)


def test_rotations_are_corrected(out):
    pos = {r["Designator"]: r for r in rows(out / "picopeg-pos.csv")}
    # Street 1's LEDs sit at 180 on the board; the WS2812B correction adds 180.
    assert float(pos["D1"]["Rotation"]) == (layout.led_rotation(1) + 180) % 360
    assert float(pos["R1"]["Rotation"]) == layout.placements()["R1"][2]


def test_cost_report_adds_up_and_is_the_readmes(out):
    text = (out / "picopeg-cost.txt").read_text()
    figures = [float(v) for v in re.findall(r"\s(\d+\.\d\d)$", text, re.M)]
    *items, total, per_board = figures
    assert abs(sum(items) - total) < 0.02
    assert abs(total / 5 - per_board) < 0.011
    # hardware/README.md's cost table is this report, line for line.
    readme = (ROOT / "hardware" / "README.md").read_text()
    table = readme.split("<!-- cost:", 1)[1].split("\n\n", 1)[0]
    rows = [c.strip("| ").split(" | ") for c in table.splitlines()[3:]]
    report = re.findall(r"^  (.+?)\s+(\d+\.\d\d)$", text, re.M)[:-1]  # not "per board"
    assert [(name, float(usd)) for name, usd in rows] == [(n.strip(), float(u)) for n, u in report]
    # The placed parts' cost from the BOM: each line's parts for 5 boards (at least the
    # minimum buy) at its price, split by where the price comes from.
    seen = est = 0.0
    for r in rows_bom(out):
        _code, _lib, price, source = LCSC[r[0]]
        cost = max(r[1] * 5, 20) * price
        seen, est = (seen + cost, est) if source == "seen" else (seen, est + cost)
    named = dict(report)
    assert abs(float(named["placed parts, prices seen"]) - seen) < 0.01
    assert abs(float(named["placed parts, prices estimated"]) - est) < 0.01


LCSC = {v[0]: v for v in parts.SOURCING.values() if v[0]}


def rows_bom(out):
    """[(lcsc, parts)] of the BOM, from its designators."""
    counts = {}
    for r in rows(out / "picopeg-bom.csv"):
        counts[r["LCSC"]] = counts.get(r["LCSC"], 0) + len(r["Designator"].split(","))
    return list(counts.items())


# JLCPCB's zero orientation differs from KiCad's (IPC-7351) for some packages. The published
# corrections, counter-clockwise degrees added to KiCad's rotation, for the footprints this board
# places (KiBot's DEFAULT_ROTATIONS in kibot/fil_rot_footprint.py, after matthewlai's
# JLCKicadTools cpl_rotations_db.csv: "^SOT-23" 180, "^LED_WS2812B_PLCC4" 180; chip resistors,
# capacitors, LEDs and diodes are not listed there: 0). A footprint missing here fails the test,
# so a new package gets a decision.
PUBLISHED_CORRECTION = {
    "LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm": 180,
    "SOT-23": 180,
    "SOT-23-5": 180,
    "R_0603_1608Metric": 0,
    "C_0603_1608Metric": 0,
    "LED_0603_1608Metric": 0,
    "D_SOD-123": 0,
    "D_SOD-923": 0,
    "D_SMA": 0,
    "Fuse_1210_3225Metric": 0,
    # Not in the published tables: the house's preview of J1 decides (hardware/README.md).
    "USB_C_Receptacle_GCT_USB4125-xx-x-0190_6P_TopMnt_Horizontal": 0,
}


def rotate(v, deg):
    """v rotated counter-clockwise (y up) by deg."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


def pin1_on_board():
    """{ref: (footprint, pin 1 in the footprint's own frame, pin 1 on the board)}: vectors from
    the part's centre to its pin-1 pad in mm, y up, read from the board file's pads."""
    tree = sexpr.parse(board_geometry.PCB.read_text())
    out = {}
    for fp in sexpr.find_all(tree, "footprint"):
        ref = next(p[2] for p in sexpr.find_all(fp, "property") if p[1] == "Reference")
        at = sexpr.find(fp, "at")
        rot = float(at[3]) if len(at) > 3 else 0.0
        pads = {p[1]: sexpr.find(p, "at") for p in sexpr.find_all(fp, "pad")}
        first = pads.get("1") or pads.get("A5")  # J1 has no pad "1": CC1 (A5) stands for it
        if first is None:  # mounting holes
            continue
        local = (float(first[1]), -float(first[2]))  # pads are placed in the footprint's frame
        out[ref] = (fp[1].split(":")[1], local, rotate(local, rot))
    return out


def test_every_placed_part_has_pin_1_where_the_house_expects_it(out):
    """JLC's pin 1 at zero is KiCad's pin 1 turned back by the published correction; the
    placement file's rotation must carry it onto the board's own pin-1 pad, for every part."""
    board = pin1_on_board()
    pos = rows(out / "picopeg-pos.csv")
    placed_refs = {p["ref"] for p in parts.all_parts() if p["bom"]} - set(layout.HAND_SOLDERED)
    assert {r["Designator"] for r in pos} == placed_refs
    turned = 0
    for r in pos:
        name, local, on_board = board[r["Designator"]]
        jlc_zero = rotate(local, -PUBLISHED_CORRECTION[name])
        placed = rotate(jlc_zero, float(r["Rotation"]))
        assert math.dist(placed, on_board) < 1e-3, (r["Designator"], placed, on_board)
        turned += PUBLISHED_CORRECTION[name] != 0
    assert turned == 121 + 3  # the LEDs, Q1, Q2 and U1
