"""Cards a player is typing, as a rank then a suit key, for count verify and the coach.

    pad = CardPad(5)       # up to 5 cards
    pad.digit(1); pad.digit(0); pad.suit(1)   # 10 of diamonds: pad.cards == [22]

Every method either changes the entry or raises ``Refused`` having changed nothing, but
one: a rank digit that makes no rank (``14``, ``20``) drops the rank being typed, so no part
of it is left to make another card (``14`` ``A`` must not enter the ace; the card is typed
again). Ranks are typed 1-13 (1 ace, 11 jack, 12 queen, 13 king); ``0`` alone is also a ten, as on
the pegging helper. Suits follow the keypad: A clubs, B diamonds, C hearts, D spades.
``restart_key`` gives both modes their long and held keys. Only those modes import this
module, so it leaves the heap with them.
SPDX-License-Identifier: MIT
"""

from ui import HOLD, LONG, Refused
from ui.entry import RANK_TEXT
from ui.keys import K_STAR
from ui.text import wrap

SUIT_TEXT = "CDHS"


def card_text(card):
    """'10D', 'QS' (card int 0-51)."""
    return RANK_TEXT[card % 13 + 1] + SUIT_TEXT[card // 13]


def restart_key(mode, k, how):
    """A card-entry mode's long and held keys: True when dealt with (a hold does nothing,
    long * starts again with ``mode.reset()``, another long key is refused), False for a tap."""
    if how == HOLD:
        return True
    if how == LONG:
        if k != K_STAR:
            raise Refused("long * starts again; long D: next mode")
        mode.reset()
        return True
    return False


class CardPad:
    """Cards typed one by one (rank digits, then a suit key), at most ``limit`` of them."""

    def __init__(self, limit, taken=-1):
        self.limit = limit
        self.taken = taken  # a card known to be elsewhere (count verify's starter), or -1
        self.cards = []
        self.rank = 0  # the rank typed so far for the next card, 0 = none
        self.rank_digits = 0
        self.stale = False  # a card was refused: a suit key may retry the rank, a digit
        # starts a new card (as on the scoreboard: typing the card again must not make 55)

    def clear(self):
        self.cards = []
        self.rank = self.rank_digits = 0
        self.stale = False

    @property
    def full(self):
        return len(self.cards) >= self.limit

    def full_but_one(self):
        """True when the next card is the last (the starter, when counting)."""
        return len(self.cards) == self.limit - 1

    def digit(self, d):
        if self.full:
            raise Refused("too many cards: {} is all; * takes one back".format(self.limit))
        if self.stale:
            self.rank = self.rank_digits = 0
            self.stale = False
        if not self.rank_digits:
            rank = 10 if d == 0 else d
        else:
            rank = self.rank * 10 + d
            if self.rank != 1 or rank > 13:
                self.rank = self.rank_digits = 0  # nothing of a refused rank stays behind
                raise Refused("rank {} is out of range: ranks are 1-13; type the card again"
                              .format(rank))  # fmt: skip
        self.rank = rank
        self.rank_digits += 1

    def suit(self, s):
        if not self.rank_digits:
            if self.full:
                raise Refused("too many cards: {} is all; * takes one back".format(self.limit))
            raise Refused("type the rank (1-13) first, then the suit A-D")
        card = s * 13 + self.rank - 1
        if card in self.cards or card == self.taken:
            self.stale = True
            raise Refused("{} is entered already: each card is in the deck once".format(
                card_text(card)))  # fmt: skip
        self.cards.append(card)
        self.rank = self.rank_digits = 0
        self.stale = False

    def back(self):
        """Take back the rank being typed, else the last card."""
        self.stale = False
        if self.rank_digits:
            self.rank = self.rank_digits = 0
        elif self.cards:
            self.cards.pop()
        else:
            raise Refused("no card to take back")

    def text(self):
        """The cards so far (and the rank being typed) as text."""
        out = " ".join([card_text(c) for c in self.cards])
        if self.rank_digits:
            out += (" " if out else "") + RANK_TEXT[self.rank] + "?"
        return out

    def lines(self):
        """'cards n/limit:' and the cards so far, wrapped for the display."""
        return ["cards {}/{}:".format(len(self.cards), self.limit)] + wrap(self.text())
