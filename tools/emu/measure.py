"""Feasibility measurements of the emulated Pico, printed as a Markdown table.

Each check boots the real firmware and asserts what it reports against an independent
expectation (pixels decoded from the WS2812 waveform against the colours sent, files read back
from the dumped flash against the files mpremote copied), so a row says "ok" only if it worked.
"""

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from tools.emu import board_spec, device_serve, firmware_build, fs_image
from tools.emu.device_run import EmulatedPico

REPO = Path(__file__).resolve().parents[2]
CHAIN = 121  # LEDs on the board (hardware/holes.csv)

IDENTITY = """
import gc, os, sys
gc.collect()
print(repr(os.uname()))
fs = os.statvfs('/')
print(gc.mem_free(), gc.mem_alloc(), fs[2], fs[3], sys.implementation._mpy)
"""
SPEED = """
import time
t = time.ticks_us()
n = 0
for i in range(20000):
    n += i & 7
print(time.ticks_diff(time.ticks_us(), t))
"""
SLEEP = """
import time
t = time.ticks_ms()
time.sleep_ms(200)
print(time.ticks_diff(time.ticks_ms(), t))
"""
NEOPIXEL = """
import machine, neopixel
np = neopixel.NeoPixel(machine.Pin({gpio}), {n})
for i in range({n}):
    np[i] = ((i * 7) & 255, (i * 13) & 255, (i * 29) & 255)
np.write()
print(np[{n} - 1])
"""
PIO = """
import machine, rp2, time
@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT,
             autopull=True, pull_thresh=24)
def ws2812():
    wrap_target()
    label("bit")
    out(x, 1).side(0)[2]
    jmp(not_x, "zero").side(1)[1]
    jmp("bit").side(1)[4]
    label("zero")
    nop().side(0)[4]
    wrap()
sm = rp2.StateMachine(0, ws2812, freq=8_000_000, sideset_base=machine.Pin({gpio}))
sm.active(1)
for grb in (0x00FF00, 0xFF0000, 0x0000FF):
    sm.put(grb, 8)
time.sleep_ms(2)
sm.active(0)
print("sent")
"""
WDT_FED = """
import machine, time
w = machine.WDT(timeout=300)
for i in range(4):
    time.sleep_ms(100)
    w.feed()
print("alive")
"""
WDT_ARM = "import machine\nw = machine.WDT(timeout=100)\nprint('armed')"
WDT_CAUSE = "import machine\nprint(machine.reset_cause() == machine.WDT_RESET)"


def expected_pixels(n: int) -> list[tuple[int, int, int]]:
    return [((i * 7) & 255, (i * 13) & 255, (i * 29) & 255) for i in range(n)]


