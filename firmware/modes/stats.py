"""Statistics mode: the match and each side's record, kept across games and power cycles.

Keys: ``#`` the match page (games won and game points per side), ``A``-``D`` that side's page
(games, wins, skunks, best hand and crib, his heels, average hand, time played). Hold ``*``
(3 s) to reset what the page shows: the match on the match page, that side's statistics on a
side's page (the others' stay; the time played is the board's, and stays too). ``0``: the
current game's deals, the latest first; each ``0`` steps one deal back (after the first deal,
the latest again): who dealt, each side's score after it and its points (p of the play, s
of the show), the show's counts in order (``Ac4``: A's crib, 4), muggins and corrections.
LEDs: each side's games won in the match as a bar in its colour, a quarter of the track each;
on a deal's page, what each side pegged in it (its points, ending at its score after it).
SPDX-License-Identifier: MIT
"""

from compat import const
from scorekeeper.events import CRIB
from ui import HOLD, LONG, ModeBase, Refused
from ui.keys import K_HASH, K_STAR, SIDES, digit, letter
from ui.text import COLS, duration, tenths
from view import SIG_NEWGAME

_DEALS = const(-1)  # the page of a deal (self.back deals before the latest)


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.page = 0  # 0 the match, 1-4 side A-D, _DEALS a deal
        self.back = 0  # on the deal page: how many deals before the latest
        self._deals = None  # the game's deals (history.deals), while a deal page is shown
        self._key = None  # (game, revision) they were computed for

    def deals(self):
        """The current game's deals, computed again only when the game has changed."""
        k = self.keeper
        key = (k.game, k.revision)
        if self._key != key:
            from scorekeeper.history import deals

            self._deals = None  # the old list goes before the new one is built
            self._deals = deals(k.game)
            self._key = key
        return self._deals

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
        elif digit(k) == 0:
            if self.page == _DEALS:
                self.back = (self.back + 1) % len(self.deals())
            else:
                self.page = _DEALS
                self.back = 0
            return None
        else:
            raise Refused("# match, A-D a side, 0 the deals; hold * 3 s to reset")
        self._deals = self._key = None  # off the deal pages: the heap back
        return None

    def _deal(self):
        ds = self.deals()
        return ds[max(len(ds) - 1 - self.back, 0)], len(ds)

    def paint(self, view, now):
        view.show_pegs = False
        if self.page == _DEALS:
            d, _n = self._deal()
            for s in range(d.sides):
                pts = d.total(s)
                if pts > 0:  # the deal's points, up to the side's score after it
                    view.set_segment(s, d.scores[s] - pts + 1, pts, s)
            return
        games = self.keeper.match.games
        for s in range(self.keeper.game.sides):
            if games[s]:
                view.set_segment(s, 30 * s + 1, min(games[s], 29), s)

    def lines(self):
        if self.page == _DEALS:
            return deal_lines(*self._deal())
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


def deal_lines(d, total):
    """A deal on the display: ``deal 3/7 dlr B``, a line a side (``A 45 +12 p4 s8``: its
    score after the deal, its points, p of the play, s of the show), the show's counts in
    order (``Ac4``: A's crib, 4), the muggins awards and corrections (at most 16 columns)."""
    out = ["deal {}/{} dlr {}".format(d.number, total, SIDES[d.dealer])]
    for s in range(d.sides):
        out.append("{}{:>3}{:>4} p{} s{}".format(SIDES[s], d.scores[s], "{:+d}".format(
            d.total(s)), d.pegging(s), d.show(s))[:COLS])  # fmt: skip
    counts = ["{}{}{}".format(SIDES[c[0]], "c" if c[1] == CRIB else "", c[2]) for c in d.counts]
    out.extend(_packed(counts) if counts else ["no show yet"])
    extra = ["mug {}{}".format(SIDES[m[0]], m[1]) for m in d.muggins]
    extra += ["fix {}{:+d}".format(SIDES[c[0]], c[1]) for c in d.corrections]
    if extra:
        out.extend(_packed(extra))
    out.append("0: deal before")
    return out[:7]  # the display's first line names the mode


def _packed(words):
    """words on as few 16-column lines as they fit."""
    out = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > COLS:
            out.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    out.append(line)
    return out
