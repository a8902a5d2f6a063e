"""Discard advice: which cards to throw to the crib, ranked by expected points.

Each way of splitting the deal into kept cards and a throw is scored three ways:
- hand: the exact expected show of the kept cards over every possible starter (each card not
  in your dealt hand, all equally likely);
- crib: the expected show of a crib holding the thrown cards, from ``cribtable`` (computed by
  tools/rules/gen_cribtable.py: the rest of the crib and the starter uniformly random, see
  docs/CRIB_TABLE.md);
- net: hand + crib when the crib is yours (you deal, or in the four-player partnership game
  your partner deals), hand - crib when it is an opponent's.

The game follows from the number of cards and players:
  2 players, 6 cards: throw 2, keep 4 (crib: your 2 + the other player's 2)
  2 players, 5 cards: throw 2, keep 3 (the five-card game; the crib is made up the same way)
  3 or 4 players, 5 cards: throw 1, keep 4 (crib: your 1 + 3 others)
  ``keep=4`` with 2 players and 5 cards: throw 1 (the five-card game as the project's
  rulebook reads it): the crib is 2 cards, yours and the other player's one, and its value
  is worked out exactly here (``crib2_value``: every other card and starter not dealt to you)

Units: every expectation is an int in milli-points (MILLI = 1000 per point), rounded to the
nearest; ``format_points`` shows one as '0.83'. Pegging and his heels are not counted.

    >>> options = advise_discard("5H 5C 5D JS 2C 9D", dealer=False)
    >>> discard, keep, hand, crib, net = options[0]    # best first: (2C, 9D), ..., 12520
    >>> advice_text(options)
    'throw 2C 9D: 16.65 in hand, -4.13 crib; 5.61 points better than JS 9D'

SPDX-License-Identifier: MIT
"""

from cribbage.cards import JACK, RANKS, SUITS, VALUES, format_cards, parse_cards
from cribbage.cribtable import PAIR, SINGLE
from cribbage.errors import CribbageError, InvalidHandError
from cribbage.rankpoints import fifteens_count, pairs_runs_points
from cribbage.showpoints import show_points

MILLI = 1000  # milli-points per point: the unit of every expectation here


def crib_value(discards):
    """Expected crib points (milli) of the thrown cards: 2 (two players) or 1 (three, four).

    Cards as text ('5C 5D') or ints; only their ranks and whether they share a suit matter.
    """
    discards = parse_cards(discards, "throw")
    if len(discards) == 2:
        a, b = discards
        i = (RANKS[a] - 1) * 13 + RANKS[b] - 1
        if SUITS[a] == SUITS[b]:
            i += 169
        return PAIR[2 * i] << 8 | PAIR[2 * i + 1]
    if len(discards) == 1:
        i = RANKS[discards[0]] - 1
        return SINGLE[2 * i] << 8 | SINGLE[2 * i + 1]
    raise InvalidHandError("a throw to the crib is 1 or 2 cards, not {}".format(len(discards)))


def crib2_value(card, dealt):
    """Expected points (milli) of a crib of two: ``card`` and the other player's one, with
    the starter; the other card and the starter are any two of the cards not in ``dealt``.

    Fifteens, pairs and runs depend on ranks only: summed over the 13 x 13 rank pairs,
    weighted by how many cards of each rank are left. The flush (all three of one suit: 3)
    and nobs (a jack of the starter's suit among the two) are counted apart."""
    left = [4] * 14  # cards of each rank not dealt to you
    suit_left = [13, 13, 13, 13]
    for c in dealt:
        left[RANKS[c]] -= 1
        suit_left[SUITS[c]] -= 1
    n = 52 - len(dealt)
    r, s = RANKS[card], SUITS[card]
    total = 0
    for r2 in range(1, 14):
        for r3 in range(1, 14):
            ways = left[r2] * (left[r3] - (1 if r2 == r3 else 0))
            if ways > 0:
                v2, v3 = min(r2, 10), min(r3, 10)
                pairs, runs = pairs_runs_points([r, r2, r3])
                total += ways * (2 * fifteens_count([VALUES[card], v2, v3]) + pairs + runs)
    total += 3 * suit_left[s] * (suit_left[s] - 1)  # the other card and the starter: s
    if r == JACK:
        total += suit_left[s] * (n - 1)  # the starter of the jack's suit
    for t in range(4):  # the other card a jack, the starter of its suit
        if t * 13 + JACK - 1 not in dealt:
            total += suit_left[t] - 1
    pairs_of_cards = n * (n - 1)
    return (2 * total * MILLI + pairs_of_cards) // (2 * pairs_of_cards)


