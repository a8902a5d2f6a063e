"""Benchmark: show scoring speed, side by side with two references, and the full enumeration.

Measured in one run on the same 20,000 pseudo-random hands (4 kept cards and a starter):
- our engine's fast path ``cribbage.show_points`` on CPython (card ints in);
- our engine's public call ``cribbage.score_show`` on the hands as text ('5H', '10D'), its
  total read: the cards parsed and checked, the total from the fast path (the itemized
  lists are built only when read, so they cost nothing here);
- a naive reference written here from the rules (look at each of the 31 subsets);
- the PyPI package cribbage-scorer (``show_calc_score``; ``make bench`` installs it in the
  separate .venv-bench from requirements-bench.txt). Before timing, its totals are compared
  with ours on every benchmark hand, as a hand and as a crib;
- our engine on the MicroPython unix port (same hands; its results are compared with
  CPython's one by one);
- the wall time of the full enumeration of all 12,994,800 shows on 2 processes.
Goals: at least 10x the naive reference and cribbage-scorer on CPython, for the fast path
(issue 2) and for score_show on text (issue 13; cribbage-scorer gets its own card tuples, no
text to parse); the full enumeration under 2 minutes on 2 cores.

    python -m tools.bench.bench_show     # or `make bench`, which calls run()

SPDX-License-Identifier: MIT
"""

import os
import random
import sys
import tempfile
import time

from cribbage.cards import format_card
from cribbage.show import score_show, show_points

from tools.bench import benchutil
from tools.bench.benchutil import FIRMWARE, MICROPYTHON
from tools.rules.show_enumeration import enumerate_shows

HANDS = 20000
REPEAT = 3
CHUNK = 500  # hands timed at a go (best_rates)
SEED = 2024
GOAL_RATIO = 10
GOAL_ENUMERATION_S = 120

# Run by the MicroPython unix port: reads the hands (5 bytes each: 4 kept, then the
# starter), prints the best time in microseconds, then every hand's points as hex.
# The gc.collect() matters: MicroPython puts a call's frame on the heap when it needs more
# than 11 words, and until the first collection the garbage left by loading the hands makes
# each such allocation slow (tens of times slower here), which is no steady state.
UPY_SCRIPT = """
import sys, time, gc
sys.path.insert(0, {firmware!r})
from cribbage.show import show_points
with open({path!r}, "rb") as f:
    data = f.read()
hands = [(list(data[i:i + 4]), data[i + 4]) for i in range(0, len(data), 5)]
gc.collect()
best = 1 << 30
for _ in range({repeat}):
    t0 = time.ticks_us()
    for kept, starter in hands:
        show_points(kept, starter)
    best = min(best, time.ticks_diff(time.ticks_us(), t0))
print(best)
print(bytes([show_points(kept, starter) for kept, starter in hands]).hex())
"""


