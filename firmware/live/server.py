"""The board's HTTP API on microdot (docs/WIFI.md, Protocol), bounded, as one asyncio task.

    from live.hub import Hub
    from live.server import serve
    hub = Hub(app, os.urandom)
    asyncio.create_task(serve(hub, "0.0.0.0", 80, "/site"))     # beside the game's loop

Anyone may watch (GET: the page, /api/state, /api/events, /api/history); only a device whose
cookie holds a paired token may send entries (POST /api/entry), each a whole one, which the
hub takes in the App's loop through the keypad's own path (live.entries): the one way from the
network into the game. Static files are only those in site_dir when the server starts (a
flat folder), looked up by name: no path is ever joined from the URL (a plain GET of one is
answered by live.pagefiles, without microdot's request: the heap's peak is five phones
loading the page). Bounds: request heads (live.guard), bodies (BODY_BYTES: the largest
honest one is an entry's, under 100 bytes), live.slots.MAX_CONN connections answered at
once, of which MAX_WATCHERS event streams; a connection over the cap waits in live.slots'
bounded line for a slot, or is answered 503. ``serve`` is the one task: an error in it ends
there, goes to the board's error log, and the game goes on.
SPDX-License-Identifier: MIT
"""

import asyncio
import json
import os

from compat import const, print_exception, ticks_diff, ticks_ms
from microdot import Microdot, Request, Response

from live.answers import finish, foreign
from live.events import Watch
from live.guard import TIMEOUT, Guarded, close, timeout
from live.hub import LOCKED, PAIRED
from live.pagefiles import send_page_file
from live.slots import MAX_CONN, MAX_WAITING, Slots, crowding

MAX_WATCHERS = const(8)  # of the connections answered at once, event streams
BODY_BYTES = const(256)
ANSWER_MS = const(5000)  # an entry's answer waits this long for the board's loop
COOKIE = "picopeg"
_JSON = "application/json"
_TYPES = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
          "css": "text/css; charset=utf-8", "png": "image/png",
          "svg": "image/svg+xml", "json": _JSON, "webmanifest": "application/manifest+json",
          "ico": "image/x-icon", "txt": "text/plain"}  # fmt: skip
_MAX_LOGGED = const(5)  # unexpected errors logged to flash per boot, then only printed

# The bounds microdot reads its requests with (class settings: one server per board).
Request.max_content_length = BODY_BYTES
Request.max_body_length = BODY_BYTES
Request.max_readline = 1024


def site_files(site_dir):
    """{name: content type} of the regular files in site_dir (not in sub-folders)."""
    files: dict = {}
    if not site_dir:
        return files
    for entry in os.ilistdir(site_dir) if hasattr(os, "ilistdir") else _listdir(site_dir):
        name, kind = entry[0], entry[1]
        if kind == 0x8000 and not name.startswith("."):
            files[name] = _TYPES.get(name.rsplit(".", 1)[-1], "application/octet-stream")
    return files


def _listdir(folder):  # pragma: no cover - CPython
    for name in os.listdir(folder):
        yield name, os.stat(folder + "/" + name)[0] & 0o170000


def _reply(status, **fields):
    head = {"Content-Type": _JSON}
    if status == 503:  # busy: ask again in a second
        head["Retry-After"] = "1"
    return Response(json.dumps(fields), status, head)


def _addr(request):
    """The client's address (live.slots.peer, kept on its connection's guard)."""
    return request.sock[0].addr


def _body(request):
    """The request's JSON object, or None."""
    try:
        doc = json.loads(request.body)
    except (ValueError, TypeError):
        return None
    return doc if isinstance(doc, dict) else None


