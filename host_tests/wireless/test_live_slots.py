# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The server's connection cap and its waiting line (firmware/live/slots.py, issue 19): at most
MAX_CONN answered at once, the rest parked oldest first and answered as slots free, a line
longer than MAX_WAITING or a wait longer than WAIT_MS answered 503, never more; and fair
shares between client addresses: the next parked taken from the address with the fewest
answered, a full line's place given up by the address with the most parked. In-process with
asyncio and stand-in sockets (the clock is the module's, stepped by the test), on CPython and
the unix port; test_live_load.py does it on loopback with real sockets."""

import asyncio

from live import slots
from live.slots import _BUSY, MAX_CONN, MAX_REQUESTS, MAX_WAITING, WAIT_MS, Slots, crowding, peer


class Clock:
    def __init__(self):
        self.ms = 1000

    def __call__(self):
        return self.ms


class Sock:
    """One client's socket: both ends (what start_server hands the callback)."""

    def __init__(self, n, addr="192.168.4.2"):
        self.n = n
        self.addr = addr
        self.sent = b""
        self.closed = False

    def get_extra_info(self, name):
        return (self.addr, 50000 + self.n) if name == "peername" else None

    async def awrite(self, data):
        self.sent += data

    async def aclose(self):
        self.closed = True

    def write(self, data):  # (CPython's StreamWriter shape, for live.guard)
        self.sent += data

    async def drain(self):
        pass

    def close(self):
        self.closed = True

    async def wait_closed(self):
        pass


class Board:
    """What each slot does with its connection: waits until the test lets it finish."""

    def __init__(self):
        self.answering = []  # the socks being answered now
        self.answered = []  # in the order they finished
        self.most = 0
        self.go = {}
        self.tasks = []  # references kept, or a task may be collected (docs/DESIGN.md)

    def come(self, line, *socks):
        for s in socks:
            self.tasks.append(asyncio.create_task(line.arrive(s, s)))

    async def answer(self, reader, writer, addr):
        assert addr == reader.addr
        self.answering.append(reader)
        self.most = max(self.most, len(self.answering))
        ev = self.go[reader.n] = asyncio.Event()
        await ev.wait()
        self.answering.remove(reader)
        self.answered.append(reader.n)

    def finish(self, *ns):
        for n in ns:
            self.go[n].set()


def run(body, streams=0):
    """body(board, line, clock); the first `streams` connections are event streams."""
    clock = Clock()
    saved = slots.ticks_ms
    slots.ticks_ms = clock
    try:
        board = Board()
        count = (lambda: sum(1 for s in board.answering if s.n < streams)) if streams else None
        line = Slots(board.answer, count)
        asyncio.run(body(board, line, clock))
    finally:
        slots.ticks_ms = saved


async def turn(n=5):
    for _ in range(n):
        await asyncio.sleep(0)


def test_the_cap_is_answered_at_once_and_the_rest_wait_their_turn_oldest_first():
    wait = MAX_WAITING - 2
    count = MAX_CONN + wait
    socks = [Sock(i) for i in range(count)]

    async def body(board, line, clock):
        board.come(line, *socks)
        await turn()
        assert [s.n for s in board.answering] == list(range(MAX_CONN))
        assert len(line.parked) == wait and line.busy == MAX_CONN
        board.finish(3)  # one done: the oldest parked one takes its slot
        await turn()
        assert board.answered == [3] and board.answering[-1].n == MAX_CONN
        clock.ms += WAIT_MS - 1  # within their time: none is refused
        await line.expire()
        assert line.refused == 0
        while len(board.answered) < count:
            for n in list(board.go):
                board.finish(n)
            await turn()
        assert board.most == MAX_CONN and line.busy == 0 and not line.parked
        assert sorted(board.answered) == list(range(count)) and line.refused == 0
        assert line.waited == wait and not any(s.sent for s in socks)

    run(body)


def test_with_few_streams_at_most_4_requests_are_answered_at_once():
    socks = [Sock(i) for i in range(MAX_CONN)]  # 2 streams, then 10 requests

    async def body(board, line, clock):
        board.come(line, *socks)
        await turn()
        assert [s.n for s in board.answering] == [0, 1, 2, 3, 4, 5]  # 2 streams, 4 requests
        assert [p[0].n for p in line.parked] == [6, 7, 8, 9, 10, 11]
        board.finish(3)  # a request done: the oldest parked one takes its slot
        await turn()
        assert [s.n for s in board.answering] == [0, 1, 2, 4, 5, 6] and line.busy == 6
        board.finish(0)  # a stream ends: 4 requests still answered, so its slot goes
        await turn()
        assert [s.n for s in board.answering] == [1, 2, 4, 5, 6] and line.busy == 5
        most = 0
        while len(board.answered) < len(socks):
            for n in list(board.go):
                if board.go[n] and any(s.n == n for s in board.answering):
                    board.finish(n)
                    break
            await turn()
            most = max(most, sum(1 for s in board.answering if s.n >= 2))
        assert most == MAX_REQUESTS and line.busy == 0 and not line.parked
        assert sorted(board.answered) == list(range(MAX_CONN)) and line.refused == 0

    run(body, streams=2)


def test_a_full_line_is_503_at_once_and_the_others_are_still_answered():
    over = 7
    socks = [Sock(i) for i in range(MAX_CONN + MAX_WAITING + over)]

    async def body(board, line, clock):
        board.come(line, *socks)
        await turn()
        refused = [s.n for s in socks if s.sent]
        assert refused == list(range(MAX_CONN + MAX_WAITING, len(socks)))
        for n in refused:
            assert socks[n].sent == _BUSY and socks[n].closed
        assert line.refused == over and len(line.parked) == MAX_WAITING
        while len(board.answered) < MAX_CONN + MAX_WAITING:
            for n in list(board.go):
                board.finish(n)
            await turn()
        assert sorted(board.answered) == list(range(MAX_CONN + MAX_WAITING))
        assert line.refused == over and line.busy == 0

    run(body)


def test_a_connection_parked_too_long_is_503_and_only_it():
    socks = [Sock(i) for i in range(MAX_CONN + 3)]

    async def body(board, line, clock):
        board.come(line, *socks[: MAX_CONN + 2])
        await turn()
        clock.ms += WAIT_MS // 2
        board.come(line, socks[-1])  # parked later
        await turn()
        clock.ms += WAIT_MS // 2  # the first two have waited WAIT_MS, the last one half
        await line.expire()
        assert [s.n for s in socks if s.sent] == [MAX_CONN, MAX_CONN + 1]
        assert socks[MAX_CONN].sent == _BUSY and socks[MAX_CONN].closed
        board.finish(0)
        await turn()
        assert board.answering[-1] is socks[-1]  # the one still in time takes the slot
        clock.ms += WAIT_MS  # past its time too now, but already answered: not refused
        for n in range(1, MAX_CONN):
            board.finish(n)
        board.finish(socks[-1].n)
        await turn()
        assert line.refused == 2 and not socks[-1].sent and line.busy == 0

    run(body)


def test_a_parked_connection_past_its_time_when_a_slot_frees_is_503():
    socks = [Sock(i) for i in range(MAX_CONN + 2)]

    async def body(board, line, clock):
        board.come(line, *socks[:-1])
        await turn()
        clock.ms += WAIT_MS  # not expired yet by the server's tick
        board.come(line, socks[-1])
        await turn()
        board.finish(0)  # the slot skips the stale one (503) and answers the next
        await turn()
        assert socks[MAX_CONN].sent == _BUSY and board.answering[-1] is socks[-1]
        assert line.refused == 1 and line.waited == 1

    run(body)


def test_stopping_closes_the_parked_unanswered():
    socks = [Sock(i) for i in range(MAX_CONN + 5)]

    async def body(board, line, clock):
        board.come(line, *socks)
        await turn()
        await line.close()
        assert [s.n for s in socks if s.closed] == list(range(MAX_CONN, MAX_CONN + 5))
        assert not any(s.sent for s in socks) and not line.parked
        for n in range(MAX_CONN):
            board.finish(n)
        await turn()
        assert line.busy == 0

    run(body)


def test_the_next_parked_is_the_oldest_of_the_address_with_the_fewest_answered():
    flood = [Sock(i, "192.168.4.66") for i in range(MAX_CONN + 10)]  # one address's sockets
    phone = Sock(99, "192.168.4.7")

    async def body(board, line, clock):
        board.come(line, *flood)
        await turn()
        board.come(line, phone)  # parked last, behind ten of the flood's
        await turn()
        assert line.pressed() and len(line.parked) == 11
        board.finish(0)  # a slot frees: the phone's address has none, the flood's eleven
        await turn()
        assert board.answering[-1] is phone and len(line.parked) == 10
        board.finish(1)
        await turn()
        assert board.answering[-1] is flood[MAX_CONN]  # then the flood's, oldest first

    run(body)


def test_a_full_line_gives_the_crowding_address_s_newest_place_to_another():
    flood = [Sock(i, "192.168.4.66") for i in range(MAX_CONN + MAX_WAITING + 3)]
    phones = [Sock(100 + i, "192.168.4.{}".format(7 + i)) for i in range(2)]

    async def body(board, line, clock):
        board.come(line, *flood)
        await turn()
        assert [s.n for s in flood if s.sent] == [MAX_CONN + MAX_WAITING + i for i in range(3)]
        board.come(line, *phones)  # the line is full of the flood's: each takes a place
        await turn()
        newest = flood[MAX_CONN + MAX_WAITING - 1]
        assert newest.sent == _BUSY and flood[MAX_CONN + MAX_WAITING - 2].sent == _BUSY
        assert not any(p.sent for p in phones) and len(line.parked) == MAX_WAITING
        more = Sock(200, "192.168.4.66")
        board.come(line, more)  # the flood's own: no one holds more than it, refused
        await turn()
        assert more.sent == _BUSY and line.refused == 3 + 2 + 1

    run(body)


def test_the_crowding_address_and_the_peer_address():
    assert crowding(["a", "a", "b"], "b") == "a" and crowding(["a", "b"], "b") is None
    assert crowding(["a", "a", "b", "b"], "b") is None and crowding([], "x") is None
    assert crowding(["a", "c", "c"], "x") == "c"
    raw = bytearray(b"\x02\x00\xe7\x0b\x7f\x00\x00\x07" + bytes(8))  # the unix port's
    for info, want in ((("10.0.0.5", 4000), "10.0.0.5"), (raw, "127.0.0.7"), (None, "")):
        assert peer(type("W", (), {"get_extra_info": lambda self, n, i=info: i})()) == want


def test_a_refusal_is_503_with_its_reason_phrase_and_the_security_headers():
    head = _BUSY.split(b"\r\n\r\n")[0].decode()
    assert head.startswith("HTTP/1.0 503 Service Unavailable\r\n")
    for h in ("Retry-After: 2", "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer",
              "Content-Security-Policy: default-src 'self'"):  # fmt: skip
        assert h in head, h
