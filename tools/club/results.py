"""Results, corrections and special hands: how a game's end gets onto the night's cards.

    record(club, table, 121, 95, "director")           # the round being played, by default
    record(club, table, 121, 95, "board Table 3", game_key="b3:1767300000", hands=[...])
    correct(club, table, 121, 98, "the loser's last hand was 15")
    add_hand(club, "Ann", 29, "hand")                   # a special hand typed by the director
    claim(club, pid, 121, 95)                           # a player's phone: mine first

A result is for a drawn table that is not a bye, with a finished game's scores (rules.py). A
table has one result: a second one is refused (a correction changes it, with a reason, and
the old scores are kept). A board's result carries its game's key: the same game sent again
(after a reconnect, a hub restart) is recognised and applied once. A result typed on a phone
waits for the opponent's phone to send the same scores (the two signatures of a paper
scorecard), or for the director.
SPDX-License-Identifier: MIT
"""

from tools.club.night import ClubError, now
from tools.club.rules import check_scores
from tools.club.store import write

APPLIED, ALREADY = "applied", "already"
KINDS = ("hand", "crib")


def seat(club, night, table, rnd=None):
    """The seats row of a table (of rnd, default the round being played)."""
    rnd = rnd or club.current_round(night)
    row = club.q1(
        "SELECT * FROM seats WHERE night=? AND round=? AND number=?", night["id"], rnd, table
    )
    if row is None:
        raise ClubError(f"round {rnd} has no table {table}")
    if row["player_b"] is None:
        raise ClubError(f"table {table} of round {rnd} is a bye: it has no game")
    return row


def _scores(a, b):
    try:
        check_scores(a, b)
    except ValueError as e:
        raise ClubError(str(e)) from None


def record(club, table, a, b, source, *, rnd=None, game_key=None, hands=()):
    """Enter a table's result (scores in the order of its seats A, B). APPLIED, or ALREADY
    when game_key's result is in already; ClubError if the table has another result.
    hands: [(player id, points, kind, cards)] of the game, written with it."""
    night = club.need_night()
    _scores(a, b)
    with write(club.db):
        if game_key is not None and club.q1("SELECT 1 FROM results WHERE game_key=?", game_key):
            return ALREADY
        row = seat(club, night, table, rnd)
        old = club.q1(
            "SELECT * FROM results WHERE night=? AND round=? AND number=?",
            night["id"],
            row["round"],
            table,
        )
        if old is not None:
            raise ClubError(
                f"table {table} of round {row['round']} has its result"
                f" ({old['score_a']}-{old['score_b']}, {old['source']}):"
                " correct it instead"
            )
        club.db.execute(
            "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (night["id"], row["round"], table, a, b, source, game_key, now()),
        )
        for hand in hands:
            _hand(club, night, row["round"], hand, source)
        club.db.execute(
            "DELETE FROM claims WHERE night=? AND round=? AND number=?",
            (night["id"], row["round"], table),
        )
    return APPLIED


def correct(club, table, a, b, reason, *, rnd=None):
    """Change a table's result to a-b, keeping the old scores and the reason."""
    night = club.need_night()
    _scores(a, b)
    reason = " ".join(str(reason or "").split())
    if not reason:
        raise ClubError("a correction needs its reason")
    with write(club.db):
        row = seat(club, night, table, rnd)
        key = (night["id"], row["round"], table)
        old = club.q1("SELECT * FROM results WHERE night=? AND round=? AND number=?", *key)
        if old is None:
            raise ClubError(f"table {table} of round {row['round']} has no result to correct")
        if (old["score_a"], old["score_b"]) == (a, b):
            raise ClubError(f"table {table} has {a}-{b} already")
        club.db.execute(
            "INSERT INTO corrections (night, round, number, old_a, old_b, new_a,"
            " new_b, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            key + (old["score_a"], old["score_b"], a, b, reason, now()),
        )
        club.db.execute(
            "UPDATE results SET score_a=?, score_b=? WHERE night=? AND round=? AND number=?",
            (a, b) + key,
        )


def _hand(club, night, rnd, hand, source):
    """Write hand (player id, points, kind, cards) of round rnd."""
    pid, points, kind, cards = hand
    if kind not in KINDS:
        raise ClubError(f"a special hand is a hand or a crib, not {kind!r}")
    if not isinstance(points, int) or not 0 <= points <= 29 or points in (19, 25, 26, 27):
        raise ClubError(f"no hand scores {points!r}")
    club.db.execute(
        "INSERT INTO hands (night, round, player, points, kind, cards, source)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (night["id"], rnd, pid, points, kind, cards or "", source),
    )


def add_hand(club, name, points, kind="hand", *, rnd=None, source="director", cards=""):
    """A special hand (28, 29, ...) typed for a player, in the round being played."""
    night = club.need_night()
    pid = club.player_id(name)
    rnd = rnd or club.current_round(night)
    if not rnd:
        raise ClubError("no round is drawn yet")
    with write(club.db):
        _hand(club, night, rnd, (pid, points, kind, cards), source)


def remove_hand(club, hand_id):
    with write(club.db):
        if not club.db.execute("DELETE FROM hands WHERE id=?", (hand_id,)).rowcount:
            raise ClubError(f"no special hand {hand_id}")


def claim(club, pid, mine, theirs):
    """A player's phone sends its table's result (mine, theirs): waiting for the opponent's
    phone; when both agree the result is entered (source "phones"). Returns the state:
    "waiting", "applied" or "differs" (the two phones disagree: the director decides)."""
    night = club.need_night()
    rnd = club.current_round(night)
    row = club.q1(
        "SELECT * FROM seats WHERE night=? AND round=? AND player_b IS NOT NULL"
        " AND (player_a=? OR player_b=?)",
        night["id"],
        rnd,
        pid,
        pid,
    )
    if row is None:
        raise ClubError("you have no game in this round")
    a, b = (mine, theirs) if row["player_a"] == pid else (theirs, mine)
    _scores(a, b)
    key = (night["id"], rnd, row["number"])
    if club.q1("SELECT 1 FROM results WHERE night=? AND round=? AND number=?", *key):
        raise ClubError("your table's result is in already (the director corrects it)")
    with write(club.db):
        club.db.execute(
            "INSERT OR REPLACE INTO claims VALUES (?, ?, ?, ?, ?, ?, ?)", key + (pid, a, b, now())
        )
        other = row["player_b"] if row["player_a"] == pid else row["player_a"]
        theirs_row = club.q1(
            "SELECT score_a, score_b FROM claims WHERE night=? AND round=?"
            " AND number=? AND player=?",
            *key,
            other,
        )
    if theirs_row is None:
        return "waiting"
    if (theirs_row[0], theirs_row[1]) != (a, b):
        return "differs"
    record(club, row["number"], a, b, "phones", rnd=rnd)
    return APPLIED
