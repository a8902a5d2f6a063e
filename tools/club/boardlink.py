"""One board at a table, followed by the hub (boards.py keeps one Link a board): its event
stream, the round's players sent to it, and its finished games read from its records, each
applied once.

The hub follows the board's state (GET api/events); when the board has a winner, and whenever
the stream (re)opens, it reads the board's records (GET api/history) and enters every
finished game it finds for a table of the night (reports.py): a board power-cut mid-game, or
a hub that was down when a game ended, is caught up from the board's own record. Each round
the hub sends the board its two players and the night's rules as one entry (a new game),
numbered: the board applies each number once, so a send repeated after a lost answer never
starts a second game.
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
                        if first or finished(state) != finished(before):
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
        answer = json_object(text)
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
        return json_object(body).get("game", {}).get("start") if status == 200 else None


def finished(state):
    """The board's state has a winner."""
    return state is not None and state.get("winner", -1) >= 0


def json_object(text):
    """A board's answer as a dict ({} for anything else)."""
    try:
        doc = json.loads(text)
    except ValueError:
        return {}
    return doc if isinstance(doc, dict) else {}
