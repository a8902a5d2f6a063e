"""One slip of a key never decides a game, and the track and the display agree: the cases as
simulator scripts (host_tests/simulator/slips/*.sim, each named by what it checks), each played on
a fresh board through tools/sim.py --script, as a subprocess, under CPython and under the
MicroPython unix port; every expect in it must hold, and both runtimes must print the same
board. The expected values are worked out by hand in each script's comments.
"""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tools", "sim.py")
CASES = os.path.join(ROOT, "host_tests", "simulator", "slips")
MICROPYTHON = os.environ.get("MICROPYTHON", os.path.join(ROOT, ".venv", "bin", "micropython"))
NAMES = sorted(n for n in os.listdir(CASES) if n.endswith(".sim"))
# What the scripts check, one a file: a script lost or renamed fails here, not silently.
CHECKS = ("counting_order", "cut_for_deal", "display_truth", "first_screen", "five_card",
          "hash_in_the_play", "helper_bar", "his_heels", "partners_wording", "play_time",
          "three_player_go", "three_player_go_bicycle", "undo_new_game", "verify_bars",
          "verify_claims", "verify_whose_hand")  # fmt: skip


def run(python, path):
    p = subprocess.run([python, SIM, "--script", path, "--json"], check=False,
                       capture_output=True, text=True, timeout=120, cwd=ROOT)  # fmt: skip
    return p.returncode, p.stdout, p.stderr


def test_every_check_has_its_script_saying_what_it_checks():
    assert tuple(n[: -len(".sim")] for n in NAMES) == CHECKS
    for name in NAMES:
        with open(os.path.join(CASES, name)) as f:
            lines = f.read().splitlines()
        assert lines[0].startswith("# ") and any(x.startswith("expect ") for x in lines), name


@pytest.mark.parametrize("name", NAMES)
def test_case_holds_on_cpython_and_micropython(name):
    path = os.path.join(CASES, name)
    with open(path) as f:
        expects = sum(1 for line in f if line.strip().startswith("expect "))
    out = {}
    for impl, python in (("cpython", sys.executable), ("micropython", MICROPYTHON)):
        rc, stdout, stderr = run(python, path)
        assert rc == 0, (impl, stderr)
        out[impl] = stdout
    assert out["cpython"] == out["micropython"]
    state = json.loads(out["cpython"])
    assert state["script"]["ok"] is True and state["script"]["expects"] == expects
