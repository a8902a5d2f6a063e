"""Run MicroPython scripts on a headless emulated board and read back what they printed.

The board (board_session.PicoBoard) has no USB host, so there is no console: `run_jobs` puts a
small boot.py on the flash that runs each job script in turn with `print` writing to a file,
then drives `DONE_GPIO` high; the host waits for that edge, reads the file back out of the
littlefs image and powers the board off. boot.py, not main.py: it runs before main.py on
every image (a frozen UF2's own main.py too), and any /main.py is left off the flash. The
jobs run on whatever firmware image and files the caller gives (the `make build` image, a
frozen UF2 with only state files, ...); they time themselves with
time.ticks_us(), which counts the emulated TIMER, i.e. emulated time (board_session.py).

    out = asyncio.run(run_jobs({"fib": "print(1 + 1)"}, files))
    out["fib"].lines == ["2"]; out["fib"].error == ""; out["fib"].end_ms   # emulated
"""

import asyncio
from dataclasses import dataclass
from pathlib import Path

from tools.emu.board_session import PicoBoard

DONE_GPIO = 28  # not connected on the PicoPeg board (hardware/pins.csv)
OUT = "/jobs.out"
MARK = "=== job "

RUNNER = """
import gc, sys, time, machine
names = {names!r}
out = open({out!r}, 'w')

def _print(*args, sep=' ', end='\\n'):
    out.write(sep.join(str(a) for a in args) + end)

for name in names:
    out.write({mark!r} + name + '\\n')
    gc.collect()
    try:
        with open('/jobs/' + name + '.py') as f:
            code = f.read()
        exec(code, {{'print': _print, '__name__': '__main__'}})
        del code
    except BaseException as e:
        out.write('JOB FAILED\\n')
        sys.print_exception(e, out)
    out.write('{end_mark} ' + str(time.ticks_us()) + '\\n')
    out.flush()
out.close()
machine.Pin({done}, machine.Pin.OUT, value=1)
"""


@dataclass
class JobOutput:
    lines: list[str]  # what the job printed
    error: str  # the traceback, if it raised
    end_ms: float  # emulated time (ticks_us) when it ended


def job_files(jobs: dict[str, str], files: dict[str, bytes]) -> dict[str, bytes]:
    """`files` without /main.py, the runner as /boot.py and each job as /jobs/NAME.py."""
    out = {p: c for p, c in files.items() if p != "/main.py"}
    runner = RUNNER.format(
        names=list(jobs), out=OUT, mark=MARK, end_mark="=== end", done=DONE_GPIO
    )
    out["/boot.py"] = runner.encode()
    for name, code in jobs.items():
        out[f"/jobs/{name}.py"] = code.encode()
    return out


async def run_jobs(
    jobs: dict[str, str], files: dict[str, bytes], image: Path | None = None, setup=None, **board
) -> dict[str, JobOutput]:
    """Boot a board with `files` plus the jobs, run them all, return each job's output.
    `setup(board)` runs on the PicoBoard before power-on (to wire listeners to its pins);
    other keywords go to PicoBoard (timing=...)."""
    pico = PicoBoard(job_files(jobs, files), image=image, **board)
    if setup is not None:
        setup(pico)
    async with pico:
        await pico.wait_pin(DONE_GPIO, high=True)
        await asyncio.sleep(0)
        text = pico.files().get(OUT, b"").decode("utf-8", "replace")
    return parse(text)


def parse(text: str) -> dict[str, JobOutput]:
    results = {}
    for chunk in text.split(MARK)[1:]:
        name, _, body = chunk.partition("\n")
        lines = body.rstrip("\n").split("\n")
        end_us = int(lines[-1].split()[-1]) if lines and lines[-1].startswith("=== end") else -1
        lines = lines[:-1]
        error = ""
        if "JOB FAILED" in lines:
            i = lines.index("JOB FAILED")
            error = "\n".join(lines[i + 1 :])
            lines = lines[:i]
        results[name] = JobOutput(lines, error, end_us / 1000)
    return results
