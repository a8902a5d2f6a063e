"""What a paired phone's card picker needs of the show: the count due, the show rule and the
cards this deal's counts have used, as the state's ``"due"`` (docs/WIFI.md, Protocol).

    due = ShowDue()            # the hub's: due.offer is set by live.cardentry
    due.settle(app)            # after each turn: a picked count that was pegged is kept
    due.json(app)              # '{"count":"B hand","side":"B","crib":false,"cards":4,
                               #   "claims":true,"starter":"2C","used":["5H",...]}' or 'null'

The board keys a count by rank, so only the counts a phone picked are known with their suits:
``used`` lists their cards (a count pegged on the keypad adds none) and ``starter`` is the
starter a phone sent this deal (null until one did: the phone asks for it). A count undone
leaves ``used``; a new deal or game forgets them all. ``null`` when no count of the show is
due to be typed as cards (the show typed as counts, the play, another mode, the game over).
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

    def offered(self, app, slot, cards, starter):
        """live.cardentry: the keys of a phone's count for slot are going in."""
        self.offer = (_deal(app), slot, cards, starter)

    def settle(self, app):
        """After a turn: a new deal forgets; the offer is kept if its count was pegged."""
        deal = _deal(app)
        if deal != self.deal:
            self.deal = deal
            self.starter = -1
            self.picked = {}
        o = self.offer
        if o is None:
            return
        self.offer = None
        if o[0] == deal and (app.keeper.game.counted >> o[1]) & 1:
            self.picked[o[1]] = o[2]
            self.starter = o[3]

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

    def json(self, app):
        g = app.keeper.game
        way = g.cfg.show
        slot = g.next_slot
        if not way or not g.in_show or g.over or slot < 0 or app.ctl.mode_id != MODE_SCORE:
            return "null"
        from ui.names import count_name

        crib = bool(g.order[slot] & 1)
        used = [card_text(c) for c in self.used(app)[0]]
        return (
            '{{"count":{},"side":"{}","crib":{},"cards":{},"claims":{},"starter":{},'
            '"used":{}}}'
        ).format(
            dumps(count_name(g, slot)), "ABCD"[g.order[slot] >> 1],
            "true" if crib else "false", crib_cards(g.cfg) if crib else kept_cards(g.cfg),
            "true" if way == 1 else "false",
            dumps(card_text(self.starter)) if self.starter >= 0 else "null", dumps(used),
        )  # fmt: skip
