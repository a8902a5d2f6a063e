"""A full game played through the keypad: every mode, undo, a correction, a win, a new game.

Run by host_tests/board/test_fullgame.py on CPython; by `make heap` (tools/board/heapcheck.py)
on the MicroPython unix port with ``-X heapsize=192K`` (the compiled .mpy firmware, as on the
Pico) to show that the firmware fits in about half the Pico's heap (main() prints the smallest
gc.mem_free() seen); and on the emulated Pico by tools/emu/jobs/heap_game.py.

The hands repeat one deal, so the score can be worked out by hand (``PLAY``, ``SHOW`` and
``expected``): each hand the dealer gains 8 + 12 + 6 = 26 and the pone 4 + 8 = 12. The show
is typed as its cards and each claim checked (the "show" rule, set in Settings at the
start), the path the Pico's heap has to hold.
"""

import gc

# Points of one hand's play for (pone, dealer). The pone leads: pone 5, dealer J = 15
# (dealer 2), pone 5 (20), dealer 5 = pair (dealer 2), pone 6 = 31 (pone 2); the dealer
# leads the next count: dealer 7, pone 8 = 15 (pone 2), dealer 9 = run 7-8-9 (3) and the
# last card (1): dealer 4. Pone 4, dealer 8.
PLAY = (4, 8)
SHOW = (8, 12, 6)  # pone's hand, dealer's hand, dealer's crib
# ... typed as cards, one key a card, then the claim and #. Starter 5. The pone's A A 2 3:
# no fifteen (they and the 5 add to 12), the run A-2-3 twice (6), the pair of aces (2): 8.
# The dealer's A 5 9 9: 9+5+A four ways (8), the pairs of nines and fives (4): 12. The crib
# 4 4 10 Q: 10+5 and Q+5 (4), the pair of fours (2): 6. A pair in each (no flush) and no
# jack (no nobs): no suit can change a count, so # checks the claim and pegs it.
KEYS_SHOW = ("11235" + "8#", "1599" + "12#", "440B" + "6#")
KEYS_PLAY = "5A556789"


class MeteredHarness:
    """Wraps pcboard.Harness: after every key press, collects the garbage and notes the free
    heap; the smallest figure is the headroom left at the busiest moment of the game."""

    def __init__(self, harness_cls, folder):
        self.min_free = 1 << 30
        outer = self

        class Metered(harness_cls):
            def hold(self, legend, ms):
                harness_cls.hold(self, legend, ms)
                if hasattr(gc, "mem_free"):
                    gc.collect()
                    outer.min_free = min(outer.min_free, gc.mem_free())

        self.h = Metered(folder)


def expected(hands):
    """(A, B) after `hands` whole hands; A deals the first hand, the deal alternates."""
    a = b = 0
    for n in range(hands):
        dealer_points = PLAY[1] + SHOW[1] + SHOW[2]
        pone_points = PLAY[0] + SHOW[0]
        if n % 2 == 0:
            a, b = a + dealer_points, b + pone_points
        else:
            a, b = a + pone_points, b + dealer_points
    return a, b


def play(h):
    """The whole game, asserting the scores hand by hand; returns the (A, B) score that won
    and the new game's score after its first keys."""
    g = h.keeper.game
    for n in range(7):
        if n == 0:
            h.to_mode(3)  # discard coach: the pone's six cards, one key each, then their suits
            h.type("555A29 CABDAB")
            assert "throw 2C 9D:" in h.lines, h.lines
            h.to_mode(4)  # settings: the show checked against the cards (the 12th), then
            for _ in range(11):  # brightness (the 14th) up and down again
                h.press("B")
            h.press("D")  # (nothing pegged yet: the game starts again under the rule)
            g = h.keeper.game
            h.press("B")
            h.press("B")
            h.press("D")
            h.press("C")
        h.to_mode(2)  # the pegging helper
        h.type(KEYS_PLAY)
        if g.winner >= 0:
            break
        h.press("#")  # back to the scoreboard, the show begun
        if n == 1:
            h.to_mode(1)  # verify a claim of 12 for the rulebook's 14 hand: 2 missed
            h.type("45675 12#")
            assert "missed 2" in h.lines, h.lines
            h.hold("D", 3200)  # home
        for i in range(3):
            if n == 2 and i == 2:
                h.type("5A")  # a mistake in the crib's cards ...
                h.type("**")  # ... taken back
                h.hold("*", 1000)
                h.type("1B*")  # a correction pegged, then undone
            h.type(KEYS_SHOW[i])  # the last count passes the deal
        assert tuple(g.scores[:2]) == expected(n + 1), (n, g.scores)
    # Hand 7 (A deals): A 114 + 2 + 2 + 4 passes 121 on the last card; B 114 + 2 + 2 = 118.
    assert g.winner == 0 and g.scores[:2] == [121, 118], g.scores
    final = (g.scores[0], g.scores[1])
    h.wait(5000)  # the win animation, then the final position
    h.to_mode(5)
    assert h.lines[2] == "A        1    2", h.lines  # won, no skunk: 2 game points
    h.hold("#", 3200)  # a new game
    h.to_mode(0)
    h.type("2A3B")
    h.press("*")
    assert g is not h.keeper.game and h.keeper.game.scores[:2] == [2, 0]
    return final, (h.keeper.game.scores[0], h.keeper.game.scores[1])


def main(folder):
    """The game in `folder` (the board's files), with its heap figures printed."""
    from tools.board.pcboard import Harness

    m = MeteredHarness(Harness, folder)
    gc.collect()
    final, after = play(m.h)
    report = "A {} - B {}, then a new game at {}-{}".format(final[0], final[1], after[0], after[1])
    gc.collect()
    live = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    print("full game ok: {}; min free {} bytes (after a collection, at the busiest key"
          " press); {} bytes in use at the end".format(report, m.min_free, live))  # fmt: skip
    try:  # the names MicroPython interned (docs/FIRMWARE.md: the next pool is a big block)
        import micropython

        micropython.qstr_info()
    except ImportError:  # CPython
        pass
