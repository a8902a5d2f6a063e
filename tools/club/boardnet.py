"""The hub's side of a board's HTTP API (docs/WIFI.md): plain asyncio, one connection a
request (the board answers HTTP/1.0 and closes), and its event stream read line by line.

    status, head, body = await request(url, "GET", "api/history")
    status, head, body = await request(url, "POST", "api/entry", {"seq": 3, ...}, cookie)
    async for state in events(url):       # each api/events message, as a dict
        ...

A board is small: requests are short and few, and every wait has a timeout, so a board that
goes away (a power cut, out of range) costs a task a few seconds, never the hub.
SPDX-License-Identifier: MIT
"""

import asyncio
import json
from urllib.parse import urlsplit

TIMEOUT_S = 5  # a request's answer
QUIET_S = 40  # the stream: a board sends a comment every 15 s; silence this long is a loss
MAX_BODY = 1 << 20  # a records document is a few tens of KB


class BoardGone(OSError):
    """The board did not answer (or answered nothing an HTTP client can read)."""


def _where(url):
    u = urlsplit(url)
    if u.scheme != "http" or not u.hostname:
        raise ValueError(f"a board's address is http://HOST[:PORT]/, not {url!r}")
    return u.hostname, u.port or 80, u.path.rstrip("/")


async def _open(url, method, path, body, cookie):
    host, port, base = _where(url)
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT_S)
    data = b"" if body is None else json.dumps(body).encode()
    head = [f"{method} {base}/{path} HTTP/1.0", f"Host: {host}:{port}"]
    if body is not None:
        head += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
    if cookie:
        head.append(f"Cookie: {cookie}")
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), TIMEOUT_S)
    parts = status_line.split()
    if len(parts) < 2 or not parts[1].isdigit():
        writer.close()
        raise BoardGone(f"no HTTP answer from {url}")
    headers = {}
    while True:
        line = await asyncio.wait_for(reader.readline(), TIMEOUT_S)
        if line in (b"\r\n", b"\n", b""):
            break
        name, _, value = line.decode("latin-1").partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return int(parts[1]), headers, reader, writer


async def request(url, method, path, body=None, cookie=None):
    """(status, headers {lower name: [values]}, body text) of one request."""
    try:
        status, headers, reader, writer = await _open(url, method, path, body, cookie)
        try:
            data = await asyncio.wait_for(reader.read(MAX_BODY), TIMEOUT_S)
        finally:
            writer.close()
    except (TimeoutError, OSError, ValueError) as e:
        if isinstance(e, BoardGone):
            raise
        raise BoardGone(f"{url}: {e or type(e).__name__}") from None
    return status, headers, data.decode("utf-8", "replace")


async def events(url, cookie=None):
    """The board's state after each change (GET api/events), as dicts; ends (BoardGone) when
    the stream does."""
    try:
        status, _headers, reader, writer = await _open(url, "GET", "api/events", None, cookie)
    except (TimeoutError, OSError) as e:
        raise BoardGone(f"{url}: {e or type(e).__name__}") from None
    try:
        if status != 200:
            raise BoardGone(f"{url} api/events: {status}")
        while True:
            try:
                line = await asyncio.wait_for(reader.readline(), QUIET_S)
            except (TimeoutError, OSError):
                raise BoardGone(f"{url}: the stream went quiet") from None
            if not line:
                raise BoardGone(f"{url}: the stream ended")
            if line.startswith(b"data: "):
                try:
                    yield json.loads(line[6:])
                except ValueError:
                    continue  # a message cut short: the next one is whole
    finally:
        writer.close()
