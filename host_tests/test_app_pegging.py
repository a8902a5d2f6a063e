# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The pegging helper, played through the keypad: one key a card; the board pegs what each card
scores for the right side. Expectations derived by hand (see each test)."""

from app_support import BAR_WHITE, DARK, board_in, fits, quiet, refused, state, text
from scorekeeper.events import PEG, PLAY
from view import MODE_PEGGING, MODE_SCORE

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
    h.type("78")
    assert "count 15 A plays" in h.lines
    quiet(h)
    assert [h.led(x) for x in (1, 15, 16)] == [BAR_WHITE] * 2 + [DARK]  # the count bar
    h.type("9")
    g = h.keeper.game
    assert g.scores[:2] == [8, 4] and g.last[0:4] == (PEG, 0, PLAY, 4)
    assert "play over: #" in h.lines
    pegs = [ev[1:4] for ev in g.events]
    assert pegs == [(0, PLAY, 2), (0, PLAY, 2), (1, PLAY, 2), (1, PLAY, 2), (0, PLAY, 4)]
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
    assert h.keeper.game.scores[:2] == [0, 0] and h.keeper.game.events == []
    assert "count 5 A plays" in h.lines
    h.press("*")
    h.press("*")
    assert "no card to take back" in text(h)


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


def test_pegging_helper_power_cut_between_saving_a_card_and_pegging_it():
    from tools.board.testkit import PowerCut

    h = board_in(MODE_PEGGING)
    h.press("5")
    events = len(h.keeper.game.events)

    def cut(*args):  # the power goes after the hand file is saved, before the peg's record
        raise PowerCut()

    h.keeper.peg = cut
    try:
        h.press("A")
        raise AssertionError("the power should have gone")
    except PowerCut:
        pass
    assert h.board.fs.files["state/pegging.txt"].endswith(b" 4,10\n")  # 5C, then JC saved
    h.power_cut()
    assert len(h.keeper.game.events) == events and h.keeper.game.scores[:2] == [0, 0]
    assert "count 5 A plays" in h.lines  # the jack is typed again ...
    h.press("A")
    assert h.keeper.game.scores[:2] == [2, 0]  # ... and pegged once


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
    assert h.view.mode == MODE_SCORE and "show: B hand" in h.lines
    h.type("8B")
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 8)
    # Leaving in the middle of the play is still the play.
    h.hold("#", 3200)
    h.hold("D", 1000)
    h.hold("D", 1000)
    h.type("5#")
    assert "play: # = show" in h.lines


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
