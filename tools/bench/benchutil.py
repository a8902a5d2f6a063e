"""What the benchmarks (tools/bench/bench_*.py) share: where things are, running a script on
CPython or the MicroPython unix port, the RP2040 estimate, and the figures' table.

How the RP2040 figure is estimated: the unix port runs the same bytecode VM as the Pico, so
the Pico time is the unix-port time times a speed ratio measured in the same run: the time of
a reference program published for a Pico divided by its time on this PC's unix port. The
reference is recursive Fibonacci(24) (150,049 calls, small-int arithmetic and branches),
1.785616 s on a Raspberry Pi Pico (RP2040) set to 125 MHz with recent MicroPython, from
github.com/DrKRR/Performance-Analysis-of-Raspberry-Pi-Pico-Boards. Assumption: our code
(function calls, list and bytes indexing, small ints) slows down on the Pico by the same
factor as that program. It is an estimate, good to perhaps a factor of 1.5 either way, and
pessimistic for work done in C (loading .mpy files, the garbage collector); the goals'
margins are what make it safe.

SPDX-License-Identifier: MIT
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))  # the repository: the tools package's parent
FIRMWARE = os.path.join(ROOT, "firmware")
MICROPYTHON = os.environ.get("MICROPYTHON", os.path.join(ROOT, ".venv", "bin", "micropython"))
PICO_FIB24_US = 1785616  # published: RP2040 at 125 MHz, MicroPython (see the docstring)

# The start of a script run by both runtimes: MicroPython's ticks_us/ticks_diff on CPython too.
TICKS = """
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter
    def ticks_us():
        return int(perf_counter() * 1e6)
    def ticks_diff(a, b):
        return a - b
"""

# Prints the best of 5 timings of Fibonacci(24), in microseconds.
FIB_SCRIPT = (
    TICKS
    + """
def fib(n):
    return n if n <= 1 else fib(n - 1) + fib(n - 2)
best = 1 << 30
for _ in range(5):
    t0 = ticks_us()
    fib(24)
    best = min(best, ticks_diff(ticks_us(), t0))
print(best)
"""
)

_fib_us = []  # measured once a run, so every benchmark uses the same ratio


def have_micropython():
    """True when the unix port is there."""
    return os.path.exists(MICROPYTHON)


def say_no_micropython():
    print("  MicroPython unix port: not found at {}".format(MICROPYTHON))


def output(cmd, timeout=300):
    """What cmd prints (it must succeed)."""
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=timeout)
    return done.stdout


def figures(cmd, timeout=300):
    """The ints a benchmark script prints on one line."""
    return [int(x) for x in output(cmd, timeout).split()]


def cpython(script, timeout=300):
    """figures() of a script's text run by this CPython."""
    return figures([sys.executable, "-c", script], timeout)


def micropython(script, timeout=300):
    """figures() of a script's text run by the unix port."""
    return figures([MICROPYTHON, "-c", script], timeout)


def fib24_us():
    """Fibonacci(24) on the unix port, microseconds (best of 5)."""
    if not _fib_us:
        _fib_us.append(micropython(FIB_SCRIPT)[0])
    return _fib_us[0]


def pico_ratio():
    """RP2040 time / unix-port time (see the docstring)."""
    return PICO_FIB24_US / fib24_us()


def ratio_note():
    """'x 154 (Fibonacci(24): 1.786 s on a Pico / 11.6 ms here)'."""
    return "x {:.0f} (Fibonacci(24): {:.3f} s on a Pico / {:.1f} ms here)".format(
        pico_ratio(), PICO_FIB24_US / 1e6, fib24_us() / 1000
    )


def table(first, rows):
    """Print rows of (name, CPython, unix port, RP2040 estimate) integers under a header;
    the last two are None where there is no unix port."""
    print("  {:28s} {:>9s} {:>9s} {:>11s}".format(first, "CPython", "upy unix", "RP2040 est"))
    for name, cpy, upy, pico in rows:
        row = "  {:28s} {:9d}".format(name, cpy)
        if upy is not None:
            row += " {:9d} {:11d}".format(upy, pico)
        print(row)
