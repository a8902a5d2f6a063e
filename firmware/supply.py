"""What the USB-C supply advertises on its CC line, and the LED current budget that follows.

Pure and integer-only (the Pico, the MicroPython unix port, CPython). The board's sink
resistors (Rd, 5.1 kOhm on CC1 and CC2) and the source's pull-up (Rp) form a divider; the
source chooses Rp to say how much current it offers, so the CC voltage reads it out
(USB Type-C specification 2.x, table 4-36, vRd ranges for a sink with Rd = 5.1 kOhm):

    below 0.20 V   nothing on this CC line (the other one carries Rp; or no USB-C source)
    0.20-0.66 V    default USB power (500 mA for USB 2.0, 900 mA for USB 3.x)
    0.66-1.23 V    1.5 A at 5 V
    1.23-2.18 V    3.0 A at 5 V (the range is 1.31-2.04 V; the margin covers ADC error)
    above 2.18 V   not a valid advertisement: treated as unknown

    from supply import advertised_ma, led_budget_ma
    ma = advertised_ma(cc1_mv, cc2_mv)       # 0 (unknown), 500, 1500 or 3000
    budget = led_budget_ma(ma, setting_ma)   # what the renderer may let the LEDs draw

hal.Board.supply_ma() reads GP26/GP27 (pins.CC1_SENSE, CC2_SENSE) through the ADC and calls
advertised_ma; a board without supply_ma (the PC, the browser) counts as unknown.
SPDX-License-Identifier: MIT
"""

from compat import const

UNKNOWN = const(0)
USB_DEFAULT_MA = const(500)
USB_1A5_MA = const(1500)
USB_3A_MA = const(3000)

# CC thresholds in millivolts (Type-C spec vRd-Connect, vRd-1.5 and vRd-3.0 limits).
_CONNECT_MV = const(200)
_RD_1A5_MV = const(660)
_RD_3A_MV = const(1230)
_RD_MAX_MV = const(2180)

_ADC_FULL = const(65535)  # machine.ADC.read_u16() full scale
_ADC_REF_MV = const(3300)  # the Pico's ADC reference: its 3.3 V rail

# The LED budget (power.py's model) for each supply, in mA. Default and unknown sources get
# the board's long-standing 500 mA. Known sources get 3/4 of what they offer, at most 3/4 of
# the fuse's hold current, less what the logic draws: never above the supply or the fuse.
DEFAULT_BUDGET_MA = const(500)
FUSE_HOLD_MA = const(2000)  # F1 (hardware/README.md, tools/hardware/kicadgen/parts.py)
LOGIC_MA = const(60)  # the Pico, the display, the buffer, the status LED
MIN_BUDGET_MA = const(150)  # the dark chain (121 mA) and a little light
AUTO = const(0)  # the settings value "auto": the budget the supply allows


def adc_mv(raw):
    """Millivolts of a read_u16() value (0..65535) on the Pico's 3.3 V ADC."""
    if raw < 0 or raw > _ADC_FULL:
        raise ValueError("ADC reading out of range")
    return (raw * _ADC_REF_MV + _ADC_FULL // 2) // _ADC_FULL


def median(values):
    """The middle value of an odd-length list (a PD message toggling CC never wins)."""
    n = len(values)
    if n == 0 or n % 2 == 0:
        raise ValueError("need an odd number of samples")
    return sorted(values)[n // 2]


def classify_mv(mv):
    """The current (mA) one CC line's voltage advertises; UNKNOWN if none or invalid."""
    if mv < _CONNECT_MV or mv > _RD_MAX_MV:
        return UNKNOWN
    if mv < _RD_1A5_MV:
        return USB_DEFAULT_MA
    if mv < _RD_3A_MV:
        return USB_1A5_MA
    return USB_3A_MA


def advertised_ma(cc1_mv, cc2_mv):
    """What the source offers, from both CC lines: only the one the cable connects carries
    Rp, so the higher voltage is the advertisement. Both above the connect threshold (an
    accessory, or a fault) reads as UNKNOWN."""
    if cc1_mv >= _CONNECT_MV and cc2_mv >= _CONNECT_MV:
        return UNKNOWN
    return classify_mv(cc1_mv if cc1_mv > cc2_mv else cc2_mv)


def supply_budget_ma(supply_ma):
    """The most the LEDs may draw on this supply (mA)."""
    if supply_ma <= USB_DEFAULT_MA:
        return DEFAULT_BUDGET_MA
    cap = supply_ma if supply_ma < FUSE_HOLD_MA else FUSE_HOLD_MA
    return cap * 3 // 4 - LOGIC_MA


def led_budget_ma(supply_ma, setting_ma=AUTO):
    """The renderer's budget: the supply's, or the player's setting if that is lower."""
    top = supply_budget_ma(supply_ma)
    want = top if setting_ma == AUTO or setting_ma > top else setting_ma
    return want if want > MIN_BUDGET_MA else MIN_BUDGET_MA


def describe(supply_ma):
    """A short name of the supply for the display (at most 16 characters)."""
    if supply_ma == USB_3A_MA:
        return "USB-C 3 A"
    if supply_ma == USB_1A5_MA:
        return "USB-C 1.5 A"
    if supply_ma == USB_DEFAULT_MA:
        return "USB default"
    return "unknown"
