# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""What the USB-C supply advertises (firmware/supply.py) and the LED budget it allows (issue 12).

Expectations come from the USB Type-C specification's sink ranges for Rd = 5.1 kOhm
(vRd-USB 0.25-0.61 V, vRd-1.5 0.70-1.16 V, vRd-3.0 1.31-2.04 V) and the Rp values a source
uses (pull-ups to 5 V: 56k default, 22k 1.5 A, 10k 3 A), worked by hand below.
"""

import supply
from app_support import FOLDER
from modes import MODE_SETTINGS
from modes.settings import ITEMS
from support import raises

from tools.board.pcboard import Harness, PCBoard
from tools.board.testkit import FakeFS


def divider_mv(rp_kohm_x10, pull_mv=5000, rd_ohm=5100):
    """CC voltage of a source pull-up Rp (in 100 ohm units) to pull_mv against Rd."""
    rp = rp_kohm_x10 * 100
    return pull_mv * rd_ohm // (rp + rd_ohm)


def test_real_source_pull_ups_read_as_what_they_advertise():
    # 56k to 5 V: 5000 * 5.1 / 61.1 = 417 mV, default USB (also a legacy A-to-C cable).
    assert divider_mv(560) == 417
    assert supply.advertised_ma(divider_mv(560), 0) == supply.USB_DEFAULT_MA
    # 22k to 5 V: 941 mV, 1.5 A.  10k to 5 V: 1688 mV, 3 A. Either CC line (cable flipped).
    assert supply.advertised_ma(0, divider_mv(220)) == supply.USB_1A5_MA
    assert supply.advertised_ma(divider_mv(100), 30) == supply.USB_3A_MA


def test_spec_range_edges_classify_inside_their_range():
    for lo, hi, want in ((250, 610, 500), (700, 1160, 1500), (1310, 2040, 3000)):
        for mv in (lo, (lo + hi) // 2, hi):
            assert supply.classify_mv(mv) == want, mv
    assert supply.classify_mv(199) == supply.UNKNOWN  # below vRd-Connect: nothing there
    assert supply.classify_mv(2500) == supply.UNKNOWN  # no valid Rp gives this


def test_no_source_or_both_lines_pulled_is_unknown():
    assert supply.advertised_ma(0, 0) == supply.UNKNOWN  # a computer's USB powers the Pico only
    assert supply.advertised_ma(900, 900) == supply.UNKNOWN  # an accessory or a fault


def test_adc_reading_to_millivolts():
    assert supply.adc_mv(0) == 0
    assert supply.adc_mv(65535) == 3300
    assert supply.adc_mv(32768) == 1650  # half scale, rounded
    assert raises(ValueError, supply.adc_mv, 65536)


def test_median_ignores_a_message_on_the_line():
    # A PD source's message toggles CC: two readings off the idle level do not move it.
    assert supply.median([941, 941, 0, 941, 1100, 941, 941, 941, 941]) == 941
    assert raises(ValueError, supply.median, [1, 2])


def test_budget_per_supply_never_exceeds_it_or_the_fuse():
    # Default or unknown: the board's 500 mA. 1.5 A: 1500 * 3/4 - 60 = 1065.
    # 3 A: capped at the 2 A fuse, 2000 * 3/4 - 60 = 1440.
    assert supply.supply_budget_ma(supply.UNKNOWN) == 500
    assert supply.supply_budget_ma(supply.USB_DEFAULT_MA) == 500
    assert supply.supply_budget_ma(supply.USB_1A5_MA) == 1065
    assert supply.supply_budget_ma(supply.USB_3A_MA) == 1440
    for ma in (supply.USB_1A5_MA, supply.USB_3A_MA):
        whole = supply.supply_budget_ma(ma) + supply.LOGIC_MA
        assert whole < ma and whole * 4 <= supply.FUSE_HOLD_MA * 3


def test_setting_caps_the_budget_but_never_raises_it():
    assert supply.led_budget_ma(supply.USB_3A_MA, supply.AUTO) == 1440
    assert supply.led_budget_ma(supply.USB_3A_MA, 800) == 800
    assert supply.led_budget_ma(supply.UNKNOWN, 1400) == 500  # 1400 asked, 500 allowed
    assert supply.led_budget_ma(supply.USB_1A5_MA, 50) == supply.MIN_BUDGET_MA


def test_board_budget_follows_the_supply_and_the_settings_show_it():
    h = Harness(FOLDER, fs=FakeFS(), supply=supply.USB_3A_MA)
    assert h.view.budget_ma == 1440
    h.to_mode(MODE_SETTINGS)
    for _ in range([item[0] for item in ITEMS].index("app.budget")):  # to LED current
        h.press("B")
    assert h.lines[1:3] == ["LED current, mA", "= auto"]
    assert "supply USB-C 3 A" in h.lines and "now 1440 mA" in h.lines
    h.press("D")  # auto -> 250: a cap below the supply's budget applies
    assert h.view.budget_ma == 250 and "now 250 mA" in h.lines


def test_board_without_supply_sensing_keeps_the_safe_default():
    class OldBoard(PCBoard):  # the interface without the optional supply_ma member
        supply_ma = None

    from app import App

    b = OldBoard(FOLDER, fs=FakeFS(), supply=supply.USB_3A_MA)
    a = App(b)
    assert a.view.budget_ma == 500


def test_a_failing_adc_read_boots_with_the_safe_default():
    class Faulty(PCBoard):
        def supply_ma(self):
            raise OSError(5)

    from app import App

    a = App(Faulty(FOLDER, fs=FakeFS()))
    assert a.view.budget_ma == 500
