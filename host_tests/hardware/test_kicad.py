"""The KiCad project: ERC, DRC, netlist against pins.csv, generated files current (issue 6).

Needs kicad-cli (KiCad 9). Without it these tests skip, except under PICOPEG_CI=1 where a
missing kicad-cli is a failure: CI installs KiCad and must run them. Each KiCad run happens
once per module (fixtures), since every run costs seconds.
"""

import csv
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ci_gate import need

from tools.hardware import pinmap
from tools.hardware.kicadgen import layout, netlist, parts

ROOT = Path(__file__).resolve().parents[2]
KICAD = ROOT / "hardware" / "kicad"
SCH = KICAD / "picopeg.kicad_sch"
PCB = KICAD / "picopeg.kicad_pcb"
HOLES = ROOT / "hardware" / "holes.csv"
GAME_HOLES = list(range(1, 122))  # 120 holes of the track and the game hole, one LED each


def need_kicad():
    need("" if shutil.which("kicad-cli") else "kicad-cli not on PATH: install KiCad 9")


def kicad_cli(*args):
    return subprocess.run(["kicad-cli", *args], capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def erc(tmp_path_factory):
    need_kicad()
    rpt = tmp_path_factory.mktemp("erc") / "erc.rpt"
    res = kicad_cli(
        "sch", "erc", "--severity-error", "--exit-code-violations", "-o", str(rpt), str(SCH)
    )
    return res, rpt.read_text()


@pytest.fixture(scope="module")
def drc(tmp_path_factory):
    need_kicad()
    rpt = tmp_path_factory.mktemp("drc") / "drc.rpt"
    res = kicad_cli("pcb", "drc", "--schematic-parity", "--severity-error",
                    "--exit-code-violations", "-o", str(rpt), str(PCB))  # fmt: skip
    return res, rpt.read_text()


@pytest.fixture(scope="module")
def nets(tmp_path_factory):
    need_kicad()
    out = tmp_path_factory.mktemp("net") / "picopeg.net"
    res = kicad_cli("sch", "export", "netlist", "-o", str(out), str(SCH))
    assert res.returncode == 0, res.stderr
    return netlist.read(out.read_text())


def test_erc_passes_with_no_errors(erc):
    res, report = erc
    assert res.returncode == 0, report
    assert "Errors 0" in report


@pytest.mark.slow
def test_drc_passes_with_no_errors_unrouted_nets_or_parity_issues(drc):
    res, report = drc
    assert res.returncode == 0, report
    assert "Found 0 DRC violations" in report
    assert "Found 0 unconnected pads" in report
    assert "Found 0 schematic parity issues" in res.stdout


def net_of(all_nets, node):
    return next(name for name, nodes in all_nets.items() if node in nodes)


def test_every_pin_signal_is_a_net_on_its_gpio(nets):
    _, all_nets = nets
    by_name = {name.lstrip("/"): nodes for name, nodes in all_nets.items()}
    rows = pinmap.read_pins()
    signals = {r["signal"] for r in rows}
    assert {"LED_DATA", "I2C_SDA", "I2C_SCL"} <= signals, "pins.csv lacks the signals hal.py uses"
    for row in rows:
        assert row["signal"] in by_name, row["signal"]
        assert ("A1", str(pinmap.PICO_PIN[row["gpio"]])) in by_name[row["signal"]], row
        assert len(by_name[row["signal"]]) >= 2, row["signal"]  # it goes somewhere


def test_led_chain_runs_in_hole_order_from_the_buffer(nets):
    _, all_nets = nets
    data_pin = str(pinmap.PICO_PIN[pinmap.by_signal(pinmap.read_pins())["LED_DATA"]["gpio"]])
    assert ("U1", "2") in all_nets[net_of(all_nets, ("A1", data_pin))]
    assert ("R1", "1") in all_nets[net_of(all_nets, ("U1", "4"))]
    assert ("D1", "4") in all_nets[net_of(all_nets, ("R1", "2"))]
    for hole in range(1, 121):
        assert sorted(all_nets[net_of(all_nets, ("D%d" % hole, "2"))]) == sorted([
            ("D%d" % hole, "2"), ("D%d" % (hole + 1), "4")])  # fmt: skip
    assert net_of(all_nets, ("D121", "2")).startswith("unconnected")


def test_every_bom_part_has_a_manufacturer_part_number(nets):
    comps, _ = nets
    in_bom = [c for c in comps if c["in_bom"]]
    assert len(in_bom) >= 121 * 2 + 10
    for c in in_bom:
        assert c["fields"].get("MPN") and c["fields"].get("Manufacturer"), c["ref"]
    fuse = next(c for c in comps if c["ref"] == "F1")
    assert fuse["fields"]["MPN"] == next(p["mpn"] for p in parts.main_parts() if p["ref"] == "F1")


def test_board_leds_sit_on_the_holes():
    text = PCB.read_text()
    found = {}
    pat = (
        r'\(footprint "picopeg:LED_WS2812B[^"]*"\s*\(layer "F.Cu"\)\s*\(uuid "[^"]*"\)\s*'
        r'\(at ([-\d.]+) ([-\d.]+)(?: ([-\d.]+))?\).*?\(property "Reference" "(D\d+)"'
    )
    for m in re.finditer(pat, text, re.S):
        xy_rot = (float(m.group(1)), float(m.group(2)), float(m.group(3) or 0))
        found[int(m.group(4)[1:])] = xy_rot
    with open(HOLES, newline="") as f:
        holes = list(csv.DictReader(f))
    assert [int(r["hole"]) for r in holes] == GAME_HOLES, "holes.csv is not holes 1-121"
    assert sorted(found) == GAME_HOLES
    ox, oy = 20.0, 20.0  # board origin on the page (kicadgen.board.ORIGIN)
    for r in holes:
        x, y, rot = found[int(r["hole"])]
        assert (round(x - ox, 2), round(y - oy, 2)) == (float(r["x_mm"]), float(r["y_mm"]))
        assert rot == layout.led_rotation(int(r["hole"]))


@pytest.mark.slow
def test_generated_kicad_files_are_current():
    need_kicad()
    res = subprocess.run([sys.executable, "-m", "tools.hardware.gen_kicad", "--check"],
                         cwd=ROOT, capture_output=True, text=True, check=False)  # fmt: skip
    assert res.returncode == 0, res.stdout + res.stderr


def test_the_loops_over_the_csv_files_fail_on_empty_ones(tmp_path, monkeypatch):
    (tmp_path / "pins.csv").write_text("signal,gpio,role\n")
    (tmp_path / "holes.csv").write_text("hole,led,x_mm,y_mm,street,group\n")
    real = pinmap.read_pins
    monkeypatch.setattr(pinmap, "read_pins", lambda path=tmp_path / "pins.csv": real(path))
    monkeypatch.setattr(sys.modules[__name__], "HOLES", tmp_path / "holes.csv")
    with pytest.raises(AssertionError, match=r"pins\.csv lacks"):
        test_every_pin_signal_is_a_net_on_its_gpio(([], {}))
    with pytest.raises(AssertionError, match=r"holes\.csv is not holes 1-121"):
        test_board_leds_sit_on_the_holes()
