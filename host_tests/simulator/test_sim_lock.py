"""One simulator at a time on a saved game (issue 11, item 15): a second simulator, on CPython
or on MicroPython, refuses a board folder another live one has open and says who has it; a
lock left by a dead process is taken over; the board tools' serial port is exclusive too.
"""

import os
import socket
import subprocess
import sys
import time

import pytest

from tools.simulator import lock

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tools", "sim.py")
MICROPYTHON = os.environ.get("MICROPYTHON", os.path.join(ROOT, ".venv", "bin", "micropython"))
PYTHONS = {"cpython": sys.executable, "micropython": MICROPYTHON}
HOST = socket.gethostname()


def sim(impl, *args, stdin=""):
    p = subprocess.run(
        [PYTHONS[impl], SIM, *args],
        input=stdin, capture_output=True, text=True, timeout=120, check=False, cwd=ROOT,
    )  # fmt: skip
    return p.returncode, p.stdout, p.stderr


def score_check(folder, script_text, tmp_path):
    """Run a script of expects on folder (CPython); (rc, stderr)."""
    path = os.path.join(str(tmp_path), "check.sim")
    with open(path, "w") as f:
        f.write(script_text)
    rc, _out, err = sim("cpython", "--script", path, "--state-dir", folder)
    return rc, err


def dead_pid():
    """The id of a process that has ended (and been reaped)."""
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def wait_for(path, timeout=30.0):
    end = time.monotonic() + timeout
    while not os.path.exists(path):
        assert time.monotonic() < end, "no " + path
        time.sleep(0.05)


def wait_for_line(path, timeout=30.0):
    """The file's first whole line: a lock is created, then written (on a busy machine the
    test can look in between)."""
    end = time.monotonic() + timeout
    while True:
        if os.path.exists(path):
            with open(path) as f:
                text = f.read()
            if text.endswith("\n"):
                return text
        assert time.monotonic() < end, "no whole line in " + path
        time.sleep(0.05)


@pytest.mark.parametrize("first", sorted(PYTHONS))
def test_a_second_simulator_is_refused_while_the_first_has_the_board(tmp_path, first):
    folder = str(tmp_path / "board")
    holder = subprocess.Popen(
        [PYTHONS[first], SIM, "--plain", "--state-dir", folder],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=ROOT,
    )  # fmt: skip
    try:
        holder.stdin.write("12a\n")
        holder.stdin.flush()
        assert wait_for_line(os.path.join(folder, "sim.lock")) == "{} {}\n".format(
            holder.pid, HOST
        )
        held = "the board in {} is open in another simulator (pid {} on this computer)".format(
            folder, holder.pid
        )
        for impl in PYTHONS:  # the line mode, a script on the folder, and --reset
            for args in (["--plain"], ["--reset", "--plain"], ["--script", SIM + "x"]):
                rc, out, err = sim(impl, *args, "--state-dir", folder, stdin="5b\nq\n")
                assert rc == 2, (impl, args, out, err)
                assert err.startswith("sim.py: " + held), (impl, args, err)
                assert "quit that one first" in err and out == ""
        holder.stdin.write("q\n")
        holder.stdin.flush()
        assert holder.wait(timeout=60) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
        holder.stdin.close()
        holder.stdout.close()
        holder.stderr.close()
    assert not os.path.exists(os.path.join(folder, "sim.lock"))  # let go on quitting
    rc, err = score_check(folder, "expect score A 12\nexpect score B 0\n", tmp_path)
    assert rc == 0, err  # the first one's entry is there; no refused one's 5 for B


@pytest.mark.parametrize("impl", sorted(PYTHONS))
def test_a_lock_left_by_a_dead_simulator_is_taken_over(tmp_path, impl):
    folder = str(tmp_path / "board")
    os.makedirs(folder)
    pid = dead_pid()
    with open(os.path.join(folder, "sim.lock"), "w") as f:
        f.write("{} {}\n".format(pid, HOST))
    rc, out, err = sim(impl, "--plain", "--state-dir", folder, stdin="7b\nq\n")
    assert rc == 0, err
    assert "(pid {}) is no longer running: this one takes it over".format(pid) in err
    assert "|B   7" in out
    assert not os.path.exists(os.path.join(folder, "sim.lock"))
    assert score_check(folder, "expect score B 7\n", tmp_path)[0] == 0


