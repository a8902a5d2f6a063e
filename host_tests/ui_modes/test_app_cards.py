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


def wrap_lines(h):
    """The coach's advice lines (after the crib line), as displayed."""
    return [x for x in h.lines[2:] if x and x != "no 4 of one suit"]


# -- count verify ----------------------------------------------------------------------
# Cards one key each: 1-9, 0 a ten, A B C jack queen king; the starter after the kept cards in
# the deal's first count; then the claim's digits and the key that says what the suits make
# where the ranks leave it open: # none, A nobs, B a flush, C a flush with the starter.


def test_verify_the_29_hand_shows_the_true_count_and_the_missed_points():
    # The rulebook's 29 hand: 5S 5C 5D JH, starter 5H. A deals: B's hand is due. A claim
    # of 12, and A (nobs: the jack is the starter's suit) misses 17.
    h = board_in(MODE_VERIFY)
    assert h.lines[1] == "B hand cards:" and "1-9 0=10 ABC=JQK" in h.lines
    h.type("555A")
    assert "5 5 5 J | _" in h.lines and "now the starter" in h.lines
    h.type("5")  # the starter: a pair of fives and more, no flush; nobs could be
    assert "#:none A:nobs" in h.lines and "B hand claims ?" in h.lines
    h.type("12A")
    assert "claim 12: is 29" in h.lines and "missed 17" in h.lines
    assert "15s 16 pairs 12" in h.lines and "runs 0 nobs 1" in h.lines
    quiet(h)
    blink_on(h)
    # White bar 1-29 (the true count), the 17 missed (13-29) blinking red over it.
    assert [h.led(x) for x in (1, 12, 13, 29, 31)] == [BAR_WHITE] * 2 + [BAR_RED] * 2 + [DARK]
    blink_off(h)
    assert h.led(13) == BAR_WHITE and h.led(29) == BAR_WHITE
    assert h.led(96) == BAR_WHITE and h.led(119) == BAR_WHITE  # 5 cards: holes 96-119
    # Muggins is off by default: the opponent's key cannot take the points; a card too many
    # (a jack: the A key) says the cards are in, not "muggins".
    before = state(h)
    h.press("A")
    refused(h, *before)
    assert "the cards are in, # pegs +12" in text(h)
    h.press("7")
    refused(h, *before)


def test_verify_with_muggins_gives_the_missed_points_to_the_opponent():
    # The rulebook's hand 2: 4C 5S 6D 7C, starter 5H = 14. A deals, so the count due first
    # is B's hand (issue 11 item 12): a claim of 12 misses 2, and muggins gives them to A,
    # the one opponent, with A's key; B's own key is refused (muggins on: B keeps its claim).
    h = board_in(MODE_VERIFY, ("muggins", 1))
    h.type("45675 12#")  # four ranks that differ: a flush could be; # says none
    assert "missed 2" in h.lines and "A: +2 muggins" in h.lines
    before = state(h)
    h.press("B")
    refused(h, *before)
    assert "#: B +12" in text(h)
    h.press("A")
    assert h.keeper.game.last[0:4] == (PEG, 0, MUGGINS, 2)
    assert "#: B +12" in h.lines
    before = state(h)
    h.press("A")  # only once
    refused(h, *before)
    assert "taken already" in text(h)
    h.press("#")  # B pegs its claim, 12; A's hand is next, the starter kept
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 12)
    assert h.keeper.game.scores[:2] == [2, 12] and "A hand cards:" in h.lines
    assert "_ _ _ _ | 5" in h.lines


def test_verify_muggins_is_awarded_once_even_when_the_claim_is_checked_again():
    # 12 claimed for 4C 5S 6D 7C, starter 5H (14): A takes the 2 missed. * takes the verdict
    # back and the award with it while it is the last thing pegged; checked again, the 2
    # can be taken once more, but never twice.
    h = board_in(MODE_VERIFY, ("muggins", 1))
    h.type("45675 12# A")
    assert h.keeper.game.scores[:2] == [2, 0]
    h.press("*")  # the verdict back: the 2 go back too
    assert h.keeper.game.scores[:2] == [0, 0] and h.keeper.game.events == []
    assert "muggins undone" in h.lines and "B hand claims 12" in h.lines
    h.press("#")
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
    h.type("45675 12#")
    assert "A-C: +2 muggins" in h.lines
    before = state(h)
    h.press("D")  # no side D with three players
    refused(h, *before)
    h.press("C")
    assert h.keeper.game.last[0:4] == (PEG, 2, MUGGINS, 2)
    h.press("#")  # B pegs its claim; C's hand is next (clockwise from the dealer's left)
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 12) and "C hand cards:" in h.lines


