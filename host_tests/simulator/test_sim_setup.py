"""Starting the simulator (issue 11, item 16): --reset removes the keeper's .badN leftovers and
nothing of the user's, a terminal without colour gets the letters, and the first `make sim`
says it is setting up its venv before pip's quiet minute.
"""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tools", "sim.py")
MICROPYTHON = os.environ.get("MICROPYTHON", os.path.join(ROOT, ".venv", "bin", "micropython"))
PYTHONS = {"cpython": sys.executable, "micropython": MICROPYTHON}


def script(impl, folder, text, tmp_path, *args):
    path = os.path.join(str(tmp_path), "s.sim")
    with open(path, "w") as f:
        f.write(text)
    p = subprocess.run(
        [PYTHONS[impl], SIM, "--script", path, "--state-dir", folder, *args],
        capture_output=True, text=True, timeout=120, check=False, cwd=ROOT,
    )  # fmt: skip
    return p.returncode, p.stderr


@pytest.mark.parametrize("impl", sorted(PYTHONS))
def test_reset_removes_the_files_the_keeper_set_aside_and_keeps_the_users(tmp_path, impl):
    folder = str(tmp_path / "board")
    os.makedirs(folder)
    with open(os.path.join(folder, "game.log"), "wb") as f:
        f.write(b"\x00 not a game log \xff\n")  # corrupt: the keeper sets it aside
    with open(os.path.join(folder, "settings.txt"), "w") as f:
        f.write("nonsense")
    assert script(impl, folder, "type 5A\n", tmp_path)[0] == 0
    set_aside = sorted(set(os.listdir(folder)) - {"game.log", "game.jnl", "settings.txt"})
    assert set_aside == ["game.bad1", "settings.bad1"]  # scorekeeper/atomic.py's names
    for name in ("game.log.tmp", "pegging.txt", "errors.log", "game.bad12"):
        open(os.path.join(folder, name), "w").close()
    users = ("notes.txt", "game.bad", "game.badge", "game.log.mine", "settings.txt.orig")
    for name in users:
        with open(os.path.join(folder, name), "w") as f:
            f.write("mine")
    rc, err = script(impl, folder, "expect score A 0\n", tmp_path, "--reset")
    assert rc == 0, err
    assert sorted(os.listdir(folder)) == sorted(("game.log",) + users)  # a fresh game.log


def _letters_chosen(term, *args, no_color=None):
    """What sim.py decides for TERM=term on a terminal: True for letters (a fresh process:
    curses reads a terminal's terminfo entry once a process)."""
    code = (
        "import sys; sys.argv = ['sim.py']\n"
        "from tools import sim\n"
        "from tools.simulator import tui\n"
        "tui.main = lambda folder, letters, csv, notice=None: print('letters', letters)\n"
        "sim._terminal = lambda: True\n"
        "sim.main({args!r})\n"
    ).format(args=list(args))
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    env["TERM"] = term
    if no_color is not None:
        env["NO_COLOR"] = no_color
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60,
        check=False,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    return p.stdout.strip() == "letters True"


@pytest.mark.parametrize(
    ("term", "letters"),
    [
        ("xterm-mono", True),  # terminfo: no colors capability
        ("vt100", True),
        ("xterm", False),  # 8 colours
        ("xterm-256color", False),
        ("linux", False),
        ("no-such-terminal-mono", True),  # unknown to terminfo: judged by its name
        ("no-such-terminal", False),
    ],
)
def test_a_terminal_without_colour_gets_the_letters(tmp_path, term, letters):
    assert _letters_chosen(term, "--state-dir", str(tmp_path)) is letters


def test_no_color_and_the_flag_still_win_on_a_colour_terminal(tmp_path):
    assert _letters_chosen("xterm-256color", "--state-dir", str(tmp_path), "--no-color")
    assert _letters_chosen("xterm-256color", "--state-dir", str(tmp_path), no_color="1")


FAKE_PYTHON = """#!/bin/sh
# A stand-in for python3: "-m venv DIR" makes DIR/bin/python (this script); pip says it ran.
if [ "$1" = -m ] && [ "$2" = venv ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; exit; fi
if [ "$1" = -m ] && [ "$2" = pip ]; then echo "PIP RAN: $*"; exit; fi
exit 1
"""


@pytest.mark.skipif(sys.platform == "win32", reason="make and sh")
def test_the_first_make_sim_says_it_is_setting_up_before_pip_runs(tmp_path):
    fake = tmp_path / "python3"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    venv = str(tmp_path / "venv")

    def make():
        p = subprocess.run(
            ["make", "--no-print-directory", "VENV=" + venv, "PYTHON=" + str(fake), "venv"],
            capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
        )  # fmt: skip
        assert p.returncode == 0, p.stderr
        return p.stdout.splitlines()

    first = make()
    assert first[0] == (
        "setting up {}: pip installs requirements-dev.txt (about a minute the first time)"
    ).format(venv)
    assert first[1].startswith("PIP RAN: -m pip install ") and "requirements-dev.txt" in first[1]
    assert first[2].startswith("PIP RAN: -m pip install ") and first[2].endswith("--editable .")
    assert first[3:] == [venv + " is ready"]
    assert not any("setting up" in line for line in make())  # once set up: silent
