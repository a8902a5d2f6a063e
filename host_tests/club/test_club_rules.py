"""The club night's scorecard rules (tools/club/rules.py, standings.py) against hand-worked
cases: the ACC's game points (2 a win, 3 a skunk: the loser on 90 or less), the spread (121
less the loser's score), the standings order (game points, wins, spread) with shared ranks,
the director's balance check, Grass Roots points and the Grand Slam.
SPDX-License-Identifier: MIT
"""

import pytest

from tools.club.rules import DOUBLE, NONE, SKUNK, Settings, check_scores, game_points, spread
from tools.club.standings import balance, build_cards, standings


@pytest.mark.parametrize(
    ("loser", "points", "level"),
    [
        (120, 2, NONE),
        (91, 2, NONE),
        (90, 3, SKUNK),
        (61, 3, SKUNK),
        (60, 3, DOUBLE),
        (0, 3, DOUBLE),
    ],
)
def test_game_points_follow_the_skunk_lines(loser, points, level):
    assert game_points(loser, Settings()) == (points, level)


def test_a_double_skunk_scores_what_the_club_says():
    assert game_points(55, Settings(double=4)) == (4, DOUBLE)
    assert game_points(75, Settings(double=4)) == (3, SKUNK)


def test_spread_is_121_less_the_losers_score():
    assert spread(95) == 26
    assert spread(120) == 1
    assert spread(0) == 121


@pytest.mark.parametrize(("a", "b", "order"), [(121, 0, (0, 1)), (87, 121, (1, 0))])
def test_finished_scores_say_who_won(a, b, order):
    assert check_scores(a, b) == order


@pytest.mark.parametrize(
    ("a", "b", "says"),
    [
        (121, 121, "only one"),
        (120, 100, "one score of 121"),
        (122, 5, "0 to 121"),
        (121, -1, "0 to 121"),
        (121, "9", "0 to 121"),
        (True, 121, "0 to 121"),
    ],
)
def test_scores_no_game_ends_with_are_refused(a, b, says):
    with pytest.raises(ValueError, match=says):
        check_scores(a, b)


def test_settings_refuse_unknown_names_and_values_out_of_range():
    with pytest.raises(ValueError, match="no setting"):
        Settings(wins=2)
    with pytest.raises(ValueError, match="from 0 to 9"):
        Settings(skunk=12)
    s = Settings()
    with pytest.raises(ValueError):
        s.update({"win": 3, "grp_min": -1})
    assert s.win == 2  # nothing changed
    assert Settings.from_json(Settings(grp_min=10).to_json()).grp_min == 10
    assert Settings.from_json('{"gone": 1, "win": 3}').win == 3  # an old file's names


# A night of 5 players, 3 rounds, worked by hand (the bye scores 2, a win, spread 0):
#   round 1: A 121-80 B (A +41, skunk), C 121-100 D (C +21), E bye
#   round 2: A 121-110 C (A +11), E 121-55 B (E +66, double: 3), D bye
#   round 3: A 121-119 E (A +2), D 121-91 C (D +30), B bye
# A: 3+2+2 = 7 GP, 3 wins, +54; E: 2(bye)+3+0 = 5, 2 wins, +66-2 = +64;
# D: 0+2+2 = 4, 2 wins (one the bye), -21+30 = +9; C: 2+0+0 = 2, 1 win, 21-11-30 = -20;
# B: 0+0+2 = 2, 1 win (the bye), -41-66 = -107.
NAMES = {1: "A", 2: "B", 3: "C", 4: "D", 5: "E"}
GAMES = [
    (1, 1, 1, 2, 121, 80),
    (1, 2, 3, 4, 121, 100),
    (2, 1, 1, 3, 121, 110),
    (2, 2, 5, 2, 121, 55),
    (3, 1, 1, 5, 121, 119),
    (3, 2, 4, 3, 121, 91),
]
BYES = [(1, 5), (2, 4), (3, 2)]


def rows(settings=None, games=GAMES, byes=BYES, hands=(), rounds=3):
    s = settings or Settings()
    return standings(build_cards(NAMES, games, byes, list(hands), s), s, rounds)


def test_a_hand_worked_night():
    got = [(r["name"], r["game_points"], r["wins"], r["spread"], r["rank"]) for r in rows()]
    assert got == [
        ("A", 7, 3, 54, 1),
        ("E", 5, 2, 64, 2),
        ("D", 4, 2, 9, 3),
        ("C", 2, 1, -20, 4),
        ("B", 2, 1, -107, 5),
    ]
    a = rows()[0]
    assert (a["plus"], a["minus"], a["skunks_given"], a["games"], a["byes"]) == (54, 0, 1, 3, 0)
    b = rows()[-1]
    assert (b["plus"], b["minus"], b["skunks_taken"], b["byes"]) == (0, 107, 2, 1)


def test_a_bye_scores_as_the_club_sets_it():
    s = Settings(bye_points=0, bye_win=0, bye_spread=0)
    got = {r["name"]: (r["game_points"], r["wins"]) for r in rows(s)}
    assert got == {"A": (7, 3), "E": (3, 1), "D": (2, 1), "C": (2, 1), "B": (0, 0)}
    s = Settings(bye_spread=30)
    assert {r["name"]: r["spread"] for r in rows(s)}["B"] == -77


def test_players_equal_on_points_wins_and_spread_share_a_rank():
    names = {1: "Zoe", 2: "Al", 3: "Bo", 4: "Cy"}
    games = [(1, 1, 1, 3, 121, 100), (1, 2, 2, 4, 121, 100)]  # Zoe and Al: 2, 1, +21
    s = Settings()
    got = [(r["name"], r["rank"]) for r in standings(build_cards(names, games, [], [], s), s, 1)]
    assert got == [("Al", 1), ("Zoe", 1), ("Bo", 3), ("Cy", 3)]  # shared, then 3 (not 2)


def test_the_cards_balance_and_a_broken_card_does_not():
    s = Settings()
    cards = build_cards(NAMES, GAMES, BYES, [], s)
    assert balance(cards) == {
        "spread": 0,
        "skunks_given": 2,
        "skunks_taken": 2,
        "wins": 6,
        "losses": 6,
        "ok": True,
    }
    cards[1].lines[0].plus += 1  # a card miswritten by hand
    assert balance(cards)["ok"] is False


def test_grass_roots_points_start_at_the_clubs_minimum():
    assert {r["name"]: r["grp"] for r in rows(Settings(grp_min=5))} == {
        "A": 7,
        "E": 5,
        "D": 0,
        "C": 0,
        "B": 0,
    }
    assert all(r["grp"] == 0 for r in rows())  # 12 is the common minimum of a 9-game card


def test_a_grand_slam_is_every_round_won():
    got = {r["name"]: r["grand_slam"] for r in rows()}
    assert got["A"] is True and not any(v for k, v in got.items() if k != "A")
    assert not rows(rounds=4)[0]["grand_slam"]  # a round still to play


def test_special_hands_go_on_the_card():
    r = rows(hands=[(2, 3, 29, "hand"), (1, 3, 28, "crib")])
    c = next(x for x in r if x["name"] == "C")
    assert c["hands"] == [
        {"round": 1, "points": 28, "kind": "crib"},
        {"round": 2, "points": 29, "kind": "hand"},
    ]
