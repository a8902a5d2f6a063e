"""What a board's records say of the games played on it, for the hub: each finished game's
players (the sides' names), final scores, and its special hands (a 28 or a 29, hand or crib).

    for game in finished_games(doc):     # doc: the board's records JSON (docs/RECORDS.md)
        game.names, game.scores, game.key, game.hands      # hands None: not known
    where = find_table(club, night, game)  # (round, table, seat A's side) or None

The game under way comes with its deals (so its hands are known); the archive's finished
games come without (a game the players replaced on the board before the hub read it). A game
is matched to the night's table whose two players carry its sides' names, and that has no
result yet: the names are what the hub sent the board for that table, and no two players
meet twice in a night, so the table is found however late the report comes.
SPDX-License-Identifier: MIT
"""

from tools.club.rules import TARGET

SPECIAL = (28, 29)  # the counts a board reports by itself
NAME_BYTES = 16  # what a board keeps of a name (firmware/scorekeeper/names.py)


def board_name(name, room=NAME_BYTES):
    """A player's name as a board keeps it: at most room bytes of UTF-8 (whole characters)."""
    return name.encode()[:room].decode(errors="ignore").strip()


def board_names(names):
    """{player id: the name sent to boards} for {player id: name}: each cut to what a board
    keeps, and two that would then read the same told apart by a number ("Christopher Sm 2")."""
    out = {pid: board_name(n) for pid, n in names.items()}
    seen = {}
    for pid in sorted(out):
        seen.setdefault(out[pid].lower(), []).append(pid)
    for same in seen.values():
        for i, pid in enumerate(same[1:], 2):
            tag = f" {i}"
            out[pid] = board_name(names[pid], NAME_BYTES - len(tag)) + tag
    return out


class Finished:
    """One finished two-sided game of a board's records."""

    def __init__(self, names, scores, start, first_dealer, hands):
        self.names = names  # [A's, B's]
        self.scores = scores  # [A's, B's]
        self.hands = hands  # [(side 0/1, points, "hand"/"crib", cards text)] or None
        self.key = f"{start}:{first_dealer}:{scores[0]}-{scores[1]}:{names[0]}|{names[1]}"


def _game(names, scores, start, dealer, hands):
    if len(scores) != 2 or TARGET not in scores or not all(names.get(s) for s in "AB"):
        return None  # not a club game: two named sides to 121
    return Finished([names["A"], names["B"]], list(scores), start, dealer, hands)


def finished_games(doc):
    """The finished games of a board's records document, the one under way last."""
    out = []
    for e in doc.get("archive", []):
        g = _game(e.get("names", {}), e["scores"], e["start"], e["first_dealer"], None)
        if g is not None:
            out.append(g)
    game = doc.get("game") or {}
    result = game.get("result")
    if result is not None:
        hands = []
        for deal in game.get("deals", []):
            for c in deal.get("show", []):
                if c["points"] in SPECIAL and c["side"] in "AB":
                    hands.append(
                        ("AB".index(c["side"]), c["points"], c["count"], c.get("cards", ""))
                    )
        g = _game(
            game.get("names", {}), result["scores"], game["start"], game["first_dealer"], hands
        )
        if g is not None:
            out.append(g)
    return out


def find_table(club, night, game):
    """(round, table, side of seat A: 0 or 1) of the night's table without a result whose
    players carry the game's names; None if there is none."""
    names = board_names(club.names())
    rows = club.q(
        "SELECT s.round, s.number, s.player_a, s.player_b FROM seats s LEFT JOIN results r"
        " USING (night, round, number) WHERE s.night=? AND s.player_b IS NOT NULL AND"
        " r.score_a IS NULL ORDER BY s.round DESC",
        night["id"],
    )
    for rnd, table, a, b in rows:
        pair = [names[a], names[b]]
        if pair == game.names:
            return rnd, table, 0
        if pair == game.names[::-1]:
            return rnd, table, 1
    return None
