"""Cards as small ints, and their text forms.

A card is an int 0-51: ``suit * 13 + rank - 1``, suits in the order clubs, diamonds,
hearts, spades (the keypad's A-D order). Rank (A=1 ... K=13) decides pairs and runs;
value (A=1, 2-10 face, J/Q/K=10) decides fifteens and the count to 31.

    >>> parse_card("10d"), format_card(parse_card("TD")), format_card(22, symbols=True)
    (22, '10D', '10♦')

SPDX-License-Identifier: MIT
"""

from cribbage.errors import DuplicateCardError, InvalidCardError

SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_LETTERS = "A23456789TJQK"
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)  # fmt: skip
JACK = 11

# Per-card lookup tables, built once at import (bytes: immutable, compact on the device).
RANKS = bytes(c % 13 + 1 for c in range(52))
VALUES = bytes(min(c % 13 + 1, 10) for c in range(52))
SUITS = bytes(c // 13 for c in range(52))

# Every rank spelling _parse_rank takes is listed (host_tests/engine/test_count_cli.py checks it).
_HINT = (
    "use a rank (A or 1, 2-9, 10 or T, J, Q, K) then a suit (C, D, H, S or ♣ ♦ ♥ ♠),"
    " in either case, like 5H, 10d or A♠"
)


def make_card(rank, suit):
    """The card of rank 1-13 and suit 0-3."""
    if not 1 <= rank <= 13:
        raise InvalidCardError("rank {} is not a card rank: ranks are 1 (ace) to 13 (king)"
                               .format(rank))  # fmt: skip
    if not 0 <= suit <= 3:
        raise InvalidCardError("suit {} is not a suit: suits are 0-3 (C, D, H, S)".format(suit))
    return suit * 13 + rank - 1


def rank(card):
    """Rank 1 (ace) to 13 (king)."""
    return RANKS[card]


def value(card):
    """Counting value: ace 1, number cards face value, J/Q/K 10."""
    return VALUES[card]


def suit(card):
    """Suit 0-3: clubs, diamonds, hearts, spades."""
    return SUITS[card]


def _parse_rank(text):
    if text in ("10", "T"):
        return 10
    if len(text) == 1:
        if text == "1":  # the keypad and some players write the ace as 1
            return 1
        i = RANK_LETTERS.find(text)
        if i >= 0:
            return i + 1
    return 0


# Texts already parsed, and their cards: a card text is looked up once, then found here. Only
# texts of 2-3 characters go in (no spaces around them), so it holds at most the few hundred
# ways of writing the 52 cards, and only on boards that are given cards as text.
_PARSED = {}  # type: dict[str, int]


def parse_card(text):
    """The card named by text such as '5H', 'TD', '10d', 'js', 'A♠'; ints pass through checked."""
    if type(text) is str:
        card = _PARSED.get(text)
        if card is not None:
            return card
    elif isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < 52:
            return text
        raise InvalidCardError("{} is not a card number: cards are 0-51".format(text), text)
    if not isinstance(text, str):
        raise InvalidCardError("{!r} is not a card: {}".format(text, _HINT), text)
    s = text.strip().upper()
    if len(s) < 2:
        raise InvalidCardError("'{}' is not a card: {}".format(text, _HINT), text)
    suit_char = s[-1]
    i = SUIT_LETTERS.find(suit_char)
    if i < 0:
        i = SUIT_SYMBOLS.find(suit_char)
    r = _parse_rank(s[:-1])
    if i < 0 or r == 0:
        raise InvalidCardError("'{}' is not a card: {}".format(text, _HINT), text)
    card = i * 13 + r - 1
    if len(text) <= 3 and len(text) == len(s):  # no spaces around it
        _PARSED[text] = card
    return card


def parse_cards(items, what="hand"):
    """A list of cards from texts or ints, each at most once (else DuplicateCardError)."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    cards = []
    parsed = _PARSED.get
    for item in items:
        c = parsed(item) if type(item) is str else None  # parse_card's memo, without the call
        if c is None:
            c = parse_card(item)
        if c in cards:
            raise DuplicateCardError(format_card(c))
        cards.append(c)
    if what is not None and not cards:
        raise InvalidCardError("no cards given for the {}".format(what), cards)
    return cards


def format_card(card, symbols=False):
    """Short name of a card: '10D', 'JS' (or '10♦', 'J♠' with symbols)."""
    card = parse_card(card)
    r = RANKS[card]
    rank_text = "10" if r == 10 else RANK_LETTERS[r - 1]
    return rank_text + (SUIT_SYMBOLS if symbols else SUIT_LETTERS)[SUITS[card]]


def format_cards(cards, symbols=False, sep=" "):
    """Cards joined by sep, in the order given."""
    return sep.join([format_card(c, symbols) for c in cards])


def card_name(card):
    """Long name: 'five of hearts'."""
    card = parse_card(card)
    return "{} of {}".format(RANK_NAMES[RANKS[card] - 1], SUIT_NAMES[SUITS[card]])
