"""A maximum matching of a general graph: Edmonds' blossom algorithm, from a greedy start.

    mate = max_matching(adj, rng)     # adj[v]: the vertices v may be paired with (0..n-1)
    mate[v]                           # v's partner, or -1 if none is left for it

The draw pairs players who have not met: the graph of allowed pairs is far from bipartite
(any two players may meet), so augmenting paths must go through odd cycles (blossoms), which
Edmonds' algorithm contracts. The matching found has the most pairs the graph allows, so a
draw without a repeated opponent is found whenever one exists. A random greedy pass matches
nearly everyone of a large field at once; each vertex it leaves costs one search (O(V * E)
at worst): 300 players with 8 rounds behind them take a few milliseconds (make bench).
The classic formulation: a breadth-first search from each free vertex, with each vertex's
blossom base, its parent on the alternating tree, and the lowest common ancestor of two
even vertices joined by an edge (the blossom's base).
SPDX-License-Identifier: MIT
"""


def greedy(adj, rng=None):
    """A maximal matching: vertices in a random order, each with a random free neighbour."""
    n = len(adj)
    mate = [-1] * n
    order = list(range(n))
    if rng is not None:
        rng.shuffle(order)
    for v in order:
        if mate[v] != -1:
            continue
        free = [u for u in adj[v] if mate[u] == -1 and u != v]
        if free:
            u = free[rng.randrange(len(free))] if rng is not None else free[0]
            mate[v] = u
            mate[u] = v
    return mate


def greedy_sampled(n, allowed, rng, tries=8):
    """A maximal matching of n vertices where allowed(i, j) says whether i and j may pair,
    without building the graph: each vertex in a random order takes a random free vertex it
    may pair with (a few random picks, then a scan). On a dense graph (a night's field, where
    each player has met a few of hundreds) this is O(n) tries, and leaves few vertices."""
    mate = [-1] * n
    free = list(range(n))
    where = list(range(n))  # each free vertex's index in free

    def take(v):
        i = where[v]
        last = free.pop()
        if last != v:
            free[i] = last
            where[last] = i

    order = list(range(n))
    rng.shuffle(order)
    for v in order:
        if mate[v] != -1:
            continue
        take(v)
        u = -1
        for _ in range(min(tries, len(free))):
            c = free[rng.randrange(len(free))]
            if allowed(v, c):
                u = c
                break
        if u == -1:
            start = rng.randrange(len(free)) if free else 0
            for k in range(len(free)):
                c = free[(start + k) % len(free)]
                if allowed(v, c):
                    u = c
                    break
        if u == -1:
            continue
        take(u)
        mate[v] = u
        mate[u] = v
    return mate


def max_matching(adj, rng=None, mate=None):
    """A maximum matching (mate list) of the graph adj, grown from mate (default: greedy)."""
    mate = greedy(adj, rng) if mate is None else list(mate)
    for v in range(len(adj)):
        if mate[v] == -1:
            _Search(adj, mate, v).augment()
    return mate


class _Search:
    """One search for an augmenting path from the free vertex root; augment() flips it."""

    def __init__(self, adj, mate, root):
        n = len(adj)
        self.adj = adj
        self.mate = mate
        self.root = root
        self.base = list(range(n))
        self.parent = [-1] * n
        self.used = [False] * n  # even vertices (in the queue)

    def augment(self):
        """Find a path and flip its edges (the matching grows by one); False if none."""
        v = self._path()
        if v is None:
            return False
        parent, mate = self.parent, self.mate
        while v != -1:
            pv = parent[v]
            nxt = mate[pv]
            mate[v] = pv
            mate[pv] = v
            v = nxt
        return True

    def _path(self):
        """The free end of an augmenting path from root (parents in self.parent), or None."""
        adj, mate, base, parent, used = self.adj, self.mate, self.base, self.parent, self.used
        used[self.root] = True
        queue = [self.root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in adj[v]:
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == self.root or (mate[to] != -1 and parent[mate[to]] != -1):
                    self._contract(v, to, queue)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return to
                    used[mate[to]] = True
                    queue.append(mate[to])
        return None

    def _contract(self, v, to, queue):
        """v and to (both even) close an odd cycle: it becomes one vertex, its base b."""
        b = self._lca(v, to)
        blossom = [False] * len(self.adj)
        self._mark(blossom, v, b, to)
        self._mark(blossom, to, b, v)
        base, used = self.base, self.used
        for i in range(len(base)):
            if blossom[base[i]]:
                base[i] = b
                if not used[i]:
                    used[i] = True
                    queue.append(i)

    def _lca(self, a, b):
        base, mate, parent = self.base, self.mate, self.parent
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def _mark(self, blossom, v, b, child):
        base, mate, parent = self.base, self.mate, self.parent
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]
