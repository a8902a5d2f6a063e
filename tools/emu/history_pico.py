"""The records (issue 18, docs/RECORDS.md) on the emulated Pico: a scripted session played by
the firmware there, exported over mpremote; and the time and heap a game's history takes.

    build/emu/venv/bin/python tools/emu/history_pico.py export OUT    # make export's files
    build/emu/venv/bin/python tools/emu/history_pico.py figures       # prints HISTORY ...

``export``: a job on the board (board_jobs) plays ``SESSION`` (a won game, a new game, and a
second game to its win, by tools/board/testkit.record_game through the firmware's Keeper on
the board's own littlefs); the /state files it leaves go on a fresh emulated Pico served
over a socket (device_serve), and ``python -m tools.export --port socket://...`` (the
project's .venv, mpremote) writes OUT. host_tests/flashing/test_export_emu.py plays the same
session on CPython into a state folder and checks that the two exports are the same files.

``figures``: a 220-peg game (PEGS below: plays, gos and the show over 30 deals) made on the
host, loaded on the board by the Keeper; the job times ``history.deals`` (ticks_us: emulated
time) and reads the heap: free before, the bytes allocated while it ran (the collector held
off: an upper bound of its peak), and what the result holds after a collection.
"""

import asyncio
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.emu import board_files
from tools.emu.board_jobs import DONE_GPIO, OUT, job_files, parse
from tools.emu.board_session import PicoBoard, fs_image_of
from tools.emu.device_serve import serve

REPO = Path(__file__).resolve().parents[2]
VENV_PY = REPO / ".venv" / "bin" / "python"
TOOLS = ("tools/__init__.py", "tools/board/__init__.py", "tools/board/memfs.py",
         "tools/board/testkit.py")  # fmt: skip

SESSION = """
from scorekeeper import FileOps, Keeper
from tools.board.testkit import Clock, record_game

def session(folder):
    k = Keeper(folder, FileOps(), Clock())
    record_game(k, seed=7, want=0, keep=False)
    k.new_game()
    record_game(k, seed=12345, want=150, keep=False)
    k.fold()
    return k
"""

PLAY_JOB = (
    SESSION
    + """
k = session('/state')
print('PLAYED', k.game.scores[0], k.game.scores[1], len(k.game.events))
"""
)

FIGURES_JOB = """
import gc, time
from scorekeeper import FileOps, Keeper
k = Keeper('/state', FileOps())
from scorekeeper import history
gc.collect()
free = gc.mem_free()
gc.disable()
a0 = gc.mem_alloc()
t0 = time.ticks_us()
ds = history.deals(k.game)
t1 = time.ticks_us()
a1 = gc.mem_alloc()
gc.enable()
gc.collect()
held = free - gc.mem_free()
print('HISTORY', k.game.pegs, len(ds), time.ticks_diff(t1, t0), free, a1 - a0, held)
"""


def _tools_files() -> dict[str, bytes]:
    return {"/" + p: (REPO / p).read_bytes() for p in TOOLS}


async def _run(jobs: dict[str, str], files: dict[str, bytes]):
    """Run the jobs on a board; (their outputs, the board's /state files afterwards)."""
    pico = PicoBoard(job_files(jobs, files))
    async with pico:
        await pico.wait_pin(DONE_GPIO, high=True)
        await asyncio.sleep(0)
        found = pico.files()
    out = parse(found.get(OUT, b"").decode("utf-8", "replace"))
    for name, o in out.items():
        if o.error:
            raise SystemExit(f"job {name} failed on the board:\n{o.error}")
    state = {p: c for p, c in found.items() if p.startswith(board_files.STATE + "/")}
    return out, state


def export(out_dir: Path) -> int:
    files = board_files.device_files()
    files.update(_tools_files())
    out, state = asyncio.run(_run({"play": PLAY_JOB}, files))
    print(" ".join(out["play"].lines))
    with tempfile.TemporaryDirectory() as tmp:
        img = Path(tmp) / "state.img"
        img.write_bytes(fs_image_of(state))
        with serve(fs=img) as target:
            env = dict(os.environ, PICOPEG_BOARD_PATIENCE=os.environ.get(
                "PICOPEG_BOARD_PATIENCE", "8"))  # fmt: skip
            done = subprocess.run(
                [str(VENV_PY), "-m", "tools.export", "--port", target, "--out", str(out_dir)],
                cwd=REPO, env=env, check=False, timeout=1800,
            )  # fmt: skip
    return done.returncode


def pegs_220() -> dict[str, bytes]:
    """/state of a 220-peg game over 30-odd deals, made on the host by the firmware."""
    from scorekeeper import CRIB, GO, HAND, PLAY, FileOps, Keeper

    with tempfile.TemporaryDirectory() as tmp:
        k = Keeper(tmp, FileOps(), clock=lambda: 0)
        while k.game.pegs < 220:
            d = k.game.dealer
            for side, points, reason in ((1 - d, 2, PLAY), (d, 1, GO), (1 - d, 1, GO),
                                         (d, 2, PLAY), (1 - d, 1, HAND), (d, 0, HAND),
                                         (d, 0, CRIB)):  # fmt: skip
                if k.game.pegs < 220:
                    k.peg(side, points, reason)
            if k.game.pegs < 220:
                k.pass_deal()
        k.fold()
        return board_files._state_files(Path(tmp))


def figures() -> int:
    files = board_files.device_files()
    files.update(pegs_220())
    out, _state = asyncio.run(_run({"history": FIGURES_JOB}, files))
    line = out["history"].lines[-1].split()
    pegs, deals, us, free, alloc, held = (int(x) for x in line[1:])
    print(f"HISTORY {pegs} {deals} {us} {free} {alloc} {held}")
    print(f"history of a {pegs}-peg game ({deals} deals) on the emulated Pico: "
          f"{us / 1000:.0f} ms (emulated time); {free} B free before, {alloc} B allocated "
          f"while building it (no collection: its peak at most), {held} B held by "
          "the result")  # fmt: skip
    return 0


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "export":
        return export(Path(argv[1]))
    if argv == ["figures"]:
        return figures()
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
