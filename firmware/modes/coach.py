"""Discard coach: the cards dealt in, the best throw to the crib out.

Keys: each card dealt, one key a card (1-9, 0 a ten, A B C jack queen king): 6 in the
two-player game, 5 in the five-card game (keeping 3, or 4 as the settings say) and with 3
or 4 players. Then the suits, which count only through flushes (and a little through nobs
and a suited throw): ``#`` for the common case, no four of one suit (the coach spreads the
suits and says so), or a suit key for each card in turn (A clubs, B diamonds, C hearts,
D spades) for the exact advice. ``#`` then switches whether your side deals (the crib is
yours). When the advice is in, the LEDs show the cards as blocks of 5 holes from hole 1,
the ones to throw blinking red, and the display shows ``cribbage.discard.advice_text``:
the throw, its expected points and how much better it is than the next best. ``*`` takes
back a suit or a card; long ``*`` starts again.
SPDX-License-Identifier: MIT
"""

from cribbage.discard import advice_text, advise_discard
from scorekeeper.rules import kept_cards
from ui import HOLD, LONG, ModeBase, Refused
from ui.entry import RANK_TEXT
from ui.keys import K_HASH, K_STAR, letter, rank
from ui.text import wrap
from view import BLINK, COLOR_RED, COLOR_WHITE

_SUITS = "CDHS"


def spread(ranks):
    """Suits for ranks (0-3 each) as unalike as can be: each card the suit used least so far
    that no card of its rank has (no four of one suit from five or six cards)."""
    out = []  # type: list[int]
    for i in range(len(ranks)):
        best = -1
        for s in range(4):
            if any(ranks[j] == ranks[i] and out[j] == s for j in range(i)):
                continue
            if best < 0 or out.count(s) < out.count(best):
                best = s
        out.append(best)
    return out


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.deal = False  # True: the crib is ours (we deal, or our partner does)
        self.reset()

    def _dealt(self):
        cfg = self.keeper.game.cfg
        return 6 if cfg.players == 2 and not cfg.five_card else 5

    def reset(self):
        self.ranks = []
        self.suits = []
        self.spread = False  # the suits are the coach's (the common answer), not said
        self.options = None  # advise_discard's ranked throws once every card is in

    def enter(self, now):
        if len(self.ranks) > self._dealt():
            self.reset()

    def key(self, k, how, now):
        if how == HOLD:
            return None
        if how == LONG:
            if k != K_STAR:
                raise Refused("long * starts again; long D: next mode")
            self.reset()
            return None
        n = self._dealt()
        if k == K_STAR:
            return self._back()
        if len(self.ranks) < n:
            r = rank(k)
            if k == K_HASH:
                self.deal = not self.deal
                return None
            if r < 0:
                raise Refused("the cards dealt: 1-9, 0=10, A B C=J Q K")
            if self.ranks.count(r) >= 4:
                raise Refused("a 5th {}? a deck has four".format(RANK_TEXT[r]))
            self.ranks.append(r)
            return None
        if self.options is None:  # the suits: # none alike, or one key a card
            s = letter(k)
            if k == K_HASH:
                self.suits = spread(self.ranks)
                self.spread = True
            elif s >= 0:
                self._suit(s)
            else:
                raise Refused("the suits: A-D a card, or # none alike")
            if len(self.suits) == n:
                self._advise()
            return None
        if k == K_HASH:
            self.deal = not self.deal
            self._advise()
            return None
        raise Refused("the advice is in: * takes back, # whose crib")

    def _suit(self, s):
        i = len(self.suits)
        for j in range(i):
            if self.ranks[j] == self.ranks[i] and self.suits[j] == s:
                raise Refused("{}{} is in already: each card once".format(
                    RANK_TEXT[self.ranks[i]], _SUITS[s]))  # fmt: skip
        self.suits.append(s)

    def _back(self):
        if self.options is not None:
            self.options = None
            if self.spread:
                self.suits = []
                self.spread = False
            else:
                self.suits.pop()
        elif self.suits:
            self.suits.pop()
        elif self.ranks:
            self.ranks.pop()
        else:
            raise Refused("no card to take back")

    def _cards(self):
        return [self.suits[i] * 13 + self.ranks[i] - 1 for i in range(len(self.suits))]

    def _advise(self):
        cfg = self.keeper.game.cfg
        self.options = advise_discard(self._cards(), self.deal, cfg.players,
                                      kept_cards(cfg))  # fmt: skip

    def paint(self, view, now):
        view.show_pegs = False
        n = len(self.ranks)
        if n:
            view.set_segment(0, 1, 5 * n, COLOR_WHITE)
        if self.options is None:
            if n < self._dealt():
                view.set_segment(1, 5 * n + 1, 5, COLOR_WHITE | BLINK)
            return
        cards = self._cards()
        throw = self.options[0][0]
        for j in range(len(throw)):
            i = cards.index(throw[j])
            view.set_segment(1 + j, 5 * i + 1, 5, COLOR_RED | BLINK)

    def lines(self):
        out = ["crib: " + ("ours (#)" if self.deal else "theirs (#)")]
        n = self._dealt()
        text = " ".join([RANK_TEXT[r] for r in self.ranks])
        if len(self.ranks) < n:
            return out + ["cards {}/{}:".format(len(self.ranks), n)] + wrap(text)
        if self.options is None:
            i = len(self.suits)
            return out + wrap(text) + ["suit of {}: A-D".format(RANK_TEXT[self.ranks[i]]),
                                       "#: none alike"]  # fmt: skip
        out = out + wrap(advice_text(self.options))
        if self.spread:
            out.append("no 4 of one suit")
        return out
