"""Discard coach: the cards dealt in, the best throw to the crib out.

Keys: each card as its rank (1-13; 0 is also a ten) and a suit key (A clubs, B diamonds,
C hearts, D spades): 6 cards in the two-player game, 5 in the five-card game (keeping 3, or 4
as the settings say) and with 3 or 4 players. ``#`` switches whether your side deals (the
crib is yours). When the last card is in the LEDs show the cards as blocks of 5 holes from
hole 1, the ones to throw blinking red, and the display shows
``cribbage.discard.advice_text``: the throw, its expected points and how much better it is
than the next best. ``*`` takes back a card; long ``*`` starts again.
SPDX-License-Identifier: MIT
"""

from cribbage.discard import advice_text, advise_discard
from scorekeeper.rules import kept_cards
from ui import ModeBase
from ui.cardpad import CardPad, restart_key
from ui.keys import K_HASH, K_STAR, digit, letter
from ui.text import wrap
from view import BLINK, COLOR_RED, COLOR_WHITE


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.pad = CardPad(self._dealt())
        self.deal = False  # True: the crib is ours (we deal, or our partner does)
        self.options = None  # advise_discard's ranked throws once every card is in

    def _dealt(self):
        cfg = self.keeper.game.cfg
        return 6 if cfg.players == 2 and not cfg.five_card else 5

    def reset(self):
        self.pad = CardPad(self._dealt())
        self.options = None

    def enter(self, now):
        if self.pad.limit != self._dealt():
            self.reset()

    def key(self, k, how, now):
        if restart_key(self, k, how):
            return None
        d = digit(k)
        s = letter(k)
        if d >= 0:
            self.pad.digit(d)
        elif s >= 0:
            self.pad.suit(s)
            self._advise()
        elif k == K_HASH:
            self.deal = not self.deal
            self._advise()
        elif k == K_STAR:
            self.pad.back()
            self.options = None
        return None

    def _advise(self):
        if self.pad.full and not self.pad.rank_digits:
            cfg = self.keeper.game.cfg
            self.options = advise_discard(self.pad.cards, self.deal, cfg.players,
                                          kept_cards(cfg))  # fmt: skip

    def paint(self, view, now):
        view.show_pegs = False
        n = len(self.pad.cards)
        if n:
            view.set_segment(0, 1, 5 * n, COLOR_WHITE)
        if self.options is None:
            if not self.pad.full:
                view.set_segment(1, 5 * n + 1, 5, COLOR_WHITE | BLINK)
            return
        throw = self.options[0][0]
        for j in range(len(throw)):
            i = self.pad.cards.index(throw[j])
            view.set_segment(1 + j, 5 * i + 1, 5, COLOR_RED | BLINK)

    def lines(self):
        out = ["crib: " + ("ours (#)" if self.deal else "theirs (#)")]
        if self.options is None:
            return out + self.pad.lines()
        return out + wrap(advice_text(self.options))
