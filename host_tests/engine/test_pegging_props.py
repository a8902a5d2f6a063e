"""Property tests (CPython only, hypothesis) for pegging scores and the play engine.

``reference_points`` is an independent brute-force scorer: it sorts every window of the
latest cards to find the longest run and counts pairs among the trailing same-rank cards
with itertools. Random full plays check the engine's bookkeeping against its own records.
"""

from itertools import combinations

import pytest
from cribbage import (
    IllegalPlayError,
    Pegging,
    format_card,
    peg_breakdown,
    peg_points,
    pile_count,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from props import examples
from support import pegging_snapshot


def rank_of(card):
    return card % 13 + 1


def value_of(card):
    return min(card % 13 + 1, 10)


def reference_points(cards):
    """Brute force: 15/31 by the sum, pairs in the trailing block, longest sorted window."""
    ranks = [rank_of(c) for c in cards]
    total = sum(value_of(c) for c in cards)
    points = 2 if total in (15, 31) else 0
    block = [ranks[-1]]
    for r in reversed(ranks[:-1]):
        if r != ranks[-1]:
            break
        block.append(r)
    points += 2 * len(list(combinations(block, 2)))
    for length in range(len(ranks), 2, -1):
        window = sorted(ranks[-length:])
        if window == list(range(window[0], window[0] + length)):
            points += length
            break
    return points


def legal_prefix(cards):
    """The longest prefix of distinct cards whose count stays at most 31."""
    total = 0
    out = []
    for c in cards:
        total += value_of(c)
        if total > 31:
            break
        out.append(c)
    return out


any_cards = st.lists(st.integers(0, 51), unique=True, min_size=1, max_size=14)
# Low cards (A-7 of every suit) make long piles, so long runs and pair royals are common.
low_cards = st.lists(
    st.sampled_from([s * 13 + r for s in range(4) for r in range(7)]),
    unique=True,
    min_size=1,
    max_size=14,
)


@pytest.mark.slow
@settings(max_examples=examples(3000), deadline=None)
@given(st.one_of(any_cards, low_cards))
def test_peg_points_agrees_with_brute_force(cards):
    pile = legal_prefix(cards)
    points = peg_points(pile)
    assert points == reference_points(pile)
    assert sum(p for _what, p in peg_breakdown(pile)) == points
    assert pile_count(pile) == sum(value_of(c) for c in pile) <= 31
    assert peg_points([format_card(c) for c in pile]) == points


@given(any_cards.filter(lambda cards: sum(value_of(c) for c in cards) > 31))
def test_a_pile_past_31_is_refused(cards):
    with pytest.raises(IllegalPlayError):
        peg_points(cards)


def act(p, seat, card):
    return p.go(seat) if card is None else p.play(seat, card)


def result_tuple(r):
    return (r.actor, r.card, r.count, r.seat, r.side, r.points, r.items, r.reset, r.over)


@st.composite
def deals(draw):
    players = draw(st.sampled_from([2, 2, 3, 4]))
    five_card = int(players == 2 and draw(st.booleans()))
    partners = players == 4 and draw(st.booleans())
    each = 3 if five_card else 4
    deck = draw(st.permutations(range(52)))
    hands = [list(deck[i * each : (i + 1) * each]) for i in range(players)]
    options = {
        "dealer": draw(st.integers(0, players - 1)),
        "partners": partners,
        "five_card": five_card,
    }
    return hands, options, draw(st.randoms(use_true_random=False))


def play_out(p, rng):
    """Play a random legal play to the end, checking each step; returns the PlayScores."""
    own_pile = []
    for _ in range(100):
        if p.over:
            break
        seat = p.turn
        assert p.cards_left(seat) > 0 and not p.gone[seat]
        fits = p.playable(seat)
        # Anything illegal is refused and changes nothing.
        before = pegging_snapshot(p)
        other = (seat + 1) % p.players
        illegal = [(p.play, other, c) for c in p.hand(other)[:1]]
        if fits:
            illegal.append((p.go, seat))
        illegal += [(p.play, seat, c) for c in p.hand(seat) if c not in fits][:1]
        for fn, *args in illegal:
            try:
                fn(*args)
            except IllegalPlayError:
                pass
            else:
                raise AssertionError("illegal action accepted")
            assert pegging_snapshot(p) == before
        if fits:
            card = rng.choice(fits)
            r = p.play(seat, card)
            own_pile.append(card)
            card_items = [it for it in r.items if it[0] not in ("go", "last card")]
            assert card_items == peg_breakdown(own_pile)
        else:
            r = p.go(seat)
        assert p.count <= 31 and p.count == sum(value_of(c) for c in p.pile)
        if r.reset:
            own_pile = []
            assert p.count == 0
        assert (p.turn is None) == p.over
    assert p.over
    return p.scores


@settings(max_examples=examples(400), deadline=None)
@given(deals())
def test_random_full_plays_keep_the_books(deal):
    hands, options, rng = deal
    p = Pegging(hands, **options)
    scores = play_out(p, rng)
    # Points per side are the sum of the per-action scores.
    by_side = [0] * p.sides
    for r in scores:
        if r.points:
            assert r.side == p.side(r.seat)
            by_side[r.side] += r.points
        assert r.points == sum(pts for _what, pts in r.items)
    assert by_side == p.pegged
    # The go or last-card point goes to whoever played the latest card, whoever said go.
    last_player = None
    for (seat, card), r in zip(p.history, scores, strict=True):
        if card is not None:
            last_player = seat
        if any(what in ("go", "last card") for what, _p in r.items):
            assert r.seat == last_player
    # Every count ends exactly once: with 31, or a go / last-card point.
    enders = sum(1 for r in scores for what, _p in r.items if what in ("go", "last card"))
    enders += sum(1 for r in scores for what, _p in r.items if what == "thirty-one")
    resets = sum(1 for r in scores if r.reset)
    assert enders == resets + 1
    last = scores[-1]
    if not options["five_card"]:
        assert len([c for _s, c in p.history if c is not None]) == 4 * p.players
        assert all(p.cards_left(s) == 0 for s in range(p.players))
        # The final card: 31 for 2, or the last-card point, never both.
        names = [what for what, _p in last.items]
        assert ("thirty-one" in names) != ("last card" in names)
    else:
        assert resets == 0  # one count only
    # The board's helper, told only the cards as they come, pegs exactly the same.
    helper = Pegging(None, players=len(hands), **options)
    for (seat, card), r in zip(p.history, scores, strict=True):
        again = act(helper, seat, card)
        assert result_tuple(again) == result_tuple(r)
    assert helper.pegged == p.pegged and helper.over


@settings(max_examples=examples(150), deadline=None)
@given(deals(), st.integers(0, 40))
def test_undo_then_redo_restores_the_state(deal, cut):
    hands, options, rng = deal
    p = Pegging(hands, **options)
    play_out(p, rng)
    history = list(p.history)
    q = Pegging(hands, **options)
    for seat, card in history[: cut % len(history) + 1]:
        act(q, seat, card)
    after = pegging_snapshot(q)
    seat, card = q.history[-1]
    assert q.undo() == (seat, card)
    act(q, seat, card)
    assert pegging_snapshot(q) == after


def test_reference_scorer_sanity():
    # The reference itself on the book's examples: 4-2-3 (3), then 5 (4); three 5s (2 + 6).
    assert reference_points([3, 14, 28]) == 3  # 4C 2D 3H
    assert reference_points([3, 14, 28, 43]) == 4  # + 5S
    assert reference_points([4, 17, 30]) == 8  # 5C 5D 5H
