"""`make export OUT=DIR` against the emulated Pico (tools/emu): a session played by the
firmware on the emulated board's littlefs, exported over mpremote, gives the same JSON and
CSV files as the same session played on CPython into a state folder and exported from it
(`make export STATE=DIR`). Also prints the time and heap of a 220-peg game's history on the
emulated Pico (tools/emu/history_pico.py figures).

Skipped (failed under PICOPEG_CI=1) unless the emulator is set up (tools/emu/setup.sh) and its
firmware is cached; slow (the job plays some 300 entries on the emulated RP2040, then the
copy runs over the emulated USB), so it is marked `slow`.
"""

import subprocess
import sys
from pathlib import Path

import pytest
from ci_gate import need
from emu_support import EMU_PY, WHY

from tools.board.testkit import Clock, record_game

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tools" / "emu" / "history_pico.py"
pytestmark = pytest.mark.slow


def the_session(folder):
    """history_pico.SESSION, on CPython: the same keeper calls on the same fake clock."""
    from scorekeeper import FileOps, Keeper

    k = Keeper(str(folder), FileOps(), Clock())
    record_game(k, seed=7, want=0, keep=False)
    k.new_game()
    record_game(k, seed=12345, want=150, keep=False)
    k.fold()
    return k


def test_the_pico_and_the_state_folder_export_the_same_files(tmp_path):
    need(WHY)
    pico_out = tmp_path / "pico"
    done = subprocess.run([str(EMU_PY), str(SCRIPT), "export", str(pico_out)],
                          capture_output=True, text=True, timeout=3600, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    state = tmp_path / "state"
    k = the_session(state)
    assert f"PLAYED {k.game.scores[0]} {k.game.scores[1]} {len(k.game.events)}" in done.stdout
    pc_out = tmp_path / "pc"
    pc = subprocess.run([sys.executable, "-m", "tools.export", "--state", str(state), "--out",
                         str(pc_out)], cwd=REPO, capture_output=True, text=True,
                        check=False)  # fmt: skip
    assert pc.returncode == 0, pc.stderr
    names = ("picopeg.json", "deals.csv", "games.csv")
    for name in names:
        assert (pico_out / name).read_bytes() == (pc_out / name).read_bytes(), name
    assert k.game.winner >= 0 and len(k.archive()) == 1
    assert b'"winner"' in (pico_out / "picopeg.json").read_bytes()


def test_the_history_of_a_220_peg_game_on_the_emulated_pico():
    need(WHY)
    done = subprocess.run([str(EMU_PY), str(SCRIPT), "figures"], capture_output=True,
                          text=True, timeout=3600, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(x for x in done.stdout.splitlines() if x.startswith("HISTORY "))
    pegs, deals, us, free, alloc, held = (int(x) for x in line.split()[1:])
    assert pegs == 220 and deals == 32  # 7 pegs a deal: 31 whole deals and one begun
    assert 0 < held <= alloc < free and us > 0
    print(done.stdout.strip().splitlines()[-1])