def hand_total(keep, dealt):
    """(sum of the show of `keep` over every starter not in `dealt`, number of starters)."""
    points = show_points
    total = 0
    count = 0
    for starter in range(52):
        if starter not in dealt:
            total += points(keep, starter, False)
            count += 1
    return total, count


def expected_hand(keep, dealt):
    """Expected show (milli) of the kept cards over every starter not among the dealt cards."""
    total, count = hand_total(keep, dealt)
    return (2 * total * MILLI + count) // (2 * count)  # round half up


def _throws(n, k):
    """Index tuples of every way to throw k (1 or 2) of n cards, in dealt order."""
    if k == 1:
        return [(i,) for i in range(n)]
    return [(i, j) for i in range(n - 1) for j in range(i + 1, n)]


def _check_deal(hand, players, keep=None):
    """The dealt cards as ints and the number to throw, or a clear error."""
    if players not in (2, 3, 4):
        raise CribbageError("discard advice is for 2, 3 or 4 players, not {}".format(players))
    cards = parse_cards(hand)
    n = len(cards)
    if players == 2 and n not in (5, 6):
        raise InvalidHandError(
            "with 2 players you are dealt 6 cards (5 in the five-card game), not {}".format(n)
        )
    if players > 2 and n != 5:
        raise InvalidHandError("with {} players you are dealt 5 cards, not {}".format(players, n))
    if keep is not None:
        if keep not in (n - 2, n - 1) or keep not in (3, 4):
            raise InvalidHandError("from {} cards keep {} or {}, not {}".format(
                n, max(n - 2, 3), min(n - 1, 4), keep))  # fmt: skip
        return cards, n - keep
    return cards, (2 if players == 2 else 1)


def advise_discard(hand, dealer, players=2, keep=None):
    """Every throw, best first: a list of (discard, keep, hand, crib, net) tuples.

    `hand` is the dealt cards (text such as '5H 5C 5D JS 2C 9D' or card ints); `dealer` is
    True when the crib is yours (or your partner's). discard and keep are tuples of card ints
    in dealt order; hand, crib and net are milli-points (net = hand + crib for your own crib,
    hand - crib otherwise). Ties on net go to the better hand, then to the dealt order.
    ``keep`` (3 or 4) says how many cards to keep where the game allows either (5 dealt).
    """
    cards, k = _check_deal(hand, players, keep)
    sign = 1 if dealer else -1
    options = []
    for throw in _throws(len(cards), k):
        discard = tuple(cards[i] for i in throw)
        keep = [c for c in cards if c not in discard]
        hand_milli = expected_hand(keep, cards)
        if players == 2 and k == 1:  # the five-card game keeping 4: a crib of two
            crib_milli = crib2_value(discard[0], cards)
        else:
            crib_milli = crib_value(discard)
        net = hand_milli + sign * crib_milli
        options.append((discard, tuple(keep), hand_milli, crib_milli, net))
    options.sort(key=_rank_key)
    return options


def _rank_key(option):
    return (-option[4], -option[2], option[0])


def margin(options):
    """How much better (milli) the best throw is than the next best."""
    return options[0][4] - options[1][4]


def format_points(milli):
    """Milli-points as points with two decimals: 830 -> '0.83', -1234 -> '-1.23'."""
    hundredths = (abs(milli) + 5) // 10
    return "{}{}.{:02d}".format("-" if milli < 0 and hundredths else "", *divmod(hundredths, 100))


def advice_text(options):
    """One line for people: the best throw, what it is worth, and its lead over the next."""
    discard, _keep, hand, crib, net = options[0]
    return "throw {}: {} in hand, {}{} crib; {} points better than {}".format(
        format_cards(discard),
        format_points(hand),
        "+" if net > hand else "-",  # crib values are all positive: the sign says whose crib
        format_points(crib),
        format_points(margin(options)),
        format_cards(options[1][0]),
    )
