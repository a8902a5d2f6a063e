"""The draw for a round: who plays whom at which table and seat, and who has the bye.

    order = new_rotation(ids, rng)              # the night's rotation, fixed at its first draw
    rounds = night_rounds(len(ids), games, repeats)
    tables = draw(ids, history, rnd, rounds, rng, order=order, repeats=repeats)
        history  History: who met whom, byes and seats so far
        tables   [(id_a, id_b), ...] by table number (1 first), a bye last as (id, None)

While the night's players are those it started with, the round comes from the rotation: the
circle method (one seat fixed, the others moving round, as clubs rotate at the tables), over
the players in a random order, with a bye seat for an odd count. Its rounds meet every pair
at most once and give everyone one bye before anyone has two, so the night can always be
finished without a repeated opponent. When the field changes (a late arrival, someone going
home), the round is drawn from what is left: the bye to one of those with the fewest byes,
then the most pairs of players who have not met (matching.py: Edmonds' blossom algorithm);
for a small field the draw also plays the night's remaining rounds out ahead (random trials)
so that it does not paint itself into a corner. Seat A goes to whoever has sat A less.
SPDX-License-Identifier: MIT
"""

from tools.club.matching import greedy_sampled, max_matching

TRIALS = 200  # random trials of the remaining rounds for a small field
LOOKAHEAD_MAX = 40  # a field this large or larger has room enough: no look ahead


class NoDraw(ValueError):
    """No round can be drawn under the night's settings (the message says what to change)."""


class History:
    """What the draw needs of the rounds so far."""

    def __init__(self):
        self.met = {}  # id -> set of ids met
        self.byes = {}  # id -> byes had
        self.seat_a = {}  # id -> times in seat A

    def add(self, a, b):
        """A table of the round: a and b met (b None: a's bye)."""
        if b is None:
            self.byes[a] = self.byes.get(a, 0) + 1
            return
        self.met.setdefault(a, set()).add(b)
        self.met.setdefault(b, set()).add(a)
        self.seat_a[a] = self.seat_a.get(a, 0) + 1

    def has_met(self, a, b):
        return b in self.met.get(a, ())


def night_rounds(players, games, repeats=False):
    """The night's rounds: its games, or fewer when the field is too small for that many
    different opponents (each meets everyone once; an odd field has a bye each round)."""
    if repeats or players < 2:
        return games if players >= 2 else 0
    most = players - 1 if players % 2 == 0 else players
    return min(games, most)


def new_rotation(ids, rng):
    order = list(ids)
    rng.shuffle(order)
    if len(order) % 2:
        order.append(None)
    return order


def rotation_round(order, r):
    """The pairs of round r (0 first) of the circle method over order (even length)."""
    n = len(order)
    k = r % (n - 1)
    rest = order[1:]
    line = [order[0]] + rest[k:] + rest[:k]
    return [(line[i], line[n - 1 - i]) for i in range(n // 2)]


def draw(ids, history, rnd, rounds, rng, *, order=None, repeats=False):
    """The tables of round rnd (1 first) of a night of rounds; NoDraw if none is allowed."""
    ids = list(ids)
    if len(ids) < 2:
        raise NoDraw("a round needs at least 2 players")
    pairs = None
    if order is not None and set(i for i in order if i is not None) == set(ids):
        if rnd - 1 < len(order) - 1:
            pairs = rotation_round(order, rnd - 1)
            if any(a is not None and b is not None and history.has_met(a, b) for a, b in pairs):
                pairs = None  # (a correction moved someone: draw from what is left)
    if pairs is None:
        pairs = _search(ids, history, rnd, rounds, rng, repeats=repeats)
    return _seat(pairs, history, rng)


def _search(ids, history, rnd, rounds, rng, *, repeats):
    ahead = rounds - rnd + 1 if len(ids) < LOOKAHEAD_MAX else 1
    for _ in range(TRIALS if ahead > 1 else 1):
        plan = _play_out(ids, history, max(ahead, 1), rng)
        if plan is not None:
            return plan
    plan = _play_out(ids, history, 1, rng)  # this round alone, if the rest cannot be seen
    if plan is not None:
        return plan
    if not repeats:
        raise NoDraw(
            "no draw without a repeated opponent: allow repeats in the night's"
            " settings, or close the night"
        )
    return _round(ids, history, rng, True)


def _play_out(ids, history, ahead, rng):
    """This round's pairs if `ahead` rounds can be drawn in a row without a repeat (a trial
    on a copy of the history), else None."""
    trial = history
    if ahead > 1:  # a copy to play the rounds out on
        trial = History()
        trial.met = {k: set(v) for k, v in history.met.items()}
        trial.byes = dict(history.byes)
    first = None
    for k in range(ahead):
        pairs = _round(ids, trial, rng, False)
        if pairs is None:
            return None
        first = first or pairs
        if k + 1 < ahead:  # (the last round's pairs go on no history: nothing to copy)
            for a, b in pairs:
                trial.add(a, b)
    return first


def _round(ids, history, rng, repeats):
    """One round's pairs (a bye as (id, None)): without repeats, or None if there is none;
    with repeats, the fewest repeats (the most pairs that have not met)."""
    if len(ids) % 2 == 0:
        return _pairs(ids, history, rng, repeats)
    fewest = min(history.byes.get(i, 0) for i in ids)
    candidates = [i for i in ids if history.byes.get(i, 0) == fewest]
    rng.shuffle(candidates)
    for bye in candidates:
        pairs = _pairs([i for i in ids if i != bye], history, rng, repeats)
        if pairs is not None:
            return pairs + [(bye, None)]
    return None


def _pairs(ids, history, rng, repeats):
    n = len(ids)
    met = [history.met.get(i, ()) for i in ids]
    mate = greedy_sampled(n, lambda i, j: ids[j] not in met[i], rng)
    if -1 in mate:  # the few a random pass leaves: augmenting paths on the whole graph
        adj = [[j for j in range(n) if j != i and ids[j] not in met[i]] for i in range(n)]
        mate = max_matching(adj, rng, mate)
    if -1 in mate and not repeats:
        return None
    pairs = [(ids[i], ids[mate[i]]) for i in range(n) if i < mate[i]]
    left = [ids[i] for i in range(n) if mate[i] == -1]
    pairs += [(left[k], left[k + 1]) for k in range(0, len(left), 2)]  # (repeats allowed)
    return pairs


def _seat(pairs, history, rng):
    """Tables in a random order, each with seat A to whoever has sat A less; the bye last."""
    games = []
    bye = []
    for a, b in pairs:
        if a is None or b is None:
            bye.append((a if b is None else b, None))
            continue
        sa, sb = history.seat_a.get(a, 0), history.seat_a.get(b, 0)
        if sb < sa or (sb == sa and rng.random() < 0.5):
            a, b = b, a
        games.append((a, b))
    rng.shuffle(games)
    return games + bye
