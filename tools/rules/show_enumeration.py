"""Exhaustive enumeration of every show: the distribution of hand and crib totals.

Every (4 kept cards, starter) pair is visited once: all C(52,5) five-card sets, each with
each of its 5 cards as the starter (12,994,800 in all), and scored by the engine's own fast
path ``show_points`` as a hand and as a crib, so the published distribution checks exactly
the code the board runs. The five-card game's 3-card hands are enumerated the same way over
C(52,4) sets.

    python tools/rules/show_enumeration.py        # prints both distributions (2 processes)

SPDX-License-Identifier: MIT
"""

import os
import sys
import time
from multiprocessing import Pool

from cribbage.show import show_points

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MAX_POINTS = 29


def _count_sets(prefix, size):
    """Hand and crib histograms for every card set of `size` starting with `prefix`."""
    hand = [0] * (MAX_POINTS + 1)
    crib = [0] * (MAX_POINTS + 1)
    stack = [(list(prefix), prefix[-1] + 1)]
    while stack:
        cards, nxt = stack.pop()
        if len(cards) == size:
            for i in range(size):
                kept = cards[:i] + cards[i + 1 :]
                hand[show_points(kept, cards[i], False)] += 1
                if size == 5:
                    crib[show_points(kept, cards[i], True)] += 1
            continue
        for c in range(nxt, 52 - (size - len(cards)) + 1):
            stack.append(([*cards, c], c + 1))
    return hand, crib


def _task(args):
    return _count_sets(*args)


def enumerate_shows(size=5, workers=None, progress=None):
    """(hand histogram, crib histogram) over every show of `size` cards incl. the starter.

    size=5: the ordinary 4-card hand or crib; size=4: the five-card game's 3-card hand
    (its crib histogram is empty). ``progress(done, total)`` is called as work completes.
    """
    tasks = [((a, b), size) for a in range(52) for b in range(a + 1, 52)]
    hand = [0] * (MAX_POINTS + 1)
    crib = [0] * (MAX_POINTS + 1)
    workers = workers or os.cpu_count() or 1
    with Pool(workers) as pool:
        for done, (h, c) in enumerate(pool.imap_unordered(_task, tasks, chunksize=8), 1):
            for i in range(MAX_POINTS + 1):
                hand[i] += h[i]
                crib[i] += c[i]
            if progress is not None:
                progress(done, len(tasks))
    return hand, crib


def print_progress(done, total):
    """A one-line progress meter on stderr."""
    if done == total or done % 25 == 0:
        sys.stderr.write("\r  enumerating shows: {:3d}%".format(done * 100 // total))
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def mean(histogram):
    """Mean points of a histogram, as a float (host-side statistics only)."""
    n = sum(histogram)
    return sum(i * k for i, k in enumerate(histogram)) / n


def main():
    t0 = time.monotonic()
    hand, crib = enumerate_shows(5, progress=print_progress)
    seconds = time.monotonic() - t0
    print("points      hands      cribs")
    for i in range(MAX_POINTS + 1):
        print("{:6d} {:10,d} {:10,d}".format(i, hand[i], crib[i]))
    print("total  {:10,d} {:10,d}".format(sum(hand), sum(crib)))
    print("mean   {:10.4f} {:10.4f}".format(mean(hand), mean(crib)))
    print("wall time {:.1f} s on {} processes".format(seconds, os.cpu_count()))


if __name__ == "__main__":
    main()
