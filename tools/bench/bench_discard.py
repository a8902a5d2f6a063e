"""Benchmark: discard advice for one six-card deal, and what it means for a 125 MHz Pico.

Prints the time of ``advise_discard`` on CPython and on the MicroPython unix port, the heap
one call uses there, and an RP2040 estimate next to the 2-second goal.

The RP2040 figure is the unix-port time times the Fibonacci(24) ratio measured in the same
run (how and why: tools/bench/benchutil.py); the goal's margin is what makes the estimate safe.

    python -m tools.bench.bench_discard     # or `make bench`, which calls run()

SPDX-License-Identifier: MIT
"""

import sys
import time

from tools.bench import benchutil
from tools.bench.benchutil import FIRMWARE

DEAL = "5H 5C 5D JS 2C 9D"
GOAL_MS = 2000
REPEAT = 20

# Run by the MicroPython unix port: prints "advice_us retained_bytes allocated_bytes".
UPY_SCRIPT = """
import sys, time, gc
sys.path.insert(0, {firmware!r})
from cribbage.discard import advise_discard

def best_us(fn, repeat):
    best = 1 << 30
    for _ in range(repeat):
        t0 = time.ticks_us()
        fn()
        best = min(best, time.ticks_diff(time.ticks_us(), t0))
    return best

advice = best_us(lambda: advise_discard({deal!r}, True), {repeat})
gc.collect()
free0 = gc.mem_free()
gc.disable()
alloc0 = gc.mem_alloc()
options = advise_discard({deal!r}, True)
allocated = gc.mem_alloc() - alloc0
gc.enable()
gc.collect()
retained = free0 - gc.mem_free()
print(advice, retained, allocated)
"""


def cpython_us():
    """Best time (microseconds) of one advice on this CPython."""
    from cribbage.discard import advise_discard

    best = None
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        advise_discard(DEAL, True)
        dt = (time.perf_counter() - t0) * 1e6
        best = dt if best is None else min(best, dt)
    return best


def micropython_figures():
    """(advice us, retained bytes, allocated bytes) on the unix port."""
    script = UPY_SCRIPT.format(firmware=FIRMWARE, deal=DEAL, repeat=REPEAT)
    return benchutil.micropython(script, timeout=120)


def run():
    """Print the discard-advice figures; return them as a dict."""
    figures = {"cpython_us": cpython_us()}
    print("discard advice, one six-card deal ({}), best of {}:".format(DEAL, REPEAT))
    version = "{}.{}".format(*sys.version_info[:2])
    print("  CPython {}:           {:8.0f} us".format(version, figures["cpython_us"]))
    if not benchutil.have_micropython():
        benchutil.say_no_micropython()
        return figures
    advice, retained, allocated = micropython_figures()
    ratio = benchutil.pico_ratio()
    pico_ms = advice * ratio / 1000
    figures.update(upy_us=advice, ratio=ratio, pico_ms=pico_ms, retained=retained)
    print("  MicroPython unix port: {:8d} us".format(advice))
    print("  heap (unix port): {} bytes allocated by one call, {} kept by its result".format(
        allocated, retained
    ))  # fmt: skip
    print(
        "  RP2040 @125 MHz estimate: {:.0f} ms (goal {} ms) = unix time {}".format(
            pico_ms, GOAL_MS, benchutil.ratio_note()
        )
    )
    return figures


if __name__ == "__main__":
    run()
