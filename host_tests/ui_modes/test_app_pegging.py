# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The pegging helper, played through the keypad: one key a card; the board pegs what each card
scores for the right side. Expectations derived by hand (see each test)."""

from app_support import BAR_WHITE, DARK, board_in, fits, quiet, refused, state, text
from modes import MODE_PEGGING, MODE_SCORE
from scorekeeper.events import CARD, GO, PEG, PLAY
from scorekeeper.history import deals

# -- pegging helper ------------------------------------------------------------------


def test_pegging_helper_pegs_15s_pairs_31s_runs_and_last_card_to_the_right_side():
    # A deals, B leads. B 5, A J = 15 (A 2); B 5 (20); A 5, a pair (A 2, 25); B 6 = 31 (B 2),
    # the count starts again with A: A 7, B 8 = 15 (B 2), A 9: run 7-8-9 (3) and the last
    # card (1) = 4 for A. A 2+2+4 = 8, B 2+2 = 4.
    h = board_in(MODE_PEGGING)
    h.type("5A5")
    assert h.keeper.game.scores[:2] == [2, 0]
    h.type("5")
    assert h.keeper.game.scores[:2] == [4, 0]
    h.type("6")
    assert h.keeper.game.scores[:2] == [4, 2]
    assert "count 0 A plays" in h.lines
    quiet(h)
    assert h.led(1) == DARK  # the count is 0 again: no stale bar of the 31 (issue 11 item 6)
    h.type("78")
    assert "count 15 A plays" in h.lines
    quiet(h)
    assert [h.led(x) for x in (1, 15, 16)] == [BAR_WHITE] * 2 + [DARK]  # the count bar
    h.type("9")
    g = h.keeper.game
    # Each card and what it pegged is one CARD event in the keeper's log (the helper's only
    # store): (CARD, side, reason, points, dt, card). The 9 of clubs is card 8; its 4 hold
    # the last card, so it is filed as a go: 1 of the 4 is the go's, 3 the run's (issue 27:
    # as the scoreboard files 3 A then A).
    assert g.scores[:2] == [8, 4] and g.last[0:4] == (CARD, 0, GO, 4) and g.last[5] == 8
    assert "play over: #" in h.lines
    pegs = [ev[1:4] for ev in g.events if ev[3]]
    assert pegs == [(0, PLAY, 2), (0, PLAY, 2), (1, PLAY, 2), (1, PLAY, 2), (0, GO, 4)]
    assert len(g.events) == 8 and g.hand_cards == [4, 10, 17, 30, 5, 6, 7, 8]
    d = deals(g)[0]
    assert (d.kind(0, PLAY), d.kind(0, GO), d.kind(1, PLAY), d.kind(1, GO)) == (7, 1, 4, 0)
    # The same play keyed on the scoreboard (2 A, 2 A, 2 B, 2 B, 3 A, A): the same record.
    k = board_in(MODE_SCORE)
    k.type("2A2A2B2B3AA")
    e = deals(k.keeper.game)[0]
    assert [e.kind(s, r) for s in (0, 1) for r in (PLAY, GO)] == [7, 1, 4, 0]
    h.press("#")  # back to the scoreboard for the show
    assert h.view.mode == MODE_SCORE


def test_pegging_helper_go_and_refusals():
    # B K (10), A Q (20), B 9 (29): A cannot play: go. B plays an ace (30) and says go too:
    # B had the last card: 1 for the go, then A leads from 0.
    h = board_in(MODE_PEGGING)
    h.type("CB")
    before = state(h)
    h.press("D")  # a go at 20 is refused: every card fits
    refused(h, *before)
    h.type("9")
    before = state(h)
    h.press("5")  # 29 + 5 would pass 31
    refused(h, *before)
    assert "31" in text(h)
    h.press("D")  # A: go
    h.press("1")  # B: ace, 30
    h.press("D")  # B: go too: B pegs 1 for the go
    assert h.keeper.game.scores[:2] == [0, 1]
    assert "count 0 A plays" in h.lines
    assert "go: B +1" in h.lines  # what happened, not "B +1 to B" (issue 11 item 14)
    h.type("CC")  # A K, B K: a pair, B 2
    assert h.keeper.game.scores[:2] == [0, 3]
    h.type("C")  # A K: a pair royal, A 6 (B has played all four cards: A plays on)
    assert h.keeper.game.scores[:2] == [6, 3]
    before = state(h)
    h.press("C")  # a fifth king
    refused(h, *before)
    assert "all four Ks" in text(h)


def test_pegging_helper_undo_takes_back_the_card_and_its_points():
    h = board_in(MODE_PEGGING)
    h.type("5A")  # A 15 for 2
    assert h.keeper.game.scores[:2] == [2, 0]
    h.press("*")
    g = h.keeper.game
    assert g.scores[:2] == [0, 0] and [ev[0] for ev in g.events] == [CARD]  # the 5 stays
    assert "count 5 A plays" in h.lines
    h.press("*")
    h.press("*")
    assert "no card to take back" in text(h)


def test_pegging_helper_go_point_to_the_last_card_reads_as_what_happened():
    # Three players, A deals: B 10, C 10, A 10 (30; a pair of tens for C, then a pair royal
    # for A: 2 and 6). B cannot play: go. C: go; A: go; A played the last card: go, A +1.
    h = board_in(MODE_PEGGING, ("players", 3))
    h.type("000DD")
    assert h.keeper.game.scores[:3] == [6, 0, 2]
    h.press("D")
    assert "go: A +1" in h.lines and h.keeper.game.scores[:3] == [7, 0, 2]
    assert h.keeper.game.last[0:4] == (CARD, 0, GO, 1)


def test_pegging_helper_three_players():
    # Three players, A deals: B leads, then C, then A. B 7, C 8 = 15 (C 2), A 7 (22),
    # B 7: pair royal? No: 8 sits between the first 7 and the second. The last two, 7 7, pair
    # (B 2), count 29.
    h = board_in(MODE_PEGGING, ("players", 3))
    h.type("7877")
    assert h.keeper.game.scores[:3] == [0, 2, 2]


def test_pegging_helper_resumes_the_hand_after_a_power_cut():
    h = board_in(MODE_PEGGING)
    h.type("5A5")  # A 2, count 20, A to play
    h.power_cut()
    assert h.view.mode == MODE_PEGGING and "count 20 A plays" in h.lines
    h.press("5")  # A: a pair
    assert h.keeper.game.scores[:2] == [4, 0]


def test_pegging_helper_power_cut_inside_a_cards_record_loses_the_card_and_its_points():
    # The card and its points are one record: a cut while it is written drops both, so the
    # card is typed again and pegged once (there is no second store to disagree with).
    from tools.board.testkit import PowerCut

    h = board_in(MODE_PEGGING)
    h.press("5")
    events = len(h.keeper.game.events)
    h.board.fs.budget = 5  # the power goes 5 bytes into the jack's 12-byte record
    try:
        h.press("A")
        raise AssertionError("the power should have gone")
    except PowerCut:
        pass
    h.board.fs.budget = -1
    h.power_cut()
    assert len(h.keeper.game.events) == events and h.keeper.game.scores[:2] == [0, 0]
    assert "count 5 A plays" in h.lines  # the jack is typed again ...
    h.press("A")
    assert h.keeper.game.scores[:2] == [2, 0]  # ... and pegged once


def test_pegging_helper_start_again_takes_the_hands_points_back_so_they_peg_once():
    # Issue 11 item 12: long * replays the hand from its start without pegging twice.
    h = board_in(MODE_PEGGING)
    h.type("5A5")  # A 2 (15)
    h.hold("*", 1000)
    assert h.keeper.game.scores[:2] == [0, 0] and h.keeper.game.events == []
    assert "count 0 B plays" in h.lines and "play restarted:" in h.lines
    h.type("5A5")
    assert h.keeper.game.scores[:2] == [2, 0]
    # A scoreboard entry after the cards: start again would take it back too, so it refuses.
    h.hold("D", 3200)
    h.type("2B")
    h.to_mode(MODE_PEGGING)
    before = state(h)
    h.hold("*", 1000)
    refused(h, *before)
    assert "take back the scoreboard's entries first" in text(h)
    before = state(h)
    h.press("*")  # a single * also leaves the scoreboard's entry alone
    refused(h, *before)
    assert "last: B +2 play" in text(h)


def test_pegging_helper_follows_an_undo_on_the_scoreboard():
    # The scoreboard's * takes back the helper's last card: the helper is rebuilt from the log.
    h = board_in(MODE_PEGGING)
    h.type("5A")  # B 5, A J: 15 for A
    h.hold("D", 3200)
    h.press("*")
    assert "undo: card JC: A +2 play" in text(h)
    h.to_mode(MODE_PEGGING)
    assert "count 5 A plays" in h.lines and h.keeper.game.scores[:2] == [0, 0]


def test_pegging_helper_three_player_go_both_readings():
    # Issue 11 item 4. A deals; B leads. B 10, C 10 (pair: C 2), A K (30). B: go. C cannot
    # play either. Round the table (the default): A, who played the last card, plays on if
    # it can: A's ace makes 31 (2). Bicycle: the first player after B's go (C) cannot play,
    # so the count ends there: A pegs the go (1) and may not play on; B leads the next count.
    h = board_in(MODE_PEGGING, ("players", 3))
    h.type("00CDD")
    assert "count 30 A plays" in h.lines
    h.press("1")
    assert h.keeper.game.scores[:3] == [2, 0, 2]
    h = board_in(MODE_PEGGING, ("players", 3), ("three_go", 1))
    h.type("00CDD")
    assert h.keeper.game.scores[:3] == [1, 0, 2] and "count 0 B plays" in h.lines
    assert "go: A +1" in h.lines


def test_pegging_helper_four_players_in_partnerships():
    # Partners: seats 0 and 2 are side A, seats 1 and 3 side B; A deals (seat 0), seat 1
    # leads. Seat 1: 7; seat 2: 8 = 15 (A 2); seat 3: 8, a pair (B 2); seat 0: 8, a pair
    # royal (6) making 31 (2): A 8. A 10, B 2.
    h = board_in(MODE_PEGGING, ("players", 4), ("partners", 1))
    h.type("7888")
    assert h.keeper.game.sides == 2 and h.keeper.game.scores[:2] == [10, 2]


def test_pegging_helper_hash_after_the_play_starts_the_show():
    # The hand of the first test: when the play is over, # goes to the scoreboard with the
    # show started, so 8 then B is B's hand, not 8 play points.
    from scorekeeper.events import HAND

    h = board_in(MODE_PEGGING)
    h.type("5A5567 89")
    assert "play over: #" in h.lines
    h.press("#")
    assert h.view.mode == MODE_SCORE and "show: B's hand" in h.lines
    h.type("8B")
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 8)
    # Leaving in the middle of the play is still the play.
    h.hold("#", 3200)
    h.hold("D", 1000)
    h.hold("D", 1000)
    h.type("5#")
    assert "#: B's hand next" in h.lines


def test_pegging_helper_lines_fit_with_four_players():
    # Four players, A deals: B 7, C 8 = 15 (C 2), D 9 (24: a run 7-8-9, D 3). A's king would
    # make 34: refused, naming the rank (the suit the helper picks means nothing).
    h = board_in(MODE_PEGGING, ("players", 4))
    h.type("789")
    before = state(h)
    h.press("C")
    refused(h, *before)
    assert "K makes 34: over" in h.lines and "31 (D: go)" in h.lines
    h.press("2")  # A 2: 26
    assert "score A0 B0 C2" in h.lines and "D3" in h.lines
    assert fits(h)
    # Play again: four aces (B, C, D, A: A's fourth ace is a double pair royal, 12), four
    # twos, two threes: 18. The pile keeps its latest cards; the 12 has a short name.
    h.hold("*", 1000)
    h.type("1111")
    assert " 4 of a kind 12" in h.lines
    h.type("222233")
    assert ".. A 2 2 2 2 3 3" in h.lines and "count 18 D plays" in h.lines
    assert fits(h)


def test_an_upgraded_board_resumes_the_old_firmwares_helper_hand():
    # The version-1 firmware kept the helper's cards in pegging.txt and their points in the
    # log: B led the 5C (no points), A's JC made 15 (A 2). The new firmware moves the cards
    # into its log (CARD events that peg nothing: the 2 is in the log already), drops the
    # file and plays on: B's 5D (20), A's 5H pairs it (A 2): A 4.
    from app_support import board

    from tools.board.testkit import FakeFS, v1_log

    log = v1_log([(1, 0, PLAY, 2, 5)])
    fs = FakeFS({"state/game.log": log, "state/pegging.txt": b"1 1000.0.0.0 1 4,10\n",
                 "state/settings.txt": b"picopeg-settings 1\napp.mode=2\n"})  # fmt: skip
    h = board(fs)
    assert "state/pegging.txt" not in fs.files
    assert h.view.mode == MODE_PEGGING and "count 15 B plays" in h.lines
    assert h.keeper.game.hand_cards == [4, 10] and h.keeper.game.scores[:2] == [2, 0]
    h.type("55")
    assert h.keeper.game.scores[:2] == [4, 0] and "count 25 B plays" in h.lines
    h.power_cut()  # and it is all in the (now version 2) log
    assert "count 25 B plays" in h.lines and h.keeper.game.scores[:2] == [4, 0]


def test_an_upgraded_board_cut_between_a_card_and_its_points_drops_that_card():
    # The old file saved the JC (2 events expected) but the cut came before its points: the
    # old firmware dropped the card so it was typed again; so does the upgrade.
    from app_support import board

    from tools.board.testkit import FakeFS, v1_log

    fs = FakeFS({"state/game.log": v1_log([]), "state/pegging.txt": b"1 1000.0.0.0 1 4,10\n"})
    h = board(fs)
    assert h.keeper.game.hand_cards == [4] and h.keeper.game.scores[:2] == [0, 0]
    h.to_mode(MODE_PEGGING)
    h.press("A")  # the jack again: 15, A 2, once
    assert h.keeper.game.scores[:2] == [2, 0]
