# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""What of a request's head reaches microdot (firmware/live/guard.py, Guarded.readline): the
request line, the headers the server reads (Host, Origin, Sec-Fetch-Site, Cookie,
Content-Length, Content-Type, in any case) and the blank line, in order; a browser's other
headers are read, checked, counted against the head's bounds and left out (each would cost the
request ~100-200 bytes of heap for nothing); a malformed one among them is still refused. In
process with asyncio and a stand-in socket, on CPython and the unix port."""

import asyncio

from compat import ticks_ms
from live.guard import HEAD_LINES, Guarded

# Chromium's POST of an entry, as the page sends it (the headers of a real capture).
CHROMIUM = [
    b"POST /api/entry HTTP/1.1\r\n",
    b"Host: 192.168.4.1\r\n",
    b"Connection: keep-alive\r\n",
    b"Content-Length: 40\r\n",
    b'sec-ch-ua: "Chromium";v="120", "Not?A_Brand";v="8"\r\n',
    b"sec-ch-ua-mobile: ?1\r\n",
    b"User-Agent: Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko)"
    b" Chrome/120.0.0.0 Mobile Safari/537.36\r\n",
    b"content-type: application/json\r\n",
    b"Accept: */*\r\n",
    b"Origin: http://192.168.4.1\r\n",
    b"Sec-Fetch-Site: same-origin\r\n",
    b"Sec-Fetch-Mode: cors\r\n",
    b"Referer: http://192.168.4.1/\r\n",
    b"Accept-Encoding: gzip, deflate\r\n",
    b"Accept-Language: en-GB,en;q=0.9\r\n",
    b"COOKIE: picopeg=0123456789abcdef\r\n",
    b"\r\n",
]
SEEN = {"post", "host", "content-length", "content-type", "origin", "sec-fetch-site", "cookie"}


class Reader:
    """A socket's reading end that gives its bytes in pieces of at most `piece`."""

    def __init__(self, data, piece=100):
        self.data = data
        self.piece = piece

    async def read(self, n):
        n = min(n, self.piece)
        out, self.data = self.data[:n], self.data[n:]
        return out


async def head_lines(data):
    """The lines microdot would read, until the blank line; or the guard's refusal."""
    g = Guarded(Reader(data), None, ticks_ms())
    lines = []
    try:
        while not lines or lines[-1] != b"\r\n":
            lines.append(await g.readline())
    except OSError:
        return lines, g.bad
    return lines, g.bad


def name(line):
    return line.split(b":")[0].split(b" ")[0].decode().lower()


def test_only_the_headers_the_server_reads_reach_microdot_in_order():
    lines, bad = asyncio.run(head_lines(b"".join(CHROMIUM) + b"x" * 40))
    assert bad is None
    want = [line for line in CHROMIUM if line == b"\r\n" or name(line) in SEEN]
    assert lines == want and len(want) == 8
    assert {name(line) for line in lines[:-1]} == SEEN


def test_a_malformed_header_among_the_dropped_ones_is_still_refused():
    head = CHROMIUM[:5] + [b"Accept-Encoding gzip\r\n"] + CHROMIUM[5:]
    lines, bad = asyncio.run(head_lines(b"".join(head)))
    assert bad is not None and bad[0] == 400 and "colon" in bad[1], bad
    assert lines == [CHROMIUM[0], CHROMIUM[1], CHROMIUM[3]]  # then refused


def test_dropped_headers_still_count_against_the_head_bounds():
    endless = [CHROMIUM[0]] + [b"X-Padding: 1\r\n"] * HEAD_LINES + [b"\r\n"]
    lines, bad = asyncio.run(head_lines(b"".join(endless)))
    assert bad is not None and bad[0] == 431, bad
    assert lines == [CHROMIUM[0]]
