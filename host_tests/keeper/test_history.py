# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The deals of scripted games (scorekeeper/history.py) against the deals the script's own
keys mean, worked out by history_support without the board's rules code: two, three and
four players, partnerships, the five-card game, 61 points, with undo, corrections, muggins
and power cuts in the middle."""

from app_support import board
from history_support import (
    CRIB,
    HAND,
    MUGGINS,
    as_expected,
    expect,
    game_script,
    play,
    skunk_level,
)
from scorekeeper import history

ACC = (2, 3, 3, 3)


def played(steps, **settings):
    """A board with the settings saved (and booted on them), the script typed on it."""
    h = board()
    for name in ("players", "partners", "target", "five_card", "muggins"):
        if name in settings:
            h.keeper.set_setting(name, settings[name])
    h.power_cut()
    play(h, steps)
    return h


def check_game(seed, sides, *, players=2, partners=0, target=121, five=False):
    steps = game_script(seed, sides, players=players, partners=partners, target=target, five=five)
    settings = {"players": players, "partners": partners, "target": target}
    if five:
        settings["five_card"] = 1
    h = played(steps, **settings)
    g = h.keeper.game
    want = expect(steps, sides, players=players, partners=partners, target=target)
    ds = history.deals(g)
    assert as_expected(ds, sides) == want, (as_expected(ds, sides), want)
    final = want[-1][5]
    assert g.scores[:sides] == final  # the script's game is the board's
    assert max(final) == target  # it was played to a win
    # Every deal's totals add up to the final scores.
    for s in range(sides):
        assert sum(d.total(s) for d in ds) == final[s]
    # The result, from the final scores alone.
    r = history.result(g)
    w = final.index(target)
    others = [final[s] for s in range(sides) if s != w]
    assert (r.winner, r.scores, r.margin) == (w, final, target - max(others))
    assert r.skunk == skunk_level(target, max(others))
    assert r.game_points == ACC[r.skunk]
    assert r.seconds == g.seconds and r.seconds > 0
    return steps, ds


def test_two_players():
    steps, ds = check_game(5, 2)
    assert ("undo",) in steps and ("cut",) in steps  # the script has both
    assert sum(len(d.corrections) for d in ds) == len([s for s in steps if s[0] == "fix"]) > 0
    assert [d.dealer for d in ds[:4]] == [0, 1, 0, 1]


def test_three_players():
    _steps, ds = check_game(11, 3, players=3)
    assert [d.dealer for d in ds[:4]] == [0, 1, 2, 0]
    assert [c[0] for c in ds[0].counts] == [1, 2, 0, 0]  # B, C, A's hand, A's crib


def test_four_players():
    _steps, ds = check_game(5, 4, players=4)
    assert ds[1].dealer == 1 and [c[0] for c in ds[1].counts] == [2, 3, 0, 1, 1]


def test_partnerships():
    _steps, ds = check_game(8, 2, players=4, partners=1)
    assert [(c[0], c[1]) for c in ds[0].counts] == [(1, HAND), (0, HAND), (1, HAND),
                                                    (0, HAND), (0, CRIB)]  # fmt: skip


def test_five_card():
    _steps, ds = check_game(21, 2, five=True)
    assert ds[0].kind(1, history.START) == 3


def test_sixty_one():
    _steps, ds = check_game(4, 2, target=61)
    assert ds[-1].scores[0] == 61 or ds[-1].scores[1] == 61


def test_muggins_and_an_undone_deal():
    # The rulebook's hand 4C 5D 6H 7C with the 5H cut is 14; a claim of 12 misses 2.
    # The crib's count passes the deal; * takes the pass back and # passes it again.
    steps = [("peg", 1, 2), ("go", 0), ("show",),
             ("muggins", 12, "45675", 2, 0), ("count", 8), ("count", 4),
             ("undo",), ("deal",), ("peg", 0, 3), ("cut",), ("fix", 0, -1), ("show",),
             ("count", 6)]  # fmt: skip
    h = played(steps, muggins=1)
    ds = history.deals(h.keeper.game)
    assert as_expected(ds, 2) == expect(steps, 2)
    assert ds[0].muggins == [(0, 2)] and ds[0].kind(0, MUGGINS) == 2
    assert ds[0].counts == [(1, HAND, 12), (0, HAND, 8), (0, CRIB, 4)]
    assert ds[0].scores == [15, 14] and ds[1].scores == [23, 14]
    assert ds[1].corrections == [(0, -1)] and len(ds) == 2
    assert history.result(h.keeper.game) is None
    from modes import MODE_STATS

    h.to_mode(MODE_STATS)
    h.type("00")  # the deal before the latest: the first, with its muggins award
    assert h.lines[1:6] == ["deal 1/2 dlr A", "A 15 +15 p1 s12", "B 14 +14 p2 s12",
                            "B12 A8 Ac4", "mug A2"], h.lines  # fmt: skip


def test_the_deal_pages_of_a_four_player_game_fit_the_display():
    from modes import MODE_STATS

    steps = game_script(5, 4, players=4)
    h = played(steps, players=4)
    want = expect(steps, 4, players=4)
    h.to_mode(MODE_STATS)
    for back in range(len(want)):
        h.press("0")
        d = want[len(want) - 1 - back]
        lines = h.lines
        assert len(lines) <= 8 and all(len(x) <= 16 for x in lines), lines
        assert lines[1].startswith("deal {}/{} dlr {}".format(len(want) - back, len(want),
                                                             "ABCD"[d[0]])), lines  # fmt: skip
        for s in range(4):  # a line a side: its score after the deal, the deal's points
            pts = sum(v for (side, _r), v in d[1].items() if side == s)
            head = "{}{:>3}{:>4}".format("ABCD"[s], d[5][s], "{:+d}".format(pts))
            assert lines[2 + s].startswith(head), lines


def test_a_count_past_the_hole_moves_the_peg_into_it():
    steps = [("fix", 0, 117), ("fix", 1, 40), ("show",), ("count", 6), ("count", 12)]
    h = played(steps)
    ds = history.deals(h.keeper.game)
    assert ds[0].counts[-1] == (0, HAND, 12) and ds[0].kind(0, HAND) == 4  # 117 -> 121
    assert ds[0].total(0) == 121 and ds[0].scores == [121, 46]
    r = history.result(h.keeper.game)
    assert (r.winner, r.margin, r.skunk, r.game_points) == (0, 75, 2, 3)


def test_side_totals():
    steps, ds = check_game(3, 2)
    t = history.side_totals(ds, 2)
    want = expect(steps, 2)
    for s in range(2):
        hands = [c[2] for d in want for c in d[2] if c[0] == s and c[1] == HAND]
        cribs = [c[2] for d in want for c in d[2] if c[0] == s and c[1] == CRIB]
        assert (t[s].hands, t[s].hand_points, t[s].best_hand) == (len(hands), sum(hands),
                                                                  max(hands))  # fmt: skip
        assert (t[s].cribs, t[s].best_crib) == (len(cribs), max(cribs or [0]))
        assert sum(t[s].moved) == want[-1][5][s]
        assert t[s].deals_dealt == len([d for d in want if d[0] == s])


def test_the_statistics_mode_steps_back_through_the_deals():
    from modes import MODE_STATS

    steps = [("peg", 1, 2), ("go", 0), ("show",), ("count", 8), ("count", 6), ("count", 4),
             ("heels", 1), ("peg", 0, 3), ("fix", 0, -1), ("show",), ("count", 12),
             ("count", 2), ("count", 0), ("peg", 1, 2)]  # fmt: skip
    h = played(steps)
    want = expect(steps, 2)
    (_d, _m, _c, _mg, _f, (a1, b1)), (_d, _m, _c, _mg, _f, (a2, b2)) = want[0], want[1]
    assert (a2 - a1, b2 - b1) == (14, 4)  # A 3 - 1 + 12, B his heels 2 and 2

    def page():
        assert h.lines[0] == "Stats", h.lines  # the display's first line names the mode
        assert len(h.lines) <= 8 and all(len(x) <= 16 for x in h.lines), h.lines
        return h.lines[1:]

    h.to_mode(MODE_STATS)
    h.press("0")  # the latest deal: the third, under way
    lines = page()
    assert lines[0] == "deal 3/3 dlr A", lines
    assert lines[1:4] == ["A{:>3}  +0 p0 s0".format(a2), "B{:>3}  +2 p2 s0".format(b2 + 2),
                          "no show yet"], lines  # fmt: skip
    h.press("0")  # one back: B dealt, his heels, a correction, the show
    lines = page()
    assert lines[0] == "deal 2/3 dlr B"
    assert lines[1] == "A{:>3} +14 p3 s12".format(a2), lines
    assert lines[2] == "B{:>3}  +4 p2 s2".format(b2), lines  # his heels, the hand
    assert lines[3:5] == ["A12 B2 Bc0", "fix A-1"], lines
    # The LEDs show what each side pegged in that deal, ending at its score after it.
    v = h.view
    assert (v.seg_start[0], v.seg_len[0], v.seg_start[1], v.seg_len[1]) == (a1 + 1, 14, b1 + 1, 4)
    h.press("0")
    lines = page()
    assert lines[0] == "deal 1/3 dlr A" and lines[3] == "B8 A6 Ac4", lines
    h.press("0")  # after the first deal: the latest again
    assert page()[0] == "deal 3/3 dlr A"
    h.press("#")  # the match page as before
    assert page()[0].startswith("match")
