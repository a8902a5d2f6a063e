"""A seeded dealer of whole deals, played out: the deals the key-press benchmark keys in.

    rng = random.Random(2027)
    d = deal(rng, players=2)     # a shuffled deck: hands, discards, the starter, the play
    d.hands[seat], d.crib, d.starter, d.play      # card ints (cribbage.cards)
    d.counts()                   # [(side, 'hand'|'crib', points)] in the counting order

Each player throws what the discard coach (``cribbage.discard.advise_discard``) ranks best
for their seat, so the hands are the hands a careful player keeps; the starter is the next
card of the deck. The play is played out by the real play engine (``cribbage.play.Pegging``)
with every hand known: each player plays the card that scores most now, and between equal
ones avoids leaving the count on 5 or 21 (where the next player makes 15 or 31 with a ten),
then takes the seeded random pick, so the play's points, gos and last card are those of a
real play of these hands. Seats are the board's sides (no partnerships): seat 0 is side A.
SPDX-License-Identifier: MIT
"""

# isort: split
from cribbage.cards import RANK_LETTERS, RANKS, SUIT_LETTERS, SUITS
from cribbage.discard import advise_discard
from cribbage.pegging import items_of, scan
from cribbage.play import Pegging
from cribbage.show import show_points

SIDES = "ABCD"
GO_ITEMS = ("go", "last card")  # the play points that are a go (the scoreboard's GO entry)


def card_name(card):
    """A card in tools/count.py's notation: 'KH', 'TD', '5S'."""
    return RANK_LETTERS[RANKS[card] - 1] + SUIT_LETTERS[SUITS[card]]


class Deal:
    """One deal, played out. ``hands[seat]`` the kept cards (in the order dealt), ``crib``
    (the throws, seat by seat from the dealer's left, then the deck's card with three
    players), ``starter``, ``play``: the engine's actions [(seat, card or None for a go)],
    ``scores``: its PlayScore per action."""

    def __init__(self, players, dealer, hands, crib, starter):
        self.players = players
        self.dealer = dealer
        self.hands = hands
        self.crib = crib
        self.starter = starter
        self.play = []
        self.scores = []

    def pone(self):
        return (self.dealer + 1) % self.players

    def counts(self):
        """[(side, 'hand' or 'crib', points)] in the show's order: from the dealer's left
        round to the dealer, then the crib (the board's counting order)."""
        out = []
        for i in range(1, self.players + 1):
            seat = (self.dealer + i) % self.players
            out.append((seat, "hand", show_points(self.hands[seat], self.starter)))
        out.append((self.dealer, "crib", show_points(self.crib, self.starter, True)))
        return out

    def play_points(self):
        """Per side: (points that are not a go, [each go or last card point]) in the play,
        the way the scoreboard files them (a PLAY entry and GO entries)."""
        out = [[0, []] for _ in range(self.players)]
        for r in self.scores:
            for what, pts in r.items:
                if what in GO_ITEMS:
                    out[r.side][1].append(pts)
                else:
                    out[r.side][0] += pts
        return out

    def heels(self):
        """2 for the dealer when the starter is a jack."""
        return RANKS[self.starter] == 11

    def as_json(self):
        """The deal as KEEP=DIR writes it: cards in tools/count.py's notation."""
        sides = SIDES[: self.players]
        played = {s: [] for s in sides}
        for seat, card in self.play:
            if card is not None:
                played[SIDES[seat]].append(card_name(card))
        return {
            "players": self.players,
            "dealer": SIDES[self.dealer],
            "hands": {s: [card_name(c) for c in self.hands[i]] for i, s in enumerate(sides)},
            "crib": [card_name(c) for c in self.crib],
            "starter": card_name(self.starter),
            "play": played,
        }


def deal(rng, players):
    """A deal for 2, 3 or 4 players from a deck shuffled by rng, played out."""
    deck = list(range(52))
    rng.shuffle(deck)
    dealer = rng.randrange(players)
    each = 6 if players == 2 else 5
    dealt = [deck[i * each : (i + 1) * each] for i in range(players)]
    rest = deck[players * each :]
    hands = [None] * players
    throws = [None] * players
    for seat in range(players):
        best = advise_discard(dealt[seat], seat == dealer, players)[0]
        throws[seat] = list(best[0])
        hands[seat] = [c for c in dealt[seat] if c not in best[0]]
    crib = []
    for i in range(1, players + 1):
        crib.extend(throws[(dealer + i) % players])
    if players == 3:
        crib.append(rest.pop(0))
    d = Deal(players, dealer, hands, crib, rest[0])
    _play_out(d, rng)
    return d


def _play_out(d, rng):
    p = Pegging([list(h) for h in d.hands], d.dealer)
    while not p.over:
        seat = p.turn
        card = _choose(p, seat, rng)
        r = p.go(seat) if card is None else p.play(seat, card)
        d.play.append((seat, card))
        d.scores.append(r)


def _choose(p, seat, rng):
    """The card seat plays: most points now, then not leaving 5 or 21, then at random."""
    fits = p.playable(seat)
    if not fits:
        return None
    best = []
    top = None
    for c in fits:
        count, streak, run = scan(p.pile + [c])
        points = 0
        for _what, pts in items_of(count, streak, run):
            points += pts
        key = (points, count not in (5, 21))
        if top is None or key > top:
            top = key
            best = [c]
        elif key == top:
            best.append(c)
    return best[rng.randrange(len(best))]
