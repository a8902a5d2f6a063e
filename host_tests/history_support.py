"""Scripted games for the history tests: keys for the board, and the deals the script means.

A script is a list of steps. ``play(h, steps)`` types each step's keys on a harness
(tools/board/pcboard.py); ``expect(steps, ...)`` works out, from the steps alone (not from
the board's rules code), the deals the game must have: who dealt, what each side pegged
by kind, the show in order, muggins, corrections and the scores after each deal.

    ("peg", side, n)      n then the side key: a play (1 is a go)
    ("go", side)          the side key alone: a go (a second in a row for the side: the key
                          again, as the board asks)
    ("heels", side)       a long press of the dealer's key: his heels
    ("three", side)       five-card game: 3 then the pone's key
    ("show",)             # alone: the play is over
    ("count", n)          n then #: the count of whoever counts next; after the deal's last
                          count the deal passes by itself
    ("muggins", claim, ranks, extra, caller)   count verify: the cards' ranks (one key a
                          card), the claim, # (no flush, no nobs), then the caller's key
                          gives that opponent `extra` (the points the rulebook's count of
                          the cards says the claim missed), and # pegs the claim
    ("fix", side, n)      long * (twice for a negative n), |n|, the side key: a correction
    ("deal",)             # alone in the show: the deal passes (with a count missing: twice)
    ("undo",)             * : takes back the step before (a peg, count or correction)
    ("cut",)              the power goes off and comes back
"""

from tools.board.testkit import Lcg

LETTERS = "ABCD"
PLAY, GO, HAND, CRIB, HEELS, MUGGINS, CORRECTION, START = 0, 1, 2, 3, 4, 5, 6, 7


def play(h, steps):
    """Type the script on harness h."""
    for step in steps:
        op = step[0]
        if op == "peg" and step[2] > 1:
            h.type("{}{}".format(step[2], LETTERS[step[1]]))
        elif op in ("go", "peg"):
            h.press(LETTERS[step[1]])
            if "go in a row" in " ".join(h.lines):
                h.press(LETTERS[step[1]])  # yes: the board asks before a second go
        elif op == "heels":
            h.hold(LETTERS[step[1]], 1000)
        elif op == "three":
            h.type("3" + LETTERS[step[1]])
        elif op == "show":
            h.press("#")
        elif op == "deal":
            h.press("#")
            if "again passes the deal" in " ".join(h.lines):
                h.press("#")
        elif op == "count":
            h.type("{}#".format(step[1]))
        elif op == "muggins":
            h.to_mode(1)  # count verify: the cards, the claim, #; the caller's key, then #
            h.type(step[2] + "{}#".format(step[1]) + LETTERS[step[4]] + "#")
            h.hold("D", 3200)  # back to the scoreboard
        elif op == "fix":
            h.hold("*", 1000)
            if step[2] < 0:
                h.hold("*", 1000)
            h.type("{}{}".format(abs(step[2]), LETTERS[step[1]]))
        elif op == "undo":
            h.press("*")
        elif op == "cut":
            h.power_cut()
        else:
            raise ValueError(op)


def order(sides, players, partners, dealer):
    """The counts of a deal as (side, reason): the pone first, clockwise, the crib last."""
    if partners:
        pone = 1 - dealer
        return [(pone, HAND), (dealer, HAND), (pone, HAND), (dealer, HAND), (dealer, CRIB)]
    return [((dealer + i) % players, HAND) for i in range(1, players + 1)] + [(dealer, CRIB)]


def entries(steps, sides, players, partners, dealer=0):
    """The script as (kind, side, reason, points) entries, ('D',) for a deal; undo applied."""
    out = []
    for step in steps:
        op = step[0]
        if op == "undo":
            out.pop()
            continue
        if op in ("show", "cut"):
            continue
        # Whose count is due: the counts entered so far in this deal.
        d = dealer
        counts = 0
        for e in out:
            if e[0] == "D":
                d = (d + 1) % sides
                counts = 0
            elif e[2] in (HAND, CRIB):
                counts += 1
        whose = order(sides, players, partners, d)
        if op == "peg":
            out.append(("P", step[1], GO if step[2] == 1 else PLAY, step[2]))
        elif op == "go":
            out.append(("P", step[1], GO, 1))
        elif op == "heels":
            out.append(("P", step[1], HEELS, 2))
        elif op == "three":
            out.append(("P", step[1], START, 3))
        elif op == "count":
            side, reason = order(sides, players, partners, d)[counts]
            out.append(("P", side, reason, step[1]))
        elif op == "muggins":
            side, reason = order(sides, players, partners, d)[counts]
            out.append(("P", step[4], MUGGINS, step[3]))
            out.append(("P", side, reason, step[1]))
        elif op == "fix":
            out.append(("P", step[1], CORRECTION, step[2]))
        elif op == "deal":
            out.append(("D",))
        if op in ("count", "muggins") and counts + 1 == len(whose):
            out.append(("D",))  # the deal's last count: the deal passes by itself
    return out


