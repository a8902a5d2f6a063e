"""Benchmark: the Pico's figures measured on the emulated RP2040, beside the estimates.

The other benchmarks *estimate* the RP2040: unix-port time x the Fibonacci(24) ratio
(benchutil.py). This one *measures*: it runs tools/emu/app_figures.py in the emulator's venv,
which boots the image `make build` makes on rp2040py's emulated RP2040 (the MicroPython
1.26.1 rp2 firmware built by tools/emu) and reads every figure off the emulated clock
(tools/emu/README.md, "Measured figures"). The count-verify, discard and render scripts are
the same programs on both sides: run on the unix port for the estimate and on the emulated
board for the measurement. Needs `make emu-setup` once; without it only the estimates print.

`summary(results)` (called by bench.py after every benchmark) prints the goals' table:
each figure measured on the emulated Pico next to its estimate.

    python -m tools.bench.bench_pico        # or `make bench`

SPDX-License-Identifier: MIT
"""

import json
import os
import subprocess
import sys
import tempfile

from tools.bench import bench_discard, bench_render, benchutil
from tools.bench.bench_uf2 import FIRST_SCAN_AT_FRAME, FIRST_SCAN_BEFORE
from tools.bench.benchutil import FIRMWARE, ROOT

EMU_PY = os.path.join(ROOT, "build", "emu", "venv", "bin", "python")
FIGURES = os.path.join(ROOT, "tools", "emu", "app_figures.py")
HISTORY = os.path.join(ROOT, "tools", "emu", "history_pico.py")  # the records' figures
RENDER_FRAMES = 10  # per scene and repeat on the board (250 on the PC)
DISCARD_REPEAT = 2

# One itemized count-verify result, as the count-verify mode gets it (card ints), with the
# breakdown read out (the display's lines use it) and the message. Best of 3, microseconds.
VERIFY_SCRIPT = """
import sys
sys.path.insert(0, {firmware!r})
from cribbage import check_count, parse_card, parse_cards
hand = parse_cards("4C 5S 6D 7C")
starter = parse_card("5H")
best = 1 << 30
for i in range(3):
    t0 = ticks_us()
    r = check_count(12, hand, starter, False, True)
    items = r.actual.items
    text = r.message()
    best = min(best, ticks_diff(ticks_us(), t0))
print(best, r.actual.total, len(items))
"""

GOALS = {"restored_ms": 1000, "key_ms": 50, "discard_ms": 2000, "heap_b": 100 * 1024}


def jobs(firmware):
    """The scripts timed on both sides, for firmware at `firmware` (a path on that side)."""
    return {
        "verify": benchutil.TICKS + VERIFY_SCRIPT.format(firmware=firmware),
        "discard": bench_discard.UPY_SCRIPT.format(
            firmware=firmware, deal=bench_discard.DEAL, repeat=DISCARD_REPEAT
        ),
        "render": benchutil.TICKS
        + bench_render.SCRIPT.format(firmware=firmware, frames=RENDER_FRAMES),
    }


def emulator_ready():
    if not os.path.exists(EMU_PY):
        return False
    probe = "import sys; from tools.emu import firmware_build; " + (
        "sys.exit(0 if firmware_build.cached_firmware() else 1)"
    )
    return subprocess.run([EMU_PY, "-c", probe], cwd=ROOT, check=False).returncode == 0


def measure():
    """app_figures.py's figures (dict), its progress lines passed through as they come."""
    with tempfile.TemporaryDirectory(prefix="picopeg-pico-") as tmp:
        args = [EMU_PY, FIGURES, "--json", os.path.join(tmp, "figures.json")]
        for name, code in jobs("/").items():
            path = os.path.join(tmp, name + ".py")
            with open(path, "w") as f:
                f.write(code)
            args += ["--job", "{}={}".format(name, path)]
        subprocess.run(args, cwd=ROOT, check=True, stderr=sys.stdout)
        with open(os.path.join(tmp, "figures.json")) as f:
            return json.load(f)


