# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Count-verify and the discard coach, the modes that take cards, played through the keypad.
Expectations derived by hand (see each test)."""

from app_support import (
    BAR_RED,
    BAR_WHITE,
    DARK,
    blink_off,
    blink_on,
    board_in,
    quiet,
    refused,
    state,
    text,
)
from modes import MODE_COACH, MODE_SCORE, MODE_VERIFY
from scorekeeper.events import CRIB, HAND, MUGGINS, PEG

# -- count verify ----------------------------------------------------------------------


def test_verify_the_29_hand_shows_the_true_count_and_the_missed_points():
    # The rulebook's 29 hand: 5S 5C 5D JH, starter 5H. Suits: A clubs, B diamonds, C hearts,
    # D spades. A claim of 12 misses 17.
    h = board_in(MODE_VERIFY)
    h.type("12#")
    h.type("5D 5A 5B 11C")
    assert "5S 5C 5D JH" in h.lines and "now the starter" in h.lines
    h.type("5C")
    assert "is 29: missed 17" in h.lines
    assert "15s 16 pairs 12" in h.lines and "nobs 1" in h.lines
    quiet(h)
    blink_on(h)
    # White bar 1-29 (the true count), the 17 missed (13-29) blinking red over it.
    assert [h.led(x) for x in (1, 12, 13, 29, 31)] == [BAR_WHITE] * 2 + [BAR_RED] * 2 + [DARK]
    blink_off(h)
    assert h.led(13) == BAR_WHITE and h.led(29) == BAR_WHITE
    assert h.led(96) == BAR_WHITE and h.led(119) == BAR_WHITE  # 5 cards: holes 96-119
    # Muggins is off by default: the opponent's key cannot take the points.
    before = state(h)
    h.press("A")
    refused(h, *before)
    assert "muggins is off" in text(h)


def test_verify_with_muggins_gives_the_missed_points_to_the_opponent():
    # The rulebook's hand 2: 4C 5S 6D 7C, starter 5H = 14. A deals, so the count due first
    # is B's hand (issue 11 item 12): a claim of 12 misses 2, and muggins gives them to A,
    # the one opponent, with A's key; B's own key is refused (muggins on: B keeps its claim).
    h = board_in(MODE_VERIFY, ("muggins", 1))
    assert h.lines[1] == "B hand: ?"
    h.type("12# 4A 5D 6B 7A 5C")
    assert "is 14: missed 2" in h.lines and "A: +2 muggins" in h.lines
    before = state(h)
    h.press("B")
    refused(h, *before)
    assert "muggins is on: B pegs its claim with #" in text(h)
    h.press("A")
    assert h.keeper.game.last[0:4] == (PEG, 0, MUGGINS, 2)
    assert "#: B +12" in h.lines
    before = state(h)
    h.press("A")  # only once
    refused(h, *before)
    assert "taken already" in text(h)
    h.press("#")  # B pegs its claim, 12; A's hand is next, the starter kept
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 12)
    assert h.keeper.game.scores[:2] == [2, 12] and "A hand: ?" in h.lines


def test_verify_muggins_is_awarded_once_even_when_the_cards_are_retyped():
    # 12 claimed for 4C 5S 6D 7C, starter 5H (14): A takes the 2 missed. Taking the starter
    # back takes the award back with it while it is the last thing pegged; typed again, the
    # 2 can be taken once more, but never twice.
    h = board_in(MODE_VERIFY, ("muggins", 1))
    h.type("12# 4A 5D 6B 7A 5C A")
    assert h.keeper.game.scores[:2] == [2, 0]
    h.press("*")  # the starter back: the 2 go back too
    assert h.keeper.game.scores[:2] == [0, 0] and h.keeper.game.events == []
    assert "muggins undone" in h.lines
    h.type("5C")
    assert "A: +2 muggins" in h.lines
    h.press("A")
    assert h.keeper.game.scores[:2] == [2, 0]
    before = state(h)
    h.press("A")  # and only once
    refused(h, *before)
    assert "taken already" in text(h)


def test_verify_three_players_muggins_goes_to_the_opponent_who_calls_it():
    # Three players, A deals: B counts first. C calls muggins with C's key.
    h = board_in(MODE_VERIFY, ("players", 3), ("muggins", 1))
    h.type("12# 4A 5D 6B 7A 5C")
    assert "A-C: +2 muggins" in h.lines
    before = state(h)
    h.press("D")  # no side D with three players
    refused(h, *before)
    h.press("C")
    assert h.keeper.game.last[0:4] == (PEG, 2, MUGGINS, 2)
    h.press("#")  # B pegs its claim; C's hand is next (clockwise from the dealer's left)
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 12) and "C hand: ?" in h.lines


def test_verify_pegs_each_count_and_steps_through_the_show_keeping_the_starter():
    # Issue 20: checking is the way to count. A deals; B's hand 4C 5S 6D 7C, starter 5H
    # (the rulebook's 14 hand), claimed 12: # would peg the claim, B's key the true count.
    h = board_in(MODE_VERIFY)
    h.type("12# 4A 5D 6B 7A 5C")
    assert "is 14: missed 2" in h.lines and "#: +12 B: +14" in h.lines
    h.press("B")  # B accepts the correction
    g = h.keeper.game
    assert g.last[0:4] == (PEG, 1, HAND, 14) and g.scores[:2] == [0, 14]
    # A's hand: only the four kept cards are typed, the starter 5H is kept. 5C 5D JH 10C:
    # fifteens J+5 and 10+5 with each of three fives (6) and 5+5+5 (1): 14; three pairs of
    # fives 6; nobs (the jack of hearts, the starter's suit) 1: 21.
    assert "A hand: ?" in h.lines and "starter 5H" in h.lines
    h.type("21# 5A 5B 11C")
    assert "cards 3/4:" in h.lines and "starter 5H" in h.lines
    before = state(h)
    h.type("5C")  # the starter is not in A's hand
    refused(h, *before)
    assert "5H is entered already" in text(h)
    h.type("10A")
    assert "correct: 21" in h.lines and "#: A +21" in h.lines
    h.press("#")
    assert g.last[0:4] == (PEG, 0, HAND, 21) and "A crib: ?" in h.lines
    # A's crib 2C 4C 6C 8C: fifteens 2+8+5 and 4+6+5 (4), the run 4-5-6 (3), no flush (the
    # starter is a heart): 7. Claimed 9: over by 2, so # pegs the 7 the cards score.
    h.type("9# 2A 4A 6A 8A")
    assert "is 7: 2 over" in h.lines and "#: A +7" in h.lines
    h.press("#")
    g = h.keeper.game
    assert g.last[0:4] == (PEG, 0, CRIB, 7) and g.scores[:2] == [28, 14]
    assert h.view.mode == MODE_SCORE  # the crib was the last count: back to the scoreboard
    assert "A crib +7" in text(h) and "all in: # = deal" in h.lines


def test_verify_a_count_pegged_on_the_scoreboard_is_not_pegged_twice():
    h = board_in(MODE_SCORE)
    h.type("#14B")  # B's hand, on the scoreboard
    h.to_mode(MODE_VERIFY)
    assert "A hand: ?" in h.lines  # the count due
    h.type("##")  # round to B's hand again: A crib, B hand
    assert "B hand: ?" in h.lines
    h.type("14# 4A 5D 6B 7A 5C")
    assert "#: next count" in h.lines
    before = len(h.keeper.game.events)
    h.press("#")
    assert len(h.keeper.game.events) == before and "B hand was pegged already" in text(h)


def test_verify_muggins_set_for_the_next_game_says_so():
    # Issue 20: muggins switched on once a game is under way applies from the next game.
    h = board_in(MODE_SCORE)
    h.type("2A")
    h.keeper.set_setting("muggins", 1)
    h.to_mode(MODE_VERIFY)
    h.type("12# 4A 5D 6B 7A 5C")
    before = state(h)
    h.press("A")
    refused(h, *before)
    assert "muggins is on from the next game" in text(h)


def test_verify_five_card_game_keeping_four_checks_a_crib_of_two():
    # Issue 20: the rulebook's five-card game keeps 4, so each throws one: the crib is two
    # cards. 4H 6H, starter 5H: the run 4-5-6 (3), 4+5+6 (2), three hearts (3): 8.
    h = board_in(MODE_VERIFY, ("five_card", 1), ("five_keep", 4))
    h.type("##")
    assert "A crib: ?" in h.lines
    h.type("8# 4C 6C")
    assert "cards 2/3:" in h.lines and "now the starter" in h.lines
    h.type("5C")
    assert "correct: 8" in h.lines and "runs 3 flush 3" in h.lines


def test_verify_follows_the_scoreboards_counting_order():
    # B's hand is counted on the scoreboard; verify then checks A's hand, then A's crib
    # (# before the claim steps through the hand's counts).
    h = board_in(MODE_SCORE)
    h.type("#8B")
    h.to_mode(MODE_VERIFY)
    assert h.lines[1] == "A hand: ?"
    h.press("#")
    assert h.lines[1] == "A crib: ?"
    h.press("#")
    assert h.lines[1] == "B hand: ?"


def test_verify_hash_steps_to_the_crib():
    # 2H 4H 6H 8H, starter KS: all even values, so no fifteen; no pair, no run. As a hand the
    # four hearts are a flush (4); a crib needs all five cards of one suit: 0.
    h = board_in(MODE_VERIFY)
    h.type("4# 2C 4C 6C 8C 13D")
    assert "correct: 4" in h.lines
    h.hold("*", 1000)  # start again, and check the crib (A's): B hand, A hand, A crib
    h.type("## 4# 2C 4C 6C 8C 13D")
    assert "A crib: 4" in h.lines and "is 0: 4 over" in h.lines
    quiet(h)  # no white bar (the true count is 0); the 4 claimed too many in steady red
    assert [h.led(x) for x in (1, 4, 5)] == [BAR_RED, BAR_RED, (4, 4, 4)]


def test_verify_start_again_never_shows_the_last_results_bars():
    # Issue 11 item 5. 4C 5S 6D 7C, starter 5H = 14. A claim of 18 shows 4 too many (red
    # 15-18); after long *, a correct claim of 14 shows the white bar 1-14 only. A correct
    # 29 (the 29 hand), then a correct 0 (2C 4D 6H 8S, starter KC: no fifteen, all even):
    # no bar at all from hole 1.
    h = board_in(MODE_VERIFY)
    h.type("18# 4A 5D 6B 7A 5C")
    quiet(h)
    assert [h.led(x) for x in (14, 16, 18)] == [BAR_WHITE, BAR_RED, BAR_RED]
    h.hold("*", 1000)
    h.type("14# 4A 5D 6B 7A 5C")
    assert "correct: 14" in h.lines
    quiet(h)
    assert [h.led(x) for x in (14, 16, 17, 18)] == [BAR_WHITE, DARK, DARK, DARK]
    h.hold("*", 1000)
    h.type("29# 5D 5A 5B 11C 5C")
    assert "correct: 29" in h.lines
    h.hold("*", 1000)
    h.type("0# 2A 4B 6C 8D 13A")
    assert "correct: 0" in h.lines
    quiet(h)
    assert [h.led(x) for x in (1, 12, 29)] == [DARK, DARK, DARK]
    # ... and leaving for the pegging helper (or the coach) shows none of count verify's bars
    # (hole 1 is the helper's light for B to play; the coach's first card slot blinks 1-5).
    h.hold("*", 1000)
    h.type("29# 5D 5A 5B 11C 5C")
    h.hold("D", 1000)
    quiet(h)
    assert [h.led(x) for x in (12, 29, 96, 119)] == [DARK] * 4
    h.hold("D", 1000)  # the coach
    quiet(h)
    assert [h.led(x) for x in (12, 29, 96, 119)] == [DARK] * 4


def test_verify_refuses_a_claim_no_hand_can_score():
    # Issue 11 item 7: as on the scoreboard. A hand never scores 19, 25-27 or over 29; the
    # five-card game's 3-card hand never 16-19 or over 20 (and with 4 kept, 24 is a hand).
    for n in ("19", "25", "26", "27", "30", "99"):
        h = board_in(MODE_VERIFY)
        h.type(n)
        before = state(h)
        h.press("#")
        refused(h, *before)
        assert "no hand scores {}".format(n) in text(h)
        h.type("4#")  # a digit starts a new claim: 4, not 194
        assert "B hand: 4" in h.lines
    h = board_in(MODE_VERIFY, ("five_card", 1))
    h.type("17#")
    assert "no 3-card hand scores 17" in text(h)
    h = board_in(MODE_VERIFY, ("five_card", 1), ("five_keep", 4))
    h.type("24# 4A 4B 5C 6D 6A")  # 4C 4D 5H 6S, starter 6C: a double double run, 24
    assert "correct: 24" in h.lines


def test_verify_a_card_typed_before_the_claim_is_no_claim():
    # Issue 11 item 7: 5 then a suit key: the 5 was a card's rank, not a claim; it goes.
    h = board_in(MODE_VERIFY)
    h.press("5")
    before = state(h)
    h.press("A")
    refused(h, *before)
    assert "the claim comes first" in text(h) and "B hand: ?" in h.lines
    h.press("#")  # no claim typed: # steps to the next count, it does not claim 5
    assert "A hand: ?" in h.lines


def test_verify_refuses_bad_cards_and_changes_nothing():
    h = board_in(MODE_VERIFY)
    h.type("8# 5D")
    before = state(h)
    h.type("5D")  # a duplicate: 5S again
    refused(h, *before)
    assert "5S is entered already" in text(h) and "cards 1/5:" in h.lines
    assert "5S 5?" in h.lines  # the rank stays: another suit key would take it ...
    h.press("6")  # ... but a digit starts a new card (issue 11 item 7): 6, not 56
    assert "5S 6?" in h.lines
    h.press("*")
    h.press("1")
    h.press("4")  # rank 14: refused, and nothing of it stays (issue 20)
    refused(h, *before)
    assert "rank 14 is out of range" in text(h) and "5S" in h.lines
    h.press("2")
    h.press("5")  # rank 25
    refused(h, *before)
    h.press("B")  # a suit with no rank
    refused(h, *before)
    assert "rank (1-13) first" in text(h)
    h.type("3A 4A 6A 7A")
    assert "is 9: missed 1" in h.lines  # 5S 3C 4C 6C, 7C: run of 5, and 3+5+7, 4+5+6 (4)
    h.press("9")  # a sixth card
    refused(h, *before)
    assert "too many cards" in text(h)


def test_verify_a_refused_rank_leaves_nothing_behind():
    # Issue 20: 12#, then 1 4 (a slip), then 1 3 A is the king of clubs, not the jack; 14 A
    # and 20 A enter no card (the 1 and the 2 of the refused rank are gone).
    h = board_in(MODE_VERIFY)
    h.type("12#")
    before = state(h)
    h.type("14")
    refused(h, *before)
    assert "rank 14 is out of range" in text(h)
    h.type("13A")
    assert "KC" in h.lines and "cards 1/5:" in h.lines
    before = state(h)
    h.type("14A")
    refused(h, *before)
    assert "rank (1-13) first" in text(h) and "KC" in h.lines
    h.type("20A")
    refused(h, *before)
    assert "rank (1-13) first" in text(h) and "KC" in h.lines
    h.type("10A")  # a ten typed whole after the slip
    assert "KC 10C" in h.lines


def test_coach_shares_the_card_entry_a_refused_rank_leaves_nothing():
    h = board_in(MODE_COACH)
    h.type("14")
    assert "rank 14 is out of range" in text(h)
    h.type("13A")
    assert "KC" in h.lines


def test_verify_five_card_game_hand_is_three_cards_and_the_starter():
    # 5-card game: 3 kept cards. 5C 5D 5H, starter 5S: 4 fives = 12 (pairs) + 8 (four
    # fifteens of three fives) = 20, the highest 3-card hand.
    h = board_in(MODE_VERIFY, ("five_card", 1))
    h.type("20# 5A 5B 5C 5D")
    assert "correct: 20" in h.lines


def test_coach_five_card_game_keeps_what_the_settings_say():
    # Issue 11 item 3: keep 3 (Hoyle, the default: throw 2) or keep 4 (throw 1).
    from cribbage.discard import advice_text, advise_discard

    h = board_in(MODE_COACH, ("five_card", 1))
    h.type("5C 5A 5B 11D 2A")
    assert " ".join(h.lines[2:]).strip() == advice_text(advise_discard("5H 5C 5D JS 2C", False))
    h = board_in(MODE_COACH, ("five_card", 1), ("five_keep", 4))
    h.type("5C 5A 5B 11D 2A")
    assert "throw 2C:" in text(h)  # one card thrown: keep 5 5 5 J


# -- discard coach -------------------------------------------------------------------


def test_discard_coach_shows_which_cards_to_throw():
    # Dealt 5H 5C 5D JS 2C 9D, not dealing: keep the three fives and the jack, throw 2C 9D
    # (positions 5 and 6: holes 21-25 and 26-30 blink red).
    from cribbage.discard import advice_text, advise_discard

    h = board_in(MODE_COACH)
    h.type("5C 5A 5B 11D 2A 9B")
    assert "throw 2C 9D:" in h.lines
    expected = advice_text(advise_discard("5H 5C 5D JS 2C 9D", False))
    assert " ".join(h.lines[2:]).strip() == expected
    quiet(h)
    blink_on(h)
    assert [h.led(x) for x in (1, 20, 21, 30)] == [BAR_WHITE] * 2 + [BAR_RED] * 2
    blink_off(h)
    assert h.led(21) == BAR_WHITE
    h.press("#")  # our crib now: the advice is worked out again
    assert "crib: ours (#)" in h.lines
    assert " ".join(h.lines[2:]).strip() == advice_text(advise_discard("5H 5C 5D JS 2C 9D", True))
    before = state(h)
    h.press("3")  # a seventh card
    refused(h, *before)
    assert "too many cards" in text(h)
    h.press("*")
    assert "cards 5/6:" in h.lines
    h.type("5")
    h.press("A")  # 5C again
    refused(h, *before)
    assert "5C is entered already" in text(h) and "cards 5/6:" in h.lines


def test_discard_coach_three_players_deal_five_and_throw_one():
    h = board_in(MODE_COACH, ("players", 3))
    h.type("5C 5A 5B 11D 13A")
    assert "throw KC:" in text(h)  # keep 5 5 5 J: no other single throw comes close
    quiet(h)
    blink_on(h)
    assert h.led(21) == BAR_RED and h.led(20) == BAR_WHITE
