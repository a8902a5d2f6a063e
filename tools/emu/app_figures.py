"""The Pico figures `make bench` prints, measured on the emulated board in emulated time.

    build/emu/venv/bin/python tools/emu/pico_figures.py [--job NAME=FILE ...] [--json OUT]

Each figure comes from the image `make build` makes (tools/flashing/image.py, as `make flash`
copies it) on the cached MicroPython rp2 firmware, on a board with no USB host
(board_session.py), and is read off the emulated clock: power-on is emulated time 0, a frame
is timed when the WS2812 chain latches it, a key when the key matrix changes. Progress goes to
stderr; the figures, as JSON, to stdout (or OUT).

- boot: power-on to the first LED frame on a fresh flash, and to the restored frame with a
  220-peg game on flash (the frame is checked against the one the same firmware draws on the
  PC from the same files); on each, power-on to the first keypad scan (row 0 driven low: a
  key down from then on is read), and a tap TAP_AFTER_MS after the first frame, while the
  modes still load (firmware/bootkeys.py keeps it): 2 then A on the fresh flash, A alone (a
  go) on the 220-peg game, and the first frame that shows its point (the modes had loaded);
- keys: on that board, five goes, B and A in turn (side key alone): key release to the frame
  that shows the point, through the debounce, the keeper's write to flash (with the flash
  chip's typical erase and program times, flashchip.py) and the next frame. "Registered" is
  the second scan after the release: since issue 13 that is the confirming scan the keypad
  task takes 5 ms after the first up-read (it was the next 20 ms scan), and the frame is
  drawn by the keypad task at once. The saved game is made on the PC and then left idle for
  a minute (board_files.saved_game), so its journal is folded into game.log as on a board
  unplugged at rest; the goes append to a fresh journal, and no fold falls among them (they
  are 0.7 s apart);
- jobs: the scripts given with --job (make bench passes the count-verify, discard-advice and
  render benchmarks) plus Fibonacci(24), the program that tools/bench/benchutil.py scales
  its estimates by,
  run on the board; each prints its own figures, timed with time.ticks_us() (the RP2040
  TIMER, which counts emulated time: checked here against the emulator's clock);
- heap: the whole scripted game of tools/board/fullgame.py on the board
  (pico_figures.heap_figures, jobs/heap_game.py), the smallest gc.mem_free() after a
  collection, and the free heap of the app booted and idle.

pico_figures.py measures installs (the frozen UF2 beside `make flash`'s files) with the same
board and the same heap job; this adds the keys, the flash writes and the benchmark scripts.
"""

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

from tools.emu import board_files, board_spec
from tools.emu.board_jobs import run_jobs
from tools.emu.board_session import PicoBoard
from tools.emu.pico_figures import heap_figures, host_frames
from tools.emu.pico_session import Install

HERE = Path(__file__).resolve().parent
# 220 pegs: A 114, B 110 (apart, so nothing blinks). A deal has at most 8 go points with two
# players (scorekeeper/rules.max_gos), so 8 gos a deal, then ### passes it (play, show, the
# missing counts), 27 times; the last deal has 1 go and a 2 for B, so the tap as the track
# lights (a go for A) and the 5 timed goes (B and A in turn: a second go in a row for one
# side only asks, modes/score.py) fit in it, and A stays ahead.
GAME_220 = "5A" + ("1B1A" * 4 + "###") * 27 + "1A2B"
GOES = 5  # side-key-alone goes timed on the restored board: B, A, B, A, B
GOES_AFTER_MS = 1000  # after the first frame: the modes have loaded, the goes are live keys
TAP_AFTER_MS = 100  # the tap as the track lights: after the first frame, before the modes load
TICKS_GPIO = 26  # not connected on the board: the ticks check's marker

FIB_JOB = """
import time
def fib(n):
    return n if n <= 1 else fib(n - 1) + fib(n - 2)
t = time.ticks_us()
fib(24)
print(time.ticks_diff(time.ticks_us(), t))
"""
TICKS_JOB = """
import machine, time
p = machine.Pin({gpio}, machine.Pin.OUT, value=0)
p(1)
t = time.ticks_us()
n = 0
for i in range(2000):
    n += i
u = time.ticks_us()
p(0)
print(time.ticks_diff(u, t))
"""


def progress(msg: str) -> None:
    print(f"  emulated Pico: {msg}", file=sys.stderr, flush=True)


class Stopwatch:
    def __init__(self):
        self.t0 = time.perf_counter()

    def __str__(self):
        return f"{time.perf_counter() - self.t0:.0f} s of host time"


