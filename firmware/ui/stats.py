"""Statistics mode: the match and each side's record, kept across games and power cycles.

Keys: ``#`` the match page (games won and game points per side), ``A``-``D`` that side's page
(games, wins, skunks, best hand and crib, his heels, average hand, time played). Hold ``*``
(3 s) to reset what the page shows: the match on the match page, that side's statistics on a
side's page (the others' stay; the time played is the board's, and stays too).
LEDs: each side's games won in the match as a bar in its colour, a quarter of the track each.
SPDX-License-Identifier: MIT
"""

from view import SIG_NEWGAME

from ui import HOLD, LONG, ModeBase, Refused
from ui.keys import K_HASH, K_STAR, SIDES, letter
from ui.text import duration, tenths


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.page = 0  # 0 the match, 1-4 side A-D

    def key(self, k, how, now):
        s = letter(k)
        keeper = self.keeper
        if k == K_STAR and how == HOLD:
            if self.page:  # what the page shows: this side's statistics only
                keeper.reset_stats(self.page - 1)
                note = "{}'s statistics reset".format(SIDES[self.page - 1])
            else:
                keeper.reset_match()
                note = "match reset"
            if keeper.game.events:  # the keeper adds the game under way (or just won)
                note += ": this game counts"
            return (SIG_NEWGAME, note)
        if how == HOLD or (how == LONG and k == K_STAR):
            return None
        if s >= 0:
            if s >= keeper.game.sides:
                raise Refused("there is no side {} in this game".format(SIDES[s]))
            self.page = s + 1
        elif k == K_HASH:
            self.page = 0
        else:
            raise Refused("# match, A-D a side; hold * 3 s to reset")
        return None

    def paint(self, view, now):
        view.show_pegs = False
        games = self.keeper.match.games
        for s in range(self.keeper.game.sides):
            if games[s]:
                view.set_segment(s, 30 * s + 1, min(games[s], 29), s)

    def lines(self):
        if not self.page:
            m = self.keeper.match
            out = ["match: won  pts"]
            for s in range(self.keeper.game.sides):
                out.append("{} {:>8} {:>4}".format(SIDES[s], m.games[s], m.points[s]))
            return out
        s = self.page - 1
        st = self.keeper.stats
        return [
            "{}: {} games".format(SIDES[s], st.games[s]),
            "won {}".format(st.wins[s]),
            "skunks {}/{}".format(st.skunks_given[s], st.skunks_taken[s]),
            "best {} crib {}".format(st.best_hand[s], st.best_crib[s]),
            "his heels {}".format(st.heels[s]),
            "avg hand {}".format(tenths(st.average_hand_tenths(s))),
            "played " + duration(st.seconds),
        ]