def test_a_lock_from_another_computer_is_respected_and_says_how_to_clear_it(tmp_path):
    folder = str(tmp_path / "board")
    os.makedirs(folder)
    path = os.path.join(folder, "sim.lock")
    with open(path, "w") as f:
        f.write("4242 not-" + HOST + "\n")
    rc, _out, err = sim("cpython", "--plain", "--state-dir", folder, stdin="q\n")
    assert rc == 2
    assert "(pid 4242 on not-{})".format(HOST) in err
    assert err.rstrip().endswith("if no simulator is running, remove " + path)
    assert open(path).read() == "4242 not-" + HOST + "\n"  # untouched


def test_a_torn_lock_is_taken_at_once_by_a_process_that_holds_the_os_lock(tmp_path):
    # Every writer writes inside the critical section and, on CPython, holds the file's
    # flock: a lock without an id that no process holds was left by a crash.
    folder = str(tmp_path)
    path = os.path.join(folder, "sim.lock")
    open(path, "w").close()
    taken = lock.take(folder)
    assert taken.took_over == 0
    assert open(path).read() == "{} {}\n".format(os.getpid(), HOST)
    taken.release()
    assert not os.path.exists(path)


def test_without_flock_a_torn_lock_is_refused_while_fresh_and_taken_over_once_old(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(lock, "fcntl", None)  # as on MicroPython and Windows
    folder = str(tmp_path)
    path = os.path.join(folder, "sim.lock")
    open(path, "w").close()  # a simulator that is writing its id right now
    with pytest.raises(lock.BoardInUse, match="has not written its id"):
        lock.take(folder)
    old = time.time() - 60
    os.utime(path, (old, old))  # ... or one that died before it wrote it
    taken = lock.take(folder)
    assert taken.took_over == 0
    assert open(path).read() == "{} {}\n".format(os.getpid(), HOST)
    taken.release()
    assert not os.path.exists(path)


RACER = """
import os, sys, time
sys.path.insert(0, {root!r})
from tools.simulator import lock
folder, me, other = sys.argv[1], sys.argv[2], sys.argv[3]
open(folder + "/ready-" + me, "w").close()
while True:  # both start their take at the same moment
    try:
        os.stat(folder + "/go")
        break
    except OSError:
        pass
try:
    held = lock.take(folder)
    result = "took {{}}".format(held.took_over)
except lock.BoardInUse:
    held, result = None, "refused"
with open(folder + "/result-" + me, "w") as f:
    f.write(result)
for _ in range(4000):  # hold it until the other one has decided
    try:
        os.stat(folder + "/result-" + other)
        break
    except OSError:
        time.sleep(0.005)
if held is not None:
    held.release()
"""


@pytest.mark.slow  # 150 interpreters started (about 5 s of CPU): make test, not the edit loop
@pytest.mark.parametrize(
    "pair", [("cpython", "cpython"), ("micropython", "micropython"), ("cpython", "micropython")]
)
def test_two_simulators_started_at_once_on_a_stale_lock_never_both_take_it(tmp_path, pair):
    racer = tmp_path / "racer.py"
    racer.write_text(RACER.format(root=ROOT))
    pid = dead_pid()
    for round_ in range(25):
        folder = tmp_path / "board{}".format(round_)
        folder.mkdir()
        (folder / "sim.lock").write_text("{} {}\n".format(pid, HOST))
        procs = [
            subprocess.Popen([PYTHONS[impl], str(racer), str(folder), str(i), str(1 - i)])
            for i, impl in enumerate(pair)
        ]
        for i in range(2):
            wait_for(str(folder / "ready-{}".format(i)))
        (folder / "go").touch()
        assert [p.wait(timeout=60) for p in procs] == [0, 0]
        results = sorted((folder / "result-{}".format(i)).read_text() for i in range(2))
        assert results == ["refused", "took {}".format(pid)], (round_, pair, results)
        assert not (folder / "sim.lock").exists()  # the winner let go of it
        assert not (folder / "sim.lock.take").exists()


@pytest.mark.parametrize("impl", sorted(PYTHONS))
def test_a_state_dir_that_is_a_file_is_one_line(tmp_path, impl):
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    rc, out, err = sim(impl, "--plain", "--state-dir", str(path), stdin="q\n")
    assert rc == 2 and out == ""
    assert err == "sim.py: --state-dir {} is a file, not a folder: give a folder\n".format(path)
    assert path.read_text() == "mine\n"


def test_the_interactive_board_shows_that_it_took_over_a_stale_lock(tmp_path, monkeypatch):
    import asyncio

    from tools import sim as sim_cmd
    from tools.simulator import tui

    folder = str(tmp_path)
    pid = dead_pid()
    with open(os.path.join(folder, "sim.lock"), "w") as f:
        f.write("{} {}\n".format(pid, HOST))
    shown = []

    def headless(state_dir, letters, csv, notice=None):
        app = tui.SimApp(state_dir, csv, letters=letters, notice=notice)

        async def go():
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause(0.3)
                shown.extend(n.message for n in app._notifications)

        asyncio.run(go())

    monkeypatch.setattr(tui, "main", headless)
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    sim_cmd.main(["--state-dir", folder])
    assert shown == [
        "the simulator that had the board in {} (pid {}) is no longer running: this one takes"
        " it over".format(folder, pid)
    ]


def test_release_leaves_a_lock_that_is_no_longer_this_processs(tmp_path):
    taken = lock.take(str(tmp_path))
    path = os.path.join(str(tmp_path), "sim.lock")
    with open(path, "w") as f:  # removed by hand, and another simulator took the board
        f.write("{} {}\n".format(os.getpid() + 1, HOST))
    taken.release()
    assert open(path).read() == "{} {}\n".format(os.getpid() + 1, HOST)


def test_pid_alive_tells_a_running_process_from_an_ended_one():
    assert lock.pid_alive(os.getpid()) is True
    assert lock.pid_alive(os.getppid()) is True
    assert lock.pid_alive(dead_pid()) is False
    assert lock.pid_alive(0) is None


def test_the_interactive_board_holds_the_lock_while_it_runs(tmp_path, monkeypatch):
    from tools import sim as sim_cmd
    from tools.simulator import tui

    folder = str(tmp_path)
    path = os.path.join(folder, "sim.lock")
    seen = []

    def fake_tui(state_dir, letters, csv, notice=None):
        seen.append(open(path).read())
        with pytest.raises(SystemExit) as e:  # a second one, from this same process's view
            sim_cmd.main(["--state-dir", folder, "--reset"])
        assert e.value.code == 2
        raise KeyboardInterrupt  # even an unexpected way out lets go of the board

    monkeypatch.setattr(tui, "main", fake_tui)
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(lock, "pid_alive", lambda pid: True)
    monkeypatch.setattr(lock, "this_pid", lambda: 4242 if seen else os.getpid())
    with pytest.raises(KeyboardInterrupt):
        sim_cmd.main(["--state-dir", folder])
    assert seen == ["{} {}\n".format(os.getpid(), HOST)]
    assert not os.path.exists(path)


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal stands in for the port")
def test_a_second_board_tool_on_the_same_serial_port_is_refused():
    # make flash / backup / restore open the Pico's port through mpremote, exclusively
    # (pyserial's flock on Linux and macOS; Windows opens a COM port for one program only):
    # while one has it, another gets the "busy" message instead of both writing /state.
    import pty

    import serial

    from tools.flashing import link

    master, slave = pty.openpty()
    port = os.ttyname(slave)
    first = serial.Serial(port, exclusive=True)
    try:
        with pytest.raises(link.PortUnavailable) as e:
            link.connect(port)
        assert str(e.value) == link.unavailable(port)
        assert "it is busy or gone; close any other program using it" in str(e.value)
    finally:
        first.close()
        os.close(slave)
        os.close(master)


def test_a_process_that_cannot_name_itself_respects_locks_and_takes_none(tmp_path, monkeypatch):
    # MicroPython without /proc (macOS) has no process id to write.
    folder = str(tmp_path)
    path = os.path.join(folder, "sim.lock")
    monkeypatch.setattr(lock, "this_pid", lambda: 0)
    taken = lock.take(folder)
    assert not os.path.exists(path)
    taken.release()
    with open(path, "w") as f:
        f.write("{} {}\n".format(os.getpid(), HOST))  # a live simulator's
    with pytest.raises(lock.BoardInUse, match="pid {} on this computer".format(os.getpid())):
        lock.take(folder)
    open(path, "w").close()  # a fresh torn lock is not mistaken for its own
    with pytest.raises(lock.BoardInUse, match="has not written its id"):
        lock.take(folder)
