# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The scripted full game (scenario_fullgame.py) on an in-memory flash: every mode, undo,
a correction, a win at 121-118 worked out by hand, statistics, a new game. `make heap` plays
the same game on the compiled firmware in a 192 KB MicroPython heap."""

from app_support import board
from scenario_fullgame import PLAY, SHOW, expected, play


def test_the_hand_arithmetic():
    # Each hand: the dealer pegs 8 in the play and counts 12 + 6; the pone pegs 4 and counts 8.
    assert PLAY == (4, 8) and SHOW == (8, 12, 6)
    assert expected(1) == (26, 12) and expected(2) == (38, 38) and expected(6) == (114, 114)


def test_a_full_game_through_every_mode():
    h = board()
    assert play(h) == "A 121 - B 118, then a new game"
    assert h.keeper.match.games[:2] == [1, 0] and h.keeper.match.points[:2] == [2, 0]
    st = h.keeper.stats
    assert st.wins[0] == 1 and st.best_hand[0] == 12 and st.best_crib[0] == 6
