"""Entries applied exactly once through a network that fails at random: a paired client sends
ENTRIES entries (pegs of either side and undos, a seeded random walk) to the served board
through a fault injector (host_tests/fault_proxy.py) that answers 503, closes connections
unanswered, loses the board's answer after it applied the entry, and holds answers back past
the client's timeout. The client does what the page does: the same entry, with the same
number, again until the board answers. After every answer the board's scores are the script's
(0 lost, 0 doubled: each entry moves a score, so a lost or doubled one shows at once), two
watchers' event streams have seen every commit in order, an honest phone still pairs, and on
the MicroPython unix port (384 KB, compiled firmware) the heap never falls below its 60 KB
floor. CPython and the unix port.

PICOPEG_FAULT_ENTRIES sets how many: 1,000 by default (about a minute and a half on each
interpreter: the board takes one entry a turn of its 20 ms loop, and the faults cost their
retries); PICOPEG_FAULT_ENTRIES=10000 for the long run (docs/WIFI.md, its figures)."""

import http.client
import json
import os
import random
import threading
import time

import pytest
from fault_proxy import FaultProxy
from live_support import HEAP_KB, MIN_FREE, Served, compiled_firmware, sse_event, sse_open

pytestmark = pytest.mark.slow

ENTRIES = int(os.environ.get("PICOPEG_FAULT_ENTRIES", "1000"))
# How often each fault meets an attempt (the rest pass).
ODDS = (("503", 0.12), ("drop", 0.08), ("lost", 0.08), ("late", 0.07))
CLIENT_WAITS_S = 0.3  # for an answer; a "late" one is held 0.05-0.6 s: some come, some not
DEEPEST = 3  # pegs standing at once: a deal's pegging stays within what a deal can peg


def script(rng, n):
    """n entries and the scores after each: a walk of pegs (2-6 points, either side) and
    undos (each takes back the last peg standing)."""
    stack, scores, out = [], [0, 0], []
    for _ in range(n):
        if stack and (len(stack) == DEEPEST or rng.random() < 0.4):
            side, points = stack.pop()
            scores[side] -= points
            doc = {"kind": "undo"}
        else:
            side, points = rng.randrange(2), rng.randrange(2, 7)
            stack.append((side, points))
            scores[side] += points
            doc = {"kind": "peg", "side": "AB"[side], "points": points}
        out.append((doc, list(scores)))
    return out


def send(port, token, doc, seq, counts):
    """One entry, again and again with its number until the board answers (backing off as
    the page does, in a shorter time scale); the answer."""
    body = json.dumps(dict(doc, seq=seq))
    wait = 0.01
    while True:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_WAITS_S)
            headers = {"Cookie": "picopeg=" + token, "Content-Type": "application/json"}
            c.request("POST", "/api/entry", body, headers)
            r = c.getresponse()
            status, answer = r.status, json.loads(r.read())
            c.close()
            if status != 503:
                return status, answer
        except (OSError, http.client.HTTPException, ValueError):
            pass  # no answer: a dropped connection, a timeout, half an answer
        counts["retries"] += 1
        time.sleep(wait)
        wait = min(wait * 2, 0.2)


def watch(port, seen, stop):
    """A watcher's stream: every distinct score pair it is sent, in order."""
    s, data = sse_open(port)
    buf = data.partition(b"\r\n\r\n")[2]  # (the first event may come with the head)
    s.settimeout(1.0)
    with s:
        while not stop.is_set():
            try:
                doc, buf = sse_event(s, buf)
            except TimeoutError:
                continue
            if not seen or seen[-1] != doc["scores"]:
                seen.append(doc["scores"])


@pytest.mark.parametrize("interp", ["python", "micropython"])
def test_entries_through_a_failing_network_are_each_applied_once(tmp_path, interp):
    rng = random.Random(20261206)
    entries = script(rng, ENTRIES)
    extra = {}
    if interp == "micropython":
        extra = {
            "heap_ms": 100,
            "heap_kb": HEAP_KB,
            "firmware": compiled_firmware(tmp_path / "fw"),
        }

    def plan(seq, attempt):
        x = rng.random()
        for fault, odds in ODDS:
            if x < odds:
                return fault
            x -= odds
        return "pass"

    faulty = random.Random(7)
    with (
        Served(tmp_path, interp, **extra) as s,
        FaultProxy(s.port, plan, late_s=lambda: faulty.uniform(0.05, 0.6)) as proxy,
    ):
        token = s.pair()
        stop, seen, started = threading.Event(), [[], []], time.monotonic()
        watchers = [threading.Thread(target=watch, args=(s.port, w, stop)) for w in seen]
        for t in watchers:
            t.start()
        while not all(seen) and time.monotonic() - started < 10:
            time.sleep(0.01)  # each watcher has the board as it is before the first entry
        counts = {"retries": 0}
        started = time.monotonic()
        for seq, (doc, want) in enumerate(entries, 1):
            status, answer = send(proxy.port, token, doc, seq, counts)
            assert (status, answer["seq"], answer["applied"]) == (200, seq, True), (doc, answer)
            got = s.state()["scores"]
            assert got == want, "entry {} ({}): the board has {}, not {}".format(seq, doc, got,
                                                                               want)  # fmt: skip
        took = time.monotonic() - started
        time.sleep(0.5)
        stop.set()
        for t in watchers:
            t.join()
        faults = {}
        for _, _, fault in proxy.attempts:
            faults[fault] = faults.get(fault, 0) + 1
        honest = s.pair(source="127.0.0.9")
        assert s.entry(honest, {"kind": "peg", "side": "A", "points": 2})[0] == 200
        last = entries[-1][1]
        assert s.state()["scores"] == [last[0] + 2, last[1]]
        heap = list(s.heap)
        err = s.stderr()
    commits = [[0, 0]] + [want for _, want in entries]
    for w in seen:
        assert w == commits, "a watcher missed or doubled a commit"
    assert "Traceback" not in err, err
    assert faults["pass"] + faults["lost"] + faults["late"] >= ENTRIES
    if interp == "micropython":
        assert len(heap) > 10 and min(heap) >= MIN_FREE, (min(heap), len(heap))
    lowest = min(heap) if heap else "-"
    print("faults: {} entries on {} in {:.0f} s, {} attempts: {}; the client sent again {} "
          "times; lowest heap {}".format(ENTRIES, interp, took, len(proxy.attempts), faults,
                                         counts["retries"], lowest))  # fmt: skip