def expect(steps, sides, *, players=2, partners=0, target=121, dealer=0):
    """[(dealer, moved {(side, reason): points}, counts, muggins, corrections, scores)]."""
    scores = [0] * sides
    deals = []

    def new(d):
        deals.append([d, {}, [], [], [], None])

    new(dealer)
    won = False
    out = entries(steps, sides, players, partners, dealer)
    for e in out:
        cur = deals[-1]
        if e[0] == "D" and won and e is out[-1]:
            continue  # the winning count: the game is over, the deal stays
        assert not won, "the script goes on after the win"
        if e[0] == "D":
            cur[5] = list(scores)
            new((cur[0] + 1) % sides)
            continue
        _, side, reason, points = e
        new_score = min(max(scores[side] + points, 0), target)
        moved = new_score - scores[side]
        scores[side] = new_score
        key = (side, reason)
        cur[1][key] = cur[1].get(key, 0) + moved
        if not cur[1][key]:
            del cur[1][key]  # (as_expected lists only what moved)
        if reason in (HAND, CRIB):
            cur[2].append((side, reason, points))
        elif reason == MUGGINS:
            cur[3].append((side, points))
        elif reason == CORRECTION:
            cur[4].append((side, points))
        won = new_score >= target
    deals[-1][5] = list(scores)
    return [tuple(d) for d in deals]


def as_expected(ds, sides):
    """history.deals' Deal objects in expect()'s shape."""
    out = []
    for d in ds:
        moved = {}
        for s in range(sides):
            for r in range(8):
                if d.kind(s, r):
                    moved[(s, r)] = d.kind(s, r)
        counts = [tuple(c) for c in d.counts]
        mug = [tuple(m) for m in d.muggins]
        fixes = [tuple(c) for c in d.corrections]
        out.append((d.dealer, moved, counts, mug, fixes, list(d.scores)))
    return out


def skunk_level(target, loser, triple=False):
    """The skunk level, from the rulebook's lines: 121 game 91/61/31, the 61 game's lurch."""
    if target == 61:
        return 2 if loser <= 30 else 0
    if loser <= 30 and triple:
        return 3
    return 2 if loser <= 60 else (1 if loser <= 90 else 0)


def game_script(seed, sides, *, players=2, partners=0, target=121, five=False, extras=True):
    """A whole game's steps, played until a side reaches target: plays, gos, his heels,
    the show in order, undos, corrections and (every few deals) a power cut."""
    r = Lcg(seed).below
    steps = []
    scores = [0] * sides
    dealer = 0
    n = 0

    def add(step, side=-1, points=0):
        steps.append(step)
        if side >= 0:
            scores[side] = min(max(scores[side] + points, 0), target)
        return side >= 0 and scores[side] >= target

    if five:
        if add(("three", 1), 1, 3):
            return steps
    while True:
        n += 1
        if r(5) == 0 and dealer < 3 and not (five and n == 1):
            if add(("heels", dealer), dealer, 2):
                return steps
        gos = 0
        for _ in range(2 + r(4)):
            side = r(sides)
            pts = 1 + r(3)
            if pts == 1 and five and gos:  # the five-card game plays to 31 once: one go
                pts = 2
            gos += pts == 1
            if add(("peg", side, pts) if pts > 1 else ("go", side), side, pts):
                return steps
        steps.append(("show",))
        counts = order(sides, players, partners, dealer)
        for i, (side, _reason) in enumerate(counts):
            last = i == len(counts) - 1
            if last and extras and r(4) == 0:  # a correction before the deal's last count
                fixed = r(sides)
                fix = -1 if scores[fixed] >= 2 and r(2) else 2
                if add(("fix", fixed, fix), fixed, fix):
                    return steps
            if last and extras and n % 4 == 2:
                steps.append(("cut",))
            pts = (0, 2, 4, 6, 8, 12)[r(6)] if not five else (0, 2, 4, 6)[r(4)]
            if add(("count", pts), side, pts):
                return steps
            if extras and not last and r(7) == 0:
                steps.append(("undo",))
                scores[side] -= pts
                if add(("count", pts), side, pts):
                    return steps
        dealer = (dealer + 1) % sides
