# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""One slip of a key never decides a game, and the track and the display agree, played through
the keypad: keys in; keeper state, LEDs and display text out. The simulator scripts in
host_tests/simulator/slips/ play the same cases end to end.
Expectations worked out by hand from the rules (docs/RULES.md) and the key map."""

from app_support import A_FRONT, board, board_in, fits, quiet, refused, state, text
from modes import MODE_PEGGING, MODE_SCORE, MODE_STATS
from scorekeeper.events import HAND, HEELS, PEG
from view import SIG_NEWGAME, SIG_UNDO


def at(h, a, b):
    """Corrections: A to a, B to b (long *, then the points and the side)."""
    for points, side in ((a, "A"), (b, "B")):
        if points:
            h.hold("*", 1000)
            h.type(str(points) + side)


def test_a_count_out_of_turn_cannot_reach_the_game_hole():
    # A deals at 110; B, the pone, at 100 counts first (ACC 9.2).
    h = board()
    at(h, 110, 100)
    h.press("#")
    before = state(h)
    h.type("12A")  # 122: A would win out of turn
    refused(h, *before)
    assert "B hand first" in text(h) and h.keeper.game.winner == -1
    h.type("*3A")  # out of turn but short of the game hole: taken and flagged, as before
    assert h.keeper.game.scores[:2] == [113, 100] and h.keeper.game.flagged
    assert "A out of turn:" in h.lines


def test_his_heels_and_the_stinkhole():
    # Stinkhole on (a house rule, off by default): no pegging out from 120 on his heels.
    h = board_in(MODE_SCORE, ("stinkhole", 1))
    at(h, 120, 0)
    before = state(h)
    h.hold("A", 1000)
    refused(h, *before)
    assert "no pegging out from" in text(h)
    h = board()  # without it, heels from 120 wins
    at(h, 120, 0)
    h.hold("A", 1000)
    g = h.keeper.game
    assert g.winner == 0 and g.last[0:4] == (PEG, 0, HEELS, 2)


def test_heels_for_a_dealer_d_with_four_players():
    # A long press of D is the next mode, so any side key's long press is the dealer's heels.
    h = board_in(MODE_SCORE, ("players", 4))
    h.type("0D")  # the cut: D deals first
    h.hold("A", 1000)
    assert h.keeper.game.last[0:4] == (PEG, 3, HEELS, 2) and "his heels: D +2" in h.lines


def test_heels_is_counted_apart_in_the_statistics():
    h = board()
    h.hold("A", 1000)  # heels for A, the dealer
    h.to_mode(MODE_STATS)
    h.press("A")
    assert "his heels 1" in h.lines and fits(h)


def test_keep_holding_goes_when_hash_is_let_go():
    h = board()
    h.board.keys |= 1 << 14  # # down
    h.wait(1000)  # past the long press: the hint shows
    assert "keep holding #" in h.lines
    h.board.keys = 0  # let go before 3 s: no new game, and the hint goes
    h.wait(100)
    assert "keep holding #" not in h.lines and h.view.signal != SIG_NEWGAME


def test_after_a_win_the_display_invites_nothing_it_refuses():
    h = board()
    at(h, 118, 0)
    h.type("3A")
    assert h.keeper.game.over
    assert h.view.detail == ["game over:", "hold # new game", "* takes back"]
    assert "+3" in h.lines[1]
    h.to_mode(MODE_PEGGING)
    assert "count" not in text(h) and "hold # for a" in text(h)


def test_a_new_game_is_taken_back_with_star():
    h = board()
    h.type("12A 7B")
    h.hold("#", 3200)
    assert h.keeper.game.events == [] and "A deals (* undo)" in h.lines
    h.press("*")
    assert h.view.signal == SIG_UNDO and h.keeper.game.scores[:2] == [12, 7]
    quiet(h)
    assert h.led(12) == A_FRONT
    # Two new games in a row: the empty one in between is not what * brings back.
    h.hold("#", 3200)
    h.hold("#", 3200)
    h.press("*")
    assert h.keeper.game.scores[:2] == [12, 7]
    h.press("*")  # and * goes on into the game brought back
    assert h.keeper.game.scores[:2] == [12, 0]


def test_the_cut_for_deal_makes_no_empty_deal():
    h = board()
    h.type("0B")  # 0, then a side, before anything is pegged: B deals first
    g = h.keeper.game
    assert (g.dealer, g.first_dealer, g.deals, g.events) == (1, 1, 0, [])
    h.power_cut()
    assert h.keeper.game.dealer == 1  # on flash: the game's first dealer is B
    h.press("#")
    assert "show: A's hand" in h.lines


def test_hash_after_digits_in_the_play_asks_first():
    h = board()
    h.type("8#")
    assert h.keeper.game.events == [] and "# again: B's hand 8; the show starts" in " ".join(
        " ".join(h.lines).split()
    )
    h.press("*")  # anything else drops the question (* clears the 8)
    h.press("#")  # # alone: the play is over, the show starts (no count yet): an event
    assert h.keeper.history() == ["show"] and "show: B's hand" in h.lines
    h.type("8#")  # in the show, digits then # count at once
    assert h.keeper.game.last[0:4] == (PEG, 1, HAND, 8)


def test_the_first_screen_says_what_to_type():
    h = board()
    assert h.view.detail == ["#: B's hand next", "points, then A-B", "0 A-B: who deals"]
    h.type("2A")
    assert "points, then A-B" not in h.lines


def test_hints_name_only_the_sides_that_exist():
    # Issue 20: "+2 A-D play" and "points, then A-D" appeared with three players and with
    # partnerships (two sides).
    from app_support import board_in
    from modes import MODE_SCORE

    for settings, keys in (((("players", 3),), "A-C"), ((("players", 4),), "A-D"),
                           ((("players", 4), ("partners", 1)), "A-B")):  # fmt: skip
        h = board_in(MODE_SCORE, *settings)
        assert "points, then " + keys in h.lines and "0 {}: who deals".format(keys) in h.lines
        h.type("2")
        assert "{}: +2 play".format(keys) in h.lines


def test_partnerships_name_the_partner_whose_hand_is_due():
    h = board_in(MODE_SCORE, ("players", 4), ("partners", 1))
    h.press("#")

    def due():
        for line in h.lines:
            if line.startswith("show: "):
                return line
        return None

    seen = []
    for count in ("8", "4", "6", "2"):
        seen.append(due())
        h.type(count + "#")
    seen.append(due())
    assert seen == ["show: B pone", "show: A partner", "show: B partner", "show: A dealer",
                    "show: A's crib"]  # fmt: skip


def test_play_time_survives_a_power_cut():
    h = board()
    h.type("2A")
    h.wait(125000)  # two minutes of play without an entry ...
    h.press("5")  # ... a key: the board writes the time so far
    h.press("*")
    h.power_cut()
    assert h.keeper.stats.seconds >= 125
