# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Discard advice: ranking, exact expected hands, crib sign, variants and bad input."""

from cribbage import (
    CribbageError,
    DuplicateCardError,
    InvalidCardError,
    InvalidHandError,
    advice_text,
    advise_discard,
    crib_value,
    format_cards,
    parse_cards,
)
from cribbage.discard import MILLI, expected_hand, format_points, hand_total, margin
from rulebook import crib_milli, show_total
from support import ON_MICROPYTHON, raises

# The rulebook's counts share what they learn across the tests on CPython; on MicroPython
# each count starts afresh (a shared table would not fit a Pico's heap).
COUNTS = None if ON_MICROPYTHON else {}


def _set(cards):
    return sorted(cards)


def _brute_force_hand(keep, dealt):
    """Sum of the rulebook's count of `keep` over every starter not dealt, and how many."""
    total = 0
    count = 0
    for starter in range(52):
        if starter not in dealt:
            total += show_total(keep, starter)
            count += 1
    return total, count


def _milli(total, count):
    return (2 * total * MILLI + count) // (2 * count)


def test_five_five_five_jack_is_kept_by_dealer_and_pone():
    deal = parse_cards("5H 5C 5D JS 2C 9D")
    for dealer in (True, False):
        options = advise_discard(deal, dealer)
        discard, keep = options[0][0], options[0][1]
        assert _set(discard) == _set(parse_cards("2C 9D")), dealer
        assert _set(keep) == _set(parse_cards("5H 5C 5D JS")), dealer
        assert margin(options) > 4 * MILLI  # 14 in hand for sure: nothing else comes close


def test_expected_hand_is_exact_over_every_starter():
    deal = parse_cards("5H 5C 5D JS 2C 9D")
    keep = parse_cards("5H 5C 5D JS")
    total, count = hand_total(keep, deal)
    assert (total, count) == _brute_force_hand(keep, deal)
    assert count == 46
    assert expected_hand(keep, deal) == _milli(total, count)
    best = advise_discard(deal, True)[0]
    assert best[2] == _milli(total, count)


def test_four_kings_expected_hand_by_hand():
    # Four kings: 12 for the pairs whatever the starter; a five (4 left) adds 4 fifteens (8).
    # No runs, flush or nobs are possible. (46 * 12 + 4 * 8) / 46 points.
    deal = parse_cards("KC KD KH KS AC 2D")
    keep = parse_cards("KC KD KH KS")
    assert hand_total(keep, deal) == (46 * 12 + 4 * 8, 46)
    assert expected_hand(keep, deal) == (2 * 584 * MILLI + 46) // 92  # 12.696 points
    options = advise_discard(deal, False)
    assert _set(options[0][1]) == _set(keep)


def test_dealer_and_pone_throw_differently_when_the_crib_decides():
    # 5-5-9-K and 5-5-2-3 are worth about the same in hand, but 2-3 is a far better crib
    # throw than 9-K: the dealer gives 2-3 to his own crib, pone keeps it and throws 9-K.
    deal = parse_cards("5C 5D 2H 3S 9C KH")
    two_three = parse_cards("2H 3S")
    nine_king = parse_cards("9C KH")
    hand_a = expected_hand(parse_cards("5C 5D 9C KH"), deal)
    hand_b = expected_hand(parse_cards("5C 5D 2H 3S"), deal)
    assert abs(hand_a - hand_b) < MILLI // 5
    assert crib_value(two_three) - crib_value(nine_king) > 3 * MILLI
    assert _set(advise_discard(deal, True)[0][0]) == _set(two_three)
    assert _set(advise_discard(deal, False)[0][0]) == _set(nine_king)


def test_net_is_hand_plus_or_minus_crib_and_sorted():
    deal = parse_cards("5C 5D 2H 3S 9C KH")
    mine = advise_discard(deal, True)
    theirs = advise_discard(deal, False)
    assert len(mine) == len(theirs) == 15
    hands = {}
    for discard, keep, hand, crib, net in mine:
        assert net == hand + crib
        assert crib == crib_milli(list(discard), COUNTS)  # counted afresh from the rulebook
        assert _set(list(discard) + list(keep)) == _set(deal)
        hands[discard] = hand
    for discard, _keep, hand, crib, net in theirs:
        assert net == hand - crib
        assert hands[discard] == hand
    for options in (mine, theirs):
        for i in range(1, len(options)):
            assert options[i - 1][4] >= options[i][4]


def test_five_card_game_keeps_three():
    deal = parse_cards("5H 6C 4D JS KC")
    options = advise_discard(deal, True, players=2)
    assert len(options) == 10  # throw 2 of 5
    for discard, keep, hand, crib, _net in options:
        assert len(discard) == 2 and len(keep) == 3
        assert hand == _milli(*_brute_force_hand(list(keep), deal))
        assert crib == crib_milli(list(discard), COUNTS)  # counted afresh from the rulebook


def test_five_card_game_three_kings_by_hand():
    # Pair royal 6 always; the fourth king makes 12; a five (4 left) adds 3 fifteens: 12.
    deal = parse_cards("KC KD KH AC 2D")
    keep = parse_cards("KC KD KH")
    assert hand_total(keep, deal) == (42 * 6 + 4 * 12 + 1 * 12, 47)


def test_three_and_four_players_throw_one():
    deal = parse_cards("5H 6C 4D JS KC")
    three = advise_discard(deal, True, players=3)
    four = advise_discard(deal, True, players=4)
    assert three == four  # the same crib make-up: your card + 3 others
    assert len(three) == 5
    for discard, keep, hand, crib, _net in three:
        assert len(discard) == 1 and len(keep) == 4
        assert hand == _milli(*_brute_force_hand(list(keep), deal))
        assert crib == crib_milli(list(discard), COUNTS)  # counted afresh from the rulebook


