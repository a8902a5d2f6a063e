"""What the 16 keys mean: digits, the side/suit letters A-D, ``*`` and ``#``.

Key indices are ``row * 4 + col`` as in ``keypad.KEYS`` = ``123A 456B 789C *0#D``.

    digit(k)    0-9 for a digit key, else -1
    letter(k)   0-3 for A-D (a side, or a suit: clubs, diamonds, hearts, spades), else -1
    rank(k)     where cards are typed, one key a card: 1-9 ace to nine, 0 a ten, A B C
                jack, queen, king (1-13), else -1 (D, * and #)
SPDX-License-Identifier: MIT
"""

from compat import const
from keypad import KEYS

K_STAR = const(12)
K_HASH = const(14)
K_D = const(15)
SIDES = "ABCD"

_NONE = const(255)
_DIGIT = b"\x01\x02\x03\xff\x04\x05\x06\xff\x07\x08\x09\xff\xff\x00\xff\xff"
_LETTER = b"\xff\xff\xff\x00\xff\xff\xff\x01\xff\xff\xff\x02\xff\xff\xff\x03"


def digit(k):
    """The digit 0-9 of key index k, or -1."""
    d = _DIGIT[k]
    return -1 if d == _NONE else d


def letter(k):
    """0-3 for the keys A-D, else -1."""
    s = _LETTER[k]
    return -1 if s == _NONE else s


def rank(k):
    """The card rank 1-13 of key index k where cards are typed (1-9, 0 ten, A-C J Q K)."""
    d = _DIGIT[k]
    if d != _NONE:
        return 10 if d == 0 else d
    s = _LETTER[k]
    return 11 + s if s < 3 else -1


def side_keys(sides):
    """The side keys of a game, for hints that name only sides that exist: 'A-B', 'A-C'."""
    return "A-" + SIDES[sides - 1]


def index(legend):
    """The key index of a legend such as '7' or '#'."""
    i = KEYS.find(legend)
    if i < 0 or len(legend) != 1:
        raise ValueError("no key {!r}: keys are {}".format(legend, KEYS))
    return i
