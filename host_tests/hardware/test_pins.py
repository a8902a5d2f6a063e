"""hardware/pins.csv is sane and the files generated from it are current (issue 6)."""

import subprocess
import sys
from pathlib import Path

import pytest

from tools.hardware import gen_pins, pinmap
from tools.hardware.kicadgen import schematic

ROOT = Path(__file__).resolve().parents[2]
# The signals the firmware cannot run without (firmware/hal.py): a loop over pins.csv's rows
# checks these at least, so an empty or truncated CSV fails instead of passing unchecked.
NEEDED = (
    {"LED_DATA", "I2C_SDA", "I2C_SCL"}
    | {"KEY_ROW%d" % i for i in range(4)}
    | {"KEY_COL%d" % i for i in range(4)}
)


def pin_rows():
    got = pinmap.read_pins()
    missing = NEEDED - {r["signal"] for r in got}
    assert not missing, "pins.csv lacks " + ", ".join(sorted(missing))
    return got


def rows(*specs):
    return [{"signal": s, "gpio": g, "role": r} for s, g, r in specs]


def test_pins_csv_passes_its_checks():
    got = pin_rows()
    gpios = [r["gpio"] for r in got]
    assert len(set(gpios)) == len(gpios)
    assert all(g in pinmap.PICO_GPIOS for g in gpios)
    assert sorted(r["signal"] for r in got if r["role"] == "out" and "ROW" in r["signal"]) == [
        "KEY_ROW%d" % i for i in range(4)
    ]
    assert sorted(r["signal"] for r in got if r["role"] == "in_pullup") == [
        "KEY_COL%d" % i for i in range(4)
    ]


def test_i2c_pins_form_a_valid_rp2040_pair():
    # RP2040 datasheet, GPIO function table: GP0/1 I2C0 SDA/SCL, GP2/3 I2C1, GP4/5 I2C0, ...
    sda = next(r for r in pin_rows() if r["role"].endswith("_sda"))
    scl = next(r for r in pin_rows() if r["role"].endswith("_scl"))
    table = {g: ("sda" if g % 4 in (0, 2) else "scl", 0 if g % 4 < 2 else 1) for g in range(29)}
    assert table[sda["gpio"]] == ("sda", int(sda["role"][3]))
    assert table[scl["gpio"]] == ("scl", int(scl["role"][3]))
    assert sda["role"][:4] == scl["role"][:4]


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (rows(("A", 2, "out"), ("B", 2, "out")), "twice"),
        (rows(("A", 2, "out"), ("A", 3, "out")), "twice"),
        (rows(("A", 23, "out")), "header"),
        (rows(("A", 29, "out")), "header"),
        (rows(("A", 2, "bogus")), "role"),
        (rows(("SDA", 5, "i2c0_sda"), ("SCL", 4, "i2c0_scl")), "cannot"),
        (rows(("SDA", 2, "i2c0_sda"), ("SCL", 3, "i2c0_scl")), "cannot"),
        (rows(("SDA", 4, "i2c0_sda")), "exactly one"),
        (rows(("led", 2, "out")), "UPPER"),
        (rows(("CC1", 22, "adc")), "no ADC"),
    ],
)
def test_bad_pin_maps_are_refused(bad, words):
    with pytest.raises(ValueError, match=words):
        pinmap.check(bad)


def test_pico_pin_numbers_match_the_pico_symbol():
    pico = schematic.load_library()["RaspberryPi_Pico"]
    by_name = {name: int(num) for num, name, *_ in schematic.pin_list(pico)}
    # The Pico's header brings out GP0-GP22 and GP26-GP28 (datasheet pinout): 26 GPIOs.
    assert sorted(pinmap.PICO_PIN) == list(range(23)) + [26, 27, 28]
    for gpio, pin in pinmap.PICO_PIN.items():
        name = "GPIO%d" % gpio if gpio < 26 else "GPIO%d_ADC%d" % (gpio, gpio - 26)
        assert by_name[name] == pin, name


def test_generated_files_are_current():
    res = subprocess.run(
        [sys.executable, "-m", "tools.hardware.gen_pins", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert res.returncode == 0, res.stderr


def test_check_mode_notices_a_stale_file(tmp_path, monkeypatch):
    stale = tmp_path / "pins.py"
    stale.write_text("LED_DATA = 0\n")
    monkeypatch.setattr(gen_pins, "PINS_PY", stale)
    assert gen_pins.main(["--check"]) == 1
    assert stale.read_text() == "LED_DATA = 0\n"
    assert gen_pins.main([]) == 0
    assert gen_pins.main(["--check"]) == 0


def test_pins_module_matches_csv():
    import pins

    for r in pin_rows():
        assert getattr(pins, r["signal"]) == r["gpio"]
    assert pins.KEY_ROWS == tuple(pins.__dict__["KEY_ROW%d" % i] for i in range(4))
    assert pins.KEY_COLS == (10, 11, 12, 13)
    assert pins.I2C_BUS == 1


def test_readme_pin_table_matches_csv():
    want = [(r["signal"], "GP%d" % r["gpio"], r["role"]) for r in pin_rows()]
    for doc in ("README.md", "WIRING.md"):
        text = (ROOT / "hardware" / doc).read_text()
        block = text.split(gen_pins.BEGIN)[1].split(gen_pins.END)[0]
        got = [tuple(c.strip() for c in line.strip("|").split("|")) for line in block.split("\n")]
        got = [(g[0], g[1], g[3]) for g in got if len(g) == 4 and g[1][2:].isdigit()]
        assert got == want, doc


def test_the_loops_over_pins_csv_fail_on_an_empty_one(tmp_path, monkeypatch):
    empty = tmp_path / "pins.csv"
    empty.write_text("signal,gpio,role\n")
    real = pinmap.read_pins
    monkeypatch.setattr(pinmap, "read_pins", lambda path=empty: real(path))
    assert pinmap.read_pins() == []
    for test in (
        test_pins_csv_passes_its_checks,
        test_i2c_pins_form_a_valid_rp2040_pair,
        test_pins_module_matches_csv,
        test_readme_pin_table_matches_csv,
    ):
        with pytest.raises(AssertionError, match=r"pins\.csv lacks I2C_SCL, I2C_SDA, KEY_COL0"):
            test()