def test_crib_values_follow_ranks_and_suitedness_only():
    five_five = crib_value("5C 5D")
    assert five_five == crib_value(parse_cards("5S 5H"))
    assert crib_value(parse_cards("KC 2D")) == crib_value(parse_cards("2H KS"))
    assert crib_value(parse_cards("KC 2C")) == crib_value(parse_cards("2S KS"))
    for a in range(52):
        assert crib_value([a]) == crib_value([(a + 13) % 52])
        for b in range(a + 1, 52):
            assert crib_value([a, b]) <= five_five  # no throw helps a crib more than 5-5
    assert max(crib_value([c]) for c in range(13)) == crib_value(parse_cards("5H"))


def test_bad_deals_are_clear_errors():
    e = raises(InvalidHandError, advise_discard, "5H 5C 5D JS 2C 9D 3S", True)
    assert "6 cards" in str(e) and "not 7" in str(e)
    e = raises(InvalidHandError, advise_discard, "5H 5C 5D JS", True)
    assert "not 4" in str(e)
    e = raises(DuplicateCardError, advise_discard, "5H 5C 5D JS 2C 5H", True)
    assert "5H" in str(e)
    raises(InvalidCardError, advise_discard, "5H 5C 5D JS 2C 1X", True)
    e = raises(InvalidHandError, advise_discard, "5H 5C 5D JS 2C 9D", True, 3)
    assert "5 cards" in str(e)
    e = raises(CribbageError, advise_discard, "5H 5C 5D JS 2C", True, 5)
    assert "2, 3 or 4 players" in str(e)
    raises(InvalidHandError, crib_value, "5H 5C 5D")
    raises(DuplicateCardError, crib_value, [7, 7])


def test_points_text():
    assert format_points(830) == "0.83"
    assert format_points(16652) == "16.65"
    assert format_points(-1234) == "-1.23"
    assert format_points(5) == "0.01"
    assert format_points(-4) == "0.00"
    deal = parse_cards("5H 5C 5D JS 2C 9D")
    # Every throw's net for the pone (hand less the dealer's crib), counted afresh.
    nets = []
    for i in range(6):
        for j in range(i + 1, 6):
            keep = [c for n, c in enumerate(deal) if n not in (i, j)]
            hand = _milli(*_brute_force_hand(keep, deal))
            crib = crib_milli([deal[i], deal[j]], COUNTS)
            nets.append((hand - crib, hand, crib, [deal[i], deal[j]]))
    nets.sort(key=lambda n: -n[0])
    best, second = nets[0], nets[1]
    assert format_cards(best[3]) == "2C 9D"
    assert advice_text(advise_discard(deal, False)) == (
        "throw 2C 9D: {} in hand, -{} crib; {} points better than {}".format(
            format_points(best[1]),
            format_points(best[2]),
            format_points(best[0] - second[0]),
            format_cards(second[3]),
        )
    )


def test_five_card_game_keeping_four_throws_one():
    # Issue 11 item 3: the rulebook's five-card game keeps 4 of 5 (throws 1). The hand
    # values are exact (the same expected_hand as every throw); the crib is the crib of two
    # this game has (issue 20), worked out by the rulebook's scorer below. Keeping 5 5 5 J
    # is best by far: 14 before the starter (a pair royal 6; fifteens 5+5+5 and the J with
    # each 5, 8).
    options = advise_discard("5H 5C 5D JS 2C", dealer=True, players=2, keep=4)
    assert len(options) == 5 and all(len(o[0]) == 1 and len(o[1]) == 4 for o in options)
    assert options[0][0] == tuple(parse_cards("2C"))
    assert options[0][2] == expected_hand(list(options[0][1]), parse_cards("5H 5C 5D JS 2C"))
    assert options[0][3] == two_card_crib_milli("2C", "5H 5C 5D JS 2C")
    # Keeping 3 (the default, Hoyle) throws two; anything else is refused.
    assert all(len(o[0]) == 2 for o in advise_discard("5H 5C 5D JS 2C", True, 2))
    raises(InvalidHandError, advise_discard, "5H 5C 5D JS 2C", True, 2, 2)
    raises(InvalidHandError, advise_discard, "5H 5C 5D JS 2C 9D", True, 2, 3)


def two_card_crib_milli(card, dealt):
    """The expected crib of two (card and the other player's one, with the starter) by
    brute force: every other card and starter not dealt, scored by the rulebook's counter."""
    card = parse_cards(card)[0]
    dealt = parse_cards(dealt)
    rest = [c for c in range(52) if c not in dealt]
    total = 0
    for other in rest:
        for starter in rest:
            if starter != other:
                total += show_total([card, other], starter, crib=True)
    n = len(rest) * (len(rest) - 1)
    return (2 * total * MILLI + n) // (2 * n)


def test_crib_of_two_matches_the_rulebooks_count_of_every_deal():
    # Issue 20: the five-card game keeping 4 has a crib of two cards. A jack (nobs both
    # ways), a five (the fifteens), a lone ace; each against brute force.
    from cribbage.discard import crib2_value

    for card, dealt in (
        ("JS", "5H 5C 5D JS 2C"),
        ("5H", "5H 5C 5D JS 2C"),
        ("AD", "AD 2C 9H KS QS"),
    ):
        assert crib2_value(parse_cards(card)[0], parse_cards(dealt)) == two_card_crib_milli(
            card, dealt
        )
        if ON_MICROPYTHON:
            break  # one is enough for the unix port's time
