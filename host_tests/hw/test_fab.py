"""The JLCPCB order files KiKit writes (tools/hardware/fab.py), checked against the board.

Runs in .venv-hw (`make test-hw`): KiKit drives KiCad's pcbnew module. One run per module.
"""

import csv
import re
import zipfile

import pytest

from tools.hardware import fab
from tools.hardware.kicadgen import layout, parts, track


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


def test_cost_report_adds_up(out):
    text = (out / "picopeg-cost.txt").read_text()
    figures = [float(v) for v in re.findall(r"\s(\d+\.\d\d)$", text, re.M)]
    *items, total, per_board = figures
    assert abs(sum(items) - total) < 0.02
    assert abs(total / 5 - per_board) < 0.011
