"""docs/DEVELOPING.md's recipes ("Extension points: one table each"), each followed once: on a
copy of the firmware, the recipe's one entry is added to its table, and a script run on that
copy checks that everything derived from the table picks it up."""

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OLD_LOG = (
    REPO / "host_tests" / "keeper" / "data" / "logformats" / "v4-five"
)  # muggins on (the fixture)


def add_row(path, table, row):
    """Add row (a line of Python) at the end of the tuple `table = (...)` in the file."""
    text = path.read_text()
    end = text.index("\n)\n", text.index("\n" + table + " = (")) + 1
    path.write_text(text[:end] + "    " + row + "\n" + text[end:])


def run_on_copy(tmp_path, edits, check, files=None, constant=None):
    """Copy firmware/, apply edits ({relative path: (table, row)}) and add files ({relative
    path: text}), run check (Python source) in the copy's folder, whose modules come first
    on the path as `python -c` puts the current folder first (the tools package from the
    installed project); its stdout."""
    fw = tmp_path / "firmware"
    shutil.copytree(REPO / "firmware", fw, ignore=shutil.ignore_patterns("__pycache__"))
    for rel, (table, row) in edits.items():
        add_row(fw / rel, table, row)
    for rel, text in (files or {}).items():
        (fw / rel).write_text(textwrap.dedent(text))
    if constant:  # a MODE_ constant, after the last one
        init = fw / "modes" / "__init__.py"
        text = init.read_text()
        at = text.index("\n", text.rindex("\nMODE_")) + 1
        init.write_text(text[:at] + constant + "\n" + text[at:])
    env = {"PATH": "/usr/bin:/bin"}
    prelude = "OLD = {!r}\nKEYMAP = {!r}\n".format(str(OLD_LOG), str(REPO / "docs" / "KEYMAP.md"))
    code = prelude + textwrap.dedent(check)
    done = subprocess.run([sys.executable, "-c", code], cwd=fw, env=env,
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


RULE_ROW = '("renege", _BOOL, 0, "renege", ("off", "2 to opponent"), 14, 1),'
RULE_CHECK = """
    from scorekeeper import Keeper, records
    from scorekeeper.settings import Settings, decode
    from tools.board.testkit import Clock, FakeFS, keeper
    from modes.settings import ITEMS
    from tools import export

    # The settings file: its default, a value set, a file written without it.
    assert Settings().renege == 0
    s = Settings()
    s.set("renege", 1)
    assert b"renege=1" in s.encode() and decode(s.encode()).renege == 1
    assert decode(b"picopeg-settings 1\\nplayers=2\\n").renege == 0
    # The settings mode: an item with its label and words, after the rules before it.
    names = [i[0] for i in ITEMS]
    assert ("renege", "renege", (0, 1), ("off", "2 to opponent")) in ITEMS
    assert names.index("renege") == names.index("short_claim") + 1
    # The game record: a game under it, and an older log (read as the rule's first value).
    k = keeper()
    assert k.set_settings(s) is True
    assert Keeper("st", k.fs, Clock()).game.cfg.renege == 1
    old = {"st/" + n: open(OLD + "/" + n, "rb").read() for n in ("game.log", "settings.txt")}
    k = Keeper("st", FakeFS(old), Clock())
    assert k.notice == "" and k.game.cfg.renege == 0 and k.game.cfg.muggins == 1
    # The export: the JSON's rules (a boolean) and a games.csv column.
    assert records.game_document(k.game)["rules"]["renege"] is False
    assert "renege" in export.GAME_COLUMNS
    print("rule picked up")
"""


def test_add_a_rule(tmp_path):
    edits = {"scorekeeper/ruletable.py": ("RULES", RULE_ROW)}
    assert run_on_copy(tmp_path, edits, RULE_CHECK).split() == ["rule", "picked", "up"]


SETTING_ROW = '("app.hints", 1, "key hints", (0, 1), ("off", "on")),'
SETTING_CHECK = """
    from tools.board.pcboard import Harness
    from ui import app_setting
    from modes.settings import ITEMS
    from modes import MODE_SETTINGS

    # The settings mode: an item after the board's others, before any Wi-Fi item.
    assert ITEMS[-1] == ("app.hints", "key hints", (0, 1), ("off", "on"))
    h = Harness("st")
    assert app_setting(h.keeper, "app.hints") == 1  # its default
    h.to_mode(MODE_SETTINGS)
    h.press("A")  # back from the first item: the last
    assert "key hints" in h.lines and "= on" in h.lines, h.lines
    h.press("D")  # the next value: saved at once
    assert "= off" in h.lines and "applies now" in h.lines, h.lines
    assert app_setting(h.keeper, "app.hints") == 0
    assert b"app.hints=0" in h.board.fs.read("st/settings.txt")
    h.power_cut()
    assert app_setting(h.keeper, "app.hints") == 0
    print("setting picked up")
"""


def test_add_a_setting(tmp_path):
    edits = {"appsettings.py": ("APP_SETTINGS", SETTING_ROW)}
    assert run_on_copy(tmp_path, edits, SETTING_CHECK).split() == ["setting", "picked", "up"]


MODE_FILE = """
    \"\"\"Tally: counts the keys pressed in it (docs/DEVELOPING.md's recipe, followed once).\"\"\"

    from modes import MODE_SCORE
    from ui import HOLD, ModeBase, goto
    from ui.keys import K_HASH


    class Mode(ModeBase):
        def __init__(self, keeper):
            ModeBase.__init__(self, keeper)
            self.n = 0

        def key(self, k, how, now):
            if k == K_HASH and how != HOLD:
                return goto(MODE_SCORE)
            self.n += 1
            return None

        def lines(self):
            return ["keys {}".format(self.n)]
"""
MODE_ROW = '("tally", "Tally", "tally"),'
MODE_CHECK = """
    import modes
    from modes import MODES, MODE_TALLY
    from tools.board.pcboard import Harness
    from tools.simulator.report import MODE_KEYS, board_state
    from tools.web import keyshelp

    assert MODE_TALLY == len(MODES) - 1 and MODES[MODE_TALLY][0] == "tally"
    h = Harness("st")
    for _ in range(MODE_TALLY):  # a long press of D steps on to it, after the others
        h.hold("D", 1000)
    assert h.view.mode == MODE_TALLY and h.lines[0].startswith("Tally"), h.lines
    h.type("12")
    assert "keys 2" in h.lines, h.lines
    assert dict(board_state(h).pairs)["mode"] == "tally" and "tally" in MODE_KEYS
    h.press("#")  # its way home
    assert h.view.mode == 0
    h.hold("D", 1000)
    h.to_mode(MODE_TALLY)
    h.power_cut()  # the board comes back in the mode it was in
    assert h.view.mode == MODE_TALLY and "keys 0" in h.lines
    names = keyshelp.mode_names(modes.__file__)
    assert names[-1] == "Tally"
    try:  # the page's help: docs/KEYMAP.md needs a section that names it (the recipe's 3)
        keyshelp.keys_help(KEYMAP, names)
        raise AssertionError("a mode without a KEYMAP.md section passed")
    except keyshelp.HelpError as e:
        assert "Tally" in str(e)
    print("mode picked up")
"""


def test_add_a_mode(tmp_path):
    edits = {"modes/__init__.py": ("MODES", MODE_ROW)}
    files = {"modes/tally.py": MODE_FILE}
    fw = tmp_path / "firmware"
    # The row's MODE_ constant, at its place: after the last one.
    out = run_on_copy(tmp_path, edits, MODE_CHECK, files, constant="MODE_TALLY = const(6)")
    assert out.split() == ["mode", "picked", "up"]
    assert (fw / "modes" / "tally.py").exists()
