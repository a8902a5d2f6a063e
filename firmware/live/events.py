"""One watching phone's Server-Sent Events stream: the board's state after each change.

    s = Watch(server, token, conn)    # the body of GET /api/events's response (conn: the
                                      # connection, live.guard.Guarded: its end is watched)
    async for chunk in s: ...         # what microdot writes: b"data: {json}\\n\\n", or a
                                      # b": keep-alive\\n\\n" comment after KEEPALIVE_MS quiet
    await s.aclose()                  # the phone is gone: forgotten (also on a failed write)

The first chunk is the state at once; each next one waits until the hub's rev moves, and is
the state at that moment: changes that come while a chunk is being written to a slow phone
coalesce into one, and nothing queues up behind a phone that stops reading (microdot.sse's
queue would: so its SSE module is not used). A class with __anext__ rather than an async
generator, which MicroPython does not have. A phone that closes its end (a page closed, a
phone asleep) is forgotten at once: a small task reads the connection and ends the stream at
its end. One gone without a word (out of range) is forgotten when a write to it fails.
SPDX-License-Identifier: MIT
"""

import asyncio

from compat import const, ticks_diff, ticks_ms

KEEPALIVE_MS = const(15000)


class Watch:
    """A watcher's stream; see the module docstring."""

    def __init__(self, server, token, conn):
        self.server = server
        self.token = token
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

    def __aiter__(self):
        return self

    async def __anext__(self):
        if not self.open:
            raise StopAsyncIteration
        srv = self.server
        hub = srv.hub
        while hub.rev == self.sent and self.open:
            if self.due():
                self.at = ticks_ms()
                return b": keep-alive\n\n"
            await srv.changed.wait()  # (no timer a phone: the server wakes it when it is due)
        if not self.open:
            raise StopAsyncIteration
        self.sent = hub.rev
        self.at = ticks_ms()
        state = hub.state(hub.phone(self.token), srv.now())
        return b"data: " + state.encode() + b"\n\n"

    def due(self):
        """True when the stream has been quiet KEEPALIVE_MS: a keep-alive is due."""
        return ticks_diff(ticks_ms(), self.at) >= KEEPALIVE_MS

    async def aclose(self):
        self.close()

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
