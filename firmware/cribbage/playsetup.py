"""Checking the set-up of a hand's play: players, dealer, partners, rules and hands.

Used by ``cribbage.play.Pegging``; kept apart so the engine module holds only the play.

SPDX-License-Identifier: MIT
"""

from cribbage.cards import format_card, parse_cards
from cribbage.errors import DuplicateCardError, InvalidHandError

_OFF_ON = (0, 1)  # the values of the off/on rules (scorekeeper/ruletable.py's)


def player_name(seat):
    """How messages name a seat: players are numbered from 1 (seat 0 is 'player 1')."""
    return "player {}".format(seat + 1)


def check_setup(hands, dealer, *, players, partners, five_card, three_go, cards_each):
    """(hands as lists of card ints or None, players, cards each), or InvalidHandError.

    Six-card game and every 3 or 4 player game: 4 cards each; the two-player five-card
    game: 3 each (its players keep 3 of 5). ``cards_each`` overrides this (1-4).
    ``five_card`` and ``three_go`` are the rules of those names (0 off, 1 on).
    """
    for name, value in (("five_card", five_card), ("three_go", three_go)):
        if value not in _OFF_ON:
            raise InvalidHandError("{} is 0 or 1, not {!r}".format(name, value))
    if hands is not None:
        hands = [parse_cards(h, None) for h in hands]
        if players is not None and players != len(hands):
            raise InvalidHandError("{} hands given for {} players".format(len(hands), players))
        players = len(hands)
    if players not in (2, 3, 4):
        raise InvalidHandError("the play is for 2, 3 or 4 players, not {}".format(players))
    if five_card and players != 2:
        raise InvalidHandError("the five-card game is for two players")
    if partners and players != 4:
        raise InvalidHandError("partnerships need 4 players")
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidHandError("the dealer must be one of seats 0-{}".format(players - 1))
    if cards_each is None:
        cards_each = 3 if five_card else 4
    if not isinstance(cards_each, int) or not 1 <= cards_each <= 4:
        raise InvalidHandError("each player plays 1-4 cards, not {}".format(cards_each))
    if hands is not None:
        seen = []
        for seat, hand in enumerate(hands):
            if len(hand) != cards_each:
                raise InvalidHandError(
                    "{} holds {} cards: each plays {}".format(
                        player_name(seat), len(hand), cards_each
                    )
                )
            for c in hand:
                if c in seen:
                    raise DuplicateCardError(format_card(c))
                seen.append(c)
    return hands, players, cards_each
