"""The club's players and its nights: the operations the director's page, the boards and
tools/club.py share, each one transaction on the club file (store.py).

    club = Club("club.db")
    club.add_players(["Ann", "Bob"])            # the club's roster (joins an open night too)
    club.new_night(games=9)                     # everyone on the roster, checked in
    rnd = club.draw_round()                     # the next round's tables (draw.py)
    club.result(3, 121, 95, "director")         # table 3 of the round being played
    club.correct(3, 121, 98, "B's last count was 15, not 12")    # the old score kept
    club.close_night()

Anything the rules refuse raises ClubError with a message that says why and what to do;
nothing is written then.
SPDX-License-Identifier: MIT
"""

import json
import random
import secrets
from datetime import UTC, datetime

from tools.club import draw as drawing
from tools.club.rules import Settings
from tools.club.store import meta, open_db, set_meta, write

NAME_MAX = 24


class ClubError(ValueError):
    """A request the club's rules refuse; the message says why."""


def now():
    return datetime.now(UTC).isoformat(timespec="seconds")


def clean_name(name):
    """A player's name, its spaces tidied; ClubError for an empty or over-long one."""
    text = " ".join(str(name).split())
    if not text or len(text) > NAME_MAX or not text.isprintable():
        raise ClubError(f"a name is 1 to {NAME_MAX} printable characters: {name!r}")
    return text


