"""The key-press benchmark's scripts (make bench-presses): the board takes every one of them,
and each peg it makes is the rules engine's; a hand-worked deal gives the presses counted by
hand; KEEP writes deals that tools/sim.py plays.
"""

import json
import os
import random
import subprocess
import sys

import pytest
from cribbage.cards import parse_card
from cribbage.play import Pegging
from props import sweep

from tools.bench.bench_presses import measure
from tools.presses.dealer import Deal, deal
from tools.presses.replay import replay
from tools.presses.ways import WAYS, presses, script

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cards(text):
    return [parse_card(c) for c in text.split()]


def worked_deal():
    """Two players, A deals, B the pone; starter 2C.
    B 5H 5C JD KS: fifteens 5+J, 5+K twice each (8), the pair of fives (2): 10.
    A 4H 6D 7S 8C: fifteens 7+8 and 2+6+7 (4), the run 6-7-8 (3): 7.
    A's crib 3D 9H QC AS: fifteens Q+3+2 and 9+3+2+A (4), the run A-2-3 (3): 7.
    The play: B JD 10, A 4H 14, B KS 24, A 7S 31 (A 2); B 5H 5, A 6D 11, B 5C 16, A 8C 24,
    the last card (A 1). A: play 2 and a go; B nothing."""
    d = Deal(2, 0, [cards("4H 6D 7S 8C"), cards("5H 5C JD KS")], cards("3D 9H QC AS"),
             parse_card("2C"))  # fmt: skip
    p = Pegging([list(h) for h in d.hands], 0)
    for seat, c in ((1, "JD"), (0, "4H"), (1, "KS"), (0, "7S"),
                    (1, "5H"), (0, "6D"), (1, "5C"), (0, "8C")):  # fmt: skip
        d.play.append((seat, parse_card(c)))
        d.scores.append(p.play(seat, c))
    return d


def test_worked_deal_counts_and_presses():
    d = worked_deal()
    assert d.counts() == [(1, "hand", 10), (0, "hand", 7), (0, "crib", 7)]
    assert d.play_points() == [[2, [1]], [0, []]]
    # typed: A (the go), 2A, # (the show), 10# 7# 7#: 11 keys; the crib's count passes the deal.
    typed = script(d, "typed")
    assert presses(typed) == 11
    assert typed[-2:] == ["expect score A 17", "expect score B 10"]
    # checked: A 2A (3), # (1); B: 5 5 J K, the starter 2, 10, # (no flush: a pair; the jack
    # not the starter's suit) (8); A: 4 6 7 8 7# (6); the crib: 3 9 Q A 7# (6): 24.
    assert presses(script(d, "checked")) == 24
    # counted: the same cards, # alone after each: 3 + 1 + 6 + 5 + 5 = 20.
    assert presses(script(d, "counted")) == 20
    for way in WAYS:
        assert replay(d, script(d, way), cards=way != "typed") == []


def test_a_wrong_script_is_caught():
    d = worked_deal()
    steps = script(d, "typed")
    wrong = [s.replace("type 7#", "type 8#", 1) for s in steps]  # A's hand 8, not 7
    assert any("A hand" in p for p in replay(d, wrong))
    refused = [s.replace("type 10#", "type 19#") for s in steps]  # no hand scores 19
    problems = replay(d, refused)
    assert any("refused" in p for p in problems)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_takes_every_script(players):
    rng = random.Random(31 + players)
    for _ in sweep(6):  # six deals in make test, three in the edit loop
        d = deal(rng, players)
        for way in WAYS:
            assert replay(d, script(d, way), cards=way != "typed") == [], (way, d.as_json())


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_benchmark_deals_are_all_taken(players):
    """The benchmark's own first 60 deals of each player count, every way."""
    rng = random.Random(2027 * 10 + players)  # bench_presses.measure's dealer
    for _ in range(60):
        d = deal(rng, players)
        for way in WAYS:
            assert replay(d, script(d, way), cards=way != "typed") == [], (way, d.as_json())


def test_keep_writes_deals_that_the_simulator_plays(tmp_path):
    _means, floor = measure(3, keep=str(tmp_path), first=1000, deals=2)
    assert sorted(os.listdir(tmp_path)) == sorted(
        ["1000.json", "1001.json"]
        + ["100{}-{}.sim".format(i, w) for i in (0, 1) for w in WAYS]
        + ["1000-phone.json", "1001-phone.json"]  # the phone's taps: not a keypad script
    )
    assert floor > 17  # 17 cards a three-player deal, and the play
    d = json.loads((tmp_path / "1000.json").read_text())
    assert d["players"] == 3 and d["dealer"] in "ABC"
    assert sorted(d["hands"]) == ["A", "B", "C"] and len(d["crib"]) == 4
    dealt = [c for s in "ABC" for c in d["hands"][s]] + d["crib"] + [d["starter"]]
    assert len(set(dealt)) == 17 and all(len(c) == 2 for c in dealt)  # 'TD', not '10D'
    for s in "ABC":  # every card of a hand is played, in some order
        assert sorted(d["play"][s]) == sorted(d["hands"][s])
    taps = json.loads((tmp_path / "1000-phone.json").read_text())
    assert sorted(c for what, c in taps if what == "card") == sorted(dealt)  # each tile once
    for way in WAYS:
        sim = tmp_path / "1000-{}.sim".format(way)
        done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sim.py"),
                               "--script", str(sim), "--json"],
                              capture_output=True, text=True, check=False)  # fmt: skip
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        assert out["script"]["ok"] and out["script"]["expects"] == 3
        assert out["signal"] != "error"
