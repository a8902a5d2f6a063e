"""The key scripts of a deal: the shortest keys the board takes for it, one way of keying each.

    steps = script(d, "typed")        # ['type 0B', '# the deal', 'type 2A', 'press B', ...]
    presses(steps)                    # the key presses of the deal (setup not counted)

A script is simulator steps (docs/SIMULATOR.md): first the setup of a fresh board (the
players in Settings, the cut for the first dealer), then the line ``# the deal`` and the
deal's keys, then ``expect`` lines for each side's score. ``presses`` counts each tap and
each long press as one press, from ``# the deal`` on.

The ways (``WAYS``):
- ``typed``: the scoreboard only, every count typed as a number;
- ``checked``: the show checked against the cards on the keypad, each count claimed;
- ``counted`` and ``phone`` come with the firmware that has them.

Every way keys the play the same way (``play_steps``): his heels first (a jack starter), then
each side's play points in as few entries as the board takes (each an amount one card can
peg), and each go or last card on its own as a go, so the deal's record has the play's
points and gos of the engine's play; no side gets two gos in a row where another entry can
go between them.
SPDX-License-Identifier: MIT
"""

from tools.presses.dealer import RANKS, SIDES, SUITS

WAYS = ("typed", "checked")
DEAL_MARK = "# the deal"
# What one play entry may peg (the scoreboard refuses more: scorekeeper.rules.MAX_PLAY).
PLAY_AMOUNTS = tuple(range(2, 16))


def setup_steps(d):
    """A fresh board to this deal: the players (Settings' first item), the first dealer."""
    steps = []
    if d.players != 2:
        steps += ["long D"] * 4  # Settings (the fifth mode)
        steps += ["press D"] * (d.players - 2)  # players: 2 -> 3 -> 4
        steps += ["hold D"]  # back to the scoreboard
    steps.append("type 0" + SIDES[d.dealer])  # the cut: that side deals first
    return steps


def split_points(total, amounts=PLAY_AMOUNTS):
    """total as play entries of the given amounts, in the fewest keys (digits + the side)."""
    best = {0: []}
    for t in range(1, total + 1):
        options = []
        for a in amounts:
            if a <= t and t - a in best:
                rest = best[t - a]
                keys = sum(len(str(p)) + 1 for p in rest) + len(str(a)) + 1
                options.append((keys, [a] + rest))
        if options:
            best[t] = min(options)[1]
    if total not in best:
        raise ValueError("{} points make no play entries".format(total))
    return best[total]


def play_entries(d, amounts=PLAY_AMOUNTS):
    """[(side, points, is_go)] for the play: a side's entries alternate with the others'."""
    queues = []
    for side, (play, gos) in enumerate(d.play_points()):
        parts = split_points(play, amounts) if play else []
        q = []
        while parts or gos:  # go, play, go, ...: a side's gos never meet
            if gos:
                q.append((side, gos.pop(0), True))
            if parts:
                q.append((side, parts.pop(0), False))
        queues.append(q)
    out = []
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return out


def play_steps(d):
    steps = []
    if d.heels():
        steps.append("long A")  # his heels: any of A-C gives the dealer 2
    for side, points, is_go in play_entries(d):
        letter = SIDES[side]
        steps.append("press " + letter if is_go and points == 1 else
                     "type {}{}".format(points, letter))  # fmt: skip
    return steps


def rank_keys(card):
    """A card's rank as count verify takes it: 1-9, 0 for a ten, 11-13 for J-K."""
    r = RANKS[card]
    return "0" if r == 10 else str(r)


def card_keys(card):
    """Rank then suit key (A clubs, B diamonds, C hearts, D spades)."""
    return rank_keys(card) + "ABCD"[SUITS[card]]


def count_cards(d, side, kind):
    return d.crib if kind == "crib" else d.hands[side]


def typed(d):
    steps = play_steps(d) + ["press #"]  # the play is over: the show
    for _side, _kind, points in d.counts():
        steps.append("type {}#".format(points))  # the count due next
    return steps + ["press #"]  # the deal passes


def checked(d):
    steps = play_steps(d) + ["long D"]  # count verify: the count due is the pone's hand
    first = True
    for side, kind, points in d.counts():
        cards = [card_keys(c) for c in count_cards(d, side, kind)]
        if first:
            cards.append(card_keys(d.starter))  # the starter last, once a deal
            first = False
        steps.append("type {}#".format(points))  # the claim
        steps.append("type " + " ".join(cards))
        steps.append("press #")  # pegs the claim; after the crib: back to the scoreboard
    return steps + ["press #"]  # the deal passes


def score_expects(d):
    """expect lines: each side's score after the deal (from a fresh board)."""
    scores = [0] * d.players
    for side, (play, gos) in enumerate(d.play_points()):
        scores[side] += play + sum(gos)
    for side, _kind, points in d.counts():
        scores[side] += points
    if d.heels():
        scores[d.dealer] += 2
    return ["expect score {} {}".format(SIDES[s], scores[s]) for s in range(d.players)]


def script(d, way):
    """The whole script of the deal keyed one way: setup, the deal, the expected scores."""
    deal = {"typed": typed, "checked": checked}[way](d)
    return setup_steps(d) + [DEAL_MARK] + deal + score_expects(d)


def presses(steps):
    """Key presses of the deal: each key of a ``type`` step, each press and long press."""
    n = 0
    counting = False
    for step in steps:
        if step == DEAL_MARK:
            counting = True
        elif counting:
            cmd, _, rest = step.partition(" ")
            if cmd == "type":
                n += len(rest.replace(" ", ""))
            elif cmd in ("press", "long"):
                n += 1
    return n