def test_verify_pegs_each_count_and_steps_through_the_show_keeping_the_starter():
    # Issue 20: checking is the way to count. A deals; B's hand 4C 5S 6D 7C, starter 5H
    # (the rulebook's 14 hand), claimed 12, muggins off: # pegs the claim (the "short claim"
    # rule's ACC default: the points missed are lost).
    h = board_in(MODE_VERIFY)
    h.type("45675 12#")
    assert "missed 2" in h.lines and "#: B +12" in h.lines
    h.press("#")
    g = h.keeper.game
    assert g.last[0:4] == (PEG, 1, HAND, 12) and g.scores[:2] == [0, 12]
    # A's hand: only the four kept cards are typed, the starter 5 is kept. 5C 5D JH 10C:
    # fifteens J+5 and 10+5 with each of three fives (12) and 5+5+5 (2): 14; three pairs of
    # fives 6; nobs (the jack of hearts, the starter's suit) 1: 21. Correct: pegged at once.
    assert "A hand cards:" in h.lines
    h.type("55A0 21A")
    assert g.last[0:4] == (PEG, 0, HAND, 21) and "correct: A hand +21" in text(h)
    # A's crib 2C 4C 6C 8C: fifteens 2+8+5 and 4+6+5 (4), the run 4-5-6 (3), no flush (the
    # starter is a heart): 7. Claimed 9: over by 2, so # pegs the 7 the cards score.
    assert "A crib cards:" in h.lines
    h.type("2468 9#")
    assert "claim 9: is 7" in h.lines and "2 over" in h.lines and "#: A +7" in h.lines
    h.press("#")  # the crib was the last count: the deal passes, back to the scoreboard
    g = h.keeper.game
    assert g.events[-2][0:4] == (PEG, 0, CRIB, 7) and g.scores[:2] == [28, 12]
    assert h.view.mode == MODE_SCORE and g.dealer == 1
    assert "A crib +7; B deals" in text(h)


def test_verify_a_short_claim_pegs_the_true_count_under_the_house_rule():
    h = board_in(MODE_VERIFY, ("short_claim", 1))
    h.type("45675 12#")
    assert "#: B +14" in h.lines
    h.press("#")
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 14)


def test_verify_a_count_pegged_on_the_scoreboard_is_not_pegged_twice():
    h = board_in(MODE_SCORE)
    h.type("#14B")  # B's hand, on the scoreboard
    h.to_mode(MODE_VERIFY)
    assert "A hand cards:" in h.lines  # the count due (the starter not typed yet)
    h.type("##")  # round to B's hand again: A crib, B hand
    assert "B hand cards:" in h.lines
    before = len(h.keeper.game.events)
    h.type("45675 14#")
    assert len(h.keeper.game.events) == before and "B hand was pegged already" in text(h)


def test_verify_muggins_set_for_the_next_game_says_so():
    # Issue 20: muggins switched on once a game is under way applies from the next game.
    h = board_in(MODE_SCORE)
    h.type("2A")
    h.keeper.set_setting("muggins", 1)
    h.to_mode(MODE_VERIFY)
    h.type("45675 12#")
    before = state(h)
    h.press("A")
    refused(h, *before)
    assert "muggins is on from the next game" in text(h)


def test_verify_five_card_game_keeping_four_checks_a_crib_of_two():
    # Issue 20: the rulebook's five-card game keeps 4, so each throws one: the crib is two
    # cards. 4H 6H, starter 5H: the run 4-5-6 (3), 4+5+6 (2), three hearts (3): 8.
    h = board_in(MODE_VERIFY, ("five_card", 1), ("five_keep", 4))
    h.type("##")
    assert "A crib cards:" in h.lines
    h.type("46")
    assert "now the starter" in h.lines
    h.type("5")
    assert "C: flush of 3" in h.lines  # a crib's flush takes the starter: of 3 here
    h.type("8C")
    assert h.keeper.game.last[0:4] == (PEG, 0, CRIB, 8)


