"""The server's connection cap and its waiting line, shared fairly between client addresses
(docs/WIFI.md, Limits).

    slots = Slots(answer, streams)         # answer(reader, writer, addr): one connection,
    asyncio.start_server(slots.arrive, ...)  # never raises; streams(): how many event
                                           # streams are open (None: no such count)
    await slots.expire()                   # the server task, twice a second
    slots.pressed()                        # True while connections wait (live.guard hurries)
    await slots.close()                    # the server stops

At most MAX_CONN connections are answered at once (MAX_WATCHERS of them may be event
streams, live.server), and of them at most MAX_REQUESTS that are not streams: a request being
answered (an idle socket in a flood, a 3 KB head) costs more heap than a stream, so the heap the
cap was sized for (8 streams and 4 requests) holds whatever mix comes.
A connection over the cap is *parked*: its socket only, in a list (no
task, no read, no microdot object), until a finished connection's task takes one: a slot is a
task, which answers the next parked connection when its own is done. So five phones scanning
the board at once (each loading ~19 files, 6 at a time) all load: short static requests free
slots fast. A connection parked longer than WAIT_MS, or one that comes while MAX_WAITING are
parked, is answered ``503`` (``Retry-After: 2``) and closed: the memory they hold stays
bounded, and a waiting phone is told, not left hanging.

One address cannot crowd out the others: the next parked connection taken is the oldest of
the address that has the fewest connections being answered; when the line is full, one that
comes from an address with fewer parked than another takes the place of that other's newest
(answered 503); and while any wait, a connection that has not sent its head within
live.guard.HURRY_MS is dropped. So a phone's request gets a slot within about a second
however many idle sockets another address holds.
SPDX-License-Identifier: MIT
"""

from compat import const, ticks_diff, ticks_ms

from live.answers import raw
from live.guard import close, close_now

MAX_CONN = const(12)  # answered at once: 8 event streams and 4 requests (~6 KB each)
MAX_REQUESTS = const(4)  # of them, not streams (with streams counted)
MAX_WAITING = const(32)  # parked: eight phones opening the page at the same moment (6 each)
WAIT_MS = const(5000)  # parked at most this long; then 503
_BUSY = raw(503, '{"error":"busy: try again"}', "Retry-After: 2\r\n")


def peer(writer):
    """The client's address (its IP as text) of a connection's writer."""
    a = writer.get_extra_info("peername")
    if isinstance(a, tuple):  # CPython, and MicroPython on the board (lwIP)
        return a[0]
    if a and len(a) >= 8:  # the unix port: the raw sockaddr_in (family, port, then the IP)
        return "{}.{}.{}.{}".format(a[4], a[5], a[6], a[7])
    return ""


def crowding(addrs, addr):
    """Of addresses (one for each connection), the one that appears most, if more often than
    addr does; else None. Who gives up a place when a fair share is due."""
    count: dict = {}
    for a in addrs:
        count[a] = count.get(a, 0) + 1
    top = addr
    most = count.get(addr, 0)
    for a, n in count.items():
        if n > most:
            top = a
            most = n
    return None if top == addr else top


class Slots:
    """The cap and the line; see the module docstring."""

    def __init__(self, answer, streams=None):
        self.answer = answer
        self.streams = streams
        self.busy = 0  # connections being answered: the slots taken
        self.held = {}  # address -> its connections being answered
        self.parked = []  # (reader, writer, ticks_ms when parked, address), oldest first
        self.refused = 0  # connections answered 503 (the line full, or waited too long)
        self.waited = 0  # connections answered after waiting in the line

    def pressed(self):
        return bool(self.parked)

    async def arrive(self, reader, writer):
        """A new connection (start_server's callback): answered, parked, or refused. This task
        then answers parked ones while any wait (it holds the slot until the line is empty)."""
        addr = peer(writer)
        if self.busy >= MAX_CONN or self._full(0):
            out = None
            if len(self.parked) >= MAX_WAITING:
                i = self._crowding(addr)
                if i < 0:
                    self._refuse(writer)
                    return
                out = self.parked.pop(i)[1]  # (its place taken at once, before any wait)
            self.parked.append((reader, writer, ticks_ms(), addr))
            if out is not None:
                self._refuse(out)
            return
        self.busy += 1
        held = self.held
        try:
            while reader is not None:
                held[addr] = held.get(addr, 0) + 1
                try:
                    await self.answer(reader, writer, addr)
                finally:
                    n = held[addr] - 1
                    if n:
                        held[addr] = n
                    else:
                        del held[addr]
                if self._full(1):  # this slot's is done: others answer requests enough
                    break
                reader, writer, addr = await self._next()
        finally:
            self.busy -= 1

    def _full(self, mine):
        """True if MAX_REQUESTS requests are being answered (besides `mine` slots free)."""
        return self.streams is not None and self.busy - mine - self.streams() >= MAX_REQUESTS

    def _crowding(self, addr):
        """The index of the newest parked connection of the address with the most parked, if
        it has more than addr; else -1."""
        top = crowding([p[3] for p in self.parked], addr)
        for i in range(len(self.parked) - 1, -1, -1):
            if self.parked[i][3] == top:
                return i
        return -1

    async def _next(self):
        """The parked connection the caller's slot answers next: the oldest of the address
        with the fewest connections answered (those past WAIT_MS refused on the way); or
        (None, None, "")."""
        await self.expire()
        parked = self.parked
        best = -1
        for i in range(len(parked)):
            if best < 0 or self.held.get(parked[i][3], 0) < self.held.get(parked[best][3], 0):
                best = i
        if best < 0:
            return None, None, ""
        reader, writer, _, addr = parked.pop(best)
        self.waited += 1
        return reader, writer, addr

    async def expire(self):
        """Refuse the connections parked longer than WAIT_MS (while every slot stays busy)."""
        parked = self.parked
        while parked and ticks_diff(ticks_ms(), parked[0][2]) >= WAIT_MS:
            self._refuse(parked.pop(0)[1])

    async def close(self):
        """The server stops: the parked connections are closed unanswered."""
        while self.parked:
            await close(self.parked.pop(0)[1])

    def _refuse(self, writer):
        """503, and closed, at once: what the socket takes now is all that is sent (the whole
        answer, on a new connection), nothing waits for it. An idle flood is refused
        thousands of times: a refusal that waited to write and close held its socket, its
        task and a timer each (~1.5 KB), a few at any moment."""
        self.refused += 1
        try:
            writer.write(_BUSY)
        except Exception:  # gone already
            pass
        close_now(writer)