async def boot_fresh(files):
    """A fresh flash: the first frame, the first keypad scan, and 2 then A tapped from
    TAP_AFTER_MS after the first frame (A pegs 2: hole 2 lights)."""
    from ledmap import HOLE_TO_LED  # the firmware's, from the installed project

    async with PicoBoard(files) as pico:
        frame = await pico.next_frame()
        out = {"first_frame_ms": frame.ms, "flash_erases": _erases(pico.flash.ops)}
        tap = frame.ms + TAP_AFTER_MS
        end = pico.tap("2A", tap)
        out.update(await _tap_figures(pico, frame, tap, end, HOLE_TO_LED[1]))
        out["tap_scores"] = board_files.host_keeper(pico.files()).game.scores[:2]
        return out


async def _tap_figures(pico, first, tap_ms, end_ms, led):
    """The first keypad scan, and the first frame after the tap (at tap_ms, its last key up
    at end_ms - 100) in which `led` lights: when the tap was acted on."""
    shown = await pico.next_frame(after_ns=first.ns, test=lambda f: any(f.pixels[led]),
                                  until_ms=end_ms + 1500)  # fmt: skip
    return {
        "first_scan_ms": pico.keys.scans[0] / 1e6 if pico.keys.scans else None,
        "tap_ms": tap_ms,
        "tap_released_ms": end_ms - 100,
        "tap_frame_ms": shown.ms if shown is not None else None,
    }


async def boot_restored_and_keys(files):
    """The 220-peg board: its restored frame, a go for A tapped TAP_AFTER_MS after it, then
    GOES timed goes, B and A in turn, once the modes have loaded."""
    from ledmap import HOLE_TO_LED  # the firmware's, from the installed project

    async with PicoBoard(files) as pico:
        frame = await pico.next_frame()
        out = {"restored_frame_ms": frame.ms,
               "restored_frame_checked": frame.pixels in host_frames(files)}  # fmt: skip
        score = board_files.host_keeper(files).game.scores[:2]
        tap = frame.ms + TAP_AFTER_MS
        end = pico.tap("A", tap)
        out.update(await _tap_figures(pico, frame, tap, end, HOLE_TO_LED[score[0]]))
        score[0] += 1
        t = frame.ms + GOES_AFTER_MS
        taps = []  # (release, the LED of the go's new front peg)
        for i in range(GOES):
            side = 1 - i % 2  # B first: A's go was the tap
            release = pico.tap("AB"[side], t) - 100
            taps.append((release, HOLE_TO_LED[score[side]]))
            score[side] += 1
            t = release + 700
        await pico.run_until(t)
        out["goes"] = [_go(pico, r, led) for r, led in taps]
        return out


def _go(pico, release_ms, led):
    """Times of one go: release -> registered (the debounce's second scan) -> on flash ->
    the first frame latched after the release, which must light the new front peg."""
    r = release_ms * 1e6
    before = [f for f in pico.frames if r - 300e6 < f.ns < r]
    frame = next(f for f in pico.frames if f.ns > r)
    previous = [f for f in pico.frames if f.ns < r][-1]
    scans = [s for s in pico.keys.scans if s > r]
    ops = [o for o in pico.flash.ops if r < o.start_ns < frame.ns]
    return {
        "release_to_frame_ms": (frame.ns - r) / 1e6,
        "registered_to_frame_ms": (frame.ns - scans[1]) / 1e6,
        "release_to_registered_ms": (scans[1] - r) / 1e6,
        "release_to_written_ms": (ops[-1].end_ns - r) / 1e6 if ops else None,
        "flash_busy_ms": sum(o.end_ns - o.start_ns for o in ops) / 1e6,
        "erases": _erases(ops),
        "programs": sum(o.kind == "program" for o in ops),
        "frame_shows_the_point": any(frame.pixels[led])
        and frame.pixels[led] != previous.pixels[led],
        "quiet_before": not before,  # nothing was animating: the frame is the go's
    }


def _erases(ops):
    return sum(o.kind == "erase" for o in ops)


