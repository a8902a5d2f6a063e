"""Each player's card for the night and the standings drawn from the cards (docs/CLUB.md).

    cards = build_cards(names, games, byes, hands, settings)
        names  {player id: name} of everyone on the night
        games  [(round, table, id_a, id_b, score_a, score_b), ...]: finished games
        byes   [(round, id), ...]
        hands  [(round, id, points, kind), ...]: the night's special hands (kind "hand"/"crib")
    rows = standings(cards, settings, rounds)    # ranked: game points, then wins, then spread
    check = balance(cards)                       # the director's cross-check of the cards

A card is what a player writes on the paper scorecard after each game: the round, the
opponent, the game points, the plus (a win's margin: 121 less the loser's score) or the minus
(a loss's), and the skunks. Players equal on game points, wins and spread share a rank (1, 2,
2, 4). A bye scores as the night's settings say (points, a win or not, a spread).
SPDX-License-Identifier: MIT
"""

from tools.club.rules import NONE, game_points, spread


class Line:
    """One round on a card: opponent None for a bye."""

    def __init__(self, rnd, table, opponent, *, mine, theirs, points, plus, minus, skunk):
        self.round = rnd
        self.table = table
        self.opponent = opponent
        self.mine = mine
        self.theirs = theirs
        self.points = points
        self.plus = plus
        self.minus = minus
        self.skunk = skunk  # the skunk level of the game, won or lost


class Card:
    """A player's night so far."""

    def __init__(self, pid, name):
        self.pid = pid
        self.name = name
        self.lines = []
        self.games = self.wins = self.losses = self.byes = 0
        self.bye_wins = 0  # byes the settings count as won (in wins too)
        self.game_points = self.plus = self.minus = 0
        self.skunks_given = self.skunks_taken = 0
        self.hands = []  # (round, points, kind)

    @property
    def spread(self):
        return self.plus - self.minus

    def add(self, line, won):
        self.lines.append(line)
        self.game_points += line.points
        self.plus += line.plus
        self.minus += line.minus
        if line.opponent is None:
            self.byes += 1
            self.wins += 1 if won else 0
            self.bye_wins += 1 if won else 0
            return
        self.games += 1
        if won:
            self.wins += 1
            self.skunks_given += 1 if line.skunk != NONE else 0
        else:
            self.losses += 1
            self.skunks_taken += 1 if line.skunk != NONE else 0


def build_cards(names, games, byes, hands, settings):
    """{player id: Card} for the night's finished games, byes and special hands."""
    cards = {pid: Card(pid, name) for pid, name in names.items()}
    for rnd, table, a, b, sa, sb in games:
        won_a = sa > sb
        w, lose = (a, b) if won_a else (b, a)
        ls = min(sa, sb)
        points, level = game_points(ls, settings)
        margin = spread(ls)
        hi = max(sa, sb)
        cards[w].add(
            Line(
                rnd,
                table,
                lose,
                mine=hi,
                theirs=ls,
                points=points,
                plus=margin,
                minus=0,
                skunk=level,
            ),
            True,
        )
        cards[lose].add(
            Line(rnd, table, w, mine=ls, theirs=hi, points=0, plus=0, minus=margin, skunk=level),
            False,
        )
    for rnd, pid in byes:
        line = Line(
            rnd,
            0,
            None,
            mine=0,
            theirs=0,
            points=settings.bye_points,
            plus=settings.bye_spread,
            minus=0,
            skunk=NONE,
        )
        cards[pid].add(line, bool(settings.bye_win))
    for rnd, pid, points, kind in hands:
        cards[pid].hands.append((rnd, points, kind))
    for card in cards.values():
        card.lines.sort(key=lambda line: line.round)
        card.hands.sort()
    return cards


def grass_roots_points(card, settings):
    """The card's Grass Roots points: its game points once they reach the club's minimum."""
    return card.game_points if card.game_points >= settings.grp_min else 0


def rank_key(card):
    return (-card.game_points, -card.wins, -card.spread)


def standings(cards, settings, rounds):
    """The ranked rows (dicts), best first; rounds: the night's rounds, for the Grand Slam
    (every one of them won)."""
    ordered = sorted(cards.values(), key=lambda c: rank_key(c) + (c.name.lower(), c.pid))
    rows = []
    for i, c in enumerate(ordered):
        shared = i and rank_key(ordered[i - 1]) == rank_key(c)
        rank = rows[-1]["rank"] if shared else i + 1
        rows.append(
            {
                "rank": rank,
                "id": c.pid,
                "name": c.name,
                "game_points": c.game_points,
                "wins": c.wins,
                "losses": c.losses,
                "games": c.games,
                "byes": c.byes,
                "plus": c.plus,
                "minus": c.minus,
                "spread": c.spread,
                "skunks_given": c.skunks_given,
                "skunks_taken": c.skunks_taken,
                "grp": grass_roots_points(c, settings),
                "grand_slam": rounds > 0 and c.wins == rounds and len(c.lines) == rounds,
                "hands": [{"round": r, "points": p, "kind": k} for r, p, k in c.hands],
            }
        )
    return rows


def balance(cards):
    """The director's check: over every card, the games' spreads add up to 0, skunks given
    equal skunks taken, and wins equal losses (byes aside)."""
    total = given = taken = wins = losses = 0
    for c in cards.values():
        for line in c.lines:
            if line.opponent is not None:
                total += line.plus - line.minus
        given += c.skunks_given
        taken += c.skunks_taken
        wins += c.wins - c.bye_wins
        losses += c.losses
    return {
        "spread": total,
        "skunks_given": given,
        "skunks_taken": taken,
        "wins": wins,
        "losses": losses,
        "ok": total == 0 and given == taken and wins == losses,
    }
