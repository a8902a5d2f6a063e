"""Benchmark: LED frame render time (and keypad decode time) on CPython, the MicroPython unix
port, and an RP2040 estimate.

Scenes: a 2-side game with a blinking preview, 20 ms apart (the usual frame); 4 sides with an
overlay bar and a pending entry previewed on every side, held in the red error flash (the
busiest board); held in the skunk flash (every LED lit, so the power cap rescales all 363
bytes). 250 frames each, best of 3.

The RP2040 figure is the unix-port time times the Fibonacci(24) ratio measured in the same
run (tools/bench/benchutil.py): an estimate, good to perhaps a factor of 1.5 either way.
Key press -> frame ready, through the whole app, is tools/bench/bench_app.py.

    python -m tools.bench.bench_render     # or `make bench`, which calls run()

SPDX-License-Identifier: MIT
"""

from tools.bench import benchutil

FRAME_BUDGET_US = 20000  # one frame at the 50 Hz refresh cap
FRAMES = 250

# Shared by both runtimes (after benchutil.TICKS): builds the scenes and times them. Prints
# one line of ints: us per frame for each scene, us per keypad scan.
SCRIPT = """
import sys
sys.path.insert(0, {firmware!r})
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

out = [per_frame(*scene(n)) for n in ("game", "busy", "skunk")]
out.append(per_scan())
print(" ".join(str(x) for x in out))
"""
SCENES = ("2-side game + preview", "4 sides, previews, error", "skunk flash (power cap)")


def _script():
    return benchutil.TICKS + SCRIPT.format(firmware=benchutil.FIRMWARE, frames=FRAMES)


def run():
    """Print render and keypad figures; return them as a dict."""
    cpy = benchutil.cpython(_script())
    figures = {"cpython_frame_us": cpy[:3], "cpython_scan_us": cpy[3]}
    upy = pico = [None] * 4
    if benchutil.have_micropython():
        upy = benchutil.micropython(_script())
        ratio = benchutil.pico_ratio()
        pico = [int(us * ratio) for us in upy]
        figures.update(upy_frame_us=upy[:3], upy_scan_us=upy[3], ratio=ratio,
                       pico_frame_us=pico[:3], pico_scan_us=pico[3])  # fmt: skip
    print("LED frame render, us per frame (best of 3 x {} frames):".format(FRAMES))
    names = SCENES + ("keypad decode, per scan",)
    benchutil.table("scene", zip(names, cpy, upy, pico, strict=True))
    if upy[0] is not None:
        print(
            "  reference: a frame every {} ms at the 50 Hz cap; the strip write itself takes"
            " ~3.6 ms. RP2040 = unix {}".format(FRAME_BUDGET_US // 1000, benchutil.ratio_note())
        )
    else:
        benchutil.say_no_micropython()
    print("  key press -> frame ready through the whole app: see bench_app")
    return figures


if __name__ == "__main__":
    run()
