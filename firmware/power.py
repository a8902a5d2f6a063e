"""How much current the LED chain draws, and the budget the renderer must keep under.

Pure and integer-only (runs on the Pico, on the MicroPython unix port and on CPython). The
model is WS2812B-class LEDs: each colour channel draws current in proportion to its 0-255
value, up to MA_PER_CHANNEL at 255, and every LED draws IDLE_MA_PER_LED even when dark.

    from power import limit, DEFAULT_BUDGET_MA
    factor = limit(frame, DEFAULT_BUDGET_MA)   # scales frame in place if it would draw too much

The figures and the supply/fuse they imply are tabled in hardware/README.md (a test checks
that the two agree).
SPDX-License-Identifier: MIT
"""

from compat import const

LED_COUNT = const(121)
# Full-scale current of one colour channel. WS2812B datasheets give 12-20 mA per channel; we
# use the top of the range so the estimate errs high and the board stays under budget.
MA_PER_CHANNEL = const(20)
# A dark WS2812B still draws about 0.6-1 mA for its controller; we round up.
IDLE_MA_PER_LED = const(1)
# What the whole LED chain may draw by default: a USB supply, see hardware/README.md.
DEFAULT_BUDGET_MA = const(500)
# Brightness factors are fixed-point: FULL_SCALE (256) leaves a frame unchanged.
FULL_SCALE = const(256)


def idle_ma(led_count=LED_COUNT):
    """Current of led_count dark LEDs, in mA."""
    return led_count * IDLE_MA_PER_LED


def frame_ma(buf):
    """Estimated current (mA, rounded up) of the chain showing buf: 3 bytes per LED, any order."""
    n = len(buf)
    if n % 3:
        raise ValueError("frame length must be a multiple of 3")
    return idle_ma(n // 3) + (sum(buf) * MA_PER_CHANNEL + 254) // 255


def scale_for(buf, budget_ma=DEFAULT_BUDGET_MA):
    """Brightness factor 0..256 that brings buf within budget_ma once every byte b becomes
    (b * factor) >> 8. 256 when buf is already within budget; 0 if even dark LEDs exceed it."""
    n = len(buf)
    if n % 3:
        raise ValueError("frame length must be a multiple of 3")
    if budget_ma < 0:
        raise ValueError("budget must not be negative")
    spare = budget_ma - idle_ma(n // 3)
    active = sum(buf) * MA_PER_CHANNEL  # mA * 255; at most 363 * 255 * 20, a small int
    if active <= spare * 255:
        return FULL_SCALE
    if spare <= 0:
        return 0
    # spare * 65280 stays below 2**30 for budgets up to 16 A: small-int arithmetic on the Pico.
    return spare * 255 * FULL_SCALE // active


def limit(buf, budget_ma=DEFAULT_BUDGET_MA):
    """Scale buf (a bytearray) in place to fit budget_ma; return the factor used (0..256)."""
    factor = scale_for(buf, budget_ma)
    if factor < FULL_SCALE:
        for i in range(len(buf)):
            buf[i] = (buf[i] * factor) >> 8
    return factor
