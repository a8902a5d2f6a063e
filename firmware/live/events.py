"""One watching phone's Server-Sent Events stream: the board's state after each change.

    s = Watch(server, token, conn)    # a GET /api/events the route took (conn: the
                                      # connection, live.guard.Guarded, with its client's
                                      # addr: its end is watched)
    await s.run(conn)                 # the server's connection, once microdot is done with the
                                      # request: the response head, then b"data: {json}\\n\\n"
                                      # for each state, or b": keep-alive\\n\\n" after
                                      # KEEPALIVE_MS quiet, until the phone goes
    s.close()                         # the phone is gone: forgotten (also on a failed write)

The first message is the state at once; each next one waits until the hub's rev moves, and is
the state at that moment: changes that come while a message is being written to a slow phone
coalesce into one, and nothing queues up behind a phone that stops reading (microdot.sse's
queue would: so its SSE module is not used). The stream is written here, not as microdot's
response: microdot's request and response objects are gone while it lasts (less heap for each
phone). A phone that closes its end (a page closed, a phone asleep) is forgotten at once: a
small task reads the connection and ends the stream at its end. One gone without a word (out
of range) is forgotten when a write to it fails.
SPDX-License-Identifier: MIT
"""

import asyncio

from compat import const, ticks_diff, ticks_ms

from live.answers import head

KEEPALIVE_MS = const(15000)


class Watch:
    """A watcher's stream; see the module docstring."""

    def __init__(self, server, token, conn):
        self.server = server
        self.token = token
        self.addr = conn.addr  # the client's address (its pairing lock; fair shares)
        self.sent = -1  # the rev last written
        self.at = ticks_ms()  # when it was last written (the keep-alive: live.server wakes it)
        self.open = True
        server.watchers.append(self)
        self._eof = asyncio.create_task(self._until_closed(conn))

    async def _until_closed(self, conn):
        """Read the connection until the phone closes it (a watcher sends nothing more)."""
        try:
            while await conn.reader.read(64):
                pass
        except Exception:  # reset: gone too
            pass
        if self.open:
            self.close()
            self.server.wake()  # the stream's wait ends: microdot closes the connection

    async def run(self, conn):
        """Write the stream to the phone on conn until it goes (a write fails: OSError)."""
        await conn.awrite(head(200, "text/event-stream", -1, "Cache-Control: no-store\r\n"))
        while self.open:
            chunk = await self._next()
            if chunk is not None:
                await conn.awrite(chunk)
                chunk = None  # not kept while the next one waits: a state's text, ~1 KB

    async def _next(self):
        """The next message (None once closed)."""
        srv = self.server
        hub = srv.hub
        while hub.rev == self.sent and self.open:
            if self.due():
                self.at = ticks_ms()
                return b": keep-alive\n\n"
            await srv.changed.wait()  # (no timer a phone: the server wakes it when it is due)
        if not self.open:
            return None
        self.sent = hub.rev
        self.at = ticks_ms()
        state = hub.state(hub.phone(self.token), self.addr, srv.now())
        return b"data: " + state.encode() + b"\n\n"

    def due(self):
        """True when the stream has been quiet KEEPALIVE_MS: a keep-alive is due."""
        return ticks_diff(ticks_ms(), self.at) >= KEEPALIVE_MS

    def close(self):
        """Forget this watcher (idempotent)."""
        if self.open:
            self.open = False
            w = self.server.watchers
            if self in w:
                w.remove(self)
            t = self._eof
            if t is not asyncio.current_task() and not t.done():
                t.cancel()
