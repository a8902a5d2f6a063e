"""The boards at the tables, followed by the hub: each one's event stream, the round's players
sent to it, and its finished games read from its records, each applied once.

    boards = Boards(hub)          # a Link task each, for every board of the club file
    boards.start()                # at the hub's start; boards.add(url, table) starts one more
    await boards.action("pair", {"board": 3, "code": "123456"})   # the director's page
    boards.status()               # what the director's page shows of each board

A board is paired with the hub as a phone pairs (its display shows a code, the director types
it): the board keeps the pairing on its flash, so it holds across a power cut of either. The
hub follows the board's state (GET api/events); when the board has a winner, and whenever the
stream (re)opens, it reads the board's records (GET api/history) and enters every finished
game it finds for a table of the night (reports.py): a board power-cut mid-game, or a hub
that was down when a game ended, is caught up from the board's own record. Each round the
hub sends every board at a table its two players and the night's rules as one entry (a new
game), numbered: the board applies each number once, so a send repeated after a lost answer
never starts a second game.
SPDX-License-Identifier: MIT
"""

import asyncio
import json

from tools.club import boardnet, reports, results
from tools.club.night import ClubError, now
from tools.club.store import write

RETRY_S = (0.5, 1, 2, 5)  # a lost board is looked for again after these, then every 5 s


