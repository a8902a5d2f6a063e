"""A club night written as fast as it can go, for the power-cut test: `python club_writer.py
DB SEED`. Opens (or resumes) a night of 40 players and 9 rounds, draws each round and enters
every table's result, printing `committed ROUND TABLE A B` as soon as each write has
returned (its transaction committed), until the night is closed. Killed at any moment and
started again, it carries on where the file says it is.
SPDX-License-Identifier: MIT
"""

import random
import sys

from tools.club import results
from tools.club.night import Club


def main(db, seed):
    c = Club(db)
    if c.night() is None and not c.q1("SELECT 1 FROM nights"):
        c.add_players([f"Player {i:02d}" for i in range(40)])
        c.new_night(9)
    rng = random.Random(seed)
    if c.night() is None:
        # A kill between the close's commit and its line: the file says the night is over.
        print("closed", flush=True)
    while c.night() is not None:
        night = c.night()
        rnd = c.current_round(night)
        todo = c.unfinished(night, rnd) if rnd else []
        if not todo:
            if rnd == night["rounds"]:
                c.close_night()
                print("closed", flush=True)
                break
            rnd = c.draw_round()
            print(f"drawn {rnd}", flush=True)
            continue
        for table in todo:
            loser = rng.randint(40, 120)
            a, b = (121, loser) if rng.random() < 0.5 else (loser, 121)
            results.record(c, table, a, b, "script")
            print(f"committed {rnd} {table} {a} {b}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
