# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Checking a claimed count: correct, under or over by N, muggins, and impossible claims."""

from cribbage import CountCheck, InvalidCardError, InvalidCountError, check_count
from support import raises

HAND_29 = ["5♠", "5♣", "5♦", "J♥"]
HAND_14 = ["4♣", "5♠", "6♦", "7♣"]  # with 5♥: the rulebook's 14 hand


def test_correct_claim():
    r = check_count(29, HAND_29, "5♥")
    assert isinstance(r, CountCheck)
    assert (r.status, r.claimed, r.difference, r.muggins_points) == ("correct", 29, 0, 0)
    assert r.actual.total == 29 and r.actual.nobs == 1
    assert r.achievable and r.note == ""
    assert r.message() == "Correct: the hand scores 29."


def test_under_claim_without_and_with_muggins():
    r = check_count(12, HAND_14, "5♥")
    assert (r.status, r.difference, r.muggins_points) == ("under", 2, 0)
    assert r.message() == "Under by 2 points: the hand scores 14, not 12."
    r = check_count(12, HAND_14, "5♥", muggins=True)
    assert (r.status, r.difference, r.muggins_points) == ("under", 2, 2)
    assert r.message() == (
        "Under by 2 points: the hand scores 14, not 12. "
        "Muggins: your opponent may take the 2 points missed."
    )
    r = check_count(28, HAND_29, "5♥", muggins=True)  # forgot his nobs
    assert (r.difference, r.muggins_points) == (1, 1)
    assert "Under by 1 point:" in r.message() and "take the 1 point missed" in r.message()


def test_over_claim_gives_the_opponent_nothing():
    r = check_count(16, HAND_14, "5♥", muggins=True)
    assert (r.status, r.difference, r.muggins_points) == ("over", 2, 0)
    assert r.message() == "Over by 2 points: the hand scores 14, not 16."


def test_crib_is_named_and_counted_as_a_crib():
    # Four hearts and a spade starter: a hand flush (4) but no crib flush.
    # 2+4+9 = 15 is the only fifteen; no pairs or runs.
    r = check_count(6, ["2H", "4H", "9H", "QH"], "KS")
    assert r.status == "correct"
    r = check_count(6, ["2H", "4H", "9H", "QH"], "KS", crib=True)
    assert (r.status, r.difference) == ("over", 4)
    assert r.message() == "Over by 4 points: the crib scores 2, not 6."


def test_impossible_claims_are_checked_and_flagged():
    r = check_count(19, HAND_14, "5♥")
    assert (r.status, r.difference, r.achievable) == ("over", 5, False)
    assert r.note == "no hand scores 19"
    assert r.message() == "Over by 5 points: the hand scores 14, not 19. (No hand scores 19.)"
    r = check_count(19, HAND_29, "5♥", muggins=True)
    assert (r.status, r.difference, r.muggins_points) == ("under", 10, 10)
    assert "(No hand scores 19.)" in r.message()
    for n in (25, 26, 27):
        assert check_count(n, HAND_29, "5♥").note == "no hand scores {}".format(n)
    r = check_count(30, HAND_29, "5♥")
    assert (r.status, r.difference, r.note) == ("over", 1, "no hand scores more than 29")
    assert check_count(19, HAND_14, "5♥", crib=True).note == "no crib scores 19"
    # Every total from 0 to 29 other than 19 and 25-27 is possible, so not flagged.
    for n in range(30):
        flagged = check_count(n, HAND_14, "5♥").note != ""
        assert flagged == (n in (19, 25, 26, 27)), n


def test_three_card_hand_limits():
    # The five-card game's 3 kept cards: at most 20 (four fives), and 16-19 cannot be made.
    r = check_count(17, ["5C", "5D", "5H"], "5S")
    assert (r.status, r.difference, r.note) == ("under", 3, "no three-card hand scores 17")
    r = check_count(21, ["5C", "5D", "5H"], "5S")
    assert r.note == "no three-card hand scores more than 20"
    assert check_count(20, ["5C", "5D", "5H"], "5S").status == "correct"


def test_bad_claims_are_errors():
    for bad in (-1, -12):
        e = raises(InvalidCountError, check_count, bad, HAND_14, "5♥")
        assert "negative" in str(e)
    for bad in (12.0, "12", None, True):
        raises(InvalidCountError, check_count, bad, HAND_14, "5♥")
    assert isinstance(raises(InvalidCountError, check_count, -1, HAND_14, "5♥"), ValueError)


def test_bad_cards_are_errors():
    raises(InvalidCardError, check_count, 12, ["4C", "5X", "6D", "7C"], "5H")