class Link:
    """One board followed; see the module docstring."""

    def __init__(self, hub, board_id):
        self.hub = hub
        self.id = board_id
        self.online = False
        self.state = None  # the board's last api/state
        self.error = ""
        self.task = None
        self.lock = asyncio.Lock()  # one exchange with the board at a time
        self.nudging = None  # the task of a nudge under way

    def row(self):
        return self.hub.club.q1("SELECT * FROM boards WHERE id=?", self.id)

    def cookie(self, row):
        return f"picopeg={row['token']}" if row["token"] else None

    async def run(self):
        tries = 0
        while True:
            row = self.row()
            if row is None:
                return  # removed
            try:
                async for state in boardnet.events(row["url"], self.cookie(row)):
                    first = not self.online
                    self.online, self.error, tries = True, "", 0
                    before, self.state = self.state, state
                    async with self.lock:
                        if first or _finished(state) != _finished(before):
                            await self.collect()
                        await self.send_round()
                    self.hub.touch()  # its live score on the director's page
            except boardnet.BoardGone as e:
                self.error = str(e)
            except Exception as e:  # a bug must not end the board's task: said, retried
                self.error = f"{type(e).__name__}: {e}"
            if self.online:
                self.online = False
                self.hub.touch()
            await asyncio.sleep(RETRY_S[min(tries, len(RETRY_S) - 1)])
            tries += 1

    # -- the board's games onto the night's cards ----------------------------------------

    async def collect(self):
        """Enter each finished game of the board's records that belongs to a table of the
        night (once: a game already in is recognised by its key)."""
        row = self.row()
        club = self.hub.club
        night = club.night()
        if night is None or row is None:
            return
        status, _head, body = await boardnet.request(row["url"], "GET", "api/history")
        if status != 200:
            raise boardnet.BoardGone(f"{row['url']} api/history: {status}")
        for game in reports.finished_games(json.loads(body)):
            where = reports.find_table(club, night, game)
            if where is None or not self._ours(row, night, where, game):
                continue
            rnd, table, flip = where
            seats = club.q1(
                "SELECT player_a, player_b FROM seats WHERE night=? AND round=? AND number=?",
                night["id"],
                rnd,
                table,
            )
            a, b = game.scores if flip == 0 else game.scores[::-1]
            hands = [
                ((seats[0], seats[1])[side ^ flip], points, kind, cards)
                for side, points, kind, cards in game.hands or ()
            ]
            key = row["url"] + "|" + game.key
            source = f"board {row['name']}"
            try:
                done = results.record(club, table, a, b, source, rnd=rnd, game_key=key,
                                      hands=hands)  # fmt: skip
            except ClubError as e:  # (typed meanwhile: the director's page shows both)
                self.error = f"round {rnd} table {table}: {e}"
                continue
            if done == results.APPLIED:
                self.hub.bump()

    async def nudge(self):
        """The night changed (a round drawn): send the board its game now."""
        if not self.online or self.lock.locked():
            return
        try:
            async with self.lock:
                await self.send_round()
        except boardnet.BoardGone as e:
            self.error = str(e)

    def _ours(self, row, night, where, game):
        """True if game is the one the hub started on this board for that table (its start
        as read back), or the board's current game when no start was read."""
        rnd, table, _flip = where
        started = self.hub.club.q1(
            "SELECT start FROM board_games WHERE board=? AND night=? AND round=? AND number=?",
            row["id"],
            night["id"],
            rnd,
            table,
        )
        if started is None or started[0] is None:
            return game.hands is not None  # the game under way (not the archive's)
        return game.key.split(":", 1)[0] == str(started[0])

    # -- the round's players and rules to the board --------------------------------------

    async def send_round(self):
        """Send the board the game of its table in the round being played, if not sent yet
        (or its answer was lost: the same entry again, with its number)."""
        club = self.hub.club
        row = self.row()
        night = club.night()
        if row is None or night is None or not row["token"] or row["table_number"] is None:
            return
        rnd = club.current_round(night)
        key = (row["id"], night["id"], rnd, row["table_number"])
        seats = club.q1(
            "SELECT player_a, player_b FROM seats WHERE night=? AND round=? AND"
            " number=? AND player_b IS NOT NULL",
            *key[1:],
        )
        if seats is None or club.q1(
            "SELECT 1 FROM board_games WHERE board=? AND night=? AND round=? AND number=?", *key
        ):
            return
        entry = json.loads(row["pending"]) if row["pending"] else None
        if entry is None or entry.get("table") != list(key[1:]):
            names = reports.board_names(club.names())
            s = club.settings(night)
            entry = {
                "seq": row["seq"] + 1,
                "kind": "game",
                "table": list(key[1:]),
                "names": [names[seats[0]], names[seats[1]]],
                "rules": {"players": 2, "target": 121, "muggins": s.muggins},
            }
            with write(club.db):
                club.db.execute(
                    "UPDATE boards SET seq=?, pending=? WHERE id=?",
                    (entry["seq"], json.dumps(entry), row["id"]),
                )
        body = {k: v for k, v in entry.items() if k != "table"}
        status, _head, text = await boardnet.request(
            row["url"], "POST", "api/entry", body, self.cookie(row)
        )
        if status == 503:
            return  # busy: the next state sends it again
        answer = _json(text)
        if status != 200 and not (status == 409 and answer.get("error") == "old"):
            self.error = f"the board refused round {rnd}'s game: {answer.get('error', status)}"
            return
        start = await self._start(row)
        with write(club.db):
            club.db.execute(
                "INSERT OR REPLACE INTO board_games VALUES (?, ?, ?, ?, ?)", key + (start,)
            )
            club.db.execute(
                "UPDATE boards SET pending=NULL, seen=? WHERE id=?", (now(), row["id"])
            )

    async def _start(self, row):
        status, _head, body = await boardnet.request(row["url"], "GET", "api/history")
        return _json(body).get("game", {}).get("start") if status == 200 else None


def _finished(state):
    return state is not None and state.get("winner", -1) >= 0


def _json(text):
    try:
        doc = json.loads(text)
    except ValueError:
        return {}
    return doc if isinstance(doc, dict) else {}


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
                why = _json(text).get("error", status)
                raise ClubError(f"the board did not show a code: {why}")
        elif name == "pair":
            code = str(doc.get("code", "")).strip()
            status, head, text = await _ask(row["url"], "POST", "api/pair", {"code": code})
            token = _token(head)
            if status != 200 or token is None:
                raise ClubError(f"pairing refused: {_json(text).get('error', status)}")
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
