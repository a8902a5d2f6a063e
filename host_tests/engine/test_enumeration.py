"""The full enumeration of every show against the published distribution, and the generated
tables (totals.py, showtable.py) against fresh ones.

Published figures, all for 4 kept cards and a starter over the 12,994,800 (hand, starter)
pairs:
- The hand distribution for every total 0-29: Steven S. Lumetta, "Amusing Cribbage Facts"
  (University of Illinois, 2007; lumetta.web.engr.illinois.edu/humor/cribbage.html), the
  source that Wikipedia's "Cribbage statistics" cites; Wikipedia's "Scoring breakdown" table
  repeats the same counts. Its rules: 4-card flush in the hand only, 5-card flush 5.
- 1,022,208 cribs score 0: Wikipedia, "Cribbage statistics", Distinct hands ("1,009,008 ...
  score zero points, or 1,022,208 if the hand is the crib").
- Mean 4.7692 and none scoring 19, 25, 26 or 27: issue 2, and follows from Lumetta's table
  (61,974,180 points / 12,994,800 = 4.76915...).
The enumeration runs once (two processes, about 10 s) and is shared by the slow tests.
"""

import pytest

from tools.rules.gen_showtable import TARGET as SHOWTABLE_PATH
from tools.rules.gen_showtable import render as render_showtable
from tools.rules.gen_totals import TARGET as TOTALS_PATH
from tools.rules.gen_totals import render_from
from tools.rules.show_enumeration import enumerate_shows

LUMETTA_HANDS = (
    1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224,
    388740, 51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0,
    8068, 2496, 444, 356, 3680, 0, 0, 0, 76, 4,
)  # fmt: skip
WIKIPEDIA_CRIB_ZERO = 1022208
ALL_PAIRS = 12994800  # C(52, 4) hands x 48 starters = C(52, 5) x 5
THREE_CARD_PAIRS = 1082900  # C(52, 3) hands x 49 starters


@pytest.fixture(scope="module")
def shows():
    hand, crib = enumerate_shows(5)
    hand3, _ = enumerate_shows(4)
    return hand, crib, hand3


@pytest.mark.slow
def test_hand_distribution_is_the_published_one(shows):
    hand, _, _ = shows
    assert sum(LUMETTA_HANDS) == ALL_PAIRS  # the transcription adds up
    assert tuple(hand) == LUMETTA_HANDS
    # The figures issue 2 names.
    assert (hand[0], hand[28], hand[29]) == (1009008, 76, 4)
    assert [hand[n] for n in (19, 25, 26, 27)] == [0, 0, 0, 0]
    points = sum(n * k for n, k in enumerate(hand))
    assert round(points / ALL_PAIRS, 4) == 4.7692


@pytest.mark.slow
def test_crib_distribution(shows):
    _, crib, _ = shows
    assert sum(crib) == ALL_PAIRS
    assert crib[0] == WIKIPEDIA_CRIB_ZERO
    assert [crib[n] for n in (19, 25, 26, 27)] == [0, 0, 0, 0]
    # 28 and 29 need all four fives, so they can hold no flush: a crib scores them as a hand.
    assert crib[28:] == [76, 4]


@pytest.mark.slow
def test_three_card_hands(shows):
    _, _, hand3 = shows
    assert sum(hand3) == THREE_CARD_PAIRS
    # Best is four fives (20); 16-19 cannot be made with four cards.
    assert max(n for n, k in enumerate(hand3) if k) == 20
    assert [hand3[n] for n in (16, 17, 18, 19)] == [0, 0, 0, 0]


@pytest.mark.slow
def test_committed_totals_module_is_current(shows):
    hand, crib, hand3 = shows
    with open(TOTALS_PATH, encoding="utf-8") as f:
        committed = f.read()
    assert committed == render_from(hand, crib, hand3), "run python tools/rules/gen_totals.py"


def test_committed_show_table_is_current():
    with open(SHOWTABLE_PATH, encoding="utf-8") as f:
        committed = f.read()
    assert committed == render_showtable(), "run python tools/rules/gen_showtable.py"
