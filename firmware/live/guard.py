"""Each connection's bounds: read and write timeouts, the request head's size and form, and
the answer to a malformed one.

    g = Guarded(reader, writer, ticks_ms(), pressed)  # what microdot's handle_request reads
    await microdot_app.handle_request(g, g)           # and writes
    if g.bad: await g.refuse()                        # 400, 413 or 431, said; then, before
    await g.linger()                                  # its close, what the client still sends

microdot parses the request; this wraps the socket it reads, so that a client that opens a
socket and sends nothing is dropped after READ_MS (HURRY_MS while other connections wait for a
slot: pressed() says so), one that sends an endless head (too many lines, or more than
HEAD_BYTES) is cut off, and one that stops reading a response is dropped after WRITE_MS. Each
line of the head is checked for the form microdot relies on (a request line of three words,
"Name: value" headers, a number for Content-Length): a bad one ends the read as a reset
connection (microdot takes it quietly: no traceback, no error log) and sets ``bad`` to the
status and the reason said to the client (docs/WIFI.md, Limits). Before closing, the rest of
what such a client sends is read and dropped (at most LINGER_BYTES, LINGER_MS): a socket
closed with unread bytes is reset, and a reset would throw away the answer before the
client read it.
SPDX-License-Identifier: MIT
"""

import asyncio

from compat import const, ticks_diff, ticks_ms

from live.answers import raw

READ_MS = const(3000)  # the whole head arrives in one packet from a phone; 3 s is generous
HURRY_MS = const(1000)  # ... and while others wait for a slot, a head not here by now is not
WRITE_MS = const(10000)  # a phone that stops reading is dropped after this long
HEAD_BYTES = const(2048)  # Chromium's largest request head to the board is ~900 bytes
HEAD_LINES = const(32)  # the request line and headers
LINE_BYTES = const(1024)  # microdot's Request.max_readline
LINGER_BYTES = const(262144)
LINGER_MS = const(1000)
_POLL_MS = const(250)  # a read waits at most this long before the deadline is looked at again
_CHUNK = const(256)  # bytes a read takes at most
_RESET = const(104)  # ECONNRESET: one of microdot's muted socket errors
# The headers the server reads (live.answers.foreign, microdot's body and cookies): the
# others are left out of microdot's request, ~100-200 bytes each (a phone's browser sends 10-15).
_KEPT = (b"host", b"origin", b"sec-fetch-site", b"cookie", b"content-length", b"content-type")
_HEAD = (431, "the request head is over 2048 bytes, 32 lines or 1024 bytes a line")

TIMEOUT = asyncio.TimeoutError  # (MicroPython has no built-in TimeoutError: only asyncio's)


def timeout(aw, ms):
    """aw, but TIMEOUT after ms."""
    if hasattr(asyncio, "wait_for_ms"):
        return asyncio.wait_for_ms(aw, ms)
    return asyncio.wait_for(aw, ms / 1000)  # pragma: no cover - CPython


def dropped():
    """The error a refused connection raises: microdot takes it as the client gone (an errno
    of its muted ones: CPython's OSError sets errno only from two arguments)."""
    return OSError(_RESET, "refused")


def _printable(line):
    for c in line:
        if (c < 32 and c != 9) or c > 126:
            return False
    return True


def _hex(b):
    return 48 <= b <= 57 or 65 <= b <= 70 or 97 <= b <= 102


def request_line_fault(line):
    """Why 'METHOD /path HTTP/1.x' is not what line is (printable ASCII, well-formed
    %-escapes), or ""."""
    if not _printable(line):
        return "bytes that are not printable ASCII in the head"
    words = line.split()
    if (
        len(words) != 3
        or not words[1].startswith(b"/")
        or words[2] not in (b"HTTP/1.0", b"HTTP/1.1")
    ):
        return "not a request line: METHOD /path HTTP/1.1"
    url = words[1]
    i = url.find(b"%")
    while i >= 0:
        if i + 2 >= len(url) or not (_hex(url[i + 1]) and _hex(url[i + 2])):
            return "a bad %-escape in the URL"
        i = url.find(b"%", i + 3)
    return ""


def kept(line):
    """True for a head's line microdot is to see: a header of _KEPT, or the blank line."""
    colon = line.find(b":")
    return colon < 0 or line[:colon].strip().lower() in _KEPT


def header_fault(line):
    """(status, why) if line is not 'Name: value' (a Content-Length: a number, of at most 6
    digits, else the body is too large), or None."""
    if not _printable(line):
        return 400, "bytes that are not printable ASCII in the head"
    colon = line.find(b":")
    if colon < 1:
        return 400, "a header line without a colon"
    if line[:colon].strip().lower() == b"content-length":
        value = line[colon + 1 :].strip()
        if not value.isdigit():
            return 400, "Content-Length is not a number"
        if len(value) > 6:
            return 413, "the body is too large"
    return None


