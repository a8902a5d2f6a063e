"""What the pages and tools/club.py show, as plain JSON-ready documents, read from the club
file in one pass each.

    round_tables(club, rnd)      # [{"table": 1, "players": ["Ann", "Bob"]}, ...] (a bye: one)
    standings_doc(club)          # the standings screen: rows, special hands, the round
    player_doc(club, pid)        # a phone: my table and opponent now, my card so far
    director_doc(club)           # the director's page: everything of the night

SPDX-License-Identifier: MIT
"""

from tools.club.rules import FIELDS, LEVELS, Settings
from tools.club.standings import balance, build_cards, standings


def shown_night(club):
    """The open night, else the last one closed (the screen keeps its final standings)."""
    return club.night() or club.q1("SELECT * FROM nights ORDER BY id DESC LIMIT 1")


def night_data(club, night):
    """(names, games, byes, hands, settings) of a night, as standings.build_cards takes."""
    nid = night["id"]
    names = {
        r[0]: r[1]
        for r in club.q(
            "SELECT p.id, p.name FROM players p WHERE p.id IN (SELECT player FROM entrants"
            " WHERE night=?) OR p.id IN (SELECT player_a FROM seats WHERE night=?)"
            " OR p.id IN (SELECT player_b FROM seats WHERE night=?)",
            nid,
            nid,
            nid,
        )
    }
    games = [
        tuple(r)
        for r in club.q(
            "SELECT s.round, s.number, s.player_a, s.player_b, r.score_a, r.score_b FROM seats s"
            " JOIN results r USING (night, round, number) WHERE s.night=?",
            nid,
        )
    ]
    byes = [
        tuple(r)
        for r in club.q(
            "SELECT round, player_a FROM seats WHERE night=? AND player_b IS NULL", nid
        )
    ]
    hands = [
        tuple(r)
        for r in club.q("SELECT round, player, points, kind FROM hands WHERE night=?", nid)
    ]
    return names, games, byes, hands, Settings.from_json(night["settings"])


def cards_of(club, night):
    names, games, byes, hands, s = night_data(club, night)
    return build_cards(names, games, byes, hands, s), s


def round_tables(club, rnd, night=None):
    night = night or club.need_night()
    names = club.names()
    return [
        {"table": r[0], "players": [names[r[1]]] + ([names[r[2]]] if r[2] else [])}
        for r in club.q(
            "SELECT number, player_a, player_b FROM seats WHERE night=? AND"
            " round=? ORDER BY number",
            night["id"],
            rnd,
        )
    ]


def standings_doc(club):
    night = shown_night(club)
    if night is None:
        return {"night": None, "rows": [], "hands": [], "round": 0, "rounds": 0}
    cards, s = cards_of(club, night)
    rnd = club.current_round(night)
    rows = standings(cards, s, night["rounds"] or 0)
    names = {c.pid: c.name for c in cards.values()}
    hands = [
        {"name": names[r[1]], "round": r[0], "points": r[2], "kind": r[3]}
        for r in club.q(
            "SELECT round, player, points, kind FROM hands WHERE night=?"
            " ORDER BY points DESC, round, id",
            night["id"],
        )
    ]
    tables = club.q1(
        "SELECT COUNT(*) FROM seats WHERE night=? AND round=? AND player_b IS NOT NULL",
        night["id"],
        rnd,
    )[0]
    done = club.q1("SELECT COUNT(*) FROM results WHERE night=? AND round=?", night["id"], rnd)[0]
    return {
        "night": night["id"],
        "opened": night["opened"],
        "closed": night["closed"],
        "round": rnd,
        "rounds": night["rounds"] or s.games,
        "tables": tables,
        "done": done,
        "grp_min": s.grp_min,
        "rows": rows,
        "hands": hands,
    }


def _line(line, names):
    return {
        "round": line.round,
        "table": line.table,
        "opponent": names.get(line.opponent) if line.opponent is not None else None,
        "mine": line.mine,
        "theirs": line.theirs,
        "points": line.points,
        "plus": line.plus,
        "minus": line.minus,
        "skunk": LEVELS[line.skunk],
    }


