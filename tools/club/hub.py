"""The hub: the club file served on the club's network (`make club`; docs/CLUB.md).

    serve("club.db", "0.0.0.0", 8090)      # until Ctrl-C: prints the three pages' addresses

One asyncio process: microdot answers the pages and their API (web.py), the boards are
followed beside it (phase two: boards.py), and every change bumps one revision that wakes
the pages' event streams. A change written by another process (tools/club.py on the same
file) is seen by SQLite's data_version within a quarter of a second and shown the same way.
SPDX-License-Identifier: MIT
"""

import asyncio
import socket
import sys

from tools.club.night import Club

POLL_S = 0.25  # how often the file is checked for another process's writes


class Hub:
    """The club file and the revision the pages follow."""

    def __init__(self, path):
        from tools.club.boards import Boards

        self.club = Club(path)
        self.boards = Boards(self)
        self.rev = 1  # any change the director's page shows (a board's live score too)
        self.srev = 1  # a change of the night's cards: the standings screen's revision
        self.changed = asyncio.Event()
        self._docs = {}  # (name, rev) -> the document's JSON text, made once per change
        self._version = self._data_version()

    def _data_version(self):
        return self.club.q1("PRAGMA data_version")[0]

    def bump(self):
        """The night changed (a result, a draw, a setting): every stream sends its document,
        and the boards are sent a new round's game."""
        self.srev += 1
        self._docs.clear()
        self.touch()
        self.boards.nudge()

    def touch(self):
        """Only what the director's page shows changed (a board's live score, its link)."""
        self.rev += 1
        self.changed.set()  # wakes every stream waiting now; the next wait waits anew
        self.changed.clear()

    def cached(self, name, make):
        """make()'s text, made once for this revision."""
        text = self._docs.get(name)
        if text is None:
            text = self._docs[name] = make()
        return text

    async def watch_file(self):
        while True:
            await asyncio.sleep(POLL_S)
            v = self._data_version()
            if v != self._version:
                self._version = v
                self.bump()


def lan_address():
    """This machine's address on its network (the one phones type), or 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))  # no packet is sent: it only picks the interface
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def say(text):
    print(text, flush=True)


async def run(path, host, port, started=None):
    from tools.club.auth import ensure_pin
    from tools.club.web import make_app

    hub = Hub(path)
    app = make_app(hub)
    server = await app.start_server(host, port, start_serving=False)
    await server.start_serving()  # listening before the address is printed
    pin = ensure_pin(hub.club)  # (once listening: a PIN drawn is always shown)
    port = server.sockets[0].getsockname()[1]
    shown = lan_address() if host in ("0.0.0.0", "") else host
    base = f"http://{shown}:{port}"
    say(f"PicoPeg club hub on {base}/ (club file {path})")
    if pin:
        say(f"  the director's PIN is {pin} (shown once; change it: tools/club.py pin NEW)")
    say(f"  director's page   {base}/director")
    say(f"  standings screen  {base}/screen")
    say(f"  players' page     {base}/")
    tasks = [asyncio.create_task(hub.watch_file())]
    hub.boards.start()
    if started is not None:
        started(hub, port)
    try:
        await server.serve_forever()
    finally:
        hub.boards.stop()
        for t in tasks:
            t.cancel()
        hub.club.close()


def serve(path, host, port):
    try:
        asyncio.run(run(path, host, port))
    except KeyboardInterrupt:
        pass
    except OSError as e:
        print(f"club.py: cannot serve on {host}:{port}: {e.strerror}", file=sys.stderr)
        return 2
    return 0
