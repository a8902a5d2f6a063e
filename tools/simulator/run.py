"""The simulator without a screen: a script file (--script), or steps typed line by line
(--plain, and any terminal Textual cannot drive). Runs under CPython and MicroPython.

    run_script("game.sim", None, False, csv)  # -> exit status: 0, 1 (an expect failed),
                                              #    2 (a line it cannot read, no such file)
    run_lines("/path/state", csv)             # read steps from stdin until q or end of input
SPDX-License-Identifier: MIT
"""

import sys

from scorekeeper.fileops import FileOps

from tools.board.memfs import MemFS
from tools.simulator.errors import ExpectFailed, ScriptError
from tools.simulator.geom import Grid, load_holes
from tools.simulator.report import Obj, board_state, picture, to_json
from tools.simulator.script import Runner, read_lines, tokens

STEPS = ("press", "long", "hold", "type", "wait", "power-cut", "expect")


def _runner(state_dir):
    if state_dir is None:  # a script's default: an empty in-memory flash, every run alike
        return Runner("state", MemFS())
    return Runner(state_dir, FileOps())


def _error(text):
    print(text, file=sys.stderr)


def run_script(path, state_dir, as_json, holes_csv):
    """Play the script at path; print the board (JSON or a picture); return the exit status."""
    try:
        lines = read_lines(path)
    except OSError as e:
        _error("sim.py: cannot read the script {} ({})".format(path, e))
        return 2
    runner = _runner(state_dir)
    name = path.rsplit("/", 1)[-1]
    status = 0
    try:
        runner.run(lines, name)
    except ScriptError as e:
        _error(e.args[0])
        return 2
    except ExpectFailed as e:  # say so, then show the board as it was at that line
        _error(e.args[0])
        status = 1
    if as_json:
        state = board_state(runner.h, runner.last_signal)
        run = Obj([("steps", runner.steps), ("expects", runner.expects), ("ok", status == 0)])
        state.pairs.insert(0, ("script", run))
        print(to_json(state))
    else:
        print(picture(runner.h, Grid(load_holes(holes_csv), 6)))
        print("script: {} steps, {} expects held{}".format(
            runner.steps, runner.expects, "" if status == 0 else ", then one failed"))  # fmt: skip
    return status


def run_lines(state_dir, holes_csv):
    """Line mode: each line is a script step, or keys to tap (``12a``); q quits."""
    runner = _runner(state_dir)
    grid = Grid(load_holes(holes_csv), 6)
    print("PicoPeg line mode: keys to tap (12a), or a step: press KEY, long KEY, hold KEY MS,")
    print("wait MS, power-cut, expect ... (docs/SIMULATOR.md). q quits. Files: " + state_dir)
    print(picture(runner.h, grid))
    while True:
        try:
            line = input("> ").strip()
        except EOFError:
            break
        if line in ("q", "quit", "exit"):
            break
        if not line or line[0] == "#":
            continue
        try:
            words = tokens(line)
            if words[0] not in STEPS:
                words = ["type"] + words
            runner.step(words)
        except (ScriptError, ExpectFailed) as e:
            print(e.args[0])
            continue
        print("ok: it holds" if words[0] == "expect" else picture(runner.h, grid))
    return 0
