"""The server's connection cap and its waiting line (docs/WIFI.md, Limits).

    slots = Slots(answer)                  # answer(reader, writer): one connection, never raises
    asyncio.start_server(slots.arrive, ...)
    await slots.expire()                   # the server task, twice a second
    await slots.close()                    # the server stops

At most MAX_CONN connections are answered at once (MAX_WATCHERS of them may be event
streams, live.server). A connection over the cap is *parked*: its socket only, in a list (no
task, no read, no microdot object), until a finished connection's task takes it, oldest
first: a slot is a task, which answers the next parked connection when its own is done. So
five phones scanning the board at once (each loading ~19 files, 6 at a time) all load: short
static requests free slots fast. A connection parked longer than WAIT_MS, or one that comes
while MAX_WAITING are parked, is answered ``503 Busy`` (``Retry-After: 2``) and closed: the
memory they hold stays bounded, and a waiting phone is told, not left hanging.
SPDX-License-Identifier: MIT
"""

from compat import const, ticks_diff, ticks_ms

from live.guard import Guarded, close

MAX_CONN = const(12)  # answered at once: 8 event streams and 4 requests (~6 KB each)
MAX_WAITING = const(32)  # parked: eight phones opening the page at the same moment (6 each)
WAIT_MS = const(5000)  # parked at most this long; then 503
_BUSY = b"HTTP/1.0 503 Busy\r\nContent-Length: 0\r\nRetry-After: 2\r\n\r\n"


class Slots:
    """The cap and the line; see the module docstring."""

    def __init__(self, answer):
        self.answer = answer
        self.busy = 0  # connections being answered: the slots taken
        self.parked = []  # (reader, writer, ticks_ms when parked), oldest first
        self.refused = 0  # connections answered 503 (the line full, or waited too long)
        self.waited = 0  # connections answered after waiting in the line

    async def arrive(self, reader, writer):
        """A new connection (start_server's callback): answered, parked, or refused. This task
        then answers parked ones while any wait (it holds the slot until the line is empty)."""
        if self.busy >= MAX_CONN:
            if len(self.parked) < MAX_WAITING:
                self.parked.append((reader, writer, ticks_ms()))
            else:
                await self._refuse(writer)
            return
        self.busy += 1
        try:
            while reader is not None:
                await self.answer(reader, writer)
                reader, writer = await self._next()
        finally:
            self.busy -= 1

    async def _next(self):
        """The oldest parked connection still in time (the caller's slot answers it), or
        (None, None); those past WAIT_MS on the way are refused."""
        while self.parked:
            reader, writer, since = self.parked.pop(0)
            if ticks_diff(ticks_ms(), since) < WAIT_MS:
                self.waited += 1
                return reader, writer
            await self._refuse(writer)
        return None, None

    async def expire(self):
        """Refuse the connections parked longer than WAIT_MS (while every slot stays busy)."""
        parked = self.parked
        while parked and ticks_diff(ticks_ms(), parked[0][2]) >= WAIT_MS:
            await self._refuse(parked.pop(0)[1])

    async def close(self):
        """The server stops: the parked connections are closed unanswered."""
        while self.parked:
            await close(self.parked.pop(0)[1])

    async def _refuse(self, writer):
        self.refused += 1
        try:
            await Guarded(None, writer, 0).awrite(_BUSY)
        except Exception:  # gone already
            pass
        await close(writer)
