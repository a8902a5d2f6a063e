"""The count said aloud, the way players count a hand at the table.

    >>> say_count(score_show(["4C", "5S", "6D", "7C"], "5H"))
    'fifteen two, fifteen four, and a double run of four is 14'

Fifteens first, accumulating ("fifteen two, fifteen four"), then each remaining category
with the running total: pairs ("and a pair is 6", "a pair royal", "a double pair royal"),
runs ("a run of three is 9"), the flush ("and four for the flush is 13"), and nobs ("and one
for his nobs is 29"). A run with a duplicated rank is said as one thing that includes its
pairs, as players and the rulebook name it: "a double run of three" (8: two runs and the
pair), "a double run of four" (10), "a triple run" (15), "a double-double run" (16); only
pairs of other ranks are said on their own. A hand of nothing is "nineteen" (the joke:
no hand can score 19). Deterministic: built from the ordered items, never a dict.

SPDX-License-Identifier: MIT
"""

from cribbage.cards import RANKS

_EVEN = ("nought", "two", "four", "six", "eight", "ten", "twelve", "fourteen", "sixteen")
_SMALL = ("no", "one", "two", "three", "four", "five")
# Pair points by how many pairs one rank makes: 1 pair (2), 3 pairs (6), 6 pairs (12).
_PAIR_NAMES = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}
# Run names by (number of runs, run length); more runs than one means duplicated ranks.
_RUN_NAMES = {2: "a double run of {}", 3: "a triple run", 4: "a double-double run"}
NOTHING = "nineteen: nothing to count"


def say_count(score):
    """The spoken count of a ``ShowScore``, ending with its total."""
    if score.total == 0:
        return NOTHING
    parts = []
    for n in range(2, score.fifteens + 1, 2):
        parts.append("fifteen " + _EVEN[n // 2])
    total = score.fifteens
    runs = [cards for kind, cards, _ in score.items if kind == "run"]
    in_run = [False] * 14
    for cards in runs:
        for c in cards:
            in_run[RANKS[c]] = True
    pairs_by_rank = [0] * 14
    for kind, cards, _ in score.items:
        if kind == "pair":
            pairs_by_rank[RANKS[cards[0]]] += 1
    said_pair = False
    run_pair_points = 0
    for r in range(1, 14):
        k = pairs_by_rank[r]
        if not k:
            continue
        if in_run[r]:
            run_pair_points += 2 * k
            continue
        total += 2 * k
        name = "another pair" if said_pair and k == 1 else _PAIR_NAMES[k]
        said_pair = True
        _say(parts, name, total)
    if runs:
        total += score.runs + run_pair_points
        length = _SMALL[len(runs[0])]
        name = _RUN_NAMES.get(len(runs), "a run of {}").format(length)
        _say(parts, name, total)
    if score.flush:
        total += score.flush
        _say(parts, _SMALL[score.flush] + " for the flush", total)
    if score.nobs:
        total += score.nobs
        _say(parts, "one for his nobs", total)
    return ", ".join(parts)


def _say(parts, name, total):
    """Add 'name is total', joined by 'and' after the first phrase."""
    parts.append(("and " if parts else "") + name + " is " + str(total))