async def board_jobs(files, jobs):
    edges = []

    def wire(pico):
        pico.mcu.gpio[TICKS_GPIO].add_listener(lambda v, _o: edges.append((int(v), pico.ns)))

    jobs = {**jobs, "fib24": FIB_JOB, "ticks": TICKS_JOB.format(gpio=TICKS_GPIO)}
    out = await run_jobs(jobs, files, setup=wire)
    failed = {name: o.error for name, o in out.items() if o.error}
    if failed:
        raise RuntimeError(f"a job failed on the emulated board: {failed}")
    rise = next(ns for v, ns in edges if v == 1)
    fall = next(ns for v, ns in edges if v == 0 and ns > rise)
    return {
        "lines": {name: o.lines for name, o in out.items()},
        "fib24_ms": int(out["fib24"].lines[-1]) / 1000,
        # ticks_us() across a loop, and the emulator's clock between the pin edges around it
        "ticks_us": int(out["ticks"].lines[-1]),
        "clock_us": (fall - rise) / 1000,
    }


def heap_game(files):
    install = Install("make build", board_spec.firmware_image(), files)
    return asyncio.run(heap_figures(install))


def summarize_goes(goes):
    keys = ("release_to_frame_ms", "registered_to_frame_ms", "release_to_registered_ms",
            "release_to_written_ms", "flash_busy_ms")  # fmt: skip
    med = {k: statistics.median(g[k] for g in goes) for k in keys}
    med["max_release_to_frame_ms"] = max(g["release_to_frame_ms"] for g in goes)
    med["erases"] = statistics.median(g["erases"] for g in goes)
    med["programs"] = statistics.median(g["programs"] for g in goes)
    med["checked"] = all(g["frame_shows_the_point"] and g["quiet_before"] for g in goes)
    return med


def _tap_text(boot: dict) -> str:
    shown = boot["tap_frame_ms"]
    taken = f"shown at {shown:.0f} ms" if shown else "LOST"
    return f"first keypad scan at {boot['first_scan_ms']:.0f} ms; the tap at " + (
        f"{boot['tap_ms']:.0f} ms {taken}"
    )


def measure(jobs: dict[str, str], heap: bool = True, boot_only: bool = False) -> dict:
    watch = Stopwatch()
    files = board_files.device_files()
    steps = 2 if boot_only else 4 if heap else 3
    progress(f"1/{steps} power-on on a fresh flash (the emulator runs ~20x slower than a Pico)")
    figures = {"image_files": len(files), "image_bytes": sum(map(len, files.values()))}
    figures["fresh"] = asyncio.run(boot_fresh(files))
    progress(f"  first frame at {figures['fresh']['first_frame_ms']:.0f} ms emulated, "
             f"{_tap_text(figures['fresh'])} ({watch})")  # fmt: skip

    game = board_files.saved_game(GAME_220)
    figures["log_bytes"] = len(game["/state/game.log"])
    progress(f"2/{steps} power-on with a 220-peg game ({figures['log_bytes']} B of log), "
             f"then {GOES} key presses")  # fmt: skip
    restored = asyncio.run(boot_restored_and_keys({**files, **game}))
    restored["keys"] = summarize_goes(restored["goes"])
    figures["restored"] = restored
    progress(f"  restored frame at {restored['restored_frame_ms']:.0f} ms, "
             f"{_tap_text(restored)}, key release to frame "
             f"{restored['keys']['release_to_frame_ms']:.0f} ms ({watch})")  # fmt: skip
    if boot_only:
        figures["host_seconds"] = round(time.perf_counter() - watch.t0)
        return figures

    progress(f"3/{steps} {', '.join(jobs) or 'no'} benchmarks, Fibonacci(24), the clock check")
    figures["jobs"] = asyncio.run(board_jobs(files, jobs))
    progress(f"  Fibonacci(24) {figures['jobs']['fib24_ms']:.0f} ms ({watch})")

    if heap:
        progress(f"4/{steps} the app idle on the 220-peg game, then the scripted full game")
        figures["heap"] = heap_game({**files, **game})
        progress(f"  {figures['heap']['min_free']} B free at the lowest ({watch})")
    figures["host_seconds"] = round(time.perf_counter() - watch.t0)
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--job",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="a MicroPython script to time on the board (prints its figures)",
    )
    parser.add_argument("--no-heap", action="store_true", help="skip the scripted game")
    parser.add_argument("--boot-only", action="store_true",
                        help="only the boots, their taps and the goes")  # fmt: skip
    parser.add_argument("--json", type=Path, help="write the figures here, not to stdout")
    args = parser.parse_args(argv)  # fmt: skip
    jobs = {}
    for spec in args.job:
        name, _, path = spec.partition("=")
        jobs[name] = Path(path).read_text()
    figures = measure(jobs, heap=not args.no_heap, boot_only=args.boot_only)
    text = json.dumps(figures, indent=1)
    if args.json:
        args.json.write_text(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
