"""The table of modes (firmware/modes/__init__.py) is the one list of the board's modes: the
MODE_* names, the modules in firmware/modes/, the controller's order, the switch a mode asks
for, the display's names, the simulator's keys and the page's key help agree with it, and
the modes still load only when used. (Adding a mode as docs/DEVELOPING.md says:
project/test_recipes.py.)"""

from pathlib import Path

import modes
import pytest
from app_support import board, fresh_python
from modes import MODE_SCORE, MODE_STATS, MODES, module_name
from ui import RESTARTED, SETTINGS, SIGNAL, ModeBase, goto, next_mode

from tools.simulator.report import MODE_KEYS
from tools.web import keyshelp

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "firmware" / "modes"


def test_a_new_view_is_in_the_home_mode_the_tables_first_row():
    from view import View  # (it names the home mode by its place: modes loads after it)

    assert View().mode == MODE_SCORE == 0 and MODES[0][0] == "score"


def test_each_mode_name_is_its_rows_place():
    constants = {n: getattr(modes, n) for n in dir(modes) if n.startswith("MODE_")}
    assert sorted(constants.values()) == list(range(len(MODES)))
    for name, place in constants.items():
        assert "MODE_" + MODES[place][0].upper() == name, (name, place)


def test_the_table_and_the_modes_folder_hold_the_same_modes():
    files = {p.stem for p in FOLDER.glob("*.py")} - {"__init__"}
    assert files == {row[0] for row in MODES}
    for m in range(len(MODES)):
        module = __import__(module_name(m), None, None, ("Mode",))
        assert issubclass(module.Mode, ModeBase), module_name(m)
    for table in ([r[1] for r in MODES], MODE_KEYS):
        assert len(set(table)) == len(MODES)


def test_a_switch_is_any_place_of_the_table_and_nothing_else():
    flags = SIGNAL | RESTARTED | SETTINGS  # the other fields of an outcome stay as they were
    for m in range(len(MODES)):
        out = goto(m) | flags
        assert next_mode(out) == m and out & flags == flags
    assert next_mode(flags) == -1  # no switch
    for bad in (-1, len(MODES), len(MODES) + 1, 8, 200):  # refused where it is made
        with pytest.raises(ValueError, match="no mode"):
            goto(bad)


def test_the_field_holds_a_table_of_any_length(monkeypatch):
    # 40 modes: the last one still round-trips (no bits to run out of), the 41st is refused.
    monkeypatch.setattr(modes, "MODES", MODES + tuple(("m%d" % i, "M", "m") for i in range(34)))
    assert next_mode(goto(39) | SIGNAL) == 39
    with pytest.raises(ValueError):
        goto(40)


def test_the_controller_refuses_a_mode_the_table_has_not_loudly():
    h = board()
    with pytest.raises(ValueError, match="no mode"):
        h.app.ctl.set_mode(len(MODES), 0)
    # A mode that asks for one: the error reaches the app (a bug, not a refused key).
    mode = h.app.ctl.mode
    mode.key = lambda k, how, now: goto(len(MODES))
    with pytest.raises(ValueError, match="no mode"):
        h.press("5")
    assert h.view.mode == MODE_SCORE


def test_a_long_press_steps_through_the_table_and_the_display_names_each():
    h = board()
    seen = []
    for _ in MODES:
        seen.append((h.view.mode, h.lines[0].split("  ")[0].strip()))
        h.hold("D", 1000)
    assert seen == [(m, MODES[m][1]) for m in range(len(MODES))]
    assert h.view.mode == MODE_SCORE  # round again
    h.to_mode(MODE_STATS)
    h.hold("D", 3200)  # held: home
    assert h.view.mode == MODE_SCORE


def test_the_page_help_and_the_simulator_read_the_table():
    assert keyshelp.mode_names(FOLDER / "__init__.py") == tuple(r[1] for r in MODES)
    assert MODE_KEYS == tuple(r[2] for r in MODES)
    keyshelp.keys_help(REPO / "docs" / "KEYMAP.md", keyshelp.mode_names(FOLDER / "__init__.py"))


def test_a_board_loads_only_the_modes_it_uses(tmp_path):
    # A fresh process (this one has imported every mode): the scoreboard at boot, then the
    # stats mode once it is used, and the scoreboard and stats only.
    code = (
        "import sys\n"
        "from tools.board.pcboard import Harness\n"
        "from modes import MODE_STATS\n"
        "h = Harness({st!r})\n"
        "print(sorted(m for m in sys.modules if m.startswith('modes.')))\n"
        "h.to_mode(MODE_STATS)\n"
        "print(sorted(m for m in sys.modules if m.startswith('modes.')))\n"
    ).format(st=str(tmp_path / "st"))
    out = fresh_python(code).split("\n")
    assert out[0] == "['modes.score']"
    assert out[1] == "['modes.score', 'modes.stats']"
