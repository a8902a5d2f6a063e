"""Scripted games for the club night's tests and `make bench`: a random but legal two-player
game to 121 as the entries a paired phone sends a served board, and a player that sends them,
resending each with its number until the board answers (through a power cut too).

    for doc in random_game(rng, special=29):   # {"kind": "peg", ...}, ... to the winning one
        ...
    p = Player(board)                           # pairs with a tools/web/liveboard.LiveBoard
    p.play(random_game(rng))                    # every entry applied, in order

A game: each deal a few points in the play (a side's pegs, never a 1 twice in a row: the
board would take it for a second go and ask), then the show (``next``), the counts of the
dealt cards in order (the pone's hand, the dealer's, the crib: ``count`` with no side, the
board's next count), each scored by the rules engine from real random cards; the board passes
the deal by itself once the crib is counted. It ends with the entry that takes a side to 121.
special=29 (or 28) makes the first deal's pone hold that hand, so a game has a special hand to
report.
SPDX-License-Identifier: MIT
"""

import json
import time

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SPECIAL = {29: (["5C", "5D", "5H", "JS"], "5S"), 28: (["5C", "5D", "5H", "5S"], "TD")}


def _card(i):
    return RANKS[i % 13] + SUITS[i // 13]


def random_game(rng, special=None):
    """One game's entries, the last one the win."""
    from cribbage import score_show

    scores = [0, 0]
    dealer = 0  # the hub's new game: A deals
    out = []

    def add(side, points, doc):
        out.append(doc)
        scores[side] += points
        return scores[side] >= 121

    deal = 0
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        cards = [_card(i) for i in deck[:13]]
        hands = [cards[0:4], cards[4:8], cards[8:12]]
        starter = cards[12]
        if special and deal == 0:  # the pone's hand: special's cards, the starter with them
            hands[0], starter = SPECIAL[special]
            taken = set(hands[0]) | {starter}
            rest = [c for c in (_card(i) for i in deck) if c not in taken]
            hands[1], hands[2] = rest[0:4], rest[4:8]
        pone = 1 - dealer
        last = None
        for _ in range(rng.randint(1, 4)):
            side = rng.randrange(2)
            points = rng.choice((1, 2, 2, 3, 4))
            if points == 1 and last == (side, 1):
                points = 2  # a side's second 1 in a row is a second go: the board asks
            last = (side, points)
            if add(side, points, {"kind": "peg", "side": "AB"[side], "points": points}):
                return out
        out.append({"kind": "next"})  # the show begins
        for side, hand, crib in ((pone, hands[0], False), (dealer, hands[1], False),
                                 (dealer, hands[2], True)):  # fmt: skip
            points = score_show(hand, starter, crib=crib).total
            if add(side, points, {"kind": "count", "points": points}):
                return out
        dealer = 1 - dealer  # the board passes the deal by itself after the last count
        deal += 1


class Player:
    """A paired phone of a served board that plays entries into it."""

    def __init__(self, board):
        self.board = board
        self.cookie = board.pair()
        self.seq = 0
        self.sent = 0  # time.time() of the last entry's answer

    def send(self, doc, timeout=120):
        """One entry, applied: resent with the same number while the board does not answer
        (busy, or off: a power cut), until it does. RuntimeError if it refuses it."""
        self.seq += 1
        end = time.monotonic() + timeout
        while True:
            try:
                status, _h, text = self.board.post("api/entry", dict(doc, seq=self.seq),
                                                   self.cookie)  # fmt: skip
            except OSError as e:  # the board is away: the same number again
                status, text = None, f"{type(e).__name__}: {e}"
            if status == 200:
                self.sent = time.time()
                return json.loads(text)
            if status not in (None, 503) or time.monotonic() > end:
                raise RuntimeError(f"{self.board.url} entry {self.seq} {doc}: {status} {text}")
            time.sleep(0.2)

    def play(self, entries):
        for doc in entries:
            self.send(doc)
