"""The club hub's figures for `make bench` (tools/bench/bench_club.py runs this in .venv):

- the draw of a round of a 300-player night (goal: under 100 ms): the draw alone (the
  rotation while the field is the one the night started with; the blossom matching once
  someone has gone home), and the hub's whole operation (read the night, draw, commit);
- the standings of that night after its 9 rounds (goal: under 100 ms): the document the
  screen gets, from the club file;
- a result to the standings screen (goal: under 1 s): from the director's POST to headless
  Chromium's screen showing it (with Chromium installed).

    python -m tools.club.bench

SPDX-License-Identifier: MIT
"""

import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from tools.club import draw as drawing
from tools.club import results, views
from tools.club.night import Club

GOAL_MS = 100
PLAYERS = 300


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def play_round(club, rng):
    night = club.night()
    rnd = club.current_round(night)
    for table in club.unfinished(night, rnd):
        loser = rng.randint(40, 120)
        a, b = (121, loser) if rng.random() < 0.5 else (loser, 121)
        results.record(club, table, a, b, "bench")


def draw_figures(folder):
    club = Club(Path(folder) / "club.db")
    club.add_players([f"Player {i:03d}" for i in range(PLAYERS)])
    club.new_night(9)
    rng = random.Random(1)
    whole, alone = {"rotation": [], "matching": []}, {"rotation": [], "matching": []}
    for rnd in range(1, 10):
        if rnd == 5:
            club.check_in(["Player 007"], present=False)  # gone home: the matching from now on
        kind = "rotation" if rnd < 5 else "matching"
        night = club.night()
        if rnd > 1:  # the draw alone, on what the hub reads
            ids = club.present(night)
            history = club.history(night)
            t0 = time.perf_counter()
            drawing.draw(
                ids, history, rnd, 9, random.Random(rnd), order=json.loads(night["rotation"])
            )
            alone[kind].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        club.draw_round()
        whole[kind].append(time.perf_counter() - t0)
        play_round(club, rng)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        json.dumps(views.standings_doc(club))
        times.append(time.perf_counter() - t0)
    club.close()
    return whole, alone, times


def screen_latency(folder):
    """Seconds from a result's POST to the screen showing it, for 5 results; None without
    Chromium."""
    from tools.club.kit import HubProcess
    from tools.web import browser

    if browser.missing():
        return None
    out = []
    with HubProcess(Path(folder) / "screen.db") as hub, browser.Browser(1280, 720) as b:
        hub.login()
        hub.act("players", {"add": [f"P{i}" for i in range(10)]})
        hub.act("night", {"games": 9})
        hub.act("draw")
        b.driver.get(hub.url + "screen")
        b.wait_for("return window.club.updates > 0", 20)
        for table in range(1, 6):
            seen = b.js("return window.club.updates")
            t0 = time.perf_counter()
            hub.act("result", {"round": 1, "table": table, "scores": [121, 100]})
            b.wait_for("return window.club.updates > arguments[0]", 5, seen)
            out.append(time.perf_counter() - t0)
    return out


def main():
    with tempfile.TemporaryDirectory(prefix="picopeg-club-bench-") as folder:
        whole, alone, standings = draw_figures(folder)
        print(f"club night of {PLAYERS} players, 9 rounds (goal: under {GOAL_MS} ms each):")
        for kind in ("rotation", "matching"):
            a, w = alone[kind], whole[kind]
            print(
                f"  draw a round, {kind:8}: {ms(statistics.median(a))} the draw alone"
                f" (worst {ms(max(a))}); {ms(statistics.median(w))} with the club file"
                f" (worst {ms(max(w))})"
            )
        print(
            f"  standings (the screen's document): {ms(statistics.median(standings))}"
            f" (worst {ms(max(standings))})"
        )
        lat = screen_latency(folder)
        if lat is None:
            print("  result -> standings screen: skipped (no Chromium)")
        else:
            print(
                f"  a result typed -> the standings screen in Chromium: "
                f"{ms(statistics.median(lat))} (worst {ms(max(lat))}; goal under 1 s)"
            )


if __name__ == "__main__":
    main()
