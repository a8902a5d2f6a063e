# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The text display's lines, and the view's link to the scorekeeper's game."""

from modes import MODE_PEGGING, MODE_SCORE
from scorekeeper.events import CORRECTION, PEG, PLAY
from scorekeeper.game import Game
from scorekeeper.settings import Settings
from support import raises
from textview import build_lines, new_lines, score_line
from view import View


def test_scoreboard_lines():
    v = View()
    v.front[0], v.back[0], v.moved[0] = 87, 80, 7
    v.front[1], v.back[1], v.moved[1] = 102, 90, 12
    v.dealer = 0
    lines = new_lines()
    assert build_lines(v, lines) is True
    assert lines == [
        "Scoreboard   121",
        "A  87   +7 *",
        "B 102  +12",
        "",
        "",
        "",
        "",
        "",
    ]
    assert all(len(line) <= 16 for line in lines)
    assert build_lines(v, lines) is False  # nothing changed: no redraw


def test_pending_entry_result_and_breakdown():
    v = View()
    v.sides = 3
    v.front[0], v.front[1], v.front[2] = 5, 0, 118
    v.moved[0], v.moved[2] = 5, 8
    v.back[2] = 110
    v.dealer = 2
    v.set_preview(2, 12)  # 118 + 12 would pass the game hole: shown as 121
    v.detail = ["15s 4  pairs 2", "runs 3 nobs 1", "a line that is far too long"]
    lines = new_lines()
    build_lines(v, lines)
    assert lines == [
        "Scoreboard   121",
        "A   5   +5",
        "B   0",
        "C 118   +8 *",
        "C +12 -> 121",
        "15s 4  pairs 2",
        "runs 3 nobs 1",
        "a line that is f",
    ]
    v.set_preview(-1, 0)
    v.front[2], v.back[2], v.moved[2] = 121, 118, 20  # a count of 20 from 118
    v.winner, v.skunk = 2, 2
    v.detail = []
    assert build_lines(v, lines) is True
    assert lines[4] == "C wins dbl skunk" and lines[3] == "C 121  +20 *"  # not +3
    v.target = 61
    build_lines(v, lines)
    assert lines[4] == "C wins lurch"  # a 61-point game's skunk: a lurch
    assert lines[5:] == ["", "", ""]


def test_other_modes_show_the_apps_lines():
    v = View()
    v.mode = MODE_PEGGING
    v.detail = ["count 21", "B to play"]
    lines = new_lines()
    build_lines(v, lines)
    assert lines == ["Pegging", "count 21", "B to play", "", "", "", "", ""]
    v.mode = 42
    build_lines(v, lines)
    assert lines[0] == "Mode 42"


def test_score_line_for_a_correction_down():
    v = View()
    v.front[1], v.back[1], v.moved[1] = 10, 10, -3  # a correction of -3 from 13
    v.fixed = 2  # B's last move was a correction (issue 20: shown as one, not as pegged)
    assert score_line(v, 1) == "B  10 fix-3"
    v.dealer = 1
    assert score_line(v, 1) == "B  10 fix-3 *"
    v.front[1], v.moved[1] = 121, -12
    assert score_line(v, 1) == "B 121 fix-12 *"  # the one dealer mark, as on every line


def test_a_correction_is_shown_as_a_correction_on_the_board():
    # Issue 20: long *, 25, A on a fresh board: "A  25 fix+25", not "+25" as if pegged;
    # A's next peg shows as pegged again.
    from app_support import board

    h = board()
    h.hold("*", 1000)
    h.type("25A")
    assert h.lines[1] == "A  25 fix+25 *"
    h.type("2A")
    assert h.lines[1] == "A  27   +2 *"


def test_view_follows_a_scorekeeper_game():
    g = Game(Settings())
    v = View()
    v.winner = 5  # stale: load_game replaces it
    g.apply((PEG, 1, PLAY, 2, 0))
    g.apply((PEG, 1, PLAY, 3, 0))
    v.load_game(g, 1000)
    assert (v.sides, v.target, v.dealer) == (2, 121, 0)
    assert v.front == [0, 5, 0, 0] and v.back == [0, 2, 0, 0]
    assert v.winner == -1 and v.skunk == 0
    g.apply((PEG, 0, CORRECTION, 120, 0))
    g.apply((PEG, 0, PLAY, 2, 0))  # A reaches 121 while B has 5: a double skunk
    v.load_game(g, 2000)
    assert v.front[0] == 121 and v.winner == 0 and v.skunk == 2 and v.won_ms == 2000
    v.load_game(g, 3000)  # the same win again: the animation is not restarted
    assert v.won_ms == 2000
    v.mode = MODE_SCORE
    lines = new_lines()
    build_lines(v, lines)
    # A's last points are the 2 pegged, not the 1 hole left to the game hole (issue 11, 8).
    assert lines[1:4] == ["A 121   +2 *", "B   5   +3", "A wins dbl skunk"]


def test_overlay_segments_are_checked():
    v = View()
    raises(ValueError, v.set_segment, 4, 1, 1, 0)
    v.set_segment(2, 1, 5, 0)
    assert v.seg_count == 3
    v.set_segment(0, 10, 5, 1)
    assert v.seg_count == 3 and v.seg_start[0] == 10
