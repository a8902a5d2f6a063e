"""The live view's kit: `tools/sim.py --serve` run as a subprocess (the board headless, its
Wi-Fi server on loopback), read as a person reads the board, for the browser tests, the
README's picture and `make bench`.

    with LiveBoard(state_dir, site_dir) as board:    # the first free port of 127.0.0.1
        board.url                                   # http://127.0.0.1:PORT/
        board.state()                               # GET api/state (a watcher's: no cookie)
        mark = board.mark(); ...; board.code(mark)  # the pairing code the display shows next
        cookie = board.pair()                       # a script pairs as a phone does ...
        board.entry(cookie, {"kind": "peg", "side": "A", "points": 2})  # ... and enters: A 2
        board.keys("2A 3B # 8# 12#", cookie)        # keypad words, each one entry (words())
        board.power_cut()    # SIGKILL, then the same command again: same port, same folder
        rgbs(board.state()["frame"])                # each hole's (r, g, b), hole 1 first

SPDX-License-Identifier: MIT
"""

import json
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from ledmap import HOLE_TO_LED

from tools.child import Child

REPO = Path(__file__).resolve().parents[2]
SIM = REPO / "tools" / "sim.py"
START_S = 30  # generous: two shared cores under a full `make test`
CODE = re.compile(r"pair:\s*(\d{6})\b")


def missing():
    """Why the served board cannot run here ("" if it can): microdot is its one need."""
    try:
        import microdot  # noqa: F401
    except ImportError:
        return "microdot is not installed (make venv): tools/sim.py --serve needs it"
    return ""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rgbs(frame_hex):
    """Each hole's (r, g, b) in a frame (G R B per LED, in chain order), hole 1 first."""
    data = bytes.fromhex(frame_hex)
    return [(data[i * 3 + 1], data[i * 3], data[i * 3 + 2]) for i in HOLE_TO_LED]


class LiveBoard(Child):
    """`tools/sim.py --serve PORT --state-dir DIR --site SITE`, with its output read as it
    comes: the address on its first line, then the display's lines."""

    def __init__(self, state_dir, site_dir, port=0, interpreter=None, args=()):
        """`interpreter`: the argv that runs sim.py (this Python by default; the MicroPython
        unix port with its heap size, say); `args`: more of sim.py's options (--heap-log N
        fills `heap` with the free heap it prints)."""
        self.state_dir = Path(state_dir)
        self.site_dir = Path(site_dir)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.interpreter = list(interpreter or [sys.executable])
        self.args = list(args)
        self.proc = None
        self.printed = []  # every display line printed, in order (all runs)
        self.heap = []  # the free heap figures printed (`heap: N`, with --heap-log)
        self._lock = threading.Lock()

    def start(self):
        cmd = self.interpreter + [str(SIM), "--serve", str(self.port), "--state-dir",
                                  str(self.state_dir), "--site", str(self.site_dir)]  # fmt: skip
        cmd += self.args
        end = time.monotonic() + START_S
        while True:
            self.proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, text=True)
            line = self.proc.stdout.readline()
            if line.strip() == self.url:
                break
            self.proc.wait(10)
            if time.monotonic() > end:  # (the port may linger a moment after a kill)
                raise RuntimeError(f"sim.py --serve did not start: {line!r}")
            time.sleep(0.3)
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()
        return self

    def _read(self, proc):
        for line in proc.stdout:
            if line.startswith("display: "):
                with self._lock:
                    self.printed.append(line[len("display: ") :].rstrip("\n"))
            elif line.startswith("heap: "):
                self.heap.append(int(line[len("heap: ") :]))

    def power_cut(self, off_s=0.5):
        self.kill()  # (Child's: SIGKILL)
        time.sleep(off_s)
        self.start()

    # -- what a person (or a script) reads off it ---------------------------------------------

    def mark(self):
        with self._lock:
            return len(self.printed)

    def code(self, since=0, timeout=10.0):
        """The 6-digit pairing code the display shows after printed line `since`."""
        end = time.monotonic() + timeout
        while True:
            with self._lock:
                for line in self.printed[since:]:
                    m = CODE.search(line)
                    if m:
                        return m.group(1)
            if time.monotonic() > end:
                raise TimeoutError(f"no pairing code on the display: {self.printed[since:]}")
            time.sleep(0.05)

    def get(self, path):
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return r.read().decode()

    def state(self):
        return json.loads(self.get("api/state"))

    def post(self, path, body=None, cookie=""):
        """(status, headers, body text) of a POST with a JSON body (and a cookie)."""
        headers = {"Content-Type": "application/json"}
        if cookie:
            headers["Cookie"] = cookie
        data = json.dumps(body if body is not None else {}).encode()
        req = urllib.request.Request(self.url + path, data, headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, r.headers, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read().decode()

    def pair(self):
        """Pair as a phone does (a code asked for, read off the display, sent); the cookie."""
        mark = self.mark()
        status, _, text = self.post("api/pair/request")
        if status != 204:
            raise RuntimeError(f"api/pair/request: {status} {text}")
        status, headers, text = self.post("api/pair", {"code": self.code(mark)})
        if status != 200:
            raise RuntimeError(f"api/pair: {status} {text}")
        return headers["Set-Cookie"].split(";")[0]

    def entry(self, cookie, doc):
        """A paired phone's entry, numbered on from its last; the board's answer (a dict).
        RuntimeError unless the board applied it."""
        self.seq = getattr(self, "seq", 0) + 1
        status, _, text = self.post("api/entry", dict(doc, seq=self.seq), cookie)
        if status != 200:
            raise RuntimeError(f"api/entry {doc}: {status} {text}")
        return json.loads(text)

    def keys(self, text, cookie):
        """Keypad words, each sent as the one entry it makes (words())."""
        for doc in words(text):
            self.entry(cookie, doc)


def words(text):
    """The entries of scoreboard keypad words: "2A" the play's points, "A" a go, "#" the next
    step (the show, the deal), "8#" the next count, "0A" the cut for deal."""
    out = []
    for w in text.split():
        if w == "#":
            out.append({"kind": "next"})
        elif w[-1] == "#":
            out.append({"kind": "count", "points": int(w[:-1])})
        elif len(w) == 1:
            out.append({"kind": "go", "side": w})
        elif w[:-1] == "0":
            out.append({"kind": "cut", "side": w[-1]})
        else:
            out.append({"kind": "peg", "side": w[-1], "points": int(w[:-1])})
    return out
