"""A show typed by ranks (cribbage.rankcount), property tests (CPython: hypothesis): it asks
for a suit only while one could change the count and only a card whose suit could, the answers
give the full scorer's count exactly, and with muggins on every point a claim missed is found.
Checked against ``score_show`` and a brute force over every suit the cards could have.
"""

from cribbage.cards import RANKS, SUITS
from cribbage.rankcount import RankCount
from cribbage.show import score_show
from cribbage.verify import UNDER, CountCheck
from hypothesis import given, settings
from hypothesis import strategies as st


def ranks_of(cards):
    return [RANKS[c] for c in cards]


def completions(c):
    """Every (kept cards, starter) the ranks and the suits said so far could be."""
    n = len(c.hand)
    unknown = [i for i in range(n) if c.suits[i] < 0]
    starter_open = c.starter_suit < 0
    out = []
    slots = len(unknown) + (1 if starter_open else 0)
    for code in range(4**slots):
        suits = list(c.suits)
        ss = c.starter_suit
        for i in unknown:
            suits[i] = code % 4
            code //= 4
        if starter_open:
            ss = code % 4
        kept = [s * 13 + r - 1 for r, s in zip(c.hand, suits, strict=True)]
        starter = ss * 13 + c.starter - 1
        five = kept + [starter]
        if len(set(five)) == len(five) and not set(five) & set(c.taken):
            out.append((kept, starter))
    return out


def suit_matters(c, i):
    """Two ways the cards could be that differ only in card i's suit and count differently."""
    by_rest = {}
    for kept, starter in completions(c):
        five = kept + [starter]
        rest = tuple(five[:i] + five[i + 1 :])
        by_rest.setdefault(rest, set()).add(score_show(kept, starter, c.crib).total)
    return any(len(totals) > 1 for totals in by_rest.values())


def scores(c):
    """The counts the cards could make, given the answers (the common one: no flush, nobs)."""
    out = set()
    for k, s in completions(c):
        show = score_show(k, s, c.crib)
        if not c.is_plain or show.flush == show.nobs == 0:
            out.add(show.total)
    return out


# A hand of 4 (or the five-card game's 3), or a crib of 4 (or the keep-4 game's 2), with the
# starter, and the starter's suit said in an earlier count of the deal or not.
deals = st.tuples(
    st.sampled_from([(4, False), (3, False), (4, True), (2, True)]),
    st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True),
    st.booleans(),
    st.lists(st.booleans(), min_size=6, max_size=6),
)


@settings(max_examples=600, deadline=None)
@given(deals)
def test_the_questions_are_needed_and_the_answers_give_the_true_count(case):
    (n, crib), cards, starter_known, plain_when_true = case
    kept, starter = cards[:n], cards[n]
    truth = score_show(kept, starter, crib)
    c = RankCount(ranks_of(kept), RANKS[starter], crib, SUITS[starter] if starter_known else -1)
    step = 0
    while True:
        i = c.ask()
        possible = scores(c)
        assert truth.total in possible
        if i < 0:
            assert possible == {truth.total}  # known: no suit could change it
            break
        assert len(possible) > 1  # asked only while a suit could still change the count
        assert suit_matters(c, i)  # and only a card whose suit changes it
        if truth.flush == 0 and truth.nobs == 0 and plain_when_true[step]:
            c.plain()  # the common answer, when it is true
        else:
            c.say(i, SUITS[starter] if i == n else SUITS[kept[i]])
        step += 1
    assert (c.total, c.flush, c.nobs) == (truth.total, truth.flush, truth.nobs)
    assert step <= n + 1


@settings(max_examples=400, deadline=None)
@given(deals, st.integers(0, 29))
def test_with_muggins_on_every_missed_point_is_found(case, claim):
    (n, crib), cards, starter_known, _ = case
    kept, starter = cards[:n], cards[n]
    truth = score_show(kept, starter, crib).total
    c = RankCount(ranks_of(kept), RANKS[starter], crib, SUITS[starter] if starter_known else -1)
    while c.ask() >= 0:  # a player who says each suit asked for
        i = c.ask()
        c.say(i, SUITS[starter] if i == n else SUITS[kept[i]])
    verdict = CountCheck(claim, c, True)
    if claim < truth:
        assert verdict.status == UNDER and verdict.muggins_points == truth - claim
    else:
        assert verdict.muggins_points == 0 and verdict.difference == claim - truth
