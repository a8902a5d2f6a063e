"""A club night through tools/club.py, as a director's script drives it (tools/club/cli.py):
whole nights of 16, 11 (byes) and 9 players (fewer games) with random results, their
standings against a tally this test keeps itself from the scores it typed; corrections,
refusals, and a board's result applied exactly once.
SPDX-License-Identifier: MIT
"""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from club_support import Tally

from tools.club import results
from tools.club.cli import main
from tools.club.night import Club, ClubError

REPO = Path(__file__).resolve().parents[2]


def club(db, *args, code=0):
    """tools/club.py --db db ARGS, in this process: its stdout."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        got = main(["--db", str(db), *map(str, args)])
    assert got == code, err.getvalue()
    return out.getvalue() if code == 0 else err.getvalue()


def random_scores(rng):
    loser = rng.choice([rng.randint(91, 120), rng.randint(61, 90), rng.randint(30, 60)])
    return (121, loser) if rng.random() < 0.5 else (loser, 121)


def play(db, names, games, rng):
    """A whole night by the CLI; the tally, and the rounds' player counts."""
    club(db, "players", "add", *names)
    club(db, "night", "new", "--games", games)
    tally = Tally(names)
    byes = {}
    rounds = 0
    while True:
        out = subprocess_free_round(db)
        if out is None:
            break
        rounds += 1
        for t in out:
            if len(t["players"]) == 1:
                tally.bye(t["players"][0])
                byes[t["players"][0]] = byes.get(t["players"][0], 0) + 1
                continue
            sa, sb = random_scores(rng)
            club(db, "result", t["table"], sa, sb)
            tally.game(*t["players"], sa, sb)
    return tally, rounds, byes


def subprocess_free_round(db):
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(db), "round"])
    if code:
        assert "rounds are drawn" in err.getvalue(), err.getvalue()
        return None
    return json.loads(out.getvalue())


def check_standings(db, tally):
    rows = json.loads(club(db, "standings", "--json"))
    got = sorted((-r["game_points"], -r["wins"], -r["spread"], r["name"]) for r in rows)
    assert got == tally.rows()
    ranks = {r["name"]: r["rank"] for r in rows}
    for r in rows:  # a rank is 1 + the count strictly ahead on (points, wins, spread)
        key = (r["game_points"], r["wins"], r["spread"])
        ahead = sum(1 for o in rows if (o["game_points"], o["wins"], o["spread"]) > key)
        assert ranks[r["name"]] == ahead + 1
    return rows


NAMES = [
    "Ann",
    "Bob",
    "Cat",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kim",
    "Lou",
    "Max",
    "Ned",
    "Ona",
    "Pat",
]


@pytest.mark.parametrize(
    ("players", "rounds", "games_each"), [(16, 9, {9}), (11, 9, {8, 9}), (9, 9, {8})]
)
def test_a_whole_night(tmp_path, players, rounds, games_each):
    db = tmp_path / "club.db"
    tally, played, byes = play(db, NAMES[:players], 9, random.Random(players))
    assert played == rounds
    rows = check_standings(db, tally)
    assert {r["games"] for r in rows} == games_each  # 9 players: 8 games and a bye each
    assert all(v == 1 for v in byes.values())  # never a second bye
    if players % 2:
        assert len(byes) == rounds
    club(db, "close")
    club(db, "round", code=1)


def test_the_round_json_is_as_documented(tmp_path):
    db = tmp_path / "c.db"
    club(db, "players", "add", "Ann", "Bob", "Cat")
    club(db, "night", "new")
    tables = json.loads(club(db, "round"))
    assert [t["table"] for t in tables] == [1, 2]
    assert sorted(len(t["players"]) for t in tables) == [1, 2]  # a bye: a table of one
    assert sorted(p for t in tables for p in t["players"]) == ["Ann", "Bob", "Cat"]
    assert json.loads(club(db, "round", "--show", 1)) == tables


