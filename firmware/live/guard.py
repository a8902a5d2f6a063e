"""Each connection's bounds: a read timeout, a write timeout, the request head's size and form.

    g = Guarded(reader, writer, ticks_ms())   # what microdot's handle_request reads, writes
    await microdot_app.handle_request(g, g)

microdot parses the request; this wraps the socket it reads, so that a client that opens a
socket and sends nothing is dropped after READ_MS, one that sends an endless head (too many
header lines, or more than HEAD_BYTES) is cut off, and one that stops reading a response is
dropped after WRITE_MS. Each line of the head is checked for the form microdot relies on (a
request line of three words, "Name: value" headers, a number for Content-Length): a bad one
is refused here as a reset connection, which microdot answers with a 400 without a word on
the console, so that malformed requests cost neither a traceback nor a line in the error log.
SPDX-License-Identifier: MIT
"""

import asyncio

from compat import const, ticks_diff, ticks_ms

READ_MS = const(3000)  # the whole head arrives in one packet from a phone; 3 s is generous
WRITE_MS = const(10000)  # a phone that stops reading is dropped after this long
HEAD_BYTES = const(2048)  # Chromium's largest request head to the board is ~900 bytes
HEAD_LINES = const(32)  # the request line and headers
_CHUNK = const(256)  # bytes a read takes at most
_RESET = const(104)  # ECONNRESET: one of microdot's muted socket errors


TIMEOUT = asyncio.TimeoutError  # (MicroPython has no built-in TimeoutError: only asyncio's)


def timeout(aw, ms):
    """aw, but TIMEOUT after ms."""
    if hasattr(asyncio, "wait_for_ms"):
        return asyncio.wait_for_ms(aw, ms)
    return asyncio.wait_for(aw, ms / 1000)  # pragma: no cover - CPython


def dropped():
    """The error a refused connection raises: microdot takes it as the client gone."""
    return OSError(_RESET)


def _printable(line):
    for c in line:
        if (c < 32 and c != 9) or c > 126:
            return False
    return True


def _hex(b):
    return 48 <= b <= 57 or 65 <= b <= 70 or 97 <= b <= 102


def good_request_line(line):
    """True for 'METHOD /path HTTP/1.x' with printable ASCII and well-formed %-escapes."""
    if not _printable(line):
        return False
    words = line.split()
    if (
        len(words) != 3
        or not words[1].startswith(b"/")
        or words[2] not in (b"HTTP/1.0", b"HTTP/1.1")
    ):
        return False
    url = words[1]
    i = url.find(b"%")
    while i >= 0:
        if i + 2 >= len(url) or not (_hex(url[i + 1]) and _hex(url[i + 2])):
            return False
        i = url.find(b"%", i + 3)
    return True


def good_header(line):
    """True for 'Name: value' (a Content-Length a number of at most 6 digits)."""
    if not _printable(line):
        return False
    colon = line.find(b":")
    if colon < 1:
        return False
    if line[:colon].strip().lower() == b"content-length":
        value = line[colon + 1 :].strip()
        return 0 < len(value) <= 6 and value.isdigit()
    return True


class Guarded:
    """The reader and writer microdot gets for one connection (both ends in one object).
    Lines are cut from reads of at most _CHUNK bytes, never by the stream's own readline,
    which would gather an endless line whole; the head must come within READ_MS of the
    connection (a client that trickles a byte at a time gains nothing)."""

    def __init__(self, reader, writer, now):
        self.reader = reader
        self.writer = writer
        self.start = now  # ticks_ms when the connection came
        self.buf = b""
        self.lines = 0  # the head's lines read so far
        self.bytes = 0
        self.stream = None  # a watcher's event stream on this connection (live.events)

    async def _more(self, limit):
        left = READ_MS - ticks_diff(ticks_ms(), self.start)
        if left <= 0:
            raise dropped() from None
        try:
            chunk = await timeout(self.reader.read(limit), left)
        except Exception:  # the timeout, or the client reset the connection
            raise dropped() from None
        if not chunk:  # the client closed its end
            raise dropped() from None
        self.buf += chunk

    async def readline(self):
        while True:
            i = self.buf.find(b"\n")
            if i >= 0:
                break
            if len(self.buf) + self.bytes >= HEAD_BYTES:
                raise dropped() from None
            await self._more(_CHUNK)
        line = self.buf[: i + 1]
        self.buf = self.buf[i + 1 :]
        self.lines += 1
        self.bytes += len(line)
        if self.lines > HEAD_LINES or self.bytes > HEAD_BYTES:
            raise dropped() from None
        text = line.strip()
        if self.lines == 1:
            ok = good_request_line(text)
        else:
            ok = not text or good_header(text)
        if not ok:
            raise dropped() from None
        return line

    async def readexactly(self, n):
        while len(self.buf) < n:
            await self._more(n - len(self.buf))
        data = self.buf[:n]
        self.buf = self.buf[n:]
        return data

    async def read(self, n=-1):
        if not self.buf:
            await self._more(n if n > 0 else _CHUNK)
        data = self.buf if n < 0 else self.buf[:n]
        self.buf = self.buf[len(data) :]
        return data

    async def awrite(self, data):
        w = self.writer
        try:
            if hasattr(w, "awrite"):
                await timeout(w.awrite(data), WRITE_MS)
            else:  # pragma: no cover - CPython's StreamWriter
                w.write(data)
                await timeout(w.drain(), WRITE_MS)
        except TIMEOUT:
            raise dropped() from None

    async def aclose(self):
        await close(self.writer)

    def get_extra_info(self, name):
        return self.writer.get_extra_info(name)


async def close(writer):
    """Close a connection's writer, whatever state it is in."""
    try:
        if hasattr(writer, "aclose"):
            await writer.aclose()
        else:  # pragma: no cover - CPython
            writer.close()
            await writer.wait_closed()
    except Exception:  # already closed or reset: nothing left to do
        pass