def deal(n, seed):
    """n random (kept cards, starter) deals as card ints."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        cards = rng.sample(range(52), 5)
        hands.append((cards[:4], cards[4]))
    return hands


def naive_points(kept, starter, crib=False):
    """Show points straight from the rules, looking at each of the 31 subsets."""
    five = [*kept, starter]
    points = 0
    run_length = run_count = 0
    for mask in range(1, 32):
        subset = [five[i] for i in range(5) if mask >> i & 1]
        if sum(min(c % 13 + 1, 10) for c in subset) == 15:
            points += 2
        ranks = sorted(c % 13 + 1 for c in subset)
        if len(ranks) == 2 and ranks[0] == ranks[1]:
            points += 2
        elif len(ranks) >= 3 and ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            if len(ranks) > run_length:
                run_length, run_count = len(ranks), 1
            elif len(ranks) == run_length:
                run_count += 1
    points += run_length * run_count
    suits = {c // 13 for c in kept}
    if len(suits) == 1:
        if starter // 13 in suits:
            points += 5
        elif not crib:
            points += 4
    jack = starter // 13 * 13 + 10
    if jack in kept:
        points += 1
    return points


def scorer_package():
    """(show_calc_score, version) from cribbage-scorer, or None where it is not installed."""
    try:
        from cribbage_scorer import cribbage_scorer
    except ImportError:
        return None
    from importlib.metadata import version

    return cribbage_scorer.show_calc_score, version("cribbage-scorer")


def as_scorer_cards(kept, starter):
    """cribbage-scorer's arguments (starter, kept); its cards are (rank 1-13, suit letter)."""

    def card(c):
        return (c % 13 + 1, "CDHS"[c // 13])

    return card(starter), [card(c) for c in kept]


def best_rates(scorers, chunk=CHUNK):
    """Hands per second of each (score, arguments) pair. The hands go in chunks; each chunk
    is timed REPEAT times for every scorer in turn, and the best time of each chunk counts:
    the scorers' timings of a chunk are moments apart, so a busy spell on a shared machine
    falls on all of them alike rather than on one scorer's whole pass."""
    best = [0.0] * len(scorers)
    n = len(scorers[0][1])
    for start in range(0, n, chunk):
        chunk_best = [None] * len(scorers)
        for _ in range(REPEAT):
            for i, (score, arguments) in enumerate(scorers):
                part = arguments[start : start + chunk]
                t0 = time.perf_counter()
                for a, b in part:
                    score(a, b)
                dt = time.perf_counter() - t0
                chunk_best[i] = dt if chunk_best[i] is None else min(chunk_best[i], dt)
        for i, dt in enumerate(chunk_best):
            best[i] += dt
    return [n / dt for dt in best]


def agreement(name, disagreements, whom="us"):
    print(
        "  agreement: {} {} on all {:,} hands, as hand and as crib".format(
            name,
            "agrees with " + whom
            if disagreements == 0
            else "DISAGREES {} times".format(disagreements),
            HANDS,
        )
    )


def score_show_total(kept, starter):
    """Text in, total out: the public call as a caller with cards as text uses it."""
    return score_show(kept, starter).total


def micropython_run(hands):
    """(hands per second, points list) on the unix port, or None where it is missing."""
    if not benchutil.have_micropython():
        return None
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
        for kept, starter in hands:
            f.write(bytes([*kept, starter]))
        path = f.name
    try:
        script = UPY_SCRIPT.format(firmware=FIRMWARE, path=path, repeat=REPEAT)
        # -X heapsize=8M: room for 20,000 hands
        out = benchutil.output([MICROPYTHON, "-X", "heapsize=8M", "-c", script])
    finally:
        os.unlink(path)
    micros, points = out.split()
    return len(hands) * 1e6 / int(micros), list(bytes.fromhex(points))


def line(label, rate, note=""):
    print("  {:<40} {:>11,.0f} hands/s  {}".format(label, rate, note).rstrip())


def run():
    """Print the show-scoring figures; return them as a dict."""
    hands = deal(HANDS, SEED)
    ours = [show_points(k, s) for k, s in hands]
    version = "CPython {}.{}: ".format(*sys.version_info[:2])
    print("show scoring, {:,} random hands (4 kept + starter), best of {} per {} hands:".format(
        HANDS, REPEAT, CHUNK))  # fmt: skip

    # Agreement first: a fast wrong answer is no answer.
    texts = [([format_card(c) for c in k], format_card(s)) for k, s in hands]
    scorers = [(show_points, hands), (naive_points, hands), (score_show_total, texts)]
    text_bad = sum(
        1
        for (k, s), (tk, ts) in zip(hands, texts, strict=True)
        for crib in (False, True)
        if score_show(tk, ts, crib).total != show_points(k, s, crib)
    )
    naive_bad = sum(
        1
        for k, s in hands
        for crib in (False, True)
        if naive_points(k, s, crib) != show_points(k, s, crib)
    )
    package = scorer_package()
    if package is not None:
        calc, package_version = package
        converted = [as_scorer_cards(k, s) for k, s in hands]  # (starter, kept), its order
        package_bad = sum(
            1
            for (k, s), (cs, ck) in zip(hands, converted, strict=True)
            for crib in (False, True)
            if calc(cs, ck, crib)[0] != show_points(k, s, crib)
        )
        package_text_bad = sum(
            1
            for (tk, ts), (cs, ck) in zip(texts, converted, strict=True)
            for crib in (False, True)
            if calc(cs, ck, crib)[0] != score_show(tk, ts, crib).total
        )
        scorers.append((calc, converted))

    rates = best_rates(scorers)
    figures = {"engine": rates[0], "naive": rates[1], "score_show_text": rates[2]}
    goal = "ours is {:.0f}x (goal >= {}x)"
    line(version + "our engine (show_points, ints)", rates[0])
    line(
        version + "naive reference (31 subsets)",
        rates[1],
        goal.format(rates[0] / rates[1], GOAL_RATIO),
    )
    line(version + "our engine (score_show, text in)", rates[2])
    if package is None:
        print("  cribbage-scorer: not installed here (make bench installs it in .venv-bench)")
    else:
        figures["package"] = rates[3]
        line(
            version + "cribbage-scorer " + package_version,
            rates[3],
            "show_points {:.0f}x, score_show on text {:.0f}x (goal >= {}x each)".format(
                rates[0] / rates[3], rates[2] / rates[3], GOAL_RATIO
            ),
        )
        agreement("cribbage-scorer " + package_version, package_bad, "show_points")
        agreement("cribbage-scorer " + package_version, package_text_bad, "score_show on text")
    agreement("the naive reference", naive_bad)
    agreement("score_show on text", text_bad, "show_points")

    upy = micropython_run(hands)
    if upy is None:
        benchutil.say_no_micropython()
    else:
        figures["micropython"], upy_points = upy
        same = "identical to CPython's" if upy_points == ours else "DIFFERENT from CPython's"
        line("MicroPython unix port: our engine", figures["micropython"], "results " + same)

    t0 = time.monotonic()
    hand, _ = enumerate_shows(5, workers=2)
    figures["enumeration_s"] = time.monotonic() - t0
    print(
        "full enumeration of {:,} shows (hand and crib each), 2 processes: {:.1f} s"
        " (goal < {} s)".format(sum(hand), figures["enumeration_s"], GOAL_ENUMERATION_S)
    )
    return figures


if __name__ == "__main__":
    run()
