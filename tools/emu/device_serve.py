"""Serve the emulated Pico's USB console on a local port, for mpremote and `make flash`.

`serve()` runs `rp2040py micropython --tcp-port` (or `--pty`) with this board in a child process
and yields the mpremote connect string: `socket://127.0.0.1:PORT` or a /dev/pts path. On exit it
sends SIGTERM, on which rp2040py writes the filesystem to `dump_fs` before quitting, so what
mpremote copied can be checked afterwards (fs_image.read_image). Only 127.0.0.1 is used.

With `clock=True` the board prints its emulated time (board_spec.ClockLog) and serve() passes
those lines on to its own stdout, for a watcher that waits on the board's time (emu.py serve
--clock).

Readiness is probed with `mpremote exec pass`, which, like any first mpremote command on a real
board, interrupts a main.py running from power-on; device_run.watch_boot() watches main.py
untouched.
"""

import os
import re
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from tools.emu import board_spec

HERE = Path(__file__).resolve().parent
LISTENING = re.compile(r"listening on (127\.0\.0\.1:\d+|/dev/\S+)")
READY_TIMEOUT = 60.0


def rp2040py_command(
    fs: Path | None = None,
    dump_fs: Path | None = None,
    pty: bool = False,
    port: int = 0,
    clock: bool = False,
) -> list[str]:
    cmd = [
        str(Path(sys.executable).with_name("rp2040py")),
        "micropython",
        "--board-spec",
        f"{HERE / 'board_spec.py'}:{'BOARD_CLOCKED' if clock else 'BOARD'}",
    ]
    cmd += ["--pty"] if pty else ["--tcp-port", str(port)]
    if fs is not None:
        cmd += ["--littlefs", str(fs)]
    if dump_fs is not None:
        cmd += ["--dump-fs", str(dump_fs)]
    return cmd


def child_env() -> dict[str, str]:
    return dict(os.environ, PICOPEG_EMU_UF2=str(board_spec.firmware_image()))


@contextmanager
def serve(
    fs: Path | None = None,
    dump_fs: Path | None = None,
    pty: bool = False,
    port: int = 0,
    clock: bool = False,
):
    """Yield the connect string of a running emulated Pico, once it answers mpremote; stop it
    (and dump its filesystem) on exit. `port` 0 takes any free one; `clock`: print the board's
    emulated time lines."""
    proc = subprocess.Popen(
        rp2040py_command(fs, dump_fs, pty, port, clock),
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own session, as from a terminal of its own
    )
    try:
        target = _wait_for_listening(proc)
        # Keep reading its log so a chatty emulator never blocks on a full pipe.
        threading.Thread(target=_pass_clock_lines, args=(proc.stdout,), daemon=True).start()
        target = ("socket://" + target) if target[0].isdigit() else target
        _wait_for_console(target)
        yield target
    finally:
        stop(proc)


def _pass_clock_lines(log) -> None:
    """Read the emulator's log to its end; print its emulated time lines (as `emu: ...`)."""
    for line in log:
        if line.startswith(board_spec.CLOCK_LINE):
            print("emu: " + line, end="", flush=True)


def _wait_for_listening(proc: subprocess.Popen) -> str:
    deadline = time.monotonic() + READY_TIMEOUT
    seen = []
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(line)
        match = LISTENING.search(line)
        if match:
            return match.group(1)
    stop(proc)
    raise RuntimeError("rp2040py did not start listening:\n" + "".join(seen))


MPREMOTE = str(Path(sys.executable).with_name("mpremote"))


def run_mpremote(target: str, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """`mpremote connect <target> <args>` (the emulator venv's mpremote), output captured."""
    return subprocess.run(
        [MPREMOTE, "connect", target, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _wait_for_console(target: str) -> None:
    """The port is announced before the board has booted, and what mpremote sends before then
    is lost (it then fails, or over a pty waits forever): probe until a raw-REPL command gets
    through."""
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        try:
            probe = run_mpremote(target, "exec", "pass", timeout=3)
        except subprocess.TimeoutExpired:
            continue
        if probe.returncode == 0:
            return
        time.sleep(0.5)
    raise RuntimeError(f"the emulated Pico on {target} never answered mpremote")


def stop(proc: subprocess.Popen, timeout: float = 60.0) -> None:
    """SIGTERM (rp2040py dumps the filesystem on it), then wait; kill only if it hangs."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
