"""The simulator's scripted mode (tools/sim.py --script), run as a subprocess under CPython and
under the MicroPython unix port: keys in, the board's state and frame out. Expectations are
worked out by hand from the rules, the palette and hardware/holes.csv.
"""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tools", "sim.py")
EXAMPLES = os.path.join(ROOT, "tools", "sim_examples")
MICROPYTHON = os.environ.get("MICROPYTHON", os.path.join(ROOT, ".venv", "bin", "micropython"))
PYTHONS = {"cpython": sys.executable, "micropython": MICROPYTHON}

# Side A's palette colour (blue/amber palette: A is (0, 0, 255)) at the default brightness 5
# (global scale 52): a front peg shows 255 * 52 * 256 // 65280 = 52, a back peg (level 42)
# 255 * 52 * 42 // 65280 = 8; side B (255, 128, 0): front (52, 26, 0). Markers (white, level
# 20): 4; the game hole in the dealer's colour (level 96): A (0, 0, 19).
A_FRONT = [0, 0, 52]
A_BACK = [0, 0, 8]
B_FRONT = [52, 26, 0]
MARK = [4, 4, 4]
A_DEALER = [0, 0, 19]


def sim(impl, *args, script=None, tmp_path=None):
    """Run tools/sim.py under impl; script text goes to a file first. (rc, stdout, stderr)."""
    argv = list(args)
    if script is not None:
        path = os.path.join(str(tmp_path), "test.sim")
        with open(path, "w") as f:
            f.write(script)
        argv = ["--script", path] + argv
    p = subprocess.run(
        [PYTHONS[impl], SIM] + argv,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    return p.returncode, p.stdout, p.stderr


def both(tmp_path, script, *args):
    """Run a script under CPython and MicroPython; check they agree; return the JSON."""
    out = {}
    for impl in PYTHONS:
        rc, stdout, stderr = sim(impl, "--json", *args, script=script, tmp_path=tmp_path)
        assert rc == 0, (impl, stderr)
        out[impl] = stdout
    assert out["cpython"] == out["micropython"]
    return json.loads(out["cpython"])


def test_twelve_for_a_puts_a_front_peg_in_hole_12_in_a_colour(tmp_path):
    state = both(tmp_path, "type 1 2 A\nwait 1000\n")
    assert state["scores"] == {"A": 12, "B": 0}
    assert state["pegs"]["A"] == {"front": 12, "back": 0}
    assert state["mode"] == "scoreboard" and state["dealer"] == "A" and state["winner"] is None
    frame = state["frame"]
    assert len(frame) == 121
    assert frame[12 - 1] == A_FRONT
    assert state["glyphs"][12 - 1] == "A"
    # The rest of the track: markers every 5 holes, dark holes, the game hole in A's colour.
    lit = [h for h in range(1, 122) if frame[h - 1] != [0, 0, 0]]
    assert lit == sorted({12, 61, 91, 121} | set(range(5, 121, 5)))
    assert frame[5 - 1] == MARK and frame[121 - 1] == A_DEALER
    assert state["lines"][1] == "A  12  +12 *"


def test_a_whole_game_with_a_power_cut_resumes_exactly(tmp_path):
    hands = (
        "type 2B 2A\npress B\npress #\ntype 8# 6# 4#\n"  # A 12 (8), B 11 (3); the deal passes
        "type 2A 3B\npress A\npress #\ntype 12# 7# 2#\n"  # A 27 (15), B 23 (21)
    )
    # (then 5 and *: nothing pegged, and the crib's note off the display, as a power cut has it)
    before = both(tmp_path, hands + "wait 5000\ntype 5*\n")
    after = both(tmp_path, hands + "power-cut 3000\nwait 2000\ntype 5*\n")
    assert before["scores"] == {"A": 27, "B": 23}
    assert before["pegs"] == {"A": {"front": 27, "back": 15}, "B": {"front": 23, "back": 21}}
    assert before["dealer"] == "A"  # the deal passed twice: A, B, A
    for key in ("scores", "pegs", "dealer", "winner", "mode", "lines", "frame", "glyphs"):
        assert after[key] == before[key], key
    assert after["time_ms"] == before["time_ms"]
    frame = after["frame"]
    assert frame[27 - 1] == A_FRONT and frame[15 - 1] == A_BACK
    assert frame[23 - 1] == B_FRONT


def test_an_entry_typed_but_not_pegged_is_all_a_power_cut_loses(tmp_path):
    state = both(tmp_path, "type 12A\ntype 5\npower-cut\ntype 3B\nwait 1000\n")
    assert state["scores"] == {"A": 12, "B": 3}  # the 5 went with the power; 3 went to B


def test_the_examples_pass_on_both_and_every_expect_is_counted(tmp_path):
    names = sorted(n for n in os.listdir(EXAMPLES) if n.endswith(".sim"))
    assert "short_game.sim" in names and "count_verify.sim" in names
    for name in names:
        path = os.path.join(EXAMPLES, name)
        with open(path) as f:
            text = f.read()
        expects = sum(1 for line in text.split("\n") if line.strip().startswith("expect "))
        outputs = {}
        for impl in PYTHONS:
            rc, stdout, stderr = sim(impl, "--script", path, "--json")
            assert rc == 0, (name, impl, stderr)
            outputs[impl] = stdout
        assert outputs["cpython"] == outputs["micropython"], name
        state = json.loads(outputs["cpython"])
        assert state["script"]["ok"] is True
        assert state["script"]["expects"] == expects, name


def test_the_short_game_ends_with_a_win_for_a_in_the_game_hole():
    rc, stdout, _ = sim("cpython", "--script", os.path.join(EXAMPLES, "short_game.sim"), "--json")
    state = json.loads(stdout)
    assert rc == 0 and state["winner"] == "A" and state["target"] == 61
    assert state["scores"] == {"A": 61, "B": 38}
    assert state["frame"][121 - 1] == A_FRONT  # the game hole holds A's front peg


@pytest.mark.parametrize("impl", sorted(PYTHONS))
def test_a_failed_expect_exits_1_naming_the_line_the_expected_and_the_found(tmp_path, impl):
    script = "# twelve for A\ntype 12A\nexpect score A 12\nexpect score A 13\nexpect mode stats\n"
    rc, stdout, stderr = sim(impl, script=script, tmp_path=tmp_path)
    assert rc == 1
    assert stderr.split("\n")[:3] == [
        "test.sim line 4: expect score A 13",
        "  expected: A's score 13",
        "  found:    12",
    ]
    assert "1 expects held, then one failed" in stdout  # the board as it was at line 4


@pytest.mark.parametrize("impl", sorted(PYTHONS))
def test_failed_expects_of_each_kind_say_what_was_found(tmp_path, impl):
    cases = (
        ('expect line 2 "A  13"', "  found:    'A  12  +12 *'"),
        ("expect hole 12 B", "  found:    A (rgb 0 0 52)"),
        ("expect hole 13 rgb 0 0 52", "  found:    rgb 0 0 0"),
        ("expect dealer B", "  found:    A"),
        ("expect signal error", "  found:    none"),
        ("expect front C 1", "  found:    no side C (2 sides)"),
    )
    for line, found in cases:
        rc, _stdout, stderr = sim(impl, script="type 12A\n" + line + "\n", tmp_path=tmp_path)
        assert rc == 1, line
        assert stderr.split("\n")[0] == "test.sim line 2: " + line
        assert found in stderr.split("\n"), (line, stderr)


@pytest.mark.parametrize("impl", sorted(PYTHONS))
def test_a_line_it_cannot_read_exits_2(tmp_path, impl):
    for line, why in (
        ("press E", "no key 'E'"),
        ("jump 3", "no step 'jump'"),
        ("wait soon", "MS must be a whole number"),
        ("expect score A", "usage: expect score SIDE N"),
        ('expect line 2 "open', "a quote is not closed"),
    ):
        rc, _stdout, stderr = sim(impl, script="type 1A\n" + line + "\n", tmp_path=tmp_path)
        assert rc == 2, line
        assert stderr.startswith("test.sim line 2: " + line + "\n" + why), stderr


def test_the_text_picture_puts_holes_where_the_pcb_has_them(tmp_path):
    # holes.csv: street 1 at y = 54 mm (the bottom street), hole 1 at x = 27.5 mm, the game
    # hole at x = 12.5 mm; 7.5 mm between holes of a group, 12.5 mm between groups. At 6
    # columns a 42.5 mm group: hole 1 is 15 mm / 7.08 = 2 columns right of the game hole,
    # hole 12 (group 3, second hole) 2 + 2 * 6 + 1 = 15, hole 30 (270 mm) 36.
    # A: 1, then 11 (a correction: no card pegs 11 in the play): front peg 12, back peg 1.
    outs = [sim(impl, script="type 1A\nlong *\ntype 11A\n", tmp_path=tmp_path)[1]
            for impl in PYTHONS]  # fmt: skip
    assert outs[0] == outs[1]
    rows = outs[0].split("\n")
    street1 = next(r for r in rows if r.endswith("1-30 >"))
    assert street1.index("A") == 15 and street1[2] == "a"  # A: 12 (front), 1 (back)
    assert street1[36] == "*"  # hole 30, a marker
    game = next(r for r in rows if r.endswith("game hole"))
    assert game[0] == "a"  # the game hole, in the dealer's (A's) colour: lower case
    assert rows.index(game) == rows.index(street1) - 3  # y 33 mm: 21 mm (3 rows) above


def test_state_dir_on_disk_keeps_the_game_between_runs_and_reset_forgets_it(tmp_path):
    folder = str(tmp_path / "board")
    for impl in ("cpython", "micropython"):
        rc, _, err = sim(
            impl, "--state-dir", folder, "--reset", script="type 7B\n", tmp_path=tmp_path
        )
        assert rc == 0, err
        assert os.path.exists(os.path.join(folder, "game.log"))
        check = "expect score B 7\ntype 2A\nexpect score A 2\n"
        rc, _, err = sim(impl, "--state-dir", folder, script=check, tmp_path=tmp_path)
        assert rc == 0, (impl, err)
    rc, _, err = sim("cpython", "--state-dir", folder, "--reset", script="expect score B 0\n",
                     tmp_path=tmp_path)  # fmt: skip
    assert rc == 0, err


@pytest.mark.parametrize("impl", sorted(PYTHONS))
def test_line_mode_reads_steps_and_keys_from_standard_input(tmp_path, impl):
    folder = str(tmp_path / "board")
    steps = "12a\nwait 500\nexpect score A 12\nexpect score A 11\npress E\nq\ntype 5B\n"
    p = subprocess.run(
        [PYTHONS[impl], SIM, "--plain", "--state-dir", folder],
        input=steps, check=False, capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert "PicoPeg line mode" in p.stdout
    assert "|A  12  +12 *    |" in p.stdout
    assert "ok: it holds" in p.stdout
    assert "  expected: A's score 11\n  found:    12" in p.stdout
    assert "no key 'E'" in p.stdout
    rc, _, err = sim(
        impl,
        "--state-dir",
        folder,
        script="expect score A 12\nexpect score B 0\n",
        tmp_path=tmp_path,
    )  # fmt: skip  (q stopped it before 5B)
    assert rc == 0, err


def test_a_reader_that_leaves_early_gets_no_traceback(tmp_path):
    # `sim.py | head -1` in line mode: 300 steps print ~200 KB, far more than a pipe holds, so
    # the writes after the reader has gone fail with EPIPE.
    p = subprocess.Popen(
        [sys.executable, SIM, "--state-dir", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert p.stdin is not None and p.stdout is not None and p.stderr is not None
    p.stdin.write(b"wait 1\n" * 300)
    p.stdin.close()
    first = p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 1
    assert first.startswith(b"PicoPeg line mode")
    assert "Traceback" not in err and "Error" not in err


def test_names_from_a_script_and_from_the_command_line(tmp_path):
    # The script step names the sides; the display shows them where the letters were.
    script = (
        'names "Ann Lee" Bob\ntype 7A\n'
        'expect line 2 "Ann Lee   7 +7 *"\nexpect line 3 "Bob            0"\n'
    )
    out = both(tmp_path, script)
    assert out["lines"][1:3] == ["Ann Lee   7 +7 *", "Bob            0"]
    rc, _, err = sim("cpython", script='names "a name far too long for a board"\n',
                     tmp_path=tmp_path)  # fmt: skip
    assert rc == 2 and "at most 16 bytes" in err
    # --names on a board's folder: into the game on its files, before it starts.
    state = str(tmp_path / "board")
    assert sim("cpython", "--state-dir", state, "--names", "Cat,Dan", "--plain")[0] == 0
    rc, stdout, err = sim("cpython", "--state-dir", state, "--json", script="type 2B\n",
                          tmp_path=tmp_path)  # fmt: skip
    assert rc == 0, err
    assert json.loads(stdout)["lines"][1:3] == ["Cat          0 *", "Dan         2 +2"]