class Guarded:
    """The reader and writer microdot gets for one connection (both ends in one object).
    Lines are cut from reads of at most _CHUNK bytes, never by the stream's own readline,
    which would gather an endless line whole; the head must come within READ_MS of the
    connection (a client that trickles a byte at a time gains nothing)."""

    def __init__(self, reader, writer, now, pressed=None):
        self.reader = reader
        self.writer = writer
        self.start = now  # ticks_ms when the connection came
        self.pressed = pressed  # () -> True while other connections wait for a slot
        self.addr = ""  # the client's address (live.slots.peer; the server sets it)
        self.buf = b""
        self.lines = 0  # the head's lines read so far
        self.bytes = 0
        self.bad: tuple | None = None  # (status, reason) of a malformed request
        self.length = 0  # its Content-Length (a body over the bound stays unread: linger)
        self.stream = None  # a watcher's event stream on this connection (live.events)

    def _refuse(self, status, why):
        self.bad = (status, why)
        return dropped()

    async def _more(self, limit):
        while True:
            due = HURRY_MS if self.pressed is not None and self.pressed() else READ_MS
            left = due - ticks_diff(ticks_ms(), self.start)
            if left <= 0:
                raise dropped() from None  # too slow: closed, not answered
            try:
                chunk = await timeout(self.reader.read(limit), min(left, _POLL_MS))
            except TIMEOUT:
                continue
            except Exception:  # the client reset the connection
                raise dropped() from None
            if not chunk:  # the client closed its end
                raise dropped() from None
            self.buf += chunk
            return

    async def readline(self):
        """The head's next line the server uses: the request line, a header of _KEPT, or the
        blank line; every line is checked, the other headers are read and left out."""
        while True:
            line = await self._line()
            if self.lines == 1 or kept(line):
                return line

    async def _line(self):
        while True:
            i = self.buf.find(b"\n")
            if i >= 0:
                break
            if len(self.buf) + self.bytes >= HEAD_BYTES or len(self.buf) > LINE_BYTES:
                raise self._refuse(*_HEAD) from None
            await self._more(_CHUNK)
        line = self.buf[: i + 1]
        self.buf = self.buf[i + 1 :]
        self.lines += 1
        self.bytes += len(line)
        if self.lines > HEAD_LINES or self.bytes > HEAD_BYTES or len(line) > LINE_BYTES:
            raise self._refuse(*_HEAD) from None
        text = line.strip()
        if self.lines == 1:
            why = request_line_fault(text)
            if why:
                raise self._refuse(400, why) from None
        elif text:
            fault = header_fault(text)
            if fault is not None:
                raise self._refuse(*fault) from None
            if text[:15].lower() == b"content-length:":
                self.length = int(text[15:])
        return line

    async def peek(self):
        """The request line (with its end), read but not taken: readline still returns it
        (and checks it); over LINE_BYTES it is refused as readline refuses it."""
        while True:
            i = self.buf.find(b"\n")
            if i >= 0:
                return self.buf[: i + 1]
            if len(self.buf) > LINE_BYTES:
                raise self._refuse(*_HEAD) from None
            await self._more(_CHUNK)

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
            if hasattr(w, "out_buf"):  # MicroPython's stream: what the socket takes goes now
                w.write(data)  # (the rest is kept in out_buf)
                if w.out_buf:  # the phone is slow: wait for it, at most WRITE_MS
                    await timeout(w.drain(), WRITE_MS)  # (no timer, no task for the others)
                else:  # a turn for the others, as drain gives: a file's writes never hold
                    await asyncio.sleep_ms(0)  # the board's loop (no allocation)
            elif hasattr(w, "awrite"):
                await timeout(w.awrite(data), WRITE_MS)
            else:  # pragma: no cover - CPython's StreamWriter
                w.write(data)
                await timeout(w.drain(), WRITE_MS)
        except TIMEOUT:
            raise dropped() from None

    async def aclose(self):
        pass  # the server closes the connection itself, after its answer (refuse, linger)

    def get_extra_info(self, name):
        return self.writer.get_extra_info(name)

    async def refuse(self):
        """Answer a malformed request (bad) with its status and reason, as JSON."""
        status, why = self.bad or (400, "malformed")
        try:
            await self.awrite(raw(status, '{{"error":"{}"}}'.format(why)))
        except Exception:  # gone already
            pass

    async def linger(self):
        """Read and drop what the client still sends (its head's or body's rest), until it
        stops, at most LINGER_BYTES and LINGER_MS: then its close is not a reset."""
        got = len(self.buf)
        self.buf = b""
        start = ticks_ms()
        while got < LINGER_BYTES:
            left = LINGER_MS - ticks_diff(ticks_ms(), start)
            if left <= 0:
                return
            try:
                chunk = await timeout(self.reader.read(_CHUNK), min(left, _POLL_MS))
            except Exception:  # quiet (a timeout), or reset: done
                return
            if not chunk:
                return
            got += len(chunk)


def close_now(writer):
    """Close a connection's socket at once, without waiting for what it has not sent (a
    refusal). MicroPython's stream closes its socket only in wait_closed (its close() does
    nothing): its socket itself is closed here; CPython's writer closes itself."""
    try:
        getattr(writer, "s", writer).close()
    except Exception:  # already closed or reset
        pass


async def close(writer):
    """Close a connection's writer, whatever state it is in, once it has sent what it holds
    (close_now for one that must not wait)."""
    try:
        if hasattr(writer, "aclose"):
            await writer.aclose()
        else:  # pragma: no cover - CPython
            writer.close()
            await writer.wait_closed()
    except Exception:  # already closed or reset: nothing left to do
        pass
