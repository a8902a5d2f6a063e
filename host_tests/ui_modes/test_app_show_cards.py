# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The show typed as cards on the scoreboard (the "show" rule: 1 check claims, 2 count the
cards), played through the keypad: one key a card, suits only where they count (a flush,
nobs, a jack starter), two, three and four players, and the five-card game. Every count is
worked out by hand in the comments."""

from app_support import board_in, refused, state, text
from modes import MODE_SCORE
from scorekeeper.events import CRIB, DEAL, HAND, MUGGINS, PEG

CHECK, COUNT = ("show", 1), ("show", 2)


def pegged(h):
    """The show's counts so far: (side, reason, points) of each count in the game's log."""
    return [ev[1:4] for ev in h.keeper.game.events if ev[0] == PEG and ev[2] in (HAND, CRIB)]


def test_counting_the_cards_offers_each_answer_the_ranks_allow():
    # A deals; B the pone. The play: B 2 (fifteen), A a go; # ends it.
    h = board_in(MODE_SCORE, COUNT)
    h.type("2BA#")
    assert "B hand cards:" in h.lines and "1-9 0=10 ABC=JQK" in h.lines
    # B: 2 4 6 8 and the starter K. Every value even: no fifteen; no pair, no run: 0. The
    # ranks differ, the starter's too: a flush of 4 or of 5 could be; no jack, no nobs.
    # B's cards are hearts, the starter a spade: B says a flush of 4 (B): 4.
    h.type("2468C")
    assert "flush: B 4, C 5" in h.lines and "B hand: 0" in h.lines
    before = state(h)
    h.press("A")  # nobs: no jack here
    refused(h, *before)
    assert "not so: nobs cannot be here" in " ".join(" ".join(h.lines).split())
    h.press("B")
    assert pegged(h) == [(1, HAND, 4)] and "B hand +4" in text(h)
    # A: 5 5 J 10, the starter kept (K): fifteens J+5, 10+5, K+5 with each five (12), the
    # pair of fives 2: 14; a pair (no flush); the jack could be the starter's suit: # none,
    # A nobs. A says nobs: 15.
    h.type("55A0")
    assert "#:none A:nobs" in h.lines
    h.press("A")
    assert pegged(h)[-1] == (0, HAND, 15)
    # The crib 3 3 9 9 and K: 3+3+9 with each nine (4), the pairs of threes and nines (4): 8.
    # Pairs: no flush; no jack: no nobs. No suit can change it: # alone pegs it.
    h.type("3399")
    assert "#: peg it" in h.lines and "A crib: 8" in h.lines
    h.press("#")
    g = h.keeper.game
    assert pegged(h)[-1] == (0, CRIB, 8) and g.last[0:2] == (DEAL, 1)  # the deal passed
    assert g.scores[:2] == [1 + 15 + 8, 2 + 4]


def test_a_jack_starter_offers_no_nobs_but_a_flush():
    # A jack turned: the dealer's his heels first (long J), then in the show B's J 2 3 4: the
    # jack of the starter's suit is the starter, so no nobs; the kept ranks differ: a flush
    # of 4 could be, not of 5 (the starter's rank is a kept card's). J+2+3 with each jack
    # (4), the run 2-3-4 (3), the pair of jacks (2): 9.
    h = board_in(MODE_SCORE, CHECK)
    h.hold("A", 1000)
    assert h.keeper.game.scores[0] == 2
    h.type("2BA#")
    h.type("A234A")  # B: J 2 3 4, the starter J
    assert "#:none" in h.lines and "A:nobs" not in " ".join(h.lines)
    assert "flush: B 4, C 5" not in h.lines and "B: flush of 4" in h.lines  # (J starter)
    h.type("9#")
    assert pegged(h) == [(1, HAND, 9)] and "correct: B hand" in text(h)


def test_checking_a_wrong_claim_and_a_fifth_card_of_a_rank():
    h = board_in(MODE_SCORE, CHECK)
    h.type("2BA#")
    h.type("5555")
    before = state(h)
    h.press("5")  # the starter a fifth five
    refused(h, *before)
    h.press("*")  # the fourth five back
    assert "5 5 5 _ | _" in h.lines
    h.press("0")  # a ten in its place
    assert "5 5 5 10 | _" in h.lines
    h.hold("*", 1000)  # long *: the count again from its first card
    assert "_ _ _ _ | _" in h.lines
    # 5 5 5 J, starter 5: the 29 hand; a claim of 28 with nobs: 1 missed; muggins off, the
    # ACC's short claim: # pegs 28.
    h.type("555A5 28A")
    assert "claim 28: is 29" in h.lines and "missed 1" in h.lines and "#: B +28" in h.lines
    h.press("#")
    assert pegged(h) == [(1, HAND, 28)]


def test_with_muggins_on_the_points_a_short_claim_missed_go_to_the_opponent():
    # B: J 2 3 4 and the starter 5, every card a heart. J+5 and J+2+3 (4), the run 2-3-4-5
    # (4): 8 from the ranks; a flush of five (5) and nobs (the jack of the starter's suit,
    # which a flush with the starter makes) (1): 14. B claims 8 and says the flush with the
    # starter (C): 6 missed, and with muggins on A takes them; # pegs B's claim.
    h = board_in(MODE_SCORE, ("muggins", 1), CHECK)
    h.type("2BA#")
    h.type("A2345")
    assert "#:none A:nobs" in h.lines and "flush: B 4, C 5" in h.lines
    h.type("8C")
    assert "claim 8: is 14" in h.lines and "missed 6" in h.lines
    assert "A: +6 muggins" in h.lines and "#: B +8" in h.lines
    before = state(h)
    h.press("B")  # B cannot take its own missed points
    refused(h, *before)
    h.press("A")
    assert [ev[1:4] for ev in h.keeper.game.events if ev[0] == PEG and ev[2] == MUGGINS] == [
        (0, MUGGINS, 6)
    ]
    before = state(h)
    h.press("A")  # once only
    refused(h, *before)
    h.press("#")
    assert pegged(h) == [(1, HAND, 8)]
    # A: 5 5 10 J and the 5: the jack's suit alone can change it. 10+5 and J+5 with each of
    # the three fives (12), 5+5+5 (2), the three fives' pairs (6): 20; nobs 21. A claims 20
    # and says nobs (A): 1 missed, B takes it.
    h.type("550A20A")
    assert "claim 20: is 21" in h.lines and "B: +1 muggins" in h.lines
    h.press("B")
    h.press("#")
    g = h.keeper.game
    assert pegged(h)[-1] == (0, HAND, 20)
    # Each side: its play and counts, and the other's missed points: A 1 (go) + 6 + 20,
    # B 2 (fifteen) + 8 + 1.
    assert g.scores[:2] == [1 + 6 + 20, 2 + 8 + 1]
    # The same hand claimed as 8 with the common answer (#: no flush, no nobs) is right
    # about the cards it was given: no muggins to take.
    h = board_in(MODE_SCORE, ("muggins", 1), CHECK)
    h.type("2BA#")
    h.type("A23458#")
    assert pegged(h) == [(1, HAND, 8)] and "correct: B hand" in text(h)


def test_three_players_count_round_the_table_then_the_crib():
    # Three players, A deals: B, C, A, then A's crib; the starter typed once (B's count).
    h = board_in(MODE_SCORE, ("players", 3), COUNT)
    h.type("2BC#")
    h.type("5555")
    h.press("0")  # B: four fives, a ten turned: 5+10 x4 (8), 5+5+5 x4 (8), 6 pairs (12): 28
    assert "B hand: 28" in h.lines and "#: peg it" in h.lines
    h.press("#")
    assert "C hand cards:" in h.lines and "_ _ _ _ | 10" in h.lines
    h.type("2367#")  # C: 2 3 6 7 and the 10: 2+3+10 and 2+6+7 (4); no pair, no run: 4
    h.type("1234#")  # A: A 2 3 4 and the 10: 10+2+3 and 10+A+4 (4), the run A-2-3-4 (4): 8
    h.type("99BC#")  # A's crib: 9 9 Q K and the 10: no fifteen, the pair (2), no run (no J): 2
    counts = pegged(h)
    assert [c[:2] for c in counts] == [(1, HAND), (2, HAND), (0, HAND), (0, CRIB)]
    assert [c[2] for c in counts] == [28, 4, 8, 2]
    assert h.keeper.game.last[0:2] == (DEAL, 1)


def test_four_players_and_partnerships():
    h = board_in(MODE_SCORE, ("players", 4), ("partners", 1), COUNT)
    h.type("2BA#")
    # The starter K. B pone 2 4 6 8: every value even, no pair, no run: 0 (and no flush: #).
    # A partner 3 3 9 9: 3+3+9 twice (4), two pairs (4): 8. B partner 4 4 7 7: 4+4+7 twice
    # (4), two pairs (4): 8. A dealer 5 5 9 9: K+5 twice (4), two pairs (4): 8. The crib
    # A A A Q: no fifteen (3 and 10 and 10), three aces (6): 6.
    for cards in ("2468C#", "3399#", "4477#", "5599#", "111B#"):
        h.type(cards)
    counts = pegged(h)
    # Partnerships alternate: B pone, A partner, B partner, A dealer, A crib.
    assert [c[:2] for c in counts] == [(1, HAND), (0, HAND), (1, HAND), (0, HAND), (0, CRIB)]
    assert [c[2] for c in counts] == [0, 8, 8, 8, 6]
    assert h.keeper.game.last[0:2] == (DEAL, 1)


def test_the_five_card_game_hand_of_three_and_a_crib_of_two():
    # Five-card game keeping 4 (the rulebook's reading): the hands 4 cards, the crib two.
    h = board_in(MODE_SCORE, ("five_card", 1), ("five_keep", 4), COUNT)
    h.type("3B")  # three for last, the pone
    h.type("2A#")
    h.type("44566#")  # B: 4 4 5 6, a 6 turned: 4+5+6 four ways (8), four runs (12), 2 pairs
    assert pegged(h) == [(1, HAND, 24)]
    h.type("59AB#")  # A: 5 9 J Q and the 6: 5+J, 5+Q, 9+6 (6); no run; # says no nobs: 6
    assert pegged(h)[-1] == (0, HAND, 6)
    h.type("46")  # the crib of two: 4 6, the starter 6: no fifteen, the pair of sixes: 2
    assert "A crib: 2" in h.lines and "C: flush of 3" not in h.lines  # the pair: no flush
    h.press("#")
    assert pegged(h)[-1] == (0, CRIB, 2)
    h = board_in(MODE_SCORE, ("five_card", 1), COUNT)  # keeping 3: B's 3 cards and the starter
    h.type("3B2A#")
    h.type("2696")  # 2 6 9 and the 6: 9+6 twice (4), the pair of sixes (2): 6
    assert "B hand: 6" in h.lines and "B: flush of 3" in h.lines  # 3 kept, ranks that differ
    h.press("#")
    assert pegged(h) == [(1, HAND, 6)]
