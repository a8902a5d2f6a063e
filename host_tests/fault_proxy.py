"""A hostile network between a paired phone and the served board, on loopback: every
connection is passed through as it is, but each `POST /api/entry` meets a fault first.

    proxy = FaultProxy(board_port, plan)     # plan(seq, attempt) -> one of FAULTS
    FaultProxy(board_port, plan, late_s=lambda: 0.3)   # how long a "late" answer is held
    proxy.url                                # http://127.0.0.1:PORT/ (the phone opens this)
    proxy.attempts                           # [(monotonic s, seq, fault)], in order
    proxy.close()

The faults a radio and a busy board give a phone:
  "pass"  the entry reaches the board and its answer the phone;
  "503"   answered `503 Service Unavailable` by the proxy; the board never sees it;
  "drop"  the connection closed unanswered; the board never sees it;
  "lost"  the board takes it (and applies it), but its answer never reaches the phone;
  "late"  the board's answer is held back late_s() seconds (LATE_S: past the page's timeout).

The board's server closes each connection after its answer (microdot: one request a
connection), so only a connection's first request needs a look. pytest support only.
"""

import json
import re
import select
import socket
import struct
import threading
import time

from tools.web.flood import read_to_end

FAULTS = ("pass", "503", "drop", "lost", "late")
LATE_S = 9.0  # the page gives the board 8 s to answer
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        b"Retry-After: 1\r\nContent-Length: 17\r\nConnection: close\r\n\r\n"
        b'{"error":"busy"}\n')  # fmt: skip
LENGTH = re.compile(rb"\r\ncontent-length:\s*(\d+)", re.I)


def read_request(sock):
    """A request's head and body (bytes, as sent), or b"" if the client closed first."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    m = LENGTH.search(head)
    need = int(m.group(1)) if m else 0
    while len(body) < need:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def pipe(a, b):
    """Bytes both ways until either side closes."""
    socks = [a, b]
    while True:
        ready, _, _ = select.select(socks, [], [], 1.0)
        for s in ready:
            try:
                chunk = s.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            (b if s is a else a).sendall(chunk)


class FaultProxy:
    def __init__(self, board_port, plan, late_s=lambda: LATE_S):
        self.board = ("127.0.0.1", board_port)
        self.plan = plan
        self.late_s = late_s
        self.attempts = []
        self.tries = {}  # seq -> attempts so far
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0), backlog=64)
        self.port = self.listener.getsockname()[1]
        self.url = "http://127.0.0.1:{}/".format(self.port)
        self.open = True
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self):
        self.open = False
        self.listener.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _accept(self):
        while self.open:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client):
        try:
            with client:
                request = read_request(client)
                if request.startswith(b"POST /api/entry "):
                    self._entry(client, request)
                elif request:
                    with socket.create_connection(self.board, timeout=30) as board:
                        board.sendall(request)
                        pipe(client, board)
        except OSError:
            pass  # a side that went away: what a network does

    def _fault(self, request):
        try:
            seq = json.loads(request.partition(b"\r\n\r\n")[2])["seq"]
        except (ValueError, KeyError, TypeError):
            seq = None
        with self.lock:
            attempt = self.tries.get(seq, 0)
            self.tries[seq] = attempt + 1
            fault = self.plan(seq, attempt)
            self.attempts.append((time.monotonic(), seq, fault))
        return fault

    def _entry(self, client, request):
        fault = self._fault(request)
        if fault == "503":
            client.sendall(BUSY)
            return
        if fault == "drop":
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return  # closed with a reset, nothing answered
        with socket.create_connection(self.board, timeout=30) as board:
            board.sendall(request)
            answer = read_to_end(board)
        if fault == "lost":
            return
        if fault == "late":
            time.sleep(self.late_s())
        client.sendall(answer)
