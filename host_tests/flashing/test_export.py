"""`make export` (tools/export.py) from a simulator's state folder: the JSON document
(docs/RECORDS.md), the CSV files read back with Python's csv module, the same JSON text from
MicroPython's writer, and the state folder left as it was."""

import csv
import json
import subprocess
import sys
from pathlib import Path

from history_support import game_script, play

from tools import export
from tools.board.pcboard import Harness

REPO = Path(__file__).resolve().parents[2]
MICROPYTHON = REPO / ".venv" / "bin" / "micropython"


def finished_and_current(folder):
    """The simulator's board in folder: a won game (archived by the new game after it),
    then a second game played to its win. Returns the harness."""
    h = Harness(str(folder))
    play(h, game_script(5, 2))
    assert h.keeper.game.winner >= 0
    h.hold("#", 3200)  # a new game: the won one joins the archive
    play(h, game_script(9, 2, extras=False))
    h.wait(61000)  # idle: the journal folded, as a board left alone
    return h


def run_export(*args):
    done = subprocess.run([sys.executable, "-m", "tools.export", *map(str, args)], cwd=REPO,
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    return done.returncode, done.stdout, done.stderr


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_export_of_a_state_folder(tmp_path):
    state = tmp_path / "state"
    h = finished_and_current(state)
    before = {p.name: p.read_bytes() for p in state.iterdir()}
    rc, out, err = run_export("--state", state, "--out", tmp_path / "out")
    assert rc == 0, err
    assert "exported" in out
    assert {p.name: p.read_bytes() for p in state.iterdir()} == before  # nothing changed

    text = (tmp_path / "out" / "picopeg.json").read_text()
    doc = json.loads(text)
    assert text == json.dumps(doc, sort_keys=True, indent=1) + "\n"  # the canonical form
    assert (doc["schema"], doc["version"]) == ("picopeg-records", 1)
    g = h.keeper.game
    final = g.scores[:2]
    assert doc["game"]["scores"] == final and doc["game"]["result"]["winner"] == "AB"[g.winner]
    assert len(doc["game"]["deals"]) == g.deals + 1

    rows = read_csv(tmp_path / "out" / "deals.csv")
    assert len(rows) == 2 * len(doc["game"]["deals"])
    for side in "AB":
        mine = [r for r in rows if r["side"] == side]
        running = 0
        for r in mine:  # plain integers: each deal's points add up to the score after it
            running += int(r["points"])
            assert int(r["score"]) == running
            kinds = sum(int(r[k]) for k in export.REASONS)
            assert kinds == int(r["points"])
        assert running == final["AB".index(side)]

    games = read_csv(tmp_path / "out" / "games.csv")
    arc = h.keeper.archive()
    assert len(games) == len(arc) == 1
    e = arc[0]
    assert games[0]["winner"] == "AB"[e.winner]
    assert [int(games[0]["score_A"]), int(games[0]["score_B"])] == e.scores
    assert games[0]["score_C"] == "" and int(games[0]["deals"]) == e.deals


def test_the_json_text_is_the_same_from_micropython(tmp_path):
    state = tmp_path / "state"
    finished_and_current(state)
    rc, _out, err = run_export("--state", state, "--out", tmp_path / "out")
    assert rc == 0, err
    code = (
        "import sys; sys.path[:0] = [{fw!r}, {root!r}]\n"
        "from tools.board.memfs import MemFS\n"
        "from scorekeeper import Keeper, records\n"
        "import os\n"
        "files = {{}}\n"
        "for n in os.listdir({st!r}):\n"
        "    files['state/' + n] = open({st!r} + '/' + n, 'rb').read()\n"
        "k = Keeper('state', MemFS(files))\n"
        "sys.stdout.write(records.dumps(records.document(k)))\n"
    ).format(fw=str(REPO / "firmware"), root=str(REPO), st=str(state))
    done = subprocess.run(
        [str(MICROPYTHON), "-c", code], capture_output=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == (tmp_path / "out" / "picopeg.json").read_text()


def test_a_damaged_folder_is_exported_from_a_repaired_copy(tmp_path):
    state = tmp_path / "state"
    finished_and_current(state)
    log = state / "game.log"
    log.write_bytes(log.read_bytes() + b"\x09\x00")  # a torn record at the end
    before = log.read_bytes()
    rc, _out, err = run_export("--state", state, "--out", tmp_path / "out")
    assert rc == 0 and "note: recovered" in err and "unchanged" in err
    assert log.read_bytes() == before


def test_help_and_errors(tmp_path):
    rc, out, _err = run_export("--help")
    assert rc == 0 and "--state" in out and "--port" in out and "--out" in out
    rc, _out, err = run_export("--state", tmp_path / "nothing", "--out", tmp_path / "o")
    assert rc == 1 and err.startswith("error: no state folder")
    (tmp_path / "empty").mkdir()
    rc, _out, err = run_export("--state", tmp_path / "empty", "--out", tmp_path / "o")
    assert rc == 1 and "no game.log" in err


def test_iso_dates():
    import datetime

    from scorekeeper.records import iso_date

    for t in (1672531200, 1709251199, 1709251200, 1798675200 + 86399, 4102444800):
        want = datetime.datetime.fromtimestamp(t, datetime.UTC)
        assert iso_date(t) == want.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert iso_date(5000) is None  # a board clock that was never set
    # MicroPython's embedded epoch (the web board's clock): seconds since 2000.
    assert iso_date(1709251200 - 946684800) == "2024-03-01T00:00:00Z"
    assert iso_date(1609459200 - 946684800 + 86400) is None  # a Pico's unset clock (2021)
    assert iso_date(1609459200 + 86400) is None  # the same, counted from 1970


def test_dumps_is_json_dumps_sorted():
    from scorekeeper.records import dumps

    doc = {"b": [1, -2, {"z": None, "a": True}], "a": 'say "hi"\\\n\t\r\x01', "c": [], "d": {},
           "e": False}  # fmt: skip
    assert dumps(doc) == json.dumps(doc, sort_keys=True, indent=1) + "\n"