async def in_process_checks(rows: list) -> None:
    boots = []
    for _ in range(3):
        async with EmulatedPico() as pico:
            boots.append(pico.boot_seconds)
    rows.append(("boot to raw REPL (median of 3)", f"{statistics.median(boots):.2f} s", "ok"))
    gpio = board_spec.led_data_gpio()
    async with EmulatedPico() as pico:
        r = await pico.run(IDENTITY)
        uname, numbers = r.stdout.strip().splitlines()
        free, alloc, blocks, bfree, mpy = (int(x) for x in numbers.split())
        rows.append(("os.uname()", uname, "ok" if "rp2" in uname else "FAIL"))
        rows.append(("gc.mem_free() after boot", f"{free} B (alloc {alloc} B)", "ok"))
        rows.append(("littlefs blocks / free", f"{blocks} / {bfree} x 4096 B", "ok"))
        rows.append((".mpy version", f"{mpy & 0xFF}.{(mpy >> 8) & 3}", "ok"))
        r = await pico.run("print(1 + 1)")
        rows.append(("small script (print(1+1))", f"{r.run_seconds:.2f} s", _ok(r, "2")))
        r = await pico.run(SPEED)
        emulated_us = int(r.stdout.strip())
        factor = r.run_seconds / (emulated_us / 1e6)
        rows.append(
            (
                "20k-iteration loop",
                f"{emulated_us / 1000:.0f} ms emulated, {r.run_seconds:.1f} s wall "
                f"(x{factor:.0f} slower than a Pico)",
                "ok",
            )
        )
        r = await pico.run(SLEEP)
        rows.append(
            (
                "time.sleep_ms(200)",
                f"{r.stdout.strip()} ms emulated, {r.run_seconds:.1f} s wall",
                "ok",
            )
        )
        r = await pico.run(NEOPIXEL.format(gpio=gpio, n=CHAIN))
        good = r.ok and pico.strip.pixels == expected_pixels(CHAIN)
        rows.append(
            (
                f"neopixel write, {CHAIN} LEDs (bitstream)",
                f"{r.run_seconds:.2f} s wall",
                "ok, decoded = sent" if good else f"FAIL {r.stderr or pico.strip.pixels[:3]}",
            )
        )
        frames = pico.strip.frame_count
        r = await pico.run(PIO.format(gpio=gpio))
        await asyncio.sleep(0.2)
        good = r.ok and pico.strip.frame_count > frames
        good = good and pico.strip.pixels == [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
        rows.append(
            (
                "WS2812 via rp2 PIO program",
                f"{r.run_seconds:.2f} s wall",
                "ok, decoded = sent" if good else f"FAIL {r.stderr or pico.strip.pixels}",
            )
        )
        r = await pico.run(WDT_FED)
        rows.append(
            ("machine.WDT fed every 100 ms", f"{r.run_seconds:.1f} s wall", _ok(r, "alive"))
        )
        rows.append(await _wdt_reset(pico))


def _ok(result, expected: str) -> str:
    return "ok" if result.ok and result.stdout.strip() == expected else f"FAIL {result}"


async def _wdt_reset(pico: EmulatedPico):
    started = time.perf_counter()
    await pico.run(WDT_ARM)
    for _ in range(10):
        try:
            r = await pico.run(WDT_CAUSE, timeout=20)
        except (TimeoutError, RuntimeError):
            continue  # the reset landed mid-call; ask the rebooted board
        if r.stdout.strip() == "True":
            took = time.perf_counter() - started
            return ("machine.WDT unfed -> reset", f"{took:.1f} s wall", "ok, WDT_RESET")
        await asyncio.sleep(1)
    return ("machine.WDT unfed -> reset", "-", "FAIL: no watchdog reset seen")


def mpremote(target: str, *args: str) -> tuple[float, str]:
    started = time.perf_counter()
    proc = device_serve.run_mpremote(target, *args, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"mpremote {' '.join(args)}: {proc.stderr or proc.stdout}")
    return time.perf_counter() - started, proc.stdout


def mpremote_checks(rows: list) -> None:
    package = REPO / "firmware" / "cribbage"
    with tempfile.TemporaryDirectory() as tmp:
        image = Path(tmp) / "fs.img"
        image.write_bytes(fs_image.make_image({"/boot_marker.txt": b"from the image\n"}))
        started = time.perf_counter()
        with device_serve.serve(fs=image, dump_fs=image) as target:
            rows.append(
                ("emulator up, serving socket://", f"{time.perf_counter() - started:.2f} s", "ok")
            )
            took, out = mpremote(target, "exec", "import os; print(os.listdir())")
            rows.append(("mpremote exec", f"{took:.2f} s", "ok" if "boot_marker" in out else out))
            took, _ = mpremote(target, "cp", "-r", str(package), ":")
            rows.append(
                (f"mpremote cp -r firmware/cribbage ({_size(package)} B)", f"{took:.1f} s", "ok")
            )
            took, out = mpremote(target, "exec", "import cribbage; print('imported')")
            rows.append(
                ("import the copied package", f"{took:.1f} s", "ok" if "imported" in out else out)
            )
        on_flash = fs_image.read_image(image.read_bytes())
        sent = fs_image.tree_files(package, "/cribbage", suffixes=None)  # cp -r copies all
        same = all(on_flash.get(path) == content for path, content in sent.items())
        rows.append(
            (
                "files in --dump-fs image = files copied",
                f"{len(sent)} files",
                "ok" if same else "FAIL",
            )
        )
        with device_serve.serve(fs=image) as target:
            took, out = mpremote(
                target, "exec", "import os; print(sorted(os.listdir('cribbage')))"
            )
            names = sorted(p.rsplit("/", 1)[1] for p in sent)
            rows.append(
                (
                    "files persist across a reboot",
                    f"{took:.2f} s",
                    "ok" if str(names) in out else out,
                )
            )
    with device_serve.serve(pty=True) as target:
        took, out = mpremote(target, "exec", "print(6 * 7)")
        rows.append(("mpremote over --pty", f"{took:.2f} s", "ok" if "42" in out else out))


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*.py"))


def main() -> int:
    rows = []
    started = time.perf_counter()
    uf2 = firmware_build.ensure_firmware()
    info = json.loads((uf2.parent / "build.json").read_text())
    rows.append(
        (
            "firmware (cached)",
            f"MicroPython {info['micropython']}, pico-sdk "
            f"{info['pico_sdk']}, TinyUSB {info['tinyusb']}, built in "
            f"{info['build_seconds']} s",
            "ok",
        )
    )
    asyncio.run(in_process_checks(rows))
    mpremote_checks(rows)
    print("| check | measured | result |\n| --- | --- | --- |")
    for name, value, verdict in rows:
        print(f"| {name} | {value} | {verdict} |")
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    return 0 if all(row[2].startswith("ok") for row in rows) else 1