def player_doc(club, pid):
    night = shown_night(club)
    names = club.names()
    if night is None or pid not in names:
        return {"name": names.get(pid), "night": None}
    cards, s = cards_of(club, night)
    rows = standings(cards, s, night["rounds"] or 0)
    me = next((r for r in rows if r["id"] == pid), None)
    rnd = club.current_round(night)
    now = club.q1(
        "SELECT * FROM seats WHERE night=? AND round=? AND (player_a=? OR player_b=?)",
        night["id"],
        rnd,
        pid,
        pid,
    )
    table = None
    if now is not None:
        other = now["player_b"] if now["player_a"] == pid else now["player_a"]
        res = club.q1(
            "SELECT score_a, score_b, source FROM results WHERE night=? AND round=? AND number=?",
            night["id"],
            rnd,
            now["number"],
        )
        mine = club.q1(
            "SELECT score_a, score_b FROM claims WHERE night=? AND round=? AND"
            " number=? AND player=?",
            night["id"],
            rnd,
            now["number"],
            pid,
        )
        table = {
            "round": rnd,
            "table": now["number"],
            "seat": "A" if now["player_a"] == pid else "B",
            "opponent": names.get(other) if other is not None else None,
            "result": list(res[:2]) + [res[2]] if res else None,
            "claimed": list(mine) if mine else None,
        }
    card = cards.get(pid)
    return {
        "night": night["id"],
        "closed": night["closed"],
        "id": pid,
        "name": names[pid],
        "now": table,
        "standing": me,
        "rounds": night["rounds"] or s.games,
        "card": [_line(x, names) for x in card.lines] if card else [],
    }


def director_doc(club):
    night = club.night()
    roster = club.q("SELECT id, name FROM players ORDER BY name COLLATE NOCASE")
    doc = {
        "night": None,
        "defaults": club.defaults().as_dict(),
        "fields": {k: {"min": f[1], "max": f[2], "what": f[3]} for k, f in FIELDS.items()},
        "roster": [{"id": r[0], "name": r[1]} for r in roster],
    }
    last = club.q1("SELECT id, closed FROM nights WHERE closed IS NOT NULL ORDER BY id DESC")
    doc["last_closed"] = last[0] if last else None
    if night is None:
        return doc
    nid = night["id"]
    present = {
        r[0]: r[1] for r in club.q("SELECT player, present FROM entrants WHERE night=?", nid)
    }
    names = club.names()
    rounds = {}
    for r in club.q(
        "SELECT s.round, s.number, s.player_a, s.player_b, r.score_a, r.score_b, r.source,"
        " r.at FROM seats s LEFT JOIN results r USING (night, round, number) WHERE s.night=?"
        " ORDER BY s.round, s.number",
        nid,
    ):
        rounds.setdefault(r[0], []).append(
            {
                "table": r[1],
                "players": [names[r[2]], names.get(r[3])],
                "ids": [r[2], r[3]],
                "result": None
                if r[4] is None
                else {"scores": [r[4], r[5]], "source": r[6], "at": r[7]},
            }
        )
    claims = [dict(r) for r in club.q("SELECT * FROM claims WHERE night=?", nid)]
    cards, s = cards_of(club, night)
    doc.update(
        {
            "night": nid,
            "opened": night["opened"],
            "settings": s.as_dict(),
            "rounds_total": night["rounds"],
            "round": club.current_round(night),
            "present": {str(k): v for k, v in present.items()},
            "rounds": [{"round": k, "tables": v} for k, v in sorted(rounds.items())],
            "claims": claims,
            "balance": balance(cards),
            "corrections": [
                dict(r) for r in club.q("SELECT * FROM corrections WHERE night=? ORDER BY id", nid)
            ],
            "hands": [
                dict(r) | {"name": names[r["player"]]}
                for r in club.q("SELECT * FROM hands WHERE night=? ORDER BY round, id", nid)
            ],
            "standings": standings(cards, s, night["rounds"] or 0),
        }
    )
    return doc
