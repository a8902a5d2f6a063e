"""What a paired phone's card picker needs of the show: the count due, the show rule and the
cards this deal's counts have used, as the state's ``"due"`` (docs/WIFI.md, Protocol).

    due = ShowDue()            # the hub's: due.offer is set by live.cardentry
    due.settle(app)            # after each turn: a picked count that was pegged is kept
    due.json(app)              # '{"count":"B hand","side":"B","crib":false,"cards":4,
                               #   "claims":true,"starter":"2C","used":["5H",...],
                               #   "keyed":"4678","muggins":["A"]}' or 'null'

The board keys a count by rank, so only the counts a phone picked are known with their suits:
``used`` lists their cards (a count pegged on the keypad adds none) and ``starter`` is the
starter a phone sent this deal (null until one did: the phone asks for it). ``keyed`` has the
ranks (count.py's letters) of the counts keyed on the keypad this deal, as often as keyed, and
their starter's once while no phone has sent the starter: the page marks those ranks and
greys a rank whose four cards are all in counts. ``muggins``
the sides that may take what a short claim missed (none with muggins off, or no claims). A
count undone leaves ``used``; a new deal or game forgets them all. ``null`` when no count
of the show is due to be typed as cards (the show typed as counts, the play, another mode,
the game over).
SPDX-License-Identifier: MIT
"""

from json import dumps

from modes import MODE_SCORE
from scorekeeper.rules import crib_cards, kept_cards


def card_text(c):
    """A card in tools/count.py's notation: 'TD', '5S', 'KH'."""
    from cribbage.cards import RANK_LETTERS, RANKS, SUIT_LETTERS, SUITS  # (loaded at the first
    # show with cards due: a board only watched never holds the cards' tables)

    return RANK_LETTERS[RANKS[c] - 1] + SUIT_LETTERS[SUITS[c]]


def _deal(app):
    return (app.keeper.game_rev, app.keeper.game.deals)


class ShowDue:
    def __init__(self):
        self.deal = None
        self.starter = -1  # the starter a phone sent this deal, or -1
        self.picked = {}  # slot: the cards (ints) of a phone's count pegged this deal
        self.offer = None  # (deal, slot, cards, starter): a cards entry's keys, going in
        self.keyed = {}  # slot: the ranks (1-13) of a count keyed on the keypad this deal
        self.seen = 0  # the deal's counts pegged at the last settle (game.counted)

    def offered(self, app, slot, cards, starter):
        """live.cardentry: the keys of a phone's count for slot are going in."""
        self.offer = (_deal(app), slot, cards, starter)

    def settle(self, app):
        """After a turn: a new deal forgets; the offer is kept if its count was pegged."""
        deal = _deal(app)
        g = app.keeper.game
        if deal != self.deal:
            self.deal = deal
            self.starter = -1
            self.picked = {}
            self.keyed = {}
            self.seen = 0
        new = g.counted & ~self.seen  # (a turn pegs one count at most)
        self.seen = g.counted
        o = self.offer
        self.offer = None
        if o is not None and o[0] == deal and (g.counted >> o[1]) & 1:
            self.picked[o[1]] = o[2]
            self.starter = o[3]
        elif new:  # keyed on the keypad: its ranks only (the record's cards, the starter last)
            ev = g.last
            if ev is not None and len(ev) > 5 and ev[5]:
                from scorekeeper.countcards import unpack_cards

                slot = 0
                while not (new >> slot) & 1:
                    slot += 1
                self.keyed[slot] = [-c if c < 0 else c % 13 + 1 for c in unpack_cards(ev[5])]

    def used(self, app):
        """([the cards], [their counts' slots]) of this deal's counts a phone picked, in the
        order of the counts (an undone count's cards are free again)."""
        counted = app.keeper.game.counted
        cards = []
        slots = []
        for s in sorted(self.picked):
            if (counted >> s) & 1:
                cards += self.picked[s]
                slots += [s] * len(self.picked[s])
        return cards, slots

    def ranks(self, app):
        """The ranks (1-13) of this deal's counts keyed on the keypad, their starter once,
        each as often as it was keyed (their suits are not known)."""
        counted = app.keeper.game.counted
        out = []
        starter = 0
        for s in sorted(self.keyed):
            if (counted >> s) & 1:
                out += self.keyed[s][:-1]
                starter = self.keyed[s][-1]
        if starter and self.starter < 0:
            out.append(starter)
        return out

    def json(self, app):
        g = app.keeper.game
        way = g.cfg.show
        slot = g.next_slot
        if not way or not g.in_show or g.over or slot < 0 or app.ctl.mode_id != MODE_SCORE:
            return "null"
        from ui.names import count_name

        crib = bool(g.order[slot] & 1)
        used = [card_text(c) for c in self.used(app)[0]]
        side = g.order[slot] >> 1
        mug = [] if way != 1 or not g.cfg.muggins else [
            "ABCD"[s] for s in range(g.sides) if s != side]  # fmt: skip
        return (
            '{{"count":{},"side":"{}","crib":{},"cards":{},"claims":{},"starter":{},'
            '"used":{},"keyed":"{}","muggins":{}}}'
        ).format(
            dumps(count_name(g, slot)), "ABCD"[side],
            "true" if crib else "false", crib_cards(g.cfg) if crib else kept_cards(g.cfg),
            "true" if way == 1 else "false",
            dumps(card_text(self.starter)) if self.starter >= 0 else "null", dumps(used),
            "".join(["A23456789TJQK"[r - 1] for r in self.ranks(app)]), dumps(mug),
        )  # fmt: skip
