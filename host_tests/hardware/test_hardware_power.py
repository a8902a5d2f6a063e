"""The LED current model (firmware/power.py), the power budget in hardware/README.md and the
power-bank hours there (tools/hardware/power_bank.py), recomputed from the firmware's frames."""

from pathlib import Path

import power
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tools.hardware import power_bank
from tools.hardware.kicadgen import parts

ROOT = Path(__file__).resolve().parents[2]
MARKER = "<!-- power budget:"
BANK_MARKER = "<!-- power bank:"


def readme_figures(marker=MARKER):
    """{figure: value} from a table of hardware/README.md (the power budget by default)."""
    text = (ROOT / "hardware" / "README.md").read_text()
    table = text.split(marker, 1)[1].split("\n\n", 1)[0]
    out = {}
    for line in table.splitlines()[1:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[1].isdigit():
            out[cells[0]] = int(cells[1])
    return out


def frame(*leds):
    """A 121-LED frame, dark except the given (index, (g, r, b)) LEDs."""
    buf = bytearray(363)
    for i, rgb in leds:
        buf[3 * i : 3 * i + 3] = bytes(rgb)
    return buf


def test_frame_current_of_known_frames():
    assert power.frame_ma(frame()) == 121  # 121 dark LEDs at 1 mA
    assert power.frame_ma(bytearray([255] * 363)) == 121 * 61  # full white: 3 x 20 + 1
    assert power.frame_ma(frame((5, (255, 0, 0)))) == 121 + 20
    # 128/255 of 20 mA is 10.04 mA: the estimate rounds up, never down.
    assert power.frame_ma(frame((0, (0, 128, 0)))) == 121 + 11
    assert power.frame_ma(bytearray(3)) == 1


def test_frame_length_must_be_whole_leds():
    with pytest.raises(ValueError):
        power.frame_ma(bytearray(362))
    with pytest.raises(ValueError):
        power.scale_for(bytearray(4))


def test_scale_of_full_white_at_default_budget():
    buf = bytearray([255] * 363)
    # 379 mA spare over 121 dark LEDs; full white asks 121 x 60 = 7260 mA: 256 x 379 / 7260.
    assert power.scale_for(buf) == 256 * 379 // 7260
    assert power.limit(buf) == 13
    assert set(buf) == {255 * 13 >> 8}
    assert power.frame_ma(buf) <= power.DEFAULT_BUDGET_MA


def test_frames_within_budget_are_untouched():
    buf = frame((0, (255, 255, 255)), (60, (255, 255, 255)))
    before = bytes(buf)
    assert power.limit(buf, 500) == power.FULL_SCALE
    assert bytes(buf) == before


def test_budget_below_idle_blanks_the_frame():
    buf = bytearray([10] * 363)
    assert power.limit(buf, 100) == 0
    assert not any(buf)


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=363, max_size=363), st.integers(min_value=121, max_value=8000))
def test_limit_always_keeps_frames_within_budget(data, budget):
    buf = bytearray(data)
    needed = power.frame_ma(buf)
    factor = power.limit(buf, budget)
    assert power.frame_ma(buf) <= budget
    assert (factor == power.FULL_SCALE) == (needed <= budget)
    assert all(b <= a for a, b in zip(data, buf, strict=True))


def test_readme_figures_agree_with_power_model():
    f = readme_figures()
    assert f["led_ma_per_channel"] == power.MA_PER_CHANNEL
    assert f["led_idle_ma"] == power.IDLE_MA_PER_LED
    assert f["led_count"] == power.LED_COUNT == 121
    assert f["firmware_budget_ma"] == power.DEFAULT_BUDGET_MA
    assert f["led_worst_case_ma"] == power.frame_ma(bytearray([255] * 363))


def test_supply_and_fuse_follow_from_the_budget():
    f = readme_figures()
    assert f["board_max_ma"] == f["firmware_budget_ma"] + f["logic_ma"]
    # The fuse holds the board's maximum with at least 25 % margin, so it never trips in use.
    assert f["fuse_hold_ma"] * 4 >= f["board_max_ma"] * 5
    # The fuse is the one in the schematic, and the supply can deliver its hold current.
    assert f["fuse_hold_ma"] == parts.FUSE_HOLD_MA
    assert f["supply_min_ma"] >= f["fuse_hold_ma"]
    # The budget matters: without it a full-white frame would blow far past fuse and supply.
    assert f["led_worst_case_ma"] > parts.FUSE_TRIP_MA > f["fuse_hold_ma"]
    f1 = next(p for p in parts.main_parts() if p["ref"] == "F1")
    assert f1["mpn"] in (ROOT / "hardware" / "README.md").read_text()


def test_power_bank_hours_in_the_readme_are_the_firmwares():
    documented = readme_figures(BANK_MARKER)
    computed = power_bank.figures()
    assert documented == computed
    # Independent arithmetic: 10,000 mAh x 3.7 V x 85 % / 5 V = 6290 mAh; the logic is the
    # power budget's; the dark chain alone is 121 mA, so no scene draws less.
    assert computed["bank_out_mah"] == 10000 * 37 * 85 // (50 * 100)
    assert power_bank.LOGIC_MA == readme_figures()["logic_ma"]
    for scene in ("idle", "midgame"):
        led, board = computed[scene + "_led_ma"], computed[scene + "_board_ma"]
        assert power.idle_ma() < led < power.DEFAULT_BUDGET_MA
        assert board == led + power_bank.LOGIC_MA
        assert computed[scene + "_hours_x10"] == 62900 // board
    # A game lights more than a board just switched on.
    assert computed["midgame_led_ma"] > computed["idle_led_ma"]
