"""The draw (tools/club/draw.py, matching.py): no repeated opponent, byes shared out one each
before anyone has two, every night completable for the field it started with, a changed field
still drawn, and the blossom matching as large as a brute-force search finds.
SPDX-License-Identifier: MIT
"""

import itertools
import random

import pytest

from tools.club.draw import History, NoDraw, draw, new_rotation, night_rounds, rotation_round
from tools.club.matching import max_matching


@pytest.mark.parametrize("n", [2, 4, 6, 10, 16, 30])
def test_the_rotation_meets_every_pair_exactly_once(n):
    order = list(range(n))
    seen = [frozenset(p) for r in range(n - 1) for p in rotation_round(order, r)]
    assert len(seen) == len(set(seen)) == n * (n - 1) // 2
    for r in range(n - 1):  # everyone plays once a round
        assert sorted(x for p in rotation_round(order, r) for x in p) == order


@pytest.mark.parametrize(
    ("players", "games", "rounds"),
    [(16, 9, 9), (10, 9, 9), (11, 9, 9), (9, 9, 9), (8, 9, 7), (3, 9, 3), (2, 9, 1), (6, 9, 5)],
)
def test_a_small_field_plays_fewer_rounds(players, games, rounds):
    assert night_rounds(players, games) == rounds
    assert night_rounds(players, games, repeats=True) == games


def play_night(ids, games, seed, changes=None):
    """Draw a whole night as the hub does; changes: {round: new id list}. The tables."""
    rng = random.Random(seed)
    rounds = night_rounds(len(ids), games)
    order = new_rotation(ids, rng)
    history = History()
    night = []
    for rnd in range(1, rounds + 1):
        ids = (changes or {}).get(rnd, ids)
        tables = draw(ids, history, rnd, rounds, random.Random(f"{seed}/{rnd}"), order=order)
        for a, b in tables:
            history.add(a, b)
        night.append(tables)
    return night


def check_night(night, ids_by_round):
    met = set()
    byes = {}
    for rnd, tables in enumerate(night, 1):
        ids = ids_by_round(rnd)
        seated = [x for t in tables for x in t if x is not None]
        assert sorted(seated) == sorted(ids), f"round {rnd}: everyone once"
        for a, b in tables:
            if b is None:
                fewest = min(byes.get(i, 0) for i in ids)
                assert byes.get(a, 0) == fewest, f"round {rnd}: a second bye too soon"
                byes[a] = byes.get(a, 0) + 1
                continue
            assert frozenset((a, b)) not in met, f"round {rnd}: {a} and {b} met before"
            met.add(frozenset((a, b)))
        assert all(b is not None for a, b in tables[:-1]), "the bye is the last table"


@pytest.mark.parametrize("players", [9, 10, 11, 12, 16, 17, 40])
def test_a_whole_night_without_repeats(players):
    for seed in range(5):
        ids = list(range(100, 100 + players))
        night = play_night(ids, 9, seed)
        assert len(night) == night_rounds(players, 9)
        check_night(night, lambda rnd, ids=ids: ids)


def test_seat_a_is_shared_out():
    ids = list(range(16))
    count = {}
    for tables in play_night(ids, 9, 3):
        for a, _b in tables:
            count[a] = count.get(a, 0) + 1
    assert max(count.values()) - min(count.values()) <= 2  # of 9 rounds: 4-5 each


def test_a_late_arrival_and_a_departure_are_drawn_without_repeats():
    ids = list(range(12))
    later = ids + [12]  # round 3: a late arrival (13 players: a bye each round)
    gone = [i for i in later if i != 5]  # round 6: one goes home (12 again)
    for seed in range(5):
        night = play_night(ids, 9, seed, {3: later, 6: gone})
        check_night(night, lambda rnd: ids if rnd < 3 else later if rnd < 6 else gone)


def test_a_field_with_no_draw_left_says_so():
    history = History()
    for a, b in [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]:  # 4 players, all met
        history.add(a, b)
    with pytest.raises(NoDraw, match="allow repeats"):
        draw([0, 1, 2, 3], history, 4, 4, random.Random(1))
    tables = draw([0, 1, 2, 3], history, 4, 4, random.Random(1), repeats=True)
    assert sorted(x for t in tables for x in t) == [0, 1, 2, 3]


def brute_force(n, edges):
    """The largest matching, by trying every subset of edges (small graphs only)."""
    for size in range(n // 2, 0, -1):
        for combo in itertools.combinations(edges, size):
            used = [v for e in combo for v in e]
            if len(used) == len(set(used)):
                return size
    return 0


def test_the_blossom_matching_is_maximum():
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(2, 9)
        edges = [e for e in itertools.combinations(range(n), 2) if rng.random() < 0.35]
        adj = [[] for _ in range(n)]
        for a, b in edges:
            adj[a].append(b)
            adj[b].append(a)
        mate = max_matching(adj, random.Random(rng.random()))
        pairs = {frozenset((v, mate[v])) for v in range(n) if mate[v] != -1}
        assert all(frozenset(p) in {frozenset(e) for e in edges} for p in pairs)
        assert all(mate[mate[v]] == v for v in range(n) if mate[v] != -1)
        assert len(pairs) == brute_force(n, edges)


def test_a_blossom_is_needed_and_found():
    # The 5-cycle 0-1-2-3-4 with (1,2) and (3,4) matched and 0 free, and a free 5 on 1: from 0,
    # vertex 1 is first reached as an odd vertex; 5 is reached only the other way round the
    # odd cycle (0-4-3-2-1-5), which the search finds by contracting it (a blossom).
    adj = [[1, 4], [0, 2, 5], [1, 3], [2, 4], [3, 0], [1]]
    mate = max_matching(adj, mate=[-1, 2, 1, 4, 3, -1])
    assert mate == [4, 5, 3, 2, 0, 1]


def test_three_hundred_players_nine_rounds():
    ids = list(range(300))
    night = play_night(ids, 9, 11, {2: ids[:-1]})  # round 2 on: the matching, not the rotation
    check_night(night, lambda rnd: ids if rnd < 2 else ids[:-1])
