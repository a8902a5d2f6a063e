"""What a player is typing: a number, or cards as a rank then a suit key.

    n = Number(3)          # up to 3 digits
    n.push(1); n.push(2)   # n.value == 12, n.digits == 2
    pad = CardPad(5)       # up to 5 cards
    pad.digit(1); pad.digit(0); pad.suit(1)   # 10 of diamonds: pad.cards == [22]

Every method either changes the entry or raises ``Refused`` having changed nothing.
Ranks are typed 1-13 (1 ace, 11 jack, 12 queen, 13 king); ``0`` alone is also a ten, as on
the pegging helper. Suits follow the keypad: A clubs, B diamonds, C hearts, D spades.
SPDX-License-Identifier: MIT
"""

from ui import Refused

RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_TEXT = "CDHS"


def card_text(card):
    """'10D', 'QS' (card int 0-51)."""
    return RANK_TEXT[card % 13 + 1] + SUIT_TEXT[card // 13]


class Number:
    """A non-negative number of at most ``most`` digits."""

    def __init__(self, most):
        self.most = most
        self.clear()

    def clear(self):
        self.value = 0
        self.digits = 0

    def push(self, d):
        if self.digits >= self.most:
            raise Refused("at most {} digits: * clears".format(self.most))
        self.value = self.value * 10 + d
        self.digits += 1

    def pop(self):
        """Take back the last digit."""
        if not self.digits:
            raise Refused("nothing to take back")
        self.value //= 10
        self.digits -= 1


class CardPad:
    """Cards typed one by one (rank digits, then a suit key), at most ``limit`` of them."""

    def __init__(self, limit):
        self.limit = limit
        self.cards = []
        self.rank = 0  # the rank typed so far for the next card, 0 = none
        self.rank_digits = 0

    def clear(self):
        self.cards = []
        self.rank = self.rank_digits = 0

    @property
    def full(self):
        return len(self.cards) >= self.limit

    def full_but_one(self):
        """True when the next card is the last (the starter, when counting)."""
        return len(self.cards) == self.limit - 1

    def digit(self, d):
        if self.full:
            raise Refused("too many cards: {} is all; * takes one back".format(self.limit))
        if not self.rank_digits:
            rank = 10 if d == 0 else d
        else:
            rank = self.rank * 10 + d
            if self.rank != 1 or rank > 13:
                raise Refused("rank {} is out of range: ranks are 1-13".format(rank))
        self.rank = rank
        self.rank_digits += 1

    def suit(self, s):
        if not self.rank_digits:
            if self.full:
                raise Refused("too many cards: {} is all; * takes one back".format(self.limit))
            raise Refused("type the rank (1-13) first, then the suit A-D")
        card = s * 13 + self.rank - 1
        if card in self.cards:
            raise Refused("{} is entered already: each card is in the deck once".format(
                card_text(card)))  # fmt: skip
        self.cards.append(card)
        self.rank = self.rank_digits = 0

    def back(self):
        """Take back the rank being typed, else the last card."""
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
