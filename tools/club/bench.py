"""The club hub's figures for `make bench` (tools/bench/bench_club.py runs this in .venv):

- the draw of a round of a 300-player night (goal: under 100 ms): the draw alone (the
  rotation while the field is the one the night started with; the blossom matching once
  someone has gone home), and the hub's whole operation (read the night, draw, commit);
- the standings of that night after its 9 rounds (goal: under 100 ms): the document the
  screen gets, from the club file;
- a result to the standings screen (goal: under 1 s): from the director's POST to headless
  Chromium's screen showing it, and from a board's last entry (its game's winning count or
  peg; `tools/sim.py --serve` boards on loopback, random games) to the screen showing the
  result the hub read off the board (with Chromium installed);
- the hub's memory (resident set, this PC's CPython) idle, and with 60 boards connected
  (fakeboards.py: their network side in one process; each board's event stream held open,
  paired, its state followed).

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


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def memory(folder, n=60):
    """(KB idle, KB with n boards connected) of the hub's resident set."""
    import subprocess
    import sys

    from tools.club.kit import REPO, HubProcess

    with HubProcess(Path(folder) / "memory.db") as hub:
        hub.login()
        hub.act("players", {"add": [f"P{i}" for i in range(2 * n)]})
        hub.act("night", {"games": 9})
        time.sleep(1)
        idle = rss_kb(hub.proc.pid)
        fake = subprocess.Popen([sys.executable, "-m", "tools.club.fakeboards", str(n)],
                                cwd=REPO, stdout=subprocess.PIPE, text=True)  # fmt: skip
        try:
            ports = fake.stdout.readline().split()[1:]
            for i, port in enumerate(ports):
                bid = hub.post("api/director/board/add",
                               {"url": f"127.0.0.1:{port}", "table": i + 1})["board"]  # fmt: skip
                hub.post("api/director/board/pair", {"board": bid, "code": "123456"})
            end = time.monotonic() + 60
            while time.monotonic() < end:
                boards = hub.get("api/director/state")["boards"]
                if sum(b["online"] for b in boards) == n:
                    break
                time.sleep(0.5)
            time.sleep(2)
            return idle, rss_kb(hub.proc.pid), sum(b["online"] for b in boards)
        finally:
            fake.terminate()
            fake.wait(10)


def board_latency(folder, rounds=3):
    """Seconds from a board's last entry to the Chromium screen showing its result (2 boards,
    4 players, rounds rounds); None without Chromium."""
    import threading

    from tools.club.kit import HubProcess, pair_board
    from tools.club.playgen import Player, random_game
    from tools.web import browser, liveboard
    from tools.web import build as webbuild

    if browser.missing() or liveboard.missing():
        return None
    site = Path(folder) / "site"
    webbuild.build_board(site, log=lambda *a: None)
    boards = [liveboard.LiveBoard(Path(folder) / f"b{i}", site) for i in range(2)]
    out = []
    try:
        for b in boards:
            b.start()
        with HubProcess(Path(folder) / "boards.db") as hub, browser.Browser(1280, 720) as sc:
            hub.login()
            hub.act("players", {"add": ["Ann", "Bob", "Cat", "Dan"]})
            hub.act("night", {"games": 3})
            players = [Player(b) for b in boards]
            for i, b in enumerate(boards):
                pair_board(hub, b, i + 1)
            sc.driver.get(hub.url + "screen")
            sc.wait_for("return window.club.updates > 0", 20)
            for rnd in range(1, rounds + 1):
                hub.act("draw")
                state = hub.get("api/director/state")
                tables = state["rounds"][-1]["tables"]
                for i, b in enumerate(boards):
                    while b.state().get("names") != tables[i]["players"]:
                        time.sleep(0.1)
                ts = [threading.Thread(target=p.play, args=(random_game(random.Random(rnd + i)),))
                      for i, p in enumerate(players)]  # fmt: skip
                for t in ts:
                    t.start()
                for t in ts:
                    t.join(180)
                for i, p in enumerate(players):
                    names = tables[i]["players"]
                    seen = []
                    end = time.monotonic() + 5
                    while not seen and time.monotonic() < end:
                        changes = sc.js("return window.club.changes")
                        since = p.sent - 0.05
                        seen = [c["at"] / 1000 for c in changes
                                if c["name"] in names and c["at"] / 1000 >= since]  # fmt: skip
                        time.sleep(0.02)
                    if seen:
                        out.append(min(seen) - p.sent)
    finally:
        for b in boards:
            b.stop()
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
        board = board_latency(folder)
        if board:
            print(f"  a board's last entry -> the standings screen in Chromium: "
                  f"{ms(statistics.median(board))} (worst {ms(max(board))} of {len(board)}"
                  f" games; goal under 1 s)")  # fmt: skip
        idle, full, online = memory(folder)
        print(f"  the hub's memory (resident): {idle / 1024:.1f} MB idle; {full / 1024:.1f} MB"
              f" with {online} boards connected ({(full - idle) / max(online, 1):.0f} KB a"
              " board)")  # fmt: skip
        if lat is None:
            print("  result -> standings screen: skipped (no Chromium)")
        else:
            print(
                f"  a result typed -> the standings screen in Chromium: "
                f"{ms(statistics.median(lat))} (worst {ms(max(lat))}; goal under 1 s)"
            )


if __name__ == "__main__":
    main()
