"""Play a deal's key script through the real firmware and hold every peg to the rules engine.

    problems = replay(d, steps)     # [] when the board took every key and pegged the deal

The script runs on the simulator's board (``tools.simulator.script.Runner``: the firmware's
App on a fresh in-memory flash), one key at a time, so a key the board refuses anywhere in a
``type`` step is caught (the red signal). Then the game's events are held to the deal as the
engine played and scored it: each side's play points and its gos (``cribbage.play``), his
heels, and each count of the show (``cribbage.show``) for the right side and kind, with the
cards when the way typed them.
SPDX-License-Identifier: MIT
"""

# isort: split
from scorekeeper.events import (
    CRIB,
    DEAL,
    EV_CARDS,
    EV_KIND,
    EV_POINTS,
    EV_REASON,
    EV_SIDE,
    GO,
    HAND,
    HEELS,
    PEG,
    PLAY,
    REASONS,
)
from view import SIG_ERROR

from tools.board.memfs import MemFS
from tools.presses.dealer import RANKS, SIDES
from tools.presses.ways import DEAL_MARK
from tools.simulator.script import Runner, tokens


def key_steps(steps):
    """The steps with each ``type`` split into one press a key (expects left out)."""
    out = []
    for step in steps:
        words = tokens(step) if step and step[0] != "#" else []
        if not words or words[0] == "expect":
            continue
        if words[0] == "type":
            out.extend("press " + ch for ch in "".join(words[1:]))
        else:
            out.append(step)
    return out


def run_keys(steps):
    """(runner, problems): the steps played on a fresh board, each refused key a problem."""
    r = Runner("state", MemFS())
    problems = []
    in_deal = False
    for step in key_steps(steps) if DEAL_MARK not in steps else _marked(steps):
        if step == DEAL_MARK:
            in_deal = True
            r.deal_from = len(r.h.keeper.game.events)
            continue
        r.step(tokens(step))
        if r.last_signal == SIG_ERROR:
            problems.append("{} refused: {}".format(step, " / ".join(r.h.lines[:3])))
    if not in_deal:
        r.deal_from = 0
    return r, problems


def _marked(steps):
    i = steps.index(DEAL_MARK)
    return key_steps(steps[:i]) + [DEAL_MARK] + key_steps(steps[i + 1 :])


def deal_pegs(d):
    """What the deal pegs, as {(side, reason): [points, ...]} (sorted lists)."""
    want = {}

    def add(side, reason, points):
        want.setdefault((side, reason), []).append(points)

    for side, (play, gos) in enumerate(d.play_points()):
        if play:
            add(side, PLAY, play)  # the side's play points: their sum is checked
        for g in gos:
            add(side, GO, g)
    if d.heels():
        add(d.dealer, HEELS, 2)
    for side, kind, points in d.counts():
        add(side, CRIB if kind == "crib" else HAND, points)
    return {k: sorted(v) for k, v in want.items()}


def board_pegs(events):
    """The events' pegs as deal_pegs has them (a side's PLAY entries summed), the cards of
    each count that has them, and the deals passed."""
    got = {}
    cards = {}
    passes = 0
    for ev in events:
        kind = ev[EV_KIND]
        if kind == DEAL:
            passes += 1
            continue
        if kind != PEG:
            continue
        key = (ev[EV_SIDE], ev[EV_REASON])
        if ev[EV_REASON] == PLAY:
            got[key] = [got.get(key, [0])[0] + ev[EV_POINTS]]
        else:
            got.setdefault(key, []).append(ev[EV_POINTS])
        if len(ev) > 5:
            from scorekeeper.countcards import unpack_cards

            cards.setdefault(key, []).append(sorted(unpack_cards(ev[EV_CARDS])))
    return {k: sorted(v) for k, v in got.items()}, cards, passes


def _name(key):
    return "{} {}".format(SIDES[key[0]], REASONS[key[1]])


def replay(d, steps, cards=False, passes=1):
    """Problems with the script (a refused key, a peg the engine did not make), or []:
    cards: the counts must carry their cards; passes: the deals the script passes."""
    r, problems = run_keys(steps)
    events = r.h.keeper.game.events[r.deal_from :]
    got, got_cards, got_passes = board_pegs(events)
    want = deal_pegs(d)
    for key in sorted(set(want) | set(got)):
        if want.get(key) != got.get(key):
            problems.append("{}: pegged {}, the engine says {}".format(
                _name(key), got.get(key), want.get(key)))  # fmt: skip
    if cards:
        for side, kind, _points in d.counts():
            key = (side, CRIB if kind == "crib" else HAND)
            held = (d.crib if kind == "crib" else d.hands[side]) + [d.starter]
            ranks = sorted(-RANKS[c] for c in held)  # a count typed by rank (countcards)
            if not any(c == ranks or set(c) == set(held) for c in got_cards.get(key, [])):
                problems.append("{}: the count's cards are not {}".format(_name(key), held))
    if got_passes != passes:
        problems.append("the deal passed {} times, not {}".format(got_passes, passes))
    return problems