def run():
    """Measure on the emulated Pico; print and return the figures (empty without it)."""
    if not emulator_ready():
        print("  emulated Pico: not set up (sudo make emu-setup), so the RP2040 figures above")
        print("  are estimates only")
        return {}
    print("The RP2040 figures measured on the emulated Pico (its emulated time):")
    figures = measure()
    job = figures["jobs"]
    keys = figures["restored"]["keys"]
    print("  power-on -> first frame, fresh flash:      {:6.0f} ms".format(
        figures["fresh"]["first_frame_ms"]))  # fmt: skip
    _print_first_key(figures["fresh"], "fresh", "2 then A")
    print("  power-on -> restored frame, 220-peg game:  {:6.0f} ms ({} B of log; frame {})".format(
        figures["restored"]["restored_frame_ms"], figures["log_bytes"],
        "checked against the PC's" if figures["restored"]["restored_frame_checked"]
        else "DIFFERS from the PC's"))  # fmt: skip
    _print_first_key(figures["restored"], "restored", "A (a go)")
    print("  key release -> committed frame (median of {}): {:.0f} ms, worst {:.0f} ms".format(
        len(figures["restored"]["goes"]), keys["release_to_frame_ms"],
        keys["max_release_to_frame_ms"]))  # fmt: skip
    print("    debounce (release -> the second scan) {:.0f} ms; release -> on flash {:.0f} ms,"
          " of which the flash chip is busy {:.0f} ms ({:.0f} erase, {:.0f} page programs);"
          " the scan that registers it -> frame {:.0f} ms".format(
              keys["release_to_registered_ms"], keys["release_to_written_ms"],
              keys["flash_busy_ms"], keys["erases"], keys["programs"],
              keys["registered_to_frame_ms"]))  # fmt: skip
    verify = [int(x) for x in job["lines"]["verify"][-1].split()]
    discard = [int(x) for x in job["lines"]["discard"][-1].split()]
    render = [int(x) for x in job["lines"]["render"][-1].split()]
    print("  count verify, one itemized result:        {:8.1f} ms".format(verify[0] / 1000))
    print("  discard advice, six cards ({}): {:8.1f} ms".format(bench_discard.DEAL,
                                                               discard[0] / 1000))  # fmt: skip
    print("  one render, us: {} (scenes as bench_render); keypad decode {} us/scan".format(
        ", ".join(str(x) for x in render[:3]), render[3]))  # fmt: skip
    if "heap" in figures:
        heap = figures["heap"]
        print("  free heap after a collection: {} B with the app idle on the 220-peg game;"
              " {} B at the lowest in the whole scripted game".format(
                  heap["idle_free"], heap["min_free"]))  # fmt: skip
    print("  Fibonacci(24): {:.0f} ms (published for a real 125 MHz Pico: {:.0f} ms);".format(
        job["fib24_ms"], benchutil.PICO_FIB24_US / 1000))  # fmt: skip
    print("  time.ticks_us() across a loop {} us, the emulator's clock {:.1f} us".format(
        job["ticks_us"], job["clock_us"]))  # fmt: skip
    history = subprocess.run([EMU_PY, HISTORY, "figures"], cwd=ROOT, capture_output=True,
                             text=True, check=False)  # fmt: skip
    lines = history.stdout.strip().splitlines()
    failed = "history of a 220-peg game: FAILED " + history.stderr.strip()[-200:]
    print("  " + (lines[-1] if history.returncode == 0 and lines else failed))
    print("  {} s of host time".format(figures["host_seconds"]))
    figures.update(verify_us=verify[0], discard_us=discard[0], render_us=render[:3])
    return figures


def _print_first_key(boot, name, keys):
    """Power-on to the first keypad scan beside the figures before, and the tap 100 ms after
    the first frame (app_figures: while the modes load), with the frame that showed it."""
    print("    -> first keypad scan (a key down is read): {:.0f} ms (before: {} ms once the"
          " modes loaded, {} ms from the first frame)".format(
              boot["first_scan_ms"], FIRST_SCAN_BEFORE[name],
              FIRST_SCAN_AT_FRAME[name]))  # fmt: skip
    shown = boot["tap_frame_ms"]
    print("    {} tapped at {:.0f} ms (100 ms after the first frame), let go at {:.0f}: {}".format(
        keys, boot["tap_ms"], boot["tap_released_ms"],
        "acted on, shown at {:.0f} ms".format(shown) if shown else "LOST"))  # fmt: skip


def unix_estimates():
    """The same scripts on the unix port x the Fibonacci ratio: (verify, discard, render) us."""
    scripts = jobs(FIRMWARE)
    ratio = benchutil.pico_ratio()
    verify = benchutil.micropython(scripts["verify"])[0] * ratio
    discard = benchutil.micropython(scripts["discard"])[0] * ratio
    render = benchutil.micropython(scripts["render"])[0] * ratio
    return verify, discard, render


def summary(results):
    """The goals' table: measured on the emulated Pico beside the estimates."""
    pico = results.get("bench_pico") or {}
    if not pico or not benchutil.have_micropython():
        return
    app = results.get("bench_app") or {}
    verify, discard, render = unix_estimates()
    keys = pico["restored"]["keys"]
    heap = pico.get("heap", {}).get("min_free")
    rows = [
        ("power-on -> restored frame", app.get("pico_boot_ms"),
         pico["restored"]["restored_frame_ms"], "< {} ms".format(GOALS["restored_ms"]), "ms"),
        ("key release -> frame + flash", _key_estimate(app), keys["release_to_frame_ms"],
         "< {} ms".format(GOALS["key_ms"]), "ms"),
        ("count verify, itemized", verify / 1000, pico["verify_us"] / 1000, "", "ms"),
        ("discard advice, 6 cards", discard / 1000, pico["discard_us"] / 1000,
         "< {} ms".format(GOALS["discard_ms"]), "ms"),
        ("one render (2-side game)", render / 1000, pico["render_us"][0] / 1000, "< 20 ms", "ms"),
        ("lowest free heap, a game", None, heap and heap / 1024, "> 100 KB", "KB"),
    ]  # fmt: skip
    print("The Pico's goals: the RP2040 estimated (unix port x {:.0f}) and measured (emulated)"
          ":".format(benchutil.pico_ratio()))  # fmt: skip
    print("  {:30s} {:>11s} {:>11s}  {}".format("figure", "estimated", "measured", "goal"))
    for name, est, got, goal, unit in rows:
        e = "-" if est is None else "{:.1f} {}".format(est, unit)
        g = "-" if got is None else "{:.1f} {}".format(got, unit)
        print("  {:30s} {:>11s} {:>11s}  {}".format(name, e, g, goal))
    print("  estimated: the boot with bench_app's 110-event game; the key with its side-key time"
          " plus a 45 ms erase. Measured: tools/emu (the emulated clock).")  # fmt: skip


def _key_estimate(app):
    us = app.get("pico_us")
    return None if not us else us[1] / 1000 + 45  # bench_app's side key, plus one erase


if __name__ == "__main__":
    got = run()
    summary({"bench_pico": got})
