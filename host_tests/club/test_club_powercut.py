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


@pytest.mark.slow
def test_kill_minus_nine_loses_no_committed_result(tmp_path):
    db = tmp_path / "club.db"
    rng = random.Random(5)
    committed = {}
    kills = 0
    for attempt in range(60):
        lines = []
        proc, reader = run_writer(db, attempt, lines)
        target = rng.randint(1, 12)  # writes to let through, then a kill at a random instant
        end = time.monotonic() + 30
        while len(lines) < target and proc.poll() is None and time.monotonic() < end:
            time.sleep(0.001)
        time.sleep(rng.uniform(0, 0.01))
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            kills += 1
        proc.wait(30)
        reader.join(10)
        for words in lines:
            if words[0] == "committed":
                committed[(int(words[1]), int(words[2]))] = (int(words[3]), int(words[4]))
        check_file(db, committed)
        if ["closed"] in lines:
            break
    else:
        pytest.fail("the night never finished")
    assert kills >= KILLS
    assert check_file(db, committed) == 9 * 20  # the whole night: every table's result
