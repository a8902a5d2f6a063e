"""Fifteens, pairs and runs: the part of a show that the ranks alone decide.

    fifteens_count([5, 5, 5, 10, 5])        # 8: how many sets of values make 15
    pairs_runs_points([5, 5, 5, 11, 5])     # (12, 0): pair points, run points

Kept apart from ``cribbage.show`` so that counting a show typed by rank (``rankcount``, the
board's show) loads only this: the board's heap is small.
SPDX-License-Identifier: MIT
"""


def fifteens_count(values):
    """How many distinct subsets of 3, 4 or 5 card values total 15."""
    n = len(values)
    if n == 3:  # a crib of two and the starter: the pairs, and all three
        a, b, c = values
        return (a + b == 15) + (a + c == 15) + (b + c == 15) + (a + b + c == 15)
    total = 0
    for v in values:
        total += v
    rest = total - 15  # a subset totals 15 exactly when its complement totals `rest`
    count = 1 if total == 15 else 0
    for i in range(n - 1):
        vi = values[i]
        for j in range(i + 1, n):
            s = vi + values[j]
            if s == 15:
                count += 1
            if n == 5 and s == rest:  # complement is a triple that totals 15
                count += 1
    for v in values:  # complement of a single card is the other n-1 cards
        if v == rest:
            count += 1
    return count


def pairs_runs_points(ranks):
    """(pair points, run points) for 3, 4 or 5 ranks; `ranks` is sorted in place."""
    ranks.sort()
    pairs = 0
    # Walk the distinct ranks with their multiplicities, tracking the current straight.
    best_len = 0
    best_mult = 0
    run_len = 0
    run_mult = 1
    prev = -1
    i = 0
    n = len(ranks)
    while i < n:
        r = ranks[i]
        k = 1
        while i + k < n and ranks[i + k] == r:
            k += 1
        pairs += k * (k - 1)  # C(k, 2) pairs of 2 points each
        if r == prev + 1:
            run_len += 1
            run_mult *= k
        else:
            run_len = 1
            run_mult = k
        if run_len >= 3 and run_len >= best_len:
            best_len = run_len
            best_mult = run_mult
        prev = r
        i += k
    return pairs, best_len * best_mult
