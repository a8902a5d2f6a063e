"""Many boards in one process, for the hub's memory figure (`make bench`): each listens on a
port of its own and answers as a PicoPeg W's server does the requests the hub makes (docs/
WIFI.md): its state (GET api/state, and the api/events stream, kept open with a comment every
15 s), its records (GET api/history: a game under way), pairing (a code, then a token) and
entries (applied). They are stand-ins for the network side only: the figure is the hub's.

    python -m tools.club.fakeboards 60      # prints "ports P1 P2 ..." once all listen

SPDX-License-Identifier: MIT
"""

import asyncio
import json
import sys

STATE = {"live": 1, "rev": 1, "sides": 2, "scores": [45, 52], "dealer": 0, "winner": -1,
         "names": ["", ""], "paired": False, "locked": 0}  # fmt: skip
HISTORY = {"schema": "picopeg-records", "version": 1, "archive": [],
           "game": {"names": {"A": "", "B": ""}, "start": 1767300000, "first_dealer": "A",
                    "scores": [45, 52], "result": None, "deals": []}}  # fmt: skip


async def answer(reader, writer):
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        line = head.split(b"\r\n", 1)[0].decode()
        length = 0
        for h in head.split(b"\r\n")[1:]:
            if h.lower().startswith(b"content-length:"):
                length = int(h.split(b":")[1])
        if length:
            await reader.readexactly(length)
        method, path = line.split()[:2]
        if path == "/api/events":
            writer.write(b"HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\n\r\n")
            writer.write(b"data: " + json.dumps(STATE).encode() + b"\n\n")
            await writer.drain()
            while True:
                await asyncio.sleep(15)
                writer.write(b": keep-alive\n\n")
                await writer.drain()
        body, extra, status = b"", "", "200 OK"
        if path == "/api/state":
            body = json.dumps(STATE).encode()
        elif path == "/api/history":
            body = json.dumps(HISTORY).encode()
        elif path == "/api/pair/request":
            status = "204 No Content"
        elif path == "/api/pair":
            body = b'{"paired": true}'
            extra = "Set-Cookie: picopeg=" + "ab" * 16 + "; Path=/\r\n"
        elif path == "/api/entry" and method == "POST":
            body = b'{"seq": 1, "applied": true, "note": ""}'
        else:
            status, body = "404 Not Found", b'{"error": "not found"}'
        writer.write(f"HTTP/1.0 {status}\r\nContent-Type: application/json\r\n{extra}"
                     f"Content-Length: {len(body)}\r\n\r\n".encode() + body)  # fmt: skip
        await writer.drain()
    except (OSError, asyncio.IncompleteReadError, ValueError):
        pass
    finally:
        writer.close()


async def main(n):
    servers = [await asyncio.start_server(answer, "127.0.0.1", 0) for _ in range(n)]
    ports = [s.sockets[0].getsockname()[1] for s in servers]
    print("ports " + " ".join(map(str, ports)), flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    try:
        asyncio.run(main(int(sys.argv[1])))
    except KeyboardInterrupt:
        pass
