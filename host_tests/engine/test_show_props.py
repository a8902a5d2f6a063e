"""Property tests of the show (CPython only: hypothesis), and an independent naive scorer.

The naive scorer below is written straight from the rulebook, sharing no code with the
engine: it looks at each of the 31 non-empty subsets of the five cards.
"""

from itertools import permutations

from cribbage import score_show, show_points
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from props import examples

SUITS = 4


def rank(card):
    return card % 13 + 1


def suit(card):
    return card // 13


def naive_show(kept, starter, crib=False):
    """(fifteens, pairs, runs, flush, nobs) from first principles over the 31 subsets."""
    five = [*kept, starter]
    fifteens = pairs = 0
    runs_by_length = {}
    for mask in range(1, 1 << len(five)):
        subset = [five[i] for i in range(len(five)) if mask >> i & 1]
        if sum(min(rank(c), 10) for c in subset) == 15:
            fifteens += 2
        ranks = sorted(rank(c) for c in subset)
        if len(subset) == 2 and ranks[0] == ranks[1]:
            pairs += 2
        if len(subset) >= 3 and ranks == list(range(ranks[0], ranks[0] + len(subset))):
            runs_by_length[len(subset)] = runs_by_length.get(len(subset), 0) + 1
    longest = max(runs_by_length, default=0)
    runs = longest * runs_by_length.get(longest, 0)  # only the longest runs count
    flush = 0
    if len({suit(c) for c in kept}) == 1:
        if suit(starter) == suit(kept[0]):
            flush = len(kept) + 1
        elif not crib:
            flush = len(kept)
    nobs = int(any(rank(c) == 11 and suit(c) == suit(starter) for c in kept))
    return fifteens, pairs, runs, flush, nobs


def categories(score):
    return score.fifteens, score.pairs, score.runs, score.flush, score.nobs


deals4 = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
deals3 = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)


@settings(max_examples=examples(600), deadline=None)
@given(deals4, st.booleans())
def test_agrees_with_naive_reference(cards, crib):
    kept, starter = cards[:4], cards[4]
    expected = naive_show(kept, starter, crib)
    score = score_show(kept, starter, crib)
    assert score.total == sum(expected) == show_points(kept, starter, crib)
    assert categories(score) == expected
    assert sum(points for _kind, _cards, points in score.items) == sum(expected)


@settings(max_examples=examples(300), deadline=None)
@given(deals3)
def test_three_card_hands_agree_with_naive_reference(cards):
    kept, starter = cards[:3], cards[3]
    expected = naive_show(kept, starter)
    assert categories(score_show(kept, starter)) == expected
    assert show_points(kept, starter) == sum(expected)


@settings(max_examples=examples(200), deadline=None)
@given(deals4, st.booleans())
def test_order_of_the_kept_cards_does_not_matter(cards, crib):
    kept, starter = cards[:4], cards[4]
    first = score_show(kept, starter, crib)
    for order in permutations(kept):
        again = score_show(list(order), starter, crib)
        assert categories(again) == categories(first)
        assert show_points(list(order), starter, crib) == first.total
        # The same combinations are found, whatever the order.
        assert sorted((k, sorted(c)) for k, c, _ in again.items) == sorted(
            (k, sorted(c)) for k, c, _ in first.items
        )


@settings(max_examples=examples(300), deadline=None)
@given(deals4, st.permutations(range(SUITS)), st.booleans())
def test_relabelling_suits_consistently_changes_nothing(cards, new_suit, crib):
    def relabel(c):
        return new_suit[suit(c)] * 13 + rank(c) - 1

    kept, starter = cards[:4], cards[4]
    before = score_show(kept, starter, crib)
    after = score_show([relabel(c) for c in kept], relabel(starter), crib)
    assert categories(after) == categories(before)
    assert show_points([relabel(c) for c in kept], relabel(starter), crib) == before.total


@settings(max_examples=examples(400), deadline=None)
@given(deals4, st.integers(0, 4), st.integers(1, 3), st.booleans())
def test_changing_one_suit_changes_only_flush_and_nobs(cards, which, shift, crib):
    changed = list(cards)
    c = changed[which]
    changed[which] = (suit(c) + shift) % SUITS * 13 + rank(c) - 1
    assume(changed[which] not in cards)  # a card already among the five: not a legal deal
    before = score_show(cards[:4], cards[4], crib)
    after = score_show(changed[:4], changed[4], crib)
    assert (after.fifteens, after.pairs, after.runs) == (
        before.fifteens,
        before.pairs,
        before.runs,
    )
    # Flush and nobs, the suits' only say, move as the rulebook's scorer says they do.
    flush, nobs = naive_show(changed[:4], changed[4], crib)[3:]
    assert (after.flush, after.nobs) == (flush, nobs)
    assert after.total == before.total - before.flush - before.nobs + flush + nobs


def test_naive_reference_on_the_rulebook_hands():
    # The reference scorer is itself checked against the rulebook's worked examples.
    def c(text):
        return "A23456789TJQK".index(text[0]) + 13 * "CDHS".index(text[1])

    assert naive_show([c("5S"), c("5C"), c("5D"), c("JH")], c("5H")) == (16, 12, 0, 0, 1)
    assert naive_show([c("4C"), c("5S"), c("6D"), c("7C")], c("5H")) == (4, 2, 8, 0, 0)
    assert naive_show([c("AC"), c("AD"), c("2H"), c("3S")], c("3C")) == (0, 4, 12, 0, 0)
    assert naive_show([c("2H"), c("4H"), c("6H"), c("8H")], c("KS"), crib=True) == (0,) * 5


def test_the_itemized_lists_are_built_only_when_read(monkeypatch):
    # score_show counts the total on the fast path; listing the combinations (the costly
    # part) waits until .items is read, and then happens once.
    from cribbage import show

    calls = []
    itemize = show._itemize
    monkeypatch.setattr(show, "_itemize", lambda *a: calls.append(a) or itemize(*a))
    s = score_show(["5S", "5C", "5D", "JH"], "5H")
    assert s.total == 29 and (s.fifteens, s.pairs, s.nobs) == (16, 12, 1) and calls == []
    assert len(s.items) == 8 + 6 + 1 and len(s.items) == 15 and len(calls) == 1
