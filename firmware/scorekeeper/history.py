"""A game's record deal by deal, computed on demand from the events still standing.

    ds = deals(keeper.game)        # [Deal, ...]: the first deal first, the current one last
    d.dealer, d.scores             # who dealt; each side's score after the deal
    d.kind(side, HAND)             # what the side's hand counts moved its peg in the deal
    d.total(side)                  # all the side's points of the deal (they add up: the
                                   # totals of every deal are the final score)
    d.counts                       # the show in the order it was entered: (side, reason, count)
    d.cards                        # the cards of each of d.counts (hand or crib, the starter
                                   # last) when count verify pegged it, else None
    d.muggins, d.corrections       # (side, points) in order
    r = result(keeper.game)        # None until someone wins; r.winner, r.margin, r.skunk ...
    side_totals(ds, sides)         # each side's statistics of the game
    cards_text(d.cards[i])         # '5H 5C 5D JS | 5S' (the starter after the bar), or ''

Nothing is stored: the events are replayed through a fresh ``Game`` (the board's own rules,
so a count that passes the game hole moves the peg only into it, and a correction never
below 0), and each event's effect on its side's score is added to the deal it belongs to.
Undo removed its events from the game already; play time without an event (TIME records)
belongs to no deal. A 220-peg game's history costs a few KB of heap for as long as the
caller holds it (FIRMWARE.md has the figures measured on the emulated Pico).
SPDX-License-Identifier: MIT
"""

from scorekeeper.events import (
    CARD,
    CORRECTION,
    CRIB,
    DEAL,
    EV_CARDS,
    EV_DT,
    EV_KIND,
    EV_POINTS,
    EV_REASON,
    EV_SIDE,
    GO,
    HAND,
    HEELS,
    MUGGINS,
    PEG,
    PLAY,
    REASONS,
    START,
)
from scorekeeper.game import Game
from scorekeeper.match import game_points

KINDS = len(REASONS)  # play, go, hand, crib, heels, muggins, correction, start


class Deal:
    """One deal: its dealer, what each side pegged by reason, the show, the scores after."""

    def __init__(self, number, dealer, sides):
        self.number = number  # 1 for the first deal
        self.dealer = dealer
        self.sides = sides
        self.moved = [0] * (sides * KINDS)  # [side * KINDS + reason]: points the peg moved
        self.counts = []  # (side, HAND or CRIB, the count as entered), in the order made
        self.cards = []  # each count's cards (a tuple of 0-51, the starter last) or None
        self.muggins = []  # (side awarded, points)
        self.corrections = []  # (side, points: negative takes points off)
        self.scores = None  # each side's score after the deal (so far, for the last one)
        self.seconds = 0  # play time of its events (their dt)

    def kind(self, side, reason):
        """What the side's events of this reason moved its peg in this deal."""
        return self.moved[side * KINDS + reason]

    def pegging(self, side):
        """The side's points of the play: plays, gos and last cards, his heels, three for last."""
        return (self.kind(side, PLAY) + self.kind(side, GO) + self.kind(side, HEELS)
                + self.kind(side, START))  # fmt: skip

    def show(self, side):
        """The side's hand and crib counts, as they moved its peg."""
        return self.kind(side, HAND) + self.kind(side, CRIB)

    def total(self, side):
        """Everything the deal moved the side's peg (corrections included)."""
        t = 0
        base = side * KINDS
        for i in range(base, base + KINDS):
            t += self.moved[i]
        return t


def deals(game):
    """The deals of game (a ``Game``: its settings, first dealer and standing events)."""
    g = Game(game.cfg, game.first_dealer, game.start)
    sides = g.sides
    scores = g.scores
    d = Deal(1, g.dealer, sides)
    out = [d]
    for ev in game.events:
        kind = ev[EV_KIND]
        d.seconds += ev[EV_DT]
        if kind == DEAL:
            won = g.winner >= 0  # with finish_hand this deal ends the game: no new one
            g.apply(ev)
            if not won:
                d.scores = scores[:sides]
                d = Deal(len(out) + 1, g.dealer, sides)
                out.append(d)
            continue
        side = ev[EV_SIDE]
        before = scores[side]
        g.apply(ev)
        points = ev[EV_POINTS]
        if kind != PEG and not (kind == CARD and points):
            continue  # a card that pegged nothing
        reason = ev[EV_REASON]
        moved = scores[side] - before
        if kind == CARD and reason == GO and points > 1 and moved:  # a card's points with
            d.moved[side * KINDS + PLAY] += moved - 1  # its go (or last card): 1 the go's
            moved = 1
        d.moved[side * KINDS + reason] += moved
        if reason == HAND or reason == CRIB:  # noqa: PLR1714 (no tuple per event)
            d.counts.append((side, reason, points))
            d.cards.append(_cards_of(ev))
        elif reason == MUGGINS:
            d.muggins.append((side, points))
        elif reason == CORRECTION:
            d.corrections.append((side, points))
    d.scores = scores[:sides]
    return out


def _cards_of(ev):
    """A count's cards (a tuple), or None for a count pegged without them."""
    if len(ev) <= 5:
        return None
    from scorekeeper.countcards import unpack_cards

    return unpack_cards(ev[EV_CARDS])


RANK_WORDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def cards_text(cards):
    """A count's cards as text, the starter after a bar: '5H 5C 5D JS | 5S'; '' for None.
    A count typed by rank (countcards: -1 to -13) shows its ranks: '5 5 5 J | 5'."""
    if not cards:
        return ""
    if cards[0] < 0:
        ranks = [RANK_WORDS[-c - 1] for c in cards]
        return " ".join(ranks[:-1]) + " | " + ranks[-1]
    from cribbage.cards import format_cards

    return format_cards(cards[:-1]) + " | " + format_cards(cards[-1:])


class Result:
    """A won game: the winner, the final scores, the margin over the best-placed loser,
    the skunk level (0-3), the winner's game points, play time in seconds."""

    def __init__(self, game):
        w = game.winner
        self.winner = w
        self.scores = game.scores[: game.sides]
        best = 0
        for s in range(game.sides):
            if s != w and self.scores[s] > best:
                best = self.scores[s]
        self.margin = self.scores[w] - best
        self.skunk = game.skunk
        self.game_points = game_points(game)
        self.seconds = game.seconds


def result(game):
    """The game's Result, or None while nobody has won."""
    return Result(game) if game.winner >= 0 else None


class SideTotals:
    """One side's statistics over a game's deals."""

    def __init__(self):
        self.moved = [0] * KINDS  # by reason, as in Deal.moved
        self.hands = 0  # hands counted (crib counts apart)
        self.hand_points = 0
        self.best_hand = 0
        self.cribs = 0
        self.best_crib = 0
        self.deals_dealt = 0

    def average_hand_tenths(self):
        n = self.hands
        return (self.hand_points * 10 + n // 2) // n if n else 0


def side_totals(ds, sides):
    """[SideTotals] for each side over the deals ds."""
    out = [SideTotals() for _ in range(sides)]
    for d in ds:
        out[d.dealer].deals_dealt += 1
        for s in range(sides):
            t = out[s]
            for r in range(KINDS):
                t.moved[r] += d.moved[s * KINDS + r]
        for side, reason, points in d.counts:
            t = out[side]
            if reason == HAND:
                t.hands += 1
                t.hand_points += points
                t.best_hand = max(t.best_hand, points)
            else:
                t.cribs += 1
                t.best_crib = max(t.best_crib, points)
    return out
