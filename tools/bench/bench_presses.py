"""Benchmark: the key presses of a whole deal, the play and every count of the show, per way.

1,000 deals from a seeded dealer (tools/presses/dealer.py: the discard coach's throws, the
play played out by the engine) for 2, 3 and 4 players; for each deal the shortest key script
the board takes for each way of keying it (tools/presses/ways.py); printed as the mean per
way and player count, ``presses WAY PLAYERS MEAN``, beside the physical floor (every card of
the deal one key: 13 with two players, 17 with three, 21 with four; plus the play, keyed as
every way keys it) and the goal. The scripts are the ones a test plays through the real
firmware, peg by peg against the rules engine (host_tests/ui_modes/test_presses_scripts.py).
``phone`` is the taps on a paired phone's live page: the play on its keypad, each count's
cards picked as tiles and its claim tapped (tools/presses/phone.py); a Chromium test plays
them on the page and counts its taps (host_tests/web/test_web_live_cards.py).

    make bench-presses                  # or python -m tools.bench.bench_presses
    make bench-presses KEEP=DIR         # also DIR/NNNN.json and DIR/NNNN-WAY.sim per deal

With KEEP each deal is kept as NNNN.json (``players``, ``dealer`` as a side letter, ``hands``
and ``crib`` in tools/count.py's notation, ``starter``, ``play``: each side's cards in the
order played) beside its scripts NNNN-WAY.sim, which ``tools/sim.py --script FILE --json``
plays from a fresh board through that one deal (its expects check the scores). Deals are
numbered over the three player counts: 0000-0999 two players, 1000-1999 three, 2000-2999 four.
SPDX-License-Identifier: MIT
"""

import json
import os
import random
import sys

from tools.presses.dealer import deal
from tools.presses.phone import phone_steps
from tools.presses.ways import WAYS, play_steps, presses, script

DEALS = 1000
SEED = 2027
PLAYERS = (2, 3, 4)
# Measured before the one-key cards (firmware of the scoreboard and count verify as they were:
# ranks 1-13 and a suit key a card, the claim before the cards, the mode a long press away):
# (way, players) -> mean presses, for the goals below.
BEFORE = {
    ("typed", 2): 12.98, ("checked", 2): 44.93,
    ("typed", 3): 16.77, ("checked", 3): 58.68,
    ("typed", 4): 21.02, ("checked", 4): 72.84,
}  # fmt: skip
# The goals for two players (typed: no more than before).
GOALS = {"checked": 30.0, "counted": 22.0, "phone": 24.0}


def cards_a_deal(players):
    """Every card the show counts: each hand's, the crib's 4 and the starter."""
    return 4 * players + 4 + 1


def measure(players, keep=None, first=0, deals=DEALS, seed=SEED):
    """{way: mean presses} and the floor's mean, over the deals; keep: a folder for them."""
    rng = random.Random(seed * 10 + players)
    totals = dict.fromkeys(WAYS + ("phone",), 0)
    floor = 0
    for i in range(deals):
        d = deal(rng, players)
        floor += cards_a_deal(players) + presses(["# the deal"] + play_steps(d))
        if keep:
            name = os.path.join(keep, "{:04d}".format(first + i))
            with open(name + ".json", "w") as f:
                json.dump(d.as_json(), f, indent=1)
                f.write("\n")
        taps = phone_steps(d)  # the page's taps (tools/presses/phone.py)
        totals["phone"] += len(taps)
        if keep:
            with open(name + "-phone.json", "w") as f:
                json.dump([list(t) for t in taps], f)
                f.write("\n")
        for way in WAYS:
            steps = script(d, way)
            totals[way] += presses(steps)
            if keep:
                with open("{}-{}.sim".format(name, way), "w") as f:
                    f.write(_sim_text(d, way, steps))
    return {w: totals[w] / deals for w in totals}, floor / deals


def _sim_text(d, way, steps):
    head = [
        "# A {}-player deal keyed the {} way (tools/presses/ways.py); {} deals.".format(
            d.players, way, "ABCD"[d.dealer]
        ),
        "# The setup of a fresh board comes first; presses are counted from the deal on.",
    ]
    return "\n".join(head + steps) + "\n"


def goal_text(way, players, mean):
    before = BEFORE.get((way, players))
    if way == "typed":
        return "goal <= {:.2f} (before)".format(before) if before else "goal: no more than before"
    if players == 2 and way in GOALS:
        return "goal <= {:.0f}".format(GOALS[way])
    return ""


def run(keep=None):
    if keep:
        os.makedirs(keep, exist_ok=True)
    print("key presses of a whole deal (the play, every count of the show), mean of {:,} "
          "seeded deals; floor: each card one key, plus the play".format(DEALS))  # fmt: skip
    figures = {}
    for n, players in enumerate(PLAYERS):
        means, floor = measure(players, keep, first=n * DEALS)
        for way in WAYS + ("phone",):
            figures[(way, players)] = means[way]
            before = BEFORE.get((way, players))
            print("presses {} {} {:.2f}   floor {:.2f}   {}{}".format(
                way, players, means[way], floor, goal_text(way, players, means[way]),
                "   before {:.2f}".format(before) if before else ""))  # fmt: skip
    if keep:
        print("kept: {}/NNNN.json, NNNN-WAY.sim, NNNN-phone.json (the page's taps)".format(keep))
    return figures


if __name__ == "__main__":
    run(os.environ.get("KEEP") or (sys.argv[1] if len(sys.argv) > 1 else None))
