"""The show counted afresh from the rulebook, sharing no code with the engine or its tables.

show_total scores one show by looking at every subset of the cards. crib_total and crib_milli
give the expected crib of thrown cards, which tools/rules/gen_cribtable.py finds by dealing
every crib and scoring it with the engine's fast path; here it is counted instead: fifteens,
pairs and runs depend only on the five ranks, so each multiset of the other cards' ranks is
scored once and weighted by the ways to pick its cards, and the crib flush (all five of one
suit) and his nobs (a jack in the crib of the starter's suit) are counted by suit. Plain
integers, so it runs on MicroPython too. Cards are ints 0-51: suit * 13 + rank - 1.
"""

MILLI = 1000
JACKS = (10, 23, 36, 49)


def comb(n, k):
    """n choose k."""
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def rank_points(ranks):
    """Fifteens, pairs and runs of a show's ranks (1-13), from every subset of the cards."""
    n = len(ranks)
    points = 0
    runs = [0] * (n + 1)  # runs[length]: how many subsets of that length are runs
    for mask in range(1, 1 << n):
        sub = [ranks[i] for i in range(n) if mask >> i & 1]
        if sum(r if r < 10 else 10 for r in sub) == 15:
            points += 2
        if len(sub) == 2 and sub[0] == sub[1]:
            points += 2
        if len(sub) >= 3:
            sub.sort()
            if all(sub[i + 1] == sub[i] + 1 for i in range(len(sub) - 1)):
                runs[len(sub)] += 1
    for length in range(n, 2, -1):  # only the longest runs count
        if runs[length]:
            return points + length * runs[length]
    return points


def show_total(kept, starter, crib=False):
    """The show of kept cards (3 or 4) and the starter, as the rulebook counts it."""
    points = rank_points([c % 13 + 1 for c in kept] + [starter % 13 + 1])
    suit = kept[0] // 13
    if all(c // 13 == suit for c in kept):
        if starter // 13 == suit:
            points += len(kept) + 1
        elif not crib:  # a crib's flush needs the starter too
            points += len(kept)
    for c in kept:
        if c % 13 == 10 and c // 13 == starter // 13:
            points += 1  # his nobs
    return points


def rank_multisets(avail, k, low=1):
    """Yield (ranks, ways): every sorted choice of k ranks from low up, and how many ways
    there are to pick cards of those ranks when avail[r] cards of rank r are left."""
    if k == 0:
        yield [], 1
        return
    for r in range(low, 14):
        for take in range(1, min(k, avail[r]) + 1):
            ways = comb(avail[r], take)
            for rest, more in rank_multisets(avail, k - take, r + 1):
                yield [r] * take + rest, ways * more


def crib_total(thrown, cache=None):
    """(total points, cribs): every crib of the thrown cards and 5 - len(thrown) others from
    the cards not thrown, each of the others in turn the starter. A dict passed as cache keeps
    the ranks' points and choices between calls (fast, but too big for a Pico's heap)."""
    rest = [c for c in range(52) if c not in thrown]
    m, k = len(rest), 5 - len(thrown)
    cribs = comb(m, k) * k
    avail = [0] * 14
    for c in rest:
        avail[c % 13 + 1] += 1
    base = [c % 13 + 1 for c in thrown]
    if cache is None:
        points, choices = {}, rank_multisets(avail, k)
    else:
        points = cache
        if tuple(avail) not in cache:
            cache[tuple(avail)] = list(rank_multisets(avail, k))
        choices = cache[tuple(avail)]
    total = 0
    for ranks, ways in choices:
        five = sorted(base + ranks)
        key = (((five[0] * 16 + five[1]) * 16 + five[2]) * 16 + five[3]) * 16 + five[4]
        if key not in points:  # a small int, so the table stays small on a Pico too
            points[key] = rank_points(five)
        total += ways * k * points[key]  # any of the k others may be the starter
    suit = thrown[0] // 13
    if all(c // 13 == suit for c in thrown):  # a crib flush needs all five, starter too
        left = sum(1 for c in rest if c // 13 == suit)
        total += 5 * comb(left, k) * k
    for jack in JACKS:  # at most one jack can match the starter's suit
        same = sum(1 for c in rest if c // 13 == jack // 13 and c != jack)
        if jack in thrown:  # a starter of its suit, the other crib cards anything
            total += same * comb(m - 1, k - 1)
        else:  # the jack among the other crib cards, a starter of its suit
            total += same * comb(m - 2, k - 2)
    return total, cribs


def crib_milli(thrown, cache=None):
    """The expected crib in milli-points, rounded half up."""
    total, cribs = crib_total(thrown, cache)
    return (2 * total * MILLI + cribs) // (2 * cribs)
