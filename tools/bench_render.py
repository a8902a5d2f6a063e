"""Benchmark: LED frame render time (and keypad decode time) on CPython, the MicroPython unix
port, and an RP2040 estimate.

Scenes: a 2-side game with a blinking preview, 20 ms apart (the usual frame); 4 sides with an
overlay bar and a pending entry previewed on every side, held in the red error flash (the
busiest board); held in the skunk flash (every LED lit, so the power cap rescales all 363
bytes). 250 frames each, best of 3.

The RP2040 figure is the unix-port time times a ratio measured in the same run, as in
bench_discard.py: recursive Fibonacci(24) published at 1.785616 s on a 125 MHz Pico, over
its time on this PC's unix port. An estimate, good to perhaps a factor of 1.5 either way.
Key press -> frame ready, through the whole app, is tools/bench_app.py.

    python tools/bench_render.py        # or `make bench`, which calls run()

SPDX-License-Identifier: MIT
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
FIRMWARE = os.path.join(ROOT, "firmware")
MICROPYTHON = os.environ.get("MICROPYTHON", os.path.join(ROOT, ".venv", "bin", "micropython"))
PICO_FIB24_US = 1785616  # published: RP2040 at 125 MHz, MicroPython (see bench_discard.py)
FRAME_BUDGET_US = 20000  # one frame at the 50 Hz refresh cap
FRAMES = 250

# Shared by both runtimes: builds the scenes and times them. Prints one line of ints:
# us per frame for each scene, us per keypad scan, fib(24) us (MicroPython only, else 0).
SCRIPT = """
import sys
sys.path.insert(0, {firmware!r})
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter
    def ticks_us():
        return int(perf_counter() * 1e6)
    def ticks_diff(a, b):
        return a - b
from keypad import KeyDecoder
from render import Renderer
from view import View, SIG_ERROR, PREVIEW_ALL

def scene(name):
    # Returns (renderer, ms between frames); 0 holds the busiest moment of an animation.
    v = View()
    r = Renderer(v)
    step = 20
    if name == "game":
        v.front[0], v.back[0], v.front[1], v.back[1] = 67, 59, 71, 64
        v.set_preview(1, 12)
    elif name == "busy":
        v.sides = 4
        for s in range(4):
            v.front[s], v.back[s] = 40 + s * 3, 30 + s * 3
        v.set_segment(0, 1, 31, 2)
        v.set_preview(PREVIEW_ALL, 7)
        v.set_signal(SIG_ERROR, 0)
        v.brightness = 8
        step = 0
    else:
        v.brightness = 8
        v.front[1] = 121
        v.winner, v.skunk, v.won_ms = 1, 2, -1024
        step = 0
    return r, step

def per_frame(r, step):
    best = 1 << 30
    for rep in range(3):
        t0 = ticks_us()
        for i in range({frames}):
            r.render(i * step)
        best = min(best, ticks_diff(ticks_us(), t0))
    return best // {frames}

def per_scan():
    d = KeyDecoder()
    masks = (0, 1, 1, 1, 0, 0, 0x4000, 0x4000)
    t0 = ticks_us()
    for i in range(2000):
        d.update(masks[i & 7], i * 20)
    return ticks_diff(ticks_us(), t0) // 2000

def fib(n):
    return n if n <= 1 else fib(n - 1) + fib(n - 2)

out = [per_frame(*scene(n)) for n in ("game", "busy", "skunk")]
out.append(per_scan())
if sys.implementation.name == "micropython":
    t0 = ticks_us()
    fib(24)
    out.append(ticks_diff(ticks_us(), t0))
else:
    out.append(0)
print(" ".join(str(x) for x in out))
"""
SCENES = ("2-side game + preview", "4 sides, previews, error", "skunk flash (power cap)")


def _script():
    return SCRIPT.format(firmware=os.path.abspath(FIRMWARE), frames=FRAMES)


def _figures(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=300)
    return [int(x) for x in out.stdout.split()]


def run():
    """Print render and keypad figures; return them as a dict."""
    cpy = _figures([sys.executable, "-c", _script()])
    figures = {"cpython_frame_us": cpy[:3], "cpython_scan_us": cpy[3]}
    upy = None
    if os.path.exists(MICROPYTHON):
        upy = _figures([MICROPYTHON, "-c", _script()])
        ratio = PICO_FIB24_US / upy[4]
        figures.update(
            upy_frame_us=upy[:3],
            upy_scan_us=upy[3],
            ratio=ratio,
            pico_frame_us=[int(us * ratio) for us in upy[:3]],
            pico_scan_us=int(upy[3] * ratio),
        )
    print("LED frame render, us per frame (best of 3 x {} frames):".format(FRAMES))
    print("  {:28s} {:>9s} {:>9s} {:>11s}".format("scene", "CPython", "upy unix", "RP2040 est"))
    for i, name in enumerate(SCENES):
        row = "  {:28s} {:9d}".format(name, cpy[i])
        if upy:
            row += " {:9d} {:11d}".format(upy[i], figures["pico_frame_us"][i])
        print(row)
    row = "  {:28s} {:9d}".format("keypad decode, per scan", cpy[3])
    if upy:
        row += " {:9d} {:11d}".format(upy[3], figures["pico_scan_us"])
    print(row)
    if upy:
        print(
            "  reference: a frame every {} ms at the 50 Hz cap; the strip write itself takes"
            " ~3.6 ms. RP2040 = unix x {:.0f} (Fibonacci(24) {:.3f} s on a Pico / {:.1f} ms"
            " here)".format(FRAME_BUDGET_US // 1000, ratio, PICO_FIB24_US / 1e6, upy[4] / 1000)
        )
    else:
        print("  MicroPython unix port: not found at {}".format(MICROPYTHON))
    print("  key press -> frame ready through the whole app: see bench_app")
    return figures


if __name__ == "__main__":
    run()