class Club:
    """One club file; see the module docstring."""

    def __init__(self, path):
        self.path = path
        self.db = open_db(path)

    def close(self):
        self.db.close()

    def q(self, sql, *args):
        return self.db.execute(sql, args).fetchall()

    def q1(self, sql, *args):
        return self.db.execute(sql, args).fetchone()

    # -- the roster --------------------------------------------------------------------

    def add_players(self, names):
        """Add players to the roster (and to the open night); their ids."""
        clean = [clean_name(n) for n in names]
        if len({n.lower() for n in clean}) != len(clean):
            raise ClubError("a name is given twice")
        ids = []
        with write(self.db):
            for name in clean:
                if self.q1("SELECT id FROM players WHERE name=?", name):
                    raise ClubError(f"{name} is on the roster already")
                pid = self.db.execute("INSERT INTO players (name) VALUES (?)", (name,)).lastrowid
                ids.append(pid)
                night = self.night()
                if night is not None:
                    self.db.execute(
                        "INSERT INTO entrants (night, player) VALUES (?, ?)", (night["id"], pid)
                    )
        return ids

    def rename(self, old, new):
        pid = self.player_id(old)
        name = clean_name(new)
        other = self.q1("SELECT id FROM players WHERE name=?", name)
        if other is not None and other[0] != pid:
            raise ClubError(f"{name} is on the roster already")
        with write(self.db):
            self.db.execute("UPDATE players SET name=? WHERE id=?", (name, pid))

    def player_id(self, name):
        row = self.q1("SELECT id FROM players WHERE name=?", " ".join(str(name).split()))
        if row is None:
            raise ClubError(f"no player {name!r} on the roster (add them first)")
        return row[0]

    def names(self):
        return {r[0]: r[1] for r in self.q("SELECT id, name FROM players")}

    # -- the club's settings -----------------------------------------------------------

    def defaults(self):
        return Settings.from_json(meta(self.db, "settings"))

    def set_defaults(self, values):
        s = self.defaults().update(values)
        with write(self.db):
            set_meta(self.db, "settings", s.to_json())
        return s

    # -- the night ---------------------------------------------------------------------

    def night(self):
        """The open night's row, or None."""
        return self.q1("SELECT * FROM nights WHERE closed IS NULL ORDER BY id DESC LIMIT 1")

    def need_night(self):
        night = self.night()
        if night is None:
            raise ClubError("no night is open: start one (tools/club.py night new)")
        return night

    def settings(self, night=None):
        night = night or self.need_night()
        return Settings.from_json(night["settings"])

    def set_settings(self, values):
        night = self.need_night()
        s = self.settings(night).update(values)
        if "games" in values and night["rounds"] is not None:
            raise ClubError("the night's games are fixed once round 1 is drawn")
        with write(self.db):
            self.db.execute("UPDATE nights SET settings=? WHERE id=?", (s.to_json(), night["id"]))
        return s

    def new_night(self, games=None, names=None):
        """Open a night with the club's settings (games: this night's) and the named players
        checked in (default: the whole roster)."""
        if self.night() is not None:
            raise ClubError("a night is open: close it first (tools/club.py close)")
        s = self.defaults()
        if games is not None:
            s.update({"games": games})
        pids = [self.player_id(n) for n in names] if names else list(self.names())
        with write(self.db):
            nid = self.db.execute(
                "INSERT INTO nights (opened, settings, seed) VALUES (?, ?, ?)",
                (now(), s.to_json(), secrets.token_hex(8)),
            ).lastrowid
            self.db.executemany(
                "INSERT INTO entrants (night, player) VALUES (?, ?)", [(nid, p) for p in pids]
            )
        return nid

    def check_in(self, names, present=True):
        """Check players in (a late arrival is drawn from the next round) or out (gone home:
        drawn no more; a game already drawn stays to be played)."""
        night = self.need_night()
        pids = [self.player_id(n) for n in names]
        with write(self.db):
            for pid in pids:
                self.db.execute(
                    "INSERT INTO entrants (night, player, present) VALUES (?, ?, ?)"
                    " ON CONFLICT (night, player) DO UPDATE SET present=excluded.present",
                    (night["id"], pid, 1 if present else 0),
                )

    def present(self, night):
        return [
            r[0]
            for r in self.q(
                "SELECT player FROM entrants WHERE night=? AND present=1 ORDER BY player",
                night["id"],
            )
        ]

    def current_round(self, night):
        return self.q1("SELECT MAX(round) FROM seats WHERE night=?", night["id"])[0] or 0

    def unfinished(self, night, rnd):
        """Table numbers of round rnd still without a result."""
        return [
            r[0]
            for r in self.q(
                "SELECT s.number FROM seats s LEFT JOIN results r ON r.night=s.night"
                " AND r.round=s.round AND r.number=s.number WHERE s.night=? AND s.round=?"
                " AND s.player_b IS NOT NULL AND r.score_a IS NULL ORDER BY s.number",
                night["id"],
                rnd,
            )
        ]

    def draw_round(self):
        """Draw the next round; its number. ClubError while the round before is unfinished,
        after the night's last round, or when no draw is allowed (draw.NoDraw's message)."""
        night = self.need_night()
        rnd = self.current_round(night)
        if rnd and self.unfinished(night, rnd):
            tables = ", ".join(str(t) for t in self.unfinished(night, rnd))
            raise ClubError(f"round {rnd} is still being played: table(s) {tables}")
        s = self.settings(night)
        ids = self.present(night)
        rounds, order = night["rounds"], night["rotation"]
        if rnd == 0:
            rounds = drawing.night_rounds(len(ids), s.games, bool(s.repeats))
            order = json.dumps(drawing.new_rotation(ids, random.Random(night["seed"])))
        if rnd >= (rounds or 0):
            raise ClubError(f"the night's {rounds} rounds are drawn: close the night")
        history = self.history(night)
        rng = random.Random(f"{night['seed']}/{rnd + 1}")
        try:
            tables = drawing.draw(
                ids,
                history,
                rnd + 1,
                rounds,
                rng,
                order=json.loads(order),
                repeats=bool(s.repeats),
            )
        except drawing.NoDraw as e:
            raise ClubError(str(e)) from None
        with write(self.db):
            self.db.execute(
                "UPDATE nights SET rounds=?, rotation=? WHERE id=?", (rounds, order, night["id"])
            )
            self.db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(night["id"], rnd + 1, i + 1, a, b) for i, (a, b) in enumerate(tables)],
            )
        return rnd + 1

    def history(self, night):
        h = drawing.History()
        for a, b in self.q(
            "SELECT player_a, player_b FROM seats WHERE night=? ORDER BY round", night["id"]
        ):
            h.add(a, b)
        return h

    def undo_round(self):
        """Take back the last round's draw while none of its games has a result."""
        night = self.need_night()
        rnd = self.current_round(night)
        if not rnd:
            raise ClubError("no round is drawn")
        if self.q1("SELECT 1 FROM results WHERE night=? AND round=?", night["id"], rnd):
            raise ClubError(f"round {rnd} has results: it stays (correct a result instead)")
        with write(self.db):
            self.db.execute("DELETE FROM seats WHERE night=? AND round=?", (night["id"], rnd))
            if rnd == 1:  # the field may change before round 1 is drawn again
                self.db.execute(
                    "UPDATE nights SET rounds=NULL, rotation=NULL WHERE id=?", (night["id"],)
                )
        return rnd

    def close_night(self):
        night = self.need_night()
        rnd = self.current_round(night)
        if rnd and self.unfinished(night, rnd):
            raise ClubError(f"round {rnd} is still being played: enter its results first")
        with write(self.db):
            self.db.execute("UPDATE nights SET closed=? WHERE id=?", (now(), night["id"]))
            self.db.execute("DELETE FROM phones WHERE night=?", (night["id"],))
        return night["id"]
