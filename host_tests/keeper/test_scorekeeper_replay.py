# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Game.replay (the restored board's fast path) against apply, event by event.

The witness is the plain loop ``for ev in evs: game.apply(ev)``, stopping at the first
ScorekeeperError: replay must leave the same state (Game.snapshot, every derived field) and
stop at the same event, for event streams full of refusals (pegs out of range, sides that do
not exist, a go from the stinkhole, points after a win) under every table size and the house
rules that change what a play or go may peg.
"""

from scorekeeper import events
from scorekeeper.errors import ScorekeeperError
from scorekeeper.events import CORRECTION, GO, HAND, HEELS, PLAY
from scorekeeper.game import Game
from scorekeeper.settings import Settings

from tools.board.testkit import Lcg

CONFIGS = (
    {},
    {"players": 3},
    {"players": 4},
    {"players": 4, "partners": 1},
    {"stinkhole": 1},
    {"finish_hand": 1},
    {"target": 61, "stinkhole": 1, "finish_hand": 1},
    {"five_card": 1, "muggins": 1},
)


def settings(options):
    s = Settings()
    for name in options:
        s.set(name, options[name])
    return s


def stream(rng, sides, n, bad=True):
    """n events, mostly pegs for a play or a go, with the others mixed in; with ``bad``, some
    out of range (a side that is not there, a play of 0 or -1, a go of 0 or 3)."""
    out = []
    wild = 1 if bad else 0
    for _ in range(n):
        k = rng.below(20)
        side = rng.below(sides + 1) if bad and rng.below(30) == 0 else rng.below(sides)
        dt = rng.below(90)
        if k < 12:
            out.append(events.peg(side, rng.below(15 + wild * 2) + 1 - wild * 2, PLAY, dt))
        elif k < 15:
            out.append(events.peg(side, rng.below(2 + wild * 2) + 1 - wild, GO, dt))
        elif k == 15:
            out.append(events.deal(rng.below(sides), dt))
        elif k == 16:
            points = 2 + rng.below(28) if bad else (2, 4, 6, 8, 12)[rng.below(5)]  # 19: none
            out.append(events.peg(side, points, HAND, dt))
        elif k == 17:
            out.append(events.peg(side, 2, HEELS, dt))
        elif k == 18:
            points = rng.below(9) - 4 if bad else 1 + rng.below(4)  # 0, or below 0: refused
            out.append(events.peg(side, points, CORRECTION, dt))
        else:
            out.append(events.card(rng.below(53), side, rng.below(3), PLAY, dt))
    return out


def witness(game, evs):
    for i in range(len(evs)):
        try:
            game.apply(evs[i])
        except ScorekeeperError:
            return i
    return len(evs)


def test_replay_equals_apply_one_by_one():
    refused = long = 0
    for c in range(len(CONFIGS)):
        cfg = settings(CONFIGS[c])
        for seed in range(12):
            evs = stream(Lcg(seed * 31 + c), cfg.sides, 160, bad=seed % 2 == 0)
            fast, slow = Game(cfg, seed % cfg.sides, 7), Game(cfg, seed % cfg.sides, 7)
            n = fast.replay(evs)
            assert n == witness(slow, evs), (CONFIGS[c], seed)
            assert fast.snapshot() == slow.snapshot(), (CONFIGS[c], seed)
            assert fast.events == slow.events
            refused += n < len(evs)
            long += n >= 40
    assert refused and long  # streams cut short by a refusal, and streams played a long way


def test_replay_of_a_game_to_the_win_and_past_it():
    # 1-point pegs, A and B in turn, as the benchmarks' 220-peg game: A wins at 121, and a
    # peg after the win is refused (only the others may count out; here nobody may).
    for options in ({}, {"finish_hand": 1}, {"stinkhole": 1}, {"target": 61}):
        cfg = settings(options)
        evs = [events.peg(i % 2, 1 + (i % 3 == 0), GO if i % 5 == 0 else PLAY, 3)
               for i in range(260)]  # fmt: skip
        fast, slow = Game(cfg), Game(cfg)
        n = fast.replay(evs)
        assert n == witness(slow, evs) and n < len(evs), options
        assert fast.snapshot() == slow.snapshot()
        if fast.winner < 0:  # the stinkhole: a go from 120 is what stopped it
            ev = evs[n]
            assert cfg.stinkhole and ev[2] == GO and fast.scores[ev[1]] == cfg.target - 1
        else:
            assert fast.scores[fast.winner] == cfg.target


def test_pop_replays_to_the_state_before_the_undone_event():
    cfg = settings({"players": 3})
    evs = stream(Lcg(5), 3, 120)
    g = Game(cfg)
    n = g.replay(evs)
    kept = evs[:n]
    while g.events:
        kept = kept[:-1]
        g.pop()
        fresh = Game(cfg)
        assert fresh.replay(kept) == len(kept)
        assert g.snapshot() == fresh.snapshot()
