"""The boards at the tables, followed by the hub: each one's event stream, the round's players
sent to it, and its finished games read from its records, each applied once.

    boards = Boards(hub)          # a Link task each, for every board of the club file
    boards.start()                # at the hub's start; boards.add(url, table) starts one more
    await boards.action("pair", {"board": 3, "code": "123456"})   # the director's page
    boards.status()               # what the director's page shows of each board

A board is paired with the hub as a phone pairs (its display shows a code, the director types
it): the board keeps the pairing on its flash, so it holds across a power cut of either.
What the hub does with each board (its stream, its games, the round's entry) is boardlink.py.
SPDX-License-Identifier: MIT
"""

import asyncio

from tools.club import boardnet
from tools.club.boardlink import Link, json_object
from tools.club.night import ClubError
from tools.club.store import write


class Boards:
    """Every board of the club file, a Link each; the director's page's board actions."""

    def __init__(self, hub):
        self.hub = hub
        self.links = {}

    def start(self):
        for row in self.hub.club.q("SELECT id FROM boards ORDER BY id"):
            self._follow(row[0])

    def _follow(self, board_id):
        link = self.links[board_id] = Link(self.hub, board_id)
        link.task = asyncio.create_task(link.run())

    def stop(self):
        for link in self.links.values():
            link.task.cancel()

    def nudge(self):
        """After a change: each board online is sent its round's game if it has not been."""
        for link in self.links.values():
            if (
                link.online
                and not link.lock.locked()
                and (link.nudging is None or link.nudging.done())
            ):
                link.nudging = asyncio.create_task(link.nudge())  # (kept: a task needs a holder)

    def status(self):
        out = []
        for row in self.hub.club.q("SELECT * FROM boards ORDER BY table_number, id"):
            link = self.links.get(row["id"])
            st = (link.state if link else None) or {}
            out.append(
                {
                    "id": row["id"],
                    "name": row["name"],
                    "url": row["url"],
                    "table": row["table_number"],
                    "paired": bool(row["token"]),
                    "online": bool(link and link.online),
                    "error": link.error if link else "",
                    "scores": st.get("scores"),
                    "winner": st.get("winner", -1),
                    "waiting": bool(row["pending"]),
                }
            )
        return out

    async def action(self, name, doc):
        """add {url, table, name}, table {board, table}, remove {board}, code {board}: the
        board shows a pairing code; pair {board, code}: the director typed it."""
        club = self.hub.club
        if name == "add":
            return {"board": self._add(doc)}
        row = club.q1("SELECT * FROM boards WHERE id=?", doc.get("board"))
        if row is None:
            raise ClubError("no such board")
        if name == "table":
            self._table(row, doc.get("table"))
        elif name == "remove":
            with write(club.db):
                club.db.execute("DELETE FROM board_games WHERE board=?", (row["id"],))
                club.db.execute("DELETE FROM boards WHERE id=?", (row["id"],))
            link = self.links.pop(row["id"], None)
            if link is not None:
                link.task.cancel()
        elif name == "code":
            status, _h, text = await _ask(row["url"], "POST", "api/pair/request", {})
            if status not in (200, 204):
                why = json_object(text).get("error", status)
                raise ClubError(f"the board did not show a code: {why}")
        elif name == "pair":
            code = str(doc.get("code", "")).strip()
            status, head, text = await _ask(row["url"], "POST", "api/pair", {"code": code})
            token = _token(head)
            if status != 200 or token is None:
                raise ClubError(f"pairing refused: {json_object(text).get('error', status)}")
            with write(club.db):
                club.db.execute("UPDATE boards SET token=? WHERE id=?", (token, row["id"]))
        else:
            raise ClubError(f"no board action {name!r}")
        return None

    def _add(self, doc):
        url = str(doc.get("url", "")).strip()
        if "://" not in url:
            url = "http://" + url
        url = url.rstrip("/") + "/"
        try:
            boardnet._where(url)
        except ValueError as e:
            raise ClubError(str(e)) from None
        club = self.hub.club
        if club.q1("SELECT 1 FROM boards WHERE url=?", url):
            raise ClubError(f"{url} is added already")
        name = " ".join(str(doc.get("name") or url.split("//", 1)[1].rstrip("/")).split())[:24]
        with write(club.db):
            bid = club.db.execute(
                "INSERT INTO boards (url, name) VALUES (?, ?)", (url, name)
            ).lastrowid
        if doc.get("table") is not None:
            self._table(club.q1("SELECT * FROM boards WHERE id=?", bid), doc["table"])
        self._follow(bid)
        return bid

    def _table(self, row, table):
        club = self.hub.club
        if table is not None and (
            isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= 999
        ):
            raise ClubError("a table is a number from 1")
        other = club.q1("SELECT name FROM boards WHERE table_number=? AND id<>?", table, row["id"])
        if table is not None and other is not None:
            raise ClubError(f"table {table} has a board already ({other[0]})")
        with write(club.db):
            club.db.execute("UPDATE boards SET table_number=? WHERE id=?", (table, row["id"]))


async def _ask(url, method, path, body):
    try:
        return await boardnet.request(url, method, path, body)
    except boardnet.BoardGone as e:
        raise ClubError(f"the board does not answer: {e}") from None


def _token(headers):
    """The pairing token of a reply's Set-Cookie (picopeg=TOKEN), or None."""
    for cookie in headers.get("set-cookie", []):
        name, _, rest = cookie.partition("=")
        if name.strip() == "picopeg":
            return rest.split(";")[0].strip() or None
    return None
