"""The club night's tests' own tally: the standings worked out from the games' scores alone,
as a director tallies paper cards (ACC: 2 a win, 3 a skunk, the loser on 90 or less; spread
121 less the loser's score; a bye 2 and a win; ranked by game points, wins, spread; the
common Grass Roots rule: a card of 12 or more game points earns them). Independent of
tools/club: the tests compare the hub's standings with it.
SPDX-License-Identifier: MIT
"""


class Tally:
    def __init__(self, names):
        self.cards = {n: [0, 0, 0] for n in names}  # game points, wins, spread
        self.met = set()

    def game(self, a, b, sa, sb):
        w, lose, ls = (a, b, sb) if sa > sb else (b, a, sa)
        self.cards[w][0] += 3 if ls <= 90 else 2
        self.cards[w][1] += 1
        self.cards[w][2] += 121 - ls
        self.cards[lose][2] -= 121 - ls
        assert frozenset((a, b)) not in self.met, f"{a} and {b} met twice"
        self.met.add(frozenset((a, b)))

    def bye(self, a):
        self.cards[a][0] += 2
        self.cards[a][1] += 1

    def rows(self):
        """(-game points, -wins, -spread, name), best first."""
        return sorted((-v[0], -v[1], -v[2], n) for n, v in self.cards.items())

    def standings(self):
        """{name: (game points, wins, spread, rank, Grass Roots points)}; equals share a rank."""
        rows = self.rows()
        out = {}
        for *key, name in rows:
            ahead = sum(1 for *k, _ in rows if k < key)
            gp, wins, spread = -key[0], -key[1], -key[2]
            out[name] = (gp, wins, spread, ahead + 1, gp if gp >= 12 else 0)
        return out