class Server:
    """The microdot app and the connections' bookkeeping; see the module docstring."""

    def __init__(self, hub, site_dir, log=None, address=None):
        self.site_dir = site_dir
        self.address = address or str  # () -> the board's own address ("": none yet)
        self.files = site_files(site_dir)
        self.log = log or board_log(hub.app.board)  # log(exc, where): the error log
        self.logged = 0
        self.watchers: list = []
        self.slots = Slots(self.connection, lambda: len(self.watchers))  # the cap, its line
        self.changed = asyncio.Event()
        self.answered = asyncio.Event()  # set (and cleared) as each entry is answered
        self.hub = hub
        self.attach(hub)
        self.web = self._routes(Microdot())

    def attach(self, hub):
        """Serve hub (a board that booted again after an error: its new App's hub)."""
        self.hub = hub
        hub.notify = self.wake
        hub.on_answer = self.told
        self.wake()

    def now(self):
        return self.hub.app.board.ticks_ms()

    def wake(self):
        """Wake every watcher's stream (a change, or one of them closed)."""
        self.changed.set()  # wakes every watcher waiting now; the next wait waits anew
        self.changed.clear()

    def told(self):
        """Wake the requests waiting for their entry's answer."""
        self.answered.set()
        self.answered.clear()

    def _phone(self, request):
        return self.hub.phone(request.cookies.get(COOKIE))

    async def _answer(self, phone, doc):
        """The answer to an entry: at once, or once the board's loop has taken it."""
        got = self.hub.submit(phone, doc, self.now())
        if got is not None:
            return got
        seq = doc["seq"]
        start = self.now()
        while True:
            a = phone.answer
            if a is not None and a[0] == seq:
                return a[1], a[2]
            left = ANSWER_MS - ticks_diff(self.now(), start)
            if left <= 0:
                return 503, '{"error":"the board is busy: send it again"}'
            try:
                await timeout(self.answered.wait(), left)
            except TIMEOUT:
                pass

    def _routes(self, web):
        def finished(request, response):  # (not the stream's: the connection writes it)
            return response if response is Response.already_handled else finish(request, response)

        web.after_request(finished)
        web.after_error_request(finished)

        @web.before_request
        async def checked(request):  # every POST: the board's Host, no other site's Origin
            if request.method == "POST":
                why = foreign(request, self.address())
                if why:
                    return _reply(403, error=why)
            return None

        @web.get("/api/state")
        async def state(request):
            body = self.hub.state(self._phone(request), _addr(request), self.now())
            return Response(body, 200, {"Content-Type": _JSON, "Cache-Control": "no-store"})

        @web.get("/api/events")
        async def events(request):
            if request.method == "HEAD":  # no body is written: no stream to open
                return Response("", 200, {"Content-Type": "text/event-stream"})
            conn = request.sock[0]
            if len(self.watchers) >= MAX_WATCHERS and not self._make_room(conn.addr):
                return _reply(503, error="too many phones watching")
            conn.stream = Watch(self, request.cookies.get(COOKIE), conn)  # the connection
            return Response.already_handled  # writes it once microdot is done (and closes it)

        @web.get("/api/history")
        async def history(request):
            length, chunks = self.hub.history()  # made before the answer starts
            return Response(chunks, 200, {"Content-Type": _JSON, "Cache-Control": "no-store",
                                          "Content-Length": str(length)})  # fmt: skip

        @web.post("/api/pair/request")
        async def pair_request(request):
            now = self.now()
            addr = _addr(request)
            if self.hub.pair_request(addr, now) is None:
                return self._wait(addr, now)
            return Response("", 204)

        @web.post("/api/pair")
        async def pair(request):
            doc = _body(request)
            code = doc.get("code") if doc else None
            if not isinstance(code, str):
                return _reply(400, error='send {"code": "123456"}')
            now = self.now()
            addr = _addr(request)
            result, token = self.hub.pair(addr, code, now)
            if result == LOCKED:
                return self._wait(addr, now)
            if result != PAIRED:
                return _reply(403, error="wrong code")
            cookie = "{}={}; Path=/; HttpOnly; SameSite=Strict".format(COOKIE, token)
            return Response('{"paired": true}', 200, {"Content-Type": _JSON,
                                                      "Set-Cookie": cookie})  # fmt: skip

        @web.post("/api/entry")
        async def entry(request):
            phone = self._phone(request)
            if phone is None:
                return _reply(403, error="pair first")
            doc = _body(request)
            if doc is None:
                return _reply(400, error='send an entry: {"seq": 1, "kind": "peg", ...}')
            status, body = await self._answer(phone, doc)
            head = {"Content-Type": _JSON, "Cache-Control": "no-store"}
            if status == 503:
                head["Retry-After"] = "1"
            return Response(body, status, head)

        @web.get("/")
        async def index(request):
            return self._file("index.html")

        @web.get("/<name>")
        async def static(request, name):
            return self._file(name)

        @web.errorhandler(400)
        async def malformed(request):  # not parsed (live.guard): the connection answers it
            return Response.already_handled

        @web.errorhandler(405)
        async def wrong_method(request):
            return _reply(405, error="not with this method")

        @web.errorhandler(413)
        async def too_large(request):
            return _reply(413, error="the body is too large")

        @web.errorhandler(MemoryError)
        async def short(request, exc):  # no block free for the answer now (printed only):
            return _reply(503, error="the board is short of memory: ask again")  # 503 busy

        @web.errorhandler(Exception)
        async def failed(request, exc):  # a handler's bug: logged; the game is untouched
            self._log(exc, "server request")
            return _reply(500, error="server error")

        return web

    def _wait(self, addr, now):
        """429 for a pairing this address may not do now: locked, or asked just now."""
        p = self.hub.pairing
        locked = p.locked_ms(addr, now) > 0
        return _reply(429, error="pairing locked" if locked else "asked just now: wait",
                      seconds=(p.wait_ms(addr, now) + 999) // 1000)  # fmt: skip

    def _make_room(self, addr):
        """Every stream is taken: close the oldest of the address that has the most, if it
        has more than addr (fair shares of the streams); True if one was closed."""
        top = crowding([w.addr for w in self.watchers], addr)
        for w in self.watchers:
            if w.addr == top:
                w.close()
                self.wake()  # its stream ends; its phone reconnects, and shares the rest
                return True
        return False

    def _file(self, name):
        kind = self.files.get(name)  # only a name listed at start: nothing joined from a URL
        if kind is None:
            return _reply(404, error="not found")
        return Response.send_file(self.site_dir + "/" + name, content_type=kind)

    def _log(self, exc, where):
        print_exception(exc)
        if self.log is not None and self.logged < _MAX_LOGGED:
            self.logged += 1
            try:
                self.log(exc, where)
            except Exception as e:  # a failing flash must not stop the server
                print_exception(e)

    async def connection(self, reader, writer, addr):
        """One client in a slot (live.slots): microdot answers it, guarded; a malformed one is
        answered here (live.guard). No error leaves this coroutine (it would reach the
        board's loop's exception handler)."""
        g = Guarded(reader, writer, ticks_ms(), self.slots.pressed)  # (the real clock)
        g.addr = addr
        try:
            try:
                if not (self.site_dir and await send_page_file(g, self.site_dir, self.files)):
                    await self.web.handle_request(g, g)
                if g.stream is not None:  # a watcher: its stream, until the phone goes
                    await g.stream.run(g)
            except OSError:  # gone, or refused by the guard: answered below if malformed
                pass
            if g.bad is not None:
                await g.refuse()
            if g.bad is not None or g.buf or g.length > BODY_BYTES:
                await g.linger()  # then its close is no reset: the client reads the answer
        except Exception as e:  # microdot re-raises socket errors it does not mute
            if not isinstance(e, OSError):
                self._log(e, "server connection")
        finally:
            if g.stream is not None:
                g.stream.close()
            await close(writer)


def board_log(board):
    """log(exc, where): an entry in the board's error log (errlog.py), as app.py's errors."""

    def log(exc, where):
        from errlog import append_error

        append_error(board.fs, board.log_path, exc, where)

    return log


async def serve(hub, host, port, site_dir, log=None, *, started=None, address=None):
    """Serve hub's board on host:port until cancelled: the one server task. Its errors end
    here (printed and passed to log(exc, where): by default the board's error log, at most
    _MAX_LOGGED a boot); the game goes on.
    started(server): called once listening (the simulator prints its address then).
    address(): the board's own address, the Host a POST must name (live.answers.foreign).
    Cancelled (Wi-Fi turned off), it stops listening and ends every phone's stream; a
    request being answered finishes (within live.guard's timeouts)."""
    listener = srv = None
    try:
        srv = Server(hub, site_dir, log, address)
        backlog = MAX_CONN + MAX_WAITING  # accepted as fast as they come: none is turned back
        listener = await asyncio.start_server(srv.slots.arrive, host, port, backlog=backlog)
        if started is not None:
            started(srv)
        while True:
            await asyncio.sleep(0.5)
            await srv.slots.expire()  # connections waiting too long for a slot: 503
            for w in srv.watchers:
                if w.due():  # a stream quiet for KEEPALIVE_MS: its keep-alive
                    srv.wake()
                    break
    except asyncio.CancelledError:
        raise
    except Exception as e:
        if srv is not None:
            srv._log(e, "server")  # printed, then to flash; never raises
        else:  # the Server itself failed to build
            print_exception(e)
    finally:  # stopped (Wi-Fi off) or failed: no new connections, and the streams end
        if listener is not None:
            listener.close()
        if srv is not None:
            for w in list(srv.watchers):
                w.close()
            srv.wake()
            await srv.slots.close()
