# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The server's errors end at its edge (firmware/live/server.py, issue 19): a handler's bug is
a 500 and an entry in the board's error log, the game untouched; a server that cannot start
(its port taken) logs that and returns, raising nothing into the board's loop. In-process, on
loopback, with asyncio, on CPython and the unix port (microdot: make upy-lib)."""

import asyncio
import os

from live.hub import Hub
from live.server import serve

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness

PORT = 20000 + int.from_bytes(os.urandom(2), "big") % 20000  # (other runs may share the PC)


def rand(k):
    return bytes(range(k))


async def fetch(port, data):
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(data)
    await w.drain()
    out = b""
    while True:
        chunk = await r.read(1024)
        if not chunk:
            break
        out += chunk
    w.close()
    return out


def answers(hub, *requests):
    """The server's answers to requests, sent one after another on loopback; then it stops."""
    started = []

    async def main():
        task = asyncio.create_task(serve(hub, "127.0.0.1", PORT, None, started=started.append))
        while not started:
            await asyncio.sleep(0.01)
        out = []
        for r in requests:  # (MicroPython: no await in a comprehension)
            out.append(await fetch(PORT, r))
        task.cancel()
        await asyncio.sleep(0.05)
        return out

    return asyncio.run(main())


def test_a_handlers_bug_is_a_500_and_a_line_in_the_error_log():
    h = Harness("/s", fs=MemFS())
    hub = Hub(h.app, rand)
    scores = list(h.keeper.game.front)

    def broken():
        raise RuntimeError("history broke")

    hub.history = broken
    bad, good = answers(hub, b"GET /api/history HTTP/1.0\r\n\r\n",
                        b"GET /api/state HTTP/1.0\r\n\r\n")  # fmt: skip
    assert bad.startswith(b"HTTP/1.0 500") and b"server error" in bad
    assert good.startswith(b"HTTP/1.0 200") and b'"live":1' in good  # it answers after
    log = h.board.fs.read(h.board.log_path)
    assert log is not None and b"history broke" in bytes(log) and b"server request" in bytes(log)
    assert list(h.keeper.game.front) == scores and h.app.failed is None


def test_no_memory_for_an_answer_is_a_503_to_ask_again_and_no_error_logged():
    h = Harness("/s", fs=MemFS())
    hub = Hub(h.app, rand)
    real = hub.history
    short = [1]

    def history():  # the first time, no block of the heap is free for it
        if short:
            short.pop()
            raise MemoryError("memory allocation failed, allocating 3101 bytes")
        return real()

    hub.history = history
    busy, again = answers(hub, *[b"GET /api/history HTTP/1.0\r\n\r\n"] * 2)
    assert busy.startswith(b"HTTP/1.0 503 Service Unavailable\r\n"), busy
    assert b"\r\nRetry-After: 1\r\n" in busy and b"short of memory" in busy
    assert again.startswith(b"HTTP/1.0 200") and b'"picopeg-records"' in again
    assert h.board.fs.read(h.board.log_path) is None  # busy, not a bug
    assert h.app.failed is None


def test_a_server_that_cannot_start_logs_it_and_returns():
    h = Harness("/s", fs=MemFS())
    hub = Hub(h.app, rand)

    async def main():
        hold = await asyncio.start_server(lambda r, w: None, "127.0.0.1", PORT + 1)
        await serve(hub, "127.0.0.1", PORT + 1, None)  # the port is taken: returns
        hold.close()

    asyncio.run(main())
    log = h.board.fs.read(h.board.log_path)
    assert log is not None and b"server" in bytes(log)
    assert h.app.failed is None


def test_a_cancelled_server_stops_listening_and_ends_the_streams():
    h = Harness("/s", fs=MemFS())
    hub = Hub(h.app, rand)
    started = []
    port = PORT + 2

    async def main():
        task = asyncio.create_task(serve(hub, "127.0.0.1", port, None, started=started.append))
        while not started:
            await asyncio.sleep(0.01)
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(b"GET /api/events HTTP/1.0\r\n\r\n")
        await w.drain()
        head = await r.read(2048)
        watching = len(started[0].watchers)
        task.cancel()  # Wi-Fi off in Settings (wifi.watch)
        rest = b""
        while True:  # the stream ends: the server closes it
            chunk = await r.read(1024)
            if not chunk:
                break
            rest += chunk
        w.close()
        try:  # (MicroPython's open_connection does not report a refusal: ask for a reply)
            listening = bool(await fetch(port, b"GET /api/state HTTP/1.0\r\n\r\n"))
        except OSError:
            listening = False
        return head, watching, started[0].watchers, listening

    head, watching, left, listening = asyncio.run(main())
    assert head.startswith(b"HTTP/1.0 200") and watching == 1
    assert left == [], left
    assert not listening
    assert h.app.failed is None
