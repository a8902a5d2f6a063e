"""The cribbage track: holes.csv, the LED map and the strip wiring diagram (issue 6)."""

import csv
import itertools
import math
import subprocess
import sys
from pathlib import Path

import ledmap

from tools.hardware.kicadgen import layout, track

ROOT = Path(__file__).resolve().parents[2]


def holes():
    with open(ROOT / "hardware" / "holes.csv", newline="") as f:
        rows = [
            {**r, "x": float(r["x_mm"]), "y": float(r["y_mm"]), "led": int(r["led"])}
            for r in csv.DictReader(f)
        ]
    # The loops below check every row: so there must be all of them (120 and the game hole).
    assert [int(r["hole"]) for r in rows] == list(range(1, 122)), "holes.csv is not holes 1-121"
    return rows


def test_holes_csv_is_current():
    assert (ROOT / "hardware" / "holes.csv").read_text() == track.holes_csv()


def test_ledmap_is_a_permutation_of_the_chain():
    m = ledmap.HOLE_TO_LED
    assert isinstance(m, bytes)
    assert len(m) == 121 == ledmap.LED_COUNT == ledmap.GAME_HOLE
    assert sorted(m) == list(range(121))
    assert list(m) == [r["led"] for r in holes()]


def test_chain_runs_in_hole_order():
    # Each hole's LED follows the previous hole's in the data chain: the track is contiguous.
    m = ledmap.HOLE_TO_LED
    assert all(m[h] == m[h - 1] + 1 for h in range(1, 121))


def test_consecutive_holes_are_neighbours_on_the_board():
    rs = holes()
    for a, b in itertools.pairwise(rs):
        d = math.dist((a["x"], a["y"]), (b["x"], b["y"]))
        limit = 27.0 if b["hole"] == "121" else 14.0  # street turns 14 mm, game hole further
        assert 7.4 < d <= limit, (a["hole"], b["hole"], d)


def test_streets_of_thirty_in_groups_of_five():
    rs = holes()
    for street in range(1, 5):
        s = [r for r in rs if r["street"] == str(street)]
        assert len(s) == 30 and len({r["y"] for r in s}) == 1
        steps = [abs(b["x"] - a["x"]) for a, b in itertools.pairwise(s)]
        # Every fifth step crosses a group gap, visibly wider than the pitch inside a group.
        assert all(st > 10 if i % 5 == 4 else st == 7.5 for i, st in enumerate(steps)), steps
        assert [r["group"] for r in s] == [str(1 + i // 5) for i in range(30)]
        # Streets alternate direction: a serpentine from the player's edge.
        assert (s[-1]["x"] > s[0]["x"]) == (street % 2 == 1)
    assert [r["street"] for r in rs[-1:]] == ["0"]


def test_holes_fit_on_the_board_clear_of_the_edge():
    for r in holes():
        assert 7 <= r["x"] <= track.BOARD_W - 7 and 7 <= r["y"] <= track.BOARD_H - 7


def test_led_capacitors_and_vias_sit_beside_their_leds():
    places = layout.placements()
    for hole in range(1, 122):
        x, y, _ = places["D%d" % hole]
        cx, cy, _ = places["C%d" % hole]
        vx, vy = layout.led_via(hole)
        assert cx == x and math.isclose(abs(cy - y), layout.CAP_DY) and vy == cy
        assert math.isclose(abs(vx - x), layout.VSS_DX)
        # The capacitor sits on the side away from the data track's pads (DIN/DOUT rows).
        assert (cy < y) == (layout.led_rotation(hole) == 180)


def test_wiring_svg_is_current():
    res = subprocess.run(
        [sys.executable, "-m", "tools.hardware.gen_wiring", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    svg = (ROOT / "hardware" / "wiring.svg").read_text()
    assert "LED_DATA (GP22, pin 29)" in svg and "KEY_COL3 (GP13, pin 17)" in svg
