# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The scripted full game (tools/board/fullgame.py) on an in-memory flash: every mode, undo,
a correction, a win at 121-118 worked out by hand, statistics, a new game. `make heap` plays
the same game on the compiled firmware in a 192 KB MicroPython heap."""

from app_support import board
from cribbage import peg_points

from tools.board.fullgame import PLAY, play


def test_the_scripted_play_pegs_what_the_rules_say():
    # The helper's keys (KEYS_PLAY, 5A556789: A is a jack) as cards, the pone leading: pone 5,
    # dealer J, pone 5, dealer 5, pone 6 makes 31; the dealer leads 7, pone 8, dealer 9 and
    # has the last card (1). Each card's points from the rules engine (test_pegging.py checks
    # it against the rulebook) must add up to the scenario's hand-worked PLAY.
    pegged = [0, 0]  # pone, dealer
    for pile, first in (("5C JD 5H 5S 6C".split(), 0), ("7C 8C 9C".split(), 1)):
        for i in range(len(pile)):
            pegged[(first + i) % 2] += peg_points(pile[: i + 1])
    pegged[1] += 1  # the last card
    assert tuple(pegged) == PLAY


def test_a_full_game_through_every_mode():
    h = board()
    # Six whole hands of 26 to the dealer and 12 to the pone leave A and B at 114; in the
    # seventh A deals and pegs out on the last card (121), B has pegged 4 (118).
    assert play(h) == ((121, 118), (2, 0))
    assert h.keeper.match.games[:2] == [1, 0] and h.keeper.match.points[:2] == [2, 0]
    st = h.keeper.stats
    assert st.wins[0] == 1 and st.best_hand[0] == 12 and st.best_crib[0] == 6
