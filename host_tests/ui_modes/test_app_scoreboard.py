# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The scoreboard, played through the keypad as a player would (fake clock, in-memory flash):
keys in; keeper state, LED colours and display text out. Expectations derived by hand."""

from app_support import (
    A_BACK,
    A_DEALER,
    A_FRONT,
    B_BACK,
    B_DEALER,
    B_FRONT,
    C_FRONT,
    D_FRONT,
    DARK,
    FLASH,
    MARK,
    SKUNK,
    blink_off,
    blink_on,
    board,
    board_in,
    fits,
    quiet,
    refused,
    state,
    text,
)
from modes import MODE_SCORE
from render import WIN_MS
from scorekeeper.events import CORRECTION, CRIB, DEAL, GO, HAND, PEG, PLAY, START
from view import SIG_ERROR, SIG_NEWGAME, SIG_UNDO


def last(h):
    ev = h.keeper.game.last
    return ev[0:4]


def test_points_then_side_peg_play_points_and_a_side_key_alone_is_a_go():
    h = board()
    h.type("2A")
    assert h.keeper.game.scores[:2] == [2, 0]
    assert last(h) == (PEG, 0, PLAY, 2)
    h.press("B")
    assert last(h) == (PEG, 1, GO, 1)
    h.type("12B")  # 12 in the play (four of a kind)
    assert last(h) == (PEG, 1, PLAY, 12)
    h.type("1A")  # 1 is always a go
    assert last(h) == (PEG, 0, GO, 1)
    quiet(h)
    # A: front 3, back 2. B: front 13, back 1. A deals: the game hole in A's colour.
    assert h.led(3) == A_FRONT and h.led(2) == A_BACK
    assert h.led(13) == B_FRONT and h.led(1) == B_BACK
    assert h.led(121) == A_DEALER
    assert h.led(5) == MARK and h.led(4) == DARK and h.led(61) == SKUNK and h.led(91) == SKUNK
    assert h.lines[1] == "A   3   +1 *" and h.lines[2] == "B  13  +12"


def test_pending_points_blink_ahead_of_every_side_and_change_nothing():
    h = board()
    h.type("2A")
    h.type("3B")
    before = state(h)
    h.press("5")
    blink_on(h)
    assert h.led(7) == A_FRONT and h.led(8) == B_FRONT  # 2 + 5 and 3 + 5
    assert h.led(2) == A_FRONT and h.led(3) == B_FRONT  # the pegs stay where they are
    blink_off(h)
    assert h.led(7) == DARK and h.led(8) == DARK
    assert state(h) == before
    assert "A-B: +5 play" in h.lines and "#: B's hand 5" in h.lines  # what each key does
    h.press("B")
    assert h.keeper.game.scores[:2] == [2, 8]


def test_the_show_counts_in_order_pone_dealer_crib_then_the_deal_passes_by_itself():
    h = board()  # A deals first: B is the pone
    h.press("#")  # the play is over
    assert "show: B's hand" in h.lines
    h.type("8#")
    assert last(h) == (PEG, 1, HAND, 8)
    h.type("12#")
    assert last(h) == (PEG, 0, HAND, 12)
    assert "show: A's crib" in h.lines
    h.type("4#")  # the last count: the deal passes with it
    g = h.keeper.game
    assert g.events[-2][:4] == (PEG, 0, CRIB, 4) and g.last[0:2] == (DEAL, 1)
    assert g.dealer == 1 and not g.flagged
    assert "A crib +4; B" in h.lines and "deals" in h.lines
    quiet(h)
    assert h.led(121) == B_DEALER
    assert "#: A's hand next" in h.lines  # the new deal's play; A is the pone now
    before = state(h)
    h.press("#")  # # out of habit: the deal has passed already, no empty play
    refused(h, *before)
    assert "B deals: the play first, then #" in " ".join(h.lines)


def test_in_the_show_a_side_key_counts_that_side_hand_then_crib():
    h = board()
    h.type("#6B")  # the pone's hand
    assert last(h) == (PEG, 1, HAND, 6)
    h.type("10A")
    assert last(h) == (PEG, 0, HAND, 10)
    before = state(h)
    h.type("3B")  # B has counted everything
    refused(h, *before)
    assert "B has counted this hand; next: A crib" in " ".join(h.lines)
    h.type("2A")  # A has counted its hand: this is its crib, and the deal passes
    assert h.keeper.game.events[-2][:4] == (PEG, 0, CRIB, 2) and last(h)[0] == DEAL


def test_a_count_out_of_turn_is_taken_and_flagged():
    h = board()
    h.type("#9A")  # the dealer counts before the pone
    assert last(h) == (PEG, 0, HAND, 9)
    assert h.keeper.game.flagged
    assert "A out of turn:" in h.lines and "taken, flagged" in h.lines


def test_impossible_hand_and_crib_counts_are_refused_unless_entered_as_a_correction():
    for n in (19, 25, 26, 27, 30, 31, 99):
        h = board()
        h.press("#")
        before = state(h)
        h.type(str(n) + "#")
        refused(h, *before)
        text = " ".join(h.lines)
        assert "no hand scores" in text and "correction" in text, text
        h.type("*" + str(n) + "B")  # a side key in the show: the same count, refused alike
        refused(h, *before)
        h.hold("*", 1000)  # long *: the entry becomes a correction
        assert "correction +" in h.lines
        h.press("B")
        assert last(h) == (PEG, 1, CORRECTION, n)
        assert h.keeper.game.scores[1] == n
    h = board()
    h.type("#0#0#")  # pone and dealer counted 0; the crib is next
    before = state(h)
    h.type("19#")
    refused(h, *before)
    assert "no crib scores 19" in " ".join(h.lines)
    h.type("*28#")  # 28 is possible (a 5 5 5 5 crib and a ten starter... 28)
    assert h.keeper.game.events[-2][:4] == (PEG, 0, CRIB, 28)  # and the deal passed


def test_a_negative_correction_moves_the_front_peg_back():
    h = board()
    h.type("9A1A")  # 9 in the play, and a go
    h.hold("*", 1000)
    h.hold("*", 1000)  # long * again: a negative correction
    assert "correction -" in h.lines
    h.press("3")
    blink_on(h)
    assert h.led(7) == A_FRONT  # previewed: 10 - 3
    h.press("A")
    assert last(h) == (PEG, 0, CORRECTION, -3)
    quiet(h)
    assert h.keeper.game.scores[0] == 7 and h.led(7) == A_FRONT and h.led(10) == MARK


def test_a_correction_needs_points_and_a_side_key():
    h = board()
    h.hold("*", 1000)
    before = state(h)
    h.press("A")
    refused(h, *before)
    h.type("4#")
    refused(h, *before)
    assert "side key" in " ".join(h.lines)


def test_passing_the_deal_with_a_count_missing_takes_a_second_hash():
    h = board()
    h.type("#8#")  # the pone counted; the dealer's hand and crib are missing
    before = state(h)
    h.press("#")
    refused(h, *before)
    assert "A hand is not in" in " ".join(h.lines)
    h.press("#")
    g = h.keeper.game
    assert g.dealer == 1 and g.flagged


def test_star_clears_the_entry_else_undoes_the_last_event_repeatedly():
    h = board()
    h.type("2A3B")
    h.type("5*")
    assert h.view.preview_side == -1 and h.keeper.game.scores[:2] == [2, 3]
    h.press("*")
    assert h.keeper.game.scores[:2] == [2, 0] and h.view.signal == SIG_UNDO
    assert "undo: B +3 play" in h.lines
    h.press("*")
    assert h.keeper.game.scores[:2] == [0, 0]
    before = state(h)
    h.press("*")
    refused(h, *before)
    assert "nothing to undo" in " ".join(h.lines)


def test_star_takes_the_show_back_to_the_play():
    h = board()
    h.press("#")
    assert "show: B's hand" in h.lines
    h.press("*")
    assert "#: B's hand next" in h.lines
    h.type("2B")
    assert last(h) == (PEG, 1, PLAY, 2)


def test_holding_hash_three_seconds_starts_a_new_game_and_a_shorter_hold_does_nothing():
    h = board()
    h.type("2A3B")
    h.hold("#", 1500)  # long enough for the hint, not for the new game; no pass either
    assert h.keeper.game.scores[:2] == [2, 3] and h.keeper.game.dealer == 0
    h.board.keys = 1 << 14  # hold # down and watch
    h.wait(1000)
    assert "keep holding #" in h.lines
    h.wait(2200)
    h.board.keys = 0
    h.wait(100)
    g = h.keeper.game
    assert g.scores[:2] == [0, 0] and g.events == [] and h.view.signal == SIG_NEWGAME
    assert h.keeper.match.games == [0, 0, 0, 0]  # abandoned: nobody won it


def test_a_win_plays_the_animation_then_holds_the_final_position():
    h = board()
    h.hold("*", 1000)
    h.type("115A")  # A to 115 by a correction
    h.type("9B1B")  # 9 in the play, and a go
    h.type("6A")  # 121: A wins; B on 10 is double-skunked
    g = h.keeper.game
    assert g.winner == 0 and g.skunk == 2 and h.view.winner == 0
    during = bytes(h.board.leds)
    h.wait(WIN_MS)
    final = bytes(h.board.leds)
    assert during != final
    assert h.led(121) == A_FRONT and h.led(115) == A_BACK and h.led(10) == B_FRONT
    writes = h.board.writes
    h.wait(5000)
    assert bytes(h.board.leds) == final and h.board.writes == writes  # held: nothing redrawn
    before = state(h)
    h.type("2B")
    refused(h, *before)
    assert "game over" in " ".join(h.lines)
    assert "A wins dbl skunk" in h.lines


def test_four_sides_use_all_four_letter_keys_and_long_d_still_changes_mode():
    h = board_in(MODE_SCORE, ("players", 4))
    h.type("3D")
    h.type("2C")
    assert h.keeper.game.scores == [0, 0, 2, 3]
    quiet(h)
    assert h.led(3) == D_FRONT and h.led(2) == C_FRONT
    h.hold("D", 1000)
    assert h.view.mode == 1 and h.keeper.game.scores == [0, 0, 2, 3]


def test_a_side_not_in_the_game_is_refused():
    h = board()
    before = state(h)
    h.type("2C")
    refused(h, *before)
    assert "no side C" in " ".join(h.lines)


def test_play_points_the_rules_forbid_are_refused():
    h = board()
    h.type("2B")  # something pegged: 0 then a side is no longer the cut for deal
    before = state(h)
    h.type("16A")  # one card pegs at most 14, 15 with the last card
    refused(h, *before)
    h.type("*0A")  # nothing to peg
    refused(h, *before)
    h.type("*123")
    h.press("4")  # a fourth digit
    refused(h, *before)


def test_five_card_game_three_for_last_goes_to_the_pone():
    h = board_in(MODE_SCORE, ("five_card", 1))
    assert "3 B: 3 for last" in h.lines
    h.type("3B")
    assert last(h) == (PEG, 1, START, 3)
    h.type("3B")  # no longer due: ordinary play points
    assert last(h) == (PEG, 1, PLAY, 3)


def test_undo_and_new_game_run_a_white_sweep_along_the_track():
    # 5 white holes run back from the game hole (undo) or on from hole 1 (new game) in
    # 512 ms: at t ms the head is t * 121 / 512 holes along.
    h = board()
    h.type("2A")
    h.press("*")
    t = h.board.ticks_ms() - h.view.signal_ms
    head = (t * 121) >> 9
    assert h.led(121 - 4 - head + 2) == FLASH and h.led(121 - 4 - head - 3) != FLASH
    h.hold("#", 3100)
    t = h.board.ticks_ms() - h.view.signal_ms
    head = (t * 121) >> 9
    assert h.view.signal == SIG_NEWGAME
    assert h.led(head - 4 + 2) == FLASH


def test_after_a_refusal_a_side_key_still_takes_the_entry_but_a_digit_starts_a_new_one():
    h = board()
    h.type("#5#")  # the show: B's hand 5; A's hand is next
    before = state(h)
    h.type("5B")  # B has counted: refused, the 5 stays for a side key ...
    refused(h, *before)
    assert "B has counted" in " ".join(h.lines) and "next: A hand" in " ".join(h.lines)
    h.press("A")
    assert last(h) == (PEG, 0, HAND, 5)
    h.type("19#")  # no crib scores 19; typing the count again starts a new number, not 199
    h.type("12#")  # the crib: the deal passes, B deals
    assert h.keeper.game.events[-2][:4] == (PEG, 0, CRIB, 12)
    h.type("2C")  # no side C; the 2 stays for the right side key ...
    h.type("2C")  # ... and typed again it is 2, not 22: refused again
    h.press("B")
    assert last(h) == (PEG, 1, PLAY, 2)
    assert h.keeper.game.scores[:2] == [17, 7]


def test_the_show_done_and_undo_lines_fit_the_display():
    h = board()
    h.type("#4#4#4#")  # the crib's count passes the deal
    assert "A crib +4; B" in h.lines and "deals" in h.lines and fits(h)
    h.press("*")  # the pass taken back: every count is in
    assert "all in: # = deal" in h.lines and fits(h)
    h.hold("*", 1000)
    h.type("12B")
    h.press("*")
    assert "undo: B +12" in h.lines and "correction" in h.lines and fits(h)
    h.type("#")
    h.hold("*", 1000)
    h.type("12A")  # A: 12 + 12 + 12
    h.type("24#")  # in the play: # first says what it would do (issue 11 item 11) ...
    assert fits(h) and "# again: A's hand 24; the show starts" in text(h)
    h.press("*")
    h.type("27#")  # ... but a count no hand scores is refused at once (issue 20)
    assert fits(h) and "no hand scores" in h.lines


def test_the_first_hash_refuses_an_impossible_count():
    # Issue 20: after 29# (asking "# again"), 0 makes 290; the first # refuses it, with
    # nothing changed, and the preview never offers the game hole.
    h = board()
    h.type("29#")
    assert "# again: B's hand 29; the show starts" in text(h)
    h.press("0")
    before = state(h)
    h.press("#")
    refused(h, *before)
    assert "no hand scores 290" in text(h)
    h.type("12#")  # a digit starts again after the refusal: 12, asked, then counted
    assert "# again: B's hand 12; the show starts" in text(h)
    h.press("#")
    assert last(h) == (PEG, 1, HAND, 12)


def test_every_count_in_says_to_press_star_and_hash_does_not_loop():
    # Issue 20: every count is in, digits typed: # says * clears them (it used to say
    # "# alone passes the deal" while # kept resubmitting them); * then # passes the deal.
    h = board()
    h.type("#4#4#4#*")  # the last count passes the deal; * takes the pass back
    h.type("5")
    before = state(h)
    h.press("#")
    refused(h, *before)
    assert "every count is in: * clears, then # passes the deal" in text(h)
    h.press("*")
    h.press("#")
    assert h.keeper.game.deals == 1


def test_a_correction_is_bounded_and_the_game_hole_needs_a_second_key():
    # Issue 20: long *, 387, B gave "B 121 +387 B wins dbl skunk"; 999 in a 61-point game a
    # lurch. A correction sets a score the side could have: at most the game hole, and the
    # game hole only with the side key pressed again.
    h = board()
    h.hold("*", 1000)
    h.type("387")
    before = state(h)
    h.press("B")
    refused(h, *before)
    assert "a correction sets a score of 0-121: B has 0" in text(h)
    h.press("*")
    h.hold("*", 1000)
    h.type("121B")  # to the game hole: asked first, nothing pegged
    assert h.keeper.game.events == [] and "B again: B to 121, the game hole" in text(h)
    h.press("A")  # another key: not the confirmation
    assert h.keeper.game.winner < 0
    h.press("*")
    h.hold("*", 1000)
    h.type("121B")
    h.press("B")  # the same key again: B goes to the game hole
    assert last(h) == (PEG, 1, CORRECTION, 121) and h.keeper.game.winner == 1
    h = board_in(MODE_SCORE, ("target", 61))
    h.hold("*", 1000)
    h.type("999A")
    assert "a correction sets a score of 0-61: A has 0" in text(h)
    assert h.keeper.game.winner < 0


def test_a_side_key_after_the_game_is_over_says_game_over():
    # Issue 20: a side key alone used to say "type the count (0 if none), then the side".
    h = board()
    h.hold("*", 1000)
    h.type("121A")
    h.press("A")
    assert h.keeper.game.over
    for key in ("B", "A"):
        before = state(h)
        h.press(key)
        assert h.view.signal == SIG_ERROR and state(h) == before  # (the win's animation runs)
        assert "game over" in text(h)
    h.hold("B", 1000)  # his heels too
    assert "game over" in text(h)


def test_five_card_three_for_last_is_offered_in_the_play_only():
    h = board_in(MODE_SCORE, ("five_card", 1))
    h.press("#")  # the show: 3 then B would be B's hand, not three for last
    assert "3 B: 3 for last" not in h.lines and "show: B's hand" in h.lines
    h.type("3B")
    assert last(h) == (PEG, 1, HAND, 3)


def test_after_the_game_is_over_digits_are_refused_at_once():
    h = board()
    h.hold("*", 1000)
    h.type("120A")
    h.press("A")  # a go: 121
    assert h.keeper.game.over
    before = state(h)
    h.press("5")
    refused(h, *before)
    assert "game over" in " ".join(h.lines) and h.view.preview_points == 0
    h.press("*")  # nothing was typed: * undoes the go at once
    assert h.keeper.game.scores[0] == 120 and not h.keeper.game.over
