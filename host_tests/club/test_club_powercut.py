"""The club file under `kill -9` (tools/club/store.py): a writer entering a night's results
as fast as it can is killed outright at random moments, again and again; after each kill
every result it had reported committed is in the file with its scores, the file passes
SQLite's integrity check, no round is drawn in part, and the writer carries on to the end.
SPDX-License-Identifier: MIT
"""

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
KILLS = 10


def run_writer(db, seed, lines):
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "club_writer.py"), str(db), str(seed)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )

    def read():
        for line in proc.stdout:
            lines.append(line.split())

    t = threading.Thread(target=read, daemon=True)
    t.start()
    return proc, t


def check_file(db, committed):
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        got = {
            (r, t): (a, b)
            for r, t, a, b in con.execute("SELECT round, number, score_a, score_b FROM results")
        }
        for key, scores in committed.items():
            assert got.get(key) == scores, f"round {key[0]} table {key[1]}: lost or changed"
        for rnd, tables in con.execute("SELECT round, COUNT(*) FROM seats GROUP BY round"):
            assert tables == 20, f"round {rnd} drawn in part: {tables} tables"
        return len(got)
    finally:
        con.close()


def kill_at_random(db, seed, rng):
    """Runs the writer on `db` and kills it at a random instant after it reported 1 to 8
    commits. Returns (killed, closed, the results it reported committed)."""
    lines = []
    proc, reader = run_writer(db, seed, lines)
    target = rng.randint(1, 8)  # writes to let through, then a kill at a random instant
    end = time.monotonic() + 60
    while len(lines) < target and proc.poll() is None and time.monotonic() < end:
        time.sleep(0.001)
    time.sleep(rng.uniform(0, 0.01))
    killed = proc.poll() is None
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(60)
    reader.join(10)
    if not killed and ["closed"] not in lines:
        pytest.fail(f"the writer stopped by itself before the night was closed: {proc.returncode}")
    committed = {
        (int(w[1]), int(w[2])): (int(w[3]), int(w[4])) for w in lines if w[0] == "committed"
    }
    return killed, ["closed"] in lines, committed


@pytest.mark.slow
def test_kill_minus_nine_loses_no_committed_result(tmp_path):
    # A writer can finish a night between two kills when the machine is loaded (its writes
    # outrun the reading of its output), so the test plays night after night, each in a
    # file of its own, until the kills happened: their count does not depend on the timing.
    rng = random.Random(5)
    kills = nights = runs = 0
    deadline = time.monotonic() + 900
    while kills < KILLS:
        nights += 1
        db = tmp_path / f"club{nights}.db"
        committed = {}
        closed = False
        while not closed:
            assert time.monotonic() < deadline, f"{kills} kills in {runs} runs by the deadline"
            runs += 1
            killed, closed, new = kill_at_random(db, runs, rng)
            kills += killed
            committed.update(new)
            check_file(db, committed)  # after each kill, every committed result is there
        assert check_file(db, committed) == 9 * 20  # the whole night: every table's result