def test_verify_follows_the_scoreboards_counting_order():
    # B's hand is counted on the scoreboard; verify then checks A's hand, then A's crib
    # (# before any card steps through the hand's counts).
    h = board_in(MODE_SCORE)
    h.type("#8B")
    h.to_mode(MODE_VERIFY)
    assert h.lines[1] == "A hand cards:"
    h.press("#")
    assert h.lines[1] == "A crib cards:"
    h.press("#")
    assert h.lines[1] == "B hand cards:"


def test_verify_a_hand_flush_and_a_crib_that_is_none():
    # 2H 4H 6H 8H, starter KS: all even values, so no fifteen; no pair, no run. As a hand the
    # four hearts are a flush (4): B says so; a crib needs all five of one suit: 0.
    h = board_in(MODE_VERIFY)
    h.type("2468C")
    assert "flush: B 4, C 5" in h.lines
    h.type("4B")
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 4)
    h.type("#")  # A's hand: step on to A's crib
    assert "A crib cards:" in h.lines
    h.type("2468 4#")
    assert "claim 4: is 0" in h.lines and "4 over" in h.lines
    quiet(h)  # no white bar (the true count is 0); the 4 claimed too many in steady red
    assert [h.led(x) for x in (1, 4, 5)] == [BAR_RED, BAR_RED, (4, 4, 4)]


def test_verify_start_again_never_shows_the_last_results_bars():
    # Issue 11 item 5. 4C 5S 6D 7C, starter 5H = 14. A claim of 18 shows 4 too many (red
    # 15-18); after long *, nothing of it stays; a correct 14 pegs at once and the next
    # count starts with no bar from hole 1.
    h = board_in(MODE_VERIFY)
    h.type("45675 18#")
    quiet(h)
    assert [h.led(x) for x in (14, 16, 18)] == [BAR_WHITE, BAR_RED, BAR_RED]
    h.hold("*", 1000)
    quiet(h)
    assert [h.led(x) for x in (1, 14, 16, 18, 96)] == [DARK] * 5
    h.type("45675 14#")
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 14) and "A hand cards:" in h.lines
    quiet(h)
    assert [h.led(x) for x in (1, 12, 14, 96)] == [DARK] * 3 + [BAR_WHITE]  # 96: the slot
    # ... and leaving for the pegging helper (or the coach) shows none of count verify's bars
    # (hole 1 is the helper's light for B to play; the coach's first card slot blinks 1-5).
    h.type("555 29")
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
        h.type("45675" + n)
        before = state(h)
        h.press("#")
        refused(h, *before)
        assert "no hand scores {}".format(n) in text(h)
        h.type("4")  # a digit starts a new claim: 4, not 194
        assert "B hand claims 4" in h.lines
    h = board_in(MODE_VERIFY, ("five_card", 1))
    h.type("4564 17#")
    assert "no 3-card hand scores 17" in text(h)
    h = board_in(MODE_VERIFY, ("five_card", 1), ("five_keep", 4))
    h.type("44566 24#")  # 4C 4D 5H 6S, starter 6C: a double double run, 24
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 24)


def test_verify_a_card_too_many_says_the_cards_are_in():
    # Issue 27: the hand is complete; a rank key then says so (J, Q, K too: no suit can
    # change this count, a pair and no jack, so A B C are no answer either).
    h = board_in(MODE_VERIFY)
    h.type("55B97")  # 5 5 Q 9, starter 7: no suit can change it
    assert "#: check it" in h.lines
    before = state(h)
    for key in "ABC":  # a jack, queen, king too many
        h.press(key)
        refused(h, *before)
        assert "the cards are in: claim, then #" in text(h)
    h.press("7")  # a digit now is the claim's (the display shows it)
    assert "B hand claims 7" in h.lines
    h.press("*")
    h.press("D")  # D is no card and no answer
    refused(h, *before)
    assert "the cards are in: claim, then #" in text(h)


