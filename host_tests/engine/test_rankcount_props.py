"""A show typed by ranks (cribbage.rankcount), property tests (CPython: hypothesis): the answers
offered are exactly those the cards' suits could make, and with the true one the count is the
full scorer's; with muggins on every point a claim missed is found. Checked against
``score_show`` and a brute force over every suit the cards could have.
"""

from cribbage.cards import RANKS
from cribbage.rankcount import FLUSH, FLUSH5, NOBS, NONE, RankCount
from cribbage.show import score_show
from cribbage.verify import UNDER, CountCheck
from hypothesis import given, settings
from hypothesis import strategies as st
from props import examples


def answer_of(show, n):
    """The one-key answer a show's flush and nobs are."""
    if show.flush > n:
        return FLUSH5
    return FLUSH if show.flush else (NOBS if show.nobs else NONE)


def suited(ranks, starter):
    """Every (kept cards, starter) of these ranks, each card once."""
    out = []
    for code in range(4 ** (len(ranks) + 1)):
        cards = []
        for r in ranks + [starter]:
            cards.append((code % 4) * 13 + r - 1)
            code //= 4
        if len(set(cards)) == len(cards):
            out.append((cards[:-1], cards[-1]))
    return out


# A hand of 4 (or the five-card game's 3), or a crib of 4 (or the keep-4 game's 2), with the
# starter.
deals = st.tuples(
    st.sampled_from([(4, False), (3, False), (4, True), (2, True)]),
    st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True),
)


@settings(max_examples=examples(600), deadline=None)
@given(deals)
def test_the_answers_offered_are_those_the_suits_could_make(case):
    (n, crib), cards = case
    kept, starter = cards[:n], cards[n]
    truth = score_show(kept, starter, crib)
    ranks = [RANKS[c] for c in kept]
    c = RankCount(ranks, RANKS[starter], crib)
    could = {answer_of(score_show(k, s, crib), n) for k, s in suited(ranks, RANKS[starter])}
    assert {a for a in range(4) if c.answers() >> a & 1} == could
    # Asked only where a suit could change the count; known at once where none can.
    totals = {score_show(k, s, crib).total for k, s in suited(ranks, RANKS[starter])}
    assert (c.total >= 0) == (len(could) == 1)
    if len(totals) == 1:
        assert c.total == truth.total
    c.answer(answer_of(truth, n))  # the player says what the cards make
    assert (c.total, c.flush, c.nobs) == (truth.total, truth.flush, truth.nobs)
    assert (c.fifteens, c.pairs, c.runs) == (truth.fifteens, truth.pairs, truth.runs)


@settings(max_examples=examples(400), deadline=None)
@given(deals, st.integers(0, 29))
def test_with_muggins_on_every_missed_point_is_found(case, claim):
    (n, crib), cards = case
    kept, starter = cards[:n], cards[n]
    truth = score_show(kept, starter, crib)
    c = RankCount([RANKS[x] for x in kept], RANKS[starter], crib)
    if c.total < 0:
        c.answer(answer_of(truth, n))
    verdict = CountCheck(claim, c, True)
    if claim < truth.total:
        assert verdict.status == UNDER and verdict.muggins_points == truth.total - claim
    else:
        assert verdict.muggins_points == 0 and verdict.difference == claim - truth.total
