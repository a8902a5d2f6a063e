"""The key scripts of a deal: the shortest keys the board takes for it, one way of keying each.

    steps = script(d, "typed")        # ['type 0B', '# the deal', 'type 2A', 'press B', ...]
    presses(steps)                    # the key presses of the deal (setup not counted)

A script is simulator steps (docs/SIMULATOR.md): first the setup of a fresh board (the
players and the show rule in Settings, the cut for the first dealer), then the line
``# the deal`` and the deal's keys, then ``expect`` lines for each side's score. ``presses``
counts each tap and each long press as one press, from ``# the deal`` on.

The ways (``WAYS``), each on the scoreboard (docs/KEYMAP.md):
- ``typed``: the show rule "type counts": each count typed as a number, then ``#``;
- ``checked``: "check claims": each count's cards, one key a card, the claim, ``#``;
- ``counted``: "count the cards": each count's cards, then ``#`` (the board counts them);
- ``phone``: the paired phone's taps, the show picked as cards on its page (tools/presses/
  phone.py: not a keypad script; make bench-presses counts it beside these).

Where the ranks leave a flush or nobs possible (``cribbage.rankcount``), one key says what
the suits make, in place of ``#``: ``#`` none (the common answer), ``A`` nobs, ``B`` a flush,
``C`` a flush with the starter. The deal passes by itself after its last count.

Every way keys the play the same way (``play_steps``): his heels first (a jack starter: long
J, the A key), then each side's play points in as few entries as the board takes (each an
amount one card can peg: 2-9, 12-15), and each go or last card on its own as a go, so the
deal's record has the play's points and gos of the engine's play; no side gets two gos in a
row where another entry can go between them (else the board asks, and the key again says
yes).
SPDX-License-Identifier: MIT
"""

from cribbage.rankcount import RankCount
from cribbage.show import score_show

from tools.presses.dealer import RANKS, SIDES

WAYS = ("typed", "checked", "counted")
DEAL_MARK = "# the deal"
# What one play entry may peg: what one card can peg in the play (no card pegs 10 or 11).
PLAY_AMOUNTS = (2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15)
SHOW_RULE = {"typed": 0, "checked": 1, "counted": 2}  # the show rule's value per way
SHOW_ITEM = 11  # the show rule's place in Settings (ruletable.RULES)
RANK_KEYS = "1234567890ABC"  # ace .. king, one key each


def setup_steps(d, way="typed"):
    """A fresh board to this deal: the players (Settings' first item), the show rule, the
    first dealer."""
    steps = []
    rule = SHOW_RULE.get(way, 0)
    if d.players != 2 or rule:
        steps += ["long D"] * 4  # Settings (the fifth mode)
        steps += ["press D"] * (d.players - 2)  # players: 2 -> 3 -> 4
        if rule:
            steps += ["press B"] * SHOW_ITEM + ["press D"] * rule  # show: its value
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
        steps.append("long A")  # his heels: long J (the A key), 2 for the dealer
    last_go = -1
    for side, points, is_go in play_entries(d):
        letter = SIDES[side]
        if is_go and points == 1:
            steps.append("press " + letter)
            if last_go == side:  # a second go in a row for the side: the board asks
                steps.append("press " + letter)
            last_go = side
        else:
            steps.append("type {}{}".format(points, letter))
            last_go = -1
    return steps


def count_cards(d, side, kind):
    return d.crib if kind == "crib" else d.hands[side]


def typed(d):
    steps = play_steps(d) + ["press #"]  # the play is over: the show
    for _side, _kind, points in d.counts():
        steps.append("type {}#".format(points))  # the count due next
    return steps  # the deal passes by itself after its last count


def answer_of(d, cards, kind):
    """The one-key answer for a count's suits: 0 none, 1 nobs, 2 a flush, 3 with the starter."""
    show = score_show(cards, d.starter, kind == "crib")
    if show.flush > len(cards):
        return 3
    return 2 if show.flush else (1 if show.nobs else 0)


def by_cards(d, claims):
    """The show typed as cards: the checked and counted ways."""
    steps = play_steps(d) + ["press #"]
    first = True
    for side, kind, points in d.counts():
        cards = count_cards(d, side, kind)
        keys = "".join(RANK_KEYS[RANKS[c] - 1] for c in cards)
        if first:
            keys += RANK_KEYS[RANKS[d.starter] - 1]  # the starter, once a deal
            first = False
        rc = RankCount([RANKS[c] for c in cards], RANKS[d.starter], kind == "crib")
        if claims:
            keys += str(points)
        # What the suits make, one key where the ranks leave it open (# when no suit can
        # change the count): # no flush and no nobs, A nobs, B a flush, C with the starter.
        keys += "#ABC"[answer_of(d, cards, kind)] if rc.total < 0 else "#"
        steps.append("type " + keys)
    return steps


def score_expects(d):
    """expect lines: each side's score after the deal (from a fresh board)."""
    scores = deal_scores(d)
    return ["expect score {} {}".format(SIDES[s], scores[s]) for s in range(d.players)]


def deal_scores(d):
    """Each side's points in the deal: the play's, its gos, the counts, his heels."""
    scores = [0] * d.players
    for side, (play, gos) in enumerate(d.play_points()):
        scores[side] += play + sum(gos)
    for side, _kind, points in d.counts():
        scores[side] += points
    if d.heels():
        scores[d.dealer] += 2
    return scores


def script(d, way):
    """The whole script of the deal keyed one way: setup, the deal, the expected scores."""
    if way == "typed":
        deal = typed(d)
    else:
        deal = by_cards(d, way == "checked")
    return setup_steps(d, way) + [DEAL_MARK] + deal + score_expects(d)


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
