"""Power-bank keep-awake: a short, bounded current pulse through the LEDs when the draw is low.

    from keepawake import pulse
    pulse(frame, now)        # the renderer, when the setting is on, before the power cap

Many power banks cut their output after 30-60 s below about 50-150 mA (hardware/README.md,
"Power-bank play"); the board idles near that. With the setting on, for PULSE_MS of every
PERIOD_MS every channel below PULSE_LEVEL is raised to it: the whole track glows a faint
white for half a second, which lifts the LED chain's draw by about PULSE_MA (power.py's
model; a dark board) so the bank sees a load. A frame that already draws KEEP_MA or more is
left alone, and the renderer's power cap still applies after this, so the budget holds. The
pulse reaches the LEDs the way every frame does: the app writes it through the board (hal.py).
Pure, integer-only, no allocation; the period is a power of two so the phase survives the
tick wrap.
SPDX-License-Identifier: MIT
"""

from compat import const
from power import frame_ma

PERIOD_MS = const(8192)  # a pulse every 8.2 s ...
PULSE_MS = const(512)  # ... lasting its first 512 ms
_PULSE_SHIFT = const(9)  # log2(PULSE_MS)
PULSE_LEVEL = const(6)  # of 255: 121 LEDs x 3 channels x 20 mA x 6 / 255 = 171 mA
KEEP_MA = const(300)  # no pulse when the LEDs already draw this much
# Power.py's estimate of what a pulse adds on a dark board, and its cost averaged over time.
PULSE_MA = const(171)
AVERAGE_MA = const(11)  # 171 mA x 512 / 8192, rounded up


def pulse_on(now):
    """True during the pulse part of each period (ticks wrap at a power of two)."""
    return (now & (PERIOD_MS - 1)) >> _PULSE_SHIFT == 0


def pulse(buf, now):
    """Raise every byte of buf below PULSE_LEVEL to it, during a pulse and when buf's
    estimated draw is under KEEP_MA. Return True if it did."""
    if not pulse_on(now) or frame_ma(buf) >= KEEP_MA:
        return False
    for i in range(len(buf)):
        if buf[i] < PULSE_LEVEL:  # noqa: PLR1730 - a compare is cheaper than a call
            buf[i] = PULSE_LEVEL
    return True