def test_a_correction_keeps_the_old_result_and_its_reason(tmp_path):
    db = tmp_path / "c.db"
    club(db, "players", "add", "Ann", "Bob")
    club(db, "night", "new")
    a = json.loads(club(db, "round"))[0]["players"][0]
    club(db, "result", 1, 121, 85)
    assert "has its result" in club(db, "result", 1, 121, 95, code=1)
    assert "reason" in club(db, "correct", 1, 121, 95, code=2)  # argparse: --reason required
    club(db, "correct", 1, 121, 95, "--reason", "B's crib was 12, not 2")
    rows = {r["name"]: r for r in json.loads(club(db, "standings", "--json"))}
    assert (rows[a]["game_points"], rows[a]["spread"]) == (2, 26)  # was a skunk: 3, +36
    c = Club(db)
    fix = c.q1("SELECT * FROM corrections")
    assert (fix["old_a"], fix["old_b"], fix["new_a"], fix["new_b"]) == (121, 85, 121, 95)
    assert fix["reason"] == "B's crib was 12, not 2"


def test_refusals_say_why_and_change_nothing(tmp_path):
    db = tmp_path / "c.db"
    assert "no night" in club(db, "round", code=1)
    club(db, "players", "add", "Ann", "Bob", "Cat", "Dan")
    assert "on the roster already" in club(db, "players", "add", "ann", code=1)
    assert "twice" in club(db, "players", "add", "Zed", "zed", code=1)
    club(db, "night", "new")
    assert "a night is open" in club(db, "night", "new", code=1)
    tables = json.loads(club(db, "round"))
    assert "still being played" in club(db, "round", code=1)
    assert "one score of 121" in club(db, "result", 1, 120, 99, code=1)
    assert "no table 7" in club(db, "result", 7, 121, 99, code=1)
    assert "still being played" in club(db, "close", code=1)
    club(db, "round", "--undo")  # no result yet: the draw can be taken back
    assert json.loads(club(db, "round")) == tables  # drawn again: the same (seeded) draw
    club(db, "result", 1, 121, 99)
    assert "has results" in club(db, "round", "--undo", code=1)
    assert "Zed" not in club(db, "players", "list")


def test_a_boards_result_is_applied_once(tmp_path):
    c = Club(tmp_path / "c.db")
    c.add_players(["Ann", "Bob"])
    c.new_night()
    c.draw_round()
    hands = [(c.player_id("Ann"), 29, "hand", "5C 5D 5H JS | 5S")]
    got = [
        results.record(c, 1, 121, 80, "board T1", game_key="T1:1767300000", hands=hands)
        for _ in range(3)
    ]  # sent again after a reconnect, a restart
    assert got == [results.APPLIED, results.ALREADY, results.ALREADY]
    assert c.q1("SELECT COUNT(*) FROM results")[0] == 1
    assert c.q1("SELECT COUNT(*) FROM hands")[0] == 1
    with pytest.raises(ClubError, match="has its result"):
        results.record(c, 1, 121, 70, "director")


def test_phones_confirm_each_others_result(tmp_path):
    c = Club(tmp_path / "c.db")
    ann, bob = c.add_players(["Ann", "Bob"])
    c.new_night()
    c.draw_round()
    seat_a = c.q1("SELECT player_a FROM seats")[0]
    first, second = (ann, bob) if seat_a == ann else (bob, ann)
    assert results.claim(c, first, 121, 100) == "waiting"
    assert results.claim(c, second, 99, 121) == "differs"  # Bob typed his score wrong
    assert c.q1("SELECT COUNT(*) FROM results")[0] == 0
    assert results.claim(c, second, 100, 121) == "applied"
    assert tuple(c.q1("SELECT score_a, score_b, source FROM results")) == (121, 100, "phones")


def test_the_script_runs_as_a_file(tmp_path):
    db = tmp_path / "c.db"
    cmd = [sys.executable, str(REPO / "tools" / "club.py"), "--db", str(db)]
    subprocess.run(cmd + ["players", "add", "Ann", "Bob"], check=True, cwd=tmp_path)
    subprocess.run(cmd + ["night", "new"], check=True, cwd=tmp_path)
    out = subprocess.run(cmd + ["round"], check=True, cwd=tmp_path, capture_output=True, text=True)
    assert len(json.loads(out.stdout)[0]["players"]) == 2