def test_verify_refuses_a_fifth_card_of_a_rank_and_takes_cards_back():
    h = board_in(MODE_VERIFY)
    h.type("5555")
    before = state(h)
    h.press("5")  # the starter a fifth five: a deck has four
    refused(h, *before)
    assert "a 5th 5? a deck has four" in " ".join(" ".join(h.lines).split())
    assert "5 5 5 5 | _" in h.lines
    h.press("*")  # take back the last card
    assert "5 5 5 _ | _" in h.lines
    h.type("A5")  # the jack, the starter: 5 5 5 J | 5, the 29 hand's ranks
    assert "#:none A:nobs" in h.lines


def test_coach_takes_one_key_a_card_and_spreads_the_suits_on_hash():
    # Dealt 5 5 5 J 2 9 (one key a card), then # for the suits: none four alike, so the coach
    # spreads them (the cards as spread: clubs, diamonds, hearts, spades, then the suits used
    # least that no card of its rank has) and says so.
    from cribbage.discard import advice_text, advise_discard
    from modes.coach import spread

    h = board_in(MODE_COACH)
    h.type("5555")
    before = state(h)
    h.press("5")  # a fifth five
    refused(h, *before)
    assert "a 5th 5? a deck has four" in text(h)
    h.type("*A29")  # the fourth five back; J 2 9
    assert "suit of 5: A-D" in h.lines and "#: none alike" in h.lines
    assert spread([5, 5, 5, 11, 2, 9]) == [0, 1, 2, 3, 0, 1]
    h.press("#")
    want = advice_text(advise_discard("5C 5D 5H JS 2C 9D", False))
    assert " ".join(wrap_lines(h)) == want and "no 4 of one suit" in h.lines


def test_verify_five_card_game_hand_is_three_cards_and_the_starter():
    # 5-card game: 3 kept cards. 5C 5D 5H, starter 5S: 4 fives = 12 (pairs) + 8 (four
    # fifteens of three fives) = 20, the highest 3-card hand.
    h = board_in(MODE_VERIFY, ("five_card", 1))
    h.type("5555 20#")
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 20) and "correct: B hand +20" in text(h)


def test_coach_five_card_game_keeps_what_the_settings_say():
    # Issue 11 item 3: keep 3 (Hoyle, the default: throw 2) or keep 4 (throw 1).
    from cribbage.discard import advice_text, advise_discard

    h = board_in(MODE_COACH, ("five_card", 1))
    h.type("555A2 CABDA")  # 5H 5C 5D JS 2C: the ranks, then a suit a card
    assert " ".join(h.lines[2:]).strip() == advice_text(advise_discard("5H 5C 5D JS 2C", False))
    h = board_in(MODE_COACH, ("five_card", 1), ("five_keep", 4))
    h.type("555A2 CABDA")
    assert "throw 2C:" in text(h)  # one card thrown: keep 5 5 5 J


# -- discard coach -------------------------------------------------------------------


def test_discard_coach_shows_which_cards_to_throw():
    # Dealt 5H 5C 5D JS 2C 9D, not dealing: keep the three fives and the jack, throw 2C 9D
    # (positions 5 and 6: holes 21-25 and 26-30 blink red).
    from cribbage.discard import advice_text, advise_discard

    h = board_in(MODE_COACH)
    h.type("555A29 CABDAB")  # 5H 5C 5D JS 2C 9D: the ranks, then a suit a card
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
    assert "the advice is in" in text(h)
    h.press("*")  # the last suit back: 9 is asked again
    assert "suit of 9: A-D" in h.lines
    h.type("*")  # and 2's
    before = state(h)
    h.press("C")  # hearts for 2: 2H
    h.press("*")
    h.press("*")  # and the fifth five's suit: 5 is asked; clubs is the second five's
    h.press("A")  # 5C again? it is the second card's: refused
    h.type("*")
    assert "suit of J: A-D" in h.lines


def test_discard_coach_three_players_deal_five_and_throw_one():
    h = board_in(MODE_COACH, ("players", 3))
    h.type("555AC CABDA")  # 5H 5C 5D JS KC
    assert "throw KC:" in text(h)  # keep 5 5 5 J: no other single throw comes close
    quiet(h)
    blink_on(h)
    assert h.led(21) == BAR_RED and h.led(20) == BAR_WHITE
