"""Benchmark: discard advice for one six-card deal, and what it means for a 125 MHz Pico.

Prints the time of ``advise_discard`` on CPython and on the MicroPython unix port, the heap
one call uses there, and an RP2040 estimate next to the 2-second goal.

How the RP2040 figure is estimated: the unix port runs the same bytecode VM as the Pico, so
the Pico time is the unix-port time times a speed ratio measured in the same run: the time of
a reference program published for a Pico divided by its time on this PC's unix port. The
reference is recursive Fibonacci(24) (150,049 calls, small-int arithmetic and branches),
1.785616 s on a Raspberry Pi Pico (RP2040) set to 125 MHz with recent MicroPython, from
github.com/DrKRR/Performance-Analysis-of-Raspberry-Pi-Pico-Boards. Assumption: our code
(function calls, list and bytes indexing, small ints) slows down on the Pico by the same
factor as that program. It is an estimate, good to perhaps a factor of 1.5 either way; the
goal's margin is what makes it safe.

    python tools/bench_discard.py        # or `make bench`, which calls run()

SPDX-License-Identifier: MIT
"""

import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
FIRMWARE = os.path.join(ROOT, "firmware")
MICROPYTHON = os.environ.get("MICROPYTHON", os.path.join(ROOT, ".venv", "bin", "micropython"))

DEAL = "5H 5C 5D JS 2C 9D"
GOAL_MS = 2000
PICO_FIB24_US = 1785616  # published: RP2040 at 125 MHz, MicroPython (see the docstring)
REPEAT = 20

# Run by the MicroPython unix port: prints "advice_us fib_us retained_bytes allocated_bytes".
UPY_SCRIPT = """
import sys, time, gc
sys.path.insert(0, {firmware!r})
from cribbage.discard import advise_discard

def fib(n):
    if n <= 1:
        return n
    return fib(n - 1) + fib(n - 2)

def best_us(fn, repeat):
    best = 1 << 30
    for _ in range(repeat):
        t0 = time.ticks_us()
        fn()
        best = min(best, time.ticks_diff(time.ticks_us(), t0))
    return best

advice = best_us(lambda: advise_discard({deal!r}, True), {repeat})
fib_us = best_us(lambda: fib(24), 5)
gc.collect()
free0 = gc.mem_free()
gc.disable()
alloc0 = gc.mem_alloc()
options = advise_discard({deal!r}, True)
allocated = gc.mem_alloc() - alloc0
gc.enable()
gc.collect()
retained = free0 - gc.mem_free()
print(advice, fib_us, retained, allocated)
"""


def cpython_us():
    """Best time (microseconds) of one advice on this CPython."""
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    from cribbage.discard import advise_discard

    best = None
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        advise_discard(DEAL, True)
        dt = (time.perf_counter() - t0) * 1e6
        best = dt if best is None else min(best, dt)
    return best


def micropython_figures():
    """(advice us, fib(24) us, retained bytes, allocated bytes) on the unix port, or None."""
    if not os.path.exists(MICROPYTHON):
        return None
    script = UPY_SCRIPT.format(firmware=os.path.abspath(FIRMWARE), deal=DEAL, repeat=REPEAT)
    out = subprocess.run(
        [MICROPYTHON, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    advice, fib_us, retained, allocated = (int(x) for x in out.stdout.split())
    return advice, fib_us, retained, allocated


def run():
    """Print the discard-advice figures; return them as a dict."""
    figures = {"cpython_us": cpython_us()}
    print("discard advice, one six-card deal ({}), best of {}:".format(DEAL, REPEAT))
    version = "{}.{}".format(*sys.version_info[:2])
    print("  CPython {}:           {:8.0f} us".format(version, figures["cpython_us"]))
    upy = micropython_figures()
    if upy is None:
        print("  MicroPython unix port: not found at {}".format(MICROPYTHON))
        return figures
    advice, fib_us, retained, allocated = upy
    ratio = PICO_FIB24_US / fib_us
    pico_ms = advice * ratio / 1000
    figures.update(upy_us=advice, ratio=ratio, pico_ms=pico_ms, retained=retained)
    print("  MicroPython unix port: {:8d} us".format(advice))
    print("  heap (unix port): {} bytes allocated by one call, {} kept by its result".format(
        allocated, retained
    ))  # fmt: skip
    print(
        "  RP2040 @125 MHz estimate: {:.0f} ms (goal {} ms) = unix time x {:.0f}, the ratio of"
        " Fibonacci(24): {:.3f} s published for a Pico / {:.1f} ms here".format(
            pico_ms, GOAL_MS, ratio, PICO_FIB24_US / 1e6, fib_us / 1000
        )
    )
    return figures


if __name__ == "__main__":
    run()
