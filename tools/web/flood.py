"""A hostile network on loopback, for the benchmark and the hostile-network test: idle
sockets from one address, each opened again as soon as the board drops it (holding its
connection slots and its waiting line), and malformed requests one after another from another
address.

    flood = Flood(port)              # until flood.stop()
    flood = Flood(port, malformed=1000, fuzzers=4)   # at most 1,000, 4 at a time
    flood.sent, flood.answers        # malformed requests sent; each one's status line (b"" none)

SPDX-License-Identifier: MIT
"""

import socket
import threading
import time

IDLE = 200  # idle sockets, all from FLOODER
FLOODER, FUZZER = "127.0.0.2", "127.0.0.3"
MALFORMED = (
    b"GARBAGE\r\n\r\n",
    b"GET /%zz HTTP/1.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nno colon here\r\n\r\n",
    b"GET / HTTP/1.1\r\nX: " + b"z" * 3000 + b"\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",  # a TLS hello
    b'POST /api/entry HTTP/1.1\r\nContent-Length: 22\r\n\r\n{"seq":1,"kind":"undo"}',
    b"GET /../settings.txt HTTP/1.1\r\n\r\n",
)


def read_to_end(sock):
    """Every byte a socket gives until its peer closes."""
    out = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return out
        out += chunk


class Flood:
    """IDLE sockets from one address, each opened again as soon as the board drops it, and
    malformed requests one after another from another address, until stop()."""

    def __init__(self, port, malformed=None, fuzzers=1):
        self.port = port
        self.on = True
        self.most = malformed
        self.sent = 0
        self.answers = []
        self.threads = [threading.Thread(target=self._idle, args=(i,), daemon=True)
                        for i in range(4)]  # fmt: skip
        self.lock = threading.Lock()
        self.threads += [threading.Thread(target=self._fuzz, args=(i,), daemon=True)
                         for i in range(fuzzers)]  # fmt: skip
        for t in self.threads:
            t.start()

    def _idle(self, part):
        socks = []
        while self.on:
            while len(socks) < IDLE // 4 and self.on:
                try:
                    c = socket.create_connection(("127.0.0.1", self.port), timeout=2,
                                                 source_address=(FLOODER, 0))  # fmt: skip
                    c.setblocking(False)
                    socks.append(c)
                except OSError:
                    time.sleep(0.05)
            for c in list(socks):  # a socket the board dropped: open another
                try:
                    if c.recv(4096) == b"":
                        raise OSError
                except BlockingIOError:
                    continue
                except OSError:
                    pass
                c.close()
                socks.remove(c)
            time.sleep(0.05)
        for c in socks:
            c.close()

    def _fuzz(self, i):
        while self.on and (self.most is None or self.sent < self.most):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=5,
                                              source_address=(FUZZER, 0)) as c:  # fmt: skip
                    c.sendall(MALFORMED[i % len(MALFORMED)])
                    c.shutdown(socket.SHUT_WR)
                    got = read_to_end(c)
                with self.lock:
                    self.sent += 1
                    self.answers.append(got.split(b"\r\n", 1)[0])
            except OSError:
                time.sleep(0.01)
            i += 1

    def stop(self):
        self.on = False
        for t in self.threads:
            t.join()
