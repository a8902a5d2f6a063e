"""Write the game logs of host_tests/keeper/data/logformats/ with an older firmware's own keeper.

Each folder vN-* holds what the firmware that wrote log version N left in its state folder
after the games below, played through its scorekeeper.Keeper on real files (the firmware's
FileOps) and a clock that moves 7 s a call. Run it with that firmware's modules first on the
path, from a checkout of the commit named in README.md:

    git worktree add /tmp/old <commit>
    PYTHONPATH=/tmp/old/firmware python3 host_tests/keeper/data/logformats/make_fixtures.py N OUT

The games (what the tests expect of each folder, worked out from these lines, not read
back): every rule a version's game record holds is set away from its default in some of
them, and no two rules in the same ones, so a reader that mixed two up would be caught.
"""

import sys
from pathlib import Path

from scorekeeper import Keeper, Settings
from scorekeeper.events import CORRECTION, GO, HAND, MUGGINS, PLAY, START


class Clock:
    """Seconds from 1000, 7 more at each call: every event's dt is 7 (or 0 if clamped)."""

    def __init__(self):
        self.t = 1000

    def __call__(self):
        self.t += 7
        return self.t


def keeper(folder, **rules):
    """A fresh board in folder, set to these rules (a new game under them)."""
    k = Keeper(str(folder), clock=Clock())
    s = Settings()
    for name, value in rules.items():
        s.set(name, value)
    k.set_settings(s)
    return k


def five_card(out, version):
    """Two players, the five-card game to 61, muggins and stinkhole on, home game points;
    version 2 on, the hand keeps 4. B (side 1) deals first: A is the pone."""
    rules = dict(players=2, target=61, five_card=1, muggins=1, stinkhole=1,
                 game_points=(1, 2, 3, 4))  # fmt: skip
    if version >= 2:
        rules["five_keep"] = 4
    k = keeper(out, **rules)
    k.new_game(1)
    k.peg(0, 3, START)  # A: three for last
    k.peg(1, 2, PLAY)  # B +2
    k.peg(0, 1, GO)  # A +1 go
    k.peg(0, 8, HAND)  # A's hand 8
    k.peg(1, 4, MUGGINS)  # B +4 muggins
    k.undo()  # ... taken back
    k.peg(1, 6, HAND)  # B's hand 6
    k.pass_deal()  # A deals
    k.peg(1, -1, CORRECTION)  # B -1
    if version >= 2:
        k.card(4, 1, 0, PLAY)  # the pegging helper: B plays 5C, pegs nothing
        k.card(9, 0, 2, PLAY)  # A plays TC: fifteen 2
        k.fold()


def three_players(out, version):
    """Three players, triple skunk, stinkhole and finish the hand on, Bicycle's go from
    version 2; C (side 2) deals first."""
    rules = dict(players=3, triple_skunk=1, stinkhole=1, finish_hand=1)
    if version >= 2:
        rules["three_go"] = 1
    k = keeper(out, **rules)
    k.new_game(2)
    k.peg(0, 2, PLAY)  # A +2
    k.peg(1, 1, GO)  # B +1 go
    k.peg(0, 12, HAND)  # A's hand 12 (A is C's pone)
    k.peg(1, 5, HAND)
    k.peg(2, 7, HAND)
    k.peg(2, 3, 3)  # C's crib 3
    k.pass_deal()  # A deals
    if version >= 3:
        k.begin_show()  # the play is over at once: the show begins
    if version >= 4:
        # B's hand counted by count verify: 5C 5D 5H JS, the starter 5S: 29.
        k.count(1, 29, HAND, [4, 17, 30, 49, 43])
    # (the journal is left as it is: not folded)


def partners(out, version):
    """Four players as two partnerships, muggins and finish the hand on; A (side 0) deals
    first."""
    k = keeper(out, players=4, partners=1, muggins=1, finish_hand=1)
    k.new_game(0)
    k.peg(1, 6, PLAY)
    k.peg(0, 2, PLAY)
    k.undo()
    k.pass_deal()


def flags(out, version):
    """Two players, triple skunk and finish the hand on, and from version 2 the five-card
    hand keeping 4 (a saved choice, though the five-card game is off); B deals first."""
    rules = dict(players=2, triple_skunk=1, finish_hand=1)
    if version >= 2:
        rules["five_keep"] = 4
    k = keeper(out, **rules)
    k.new_game(1)
    k.peg(0, 4, PLAY)
    k.peg(1, 1, GO)


def won(out, version):
    """Version 3 on (the archive of finished games came with it): the five-card game to 61,
    keeping 4, muggins, stinkhole and triple skunk on, home points; A wins 61-16 (a lurch),
    and a new game follows: the archive holds the won game (its start record)."""
    k = keeper(out, players=2, target=61, five_card=1, five_keep=4, muggins=1, stinkhole=1,
               triple_skunk=1, game_points=(1, 2, 3, 4))  # fmt: skip
    k.new_game(1)
    k.peg(0, 3, START)
    k.peg(0, 29, HAND)
    k.peg(1, 2, HAND)
    k.peg(1, 4, 3)  # B's crib 4
    k.pass_deal()  # A deals: B is the pone
    k.peg(1, 10, HAND)
    k.peg(0, 29, HAND)  # A 61: won, B on 16
    k.new_game()  # the loser (B) deals


GAMES = {"five": five_card, "three": three_players, "partners": partners, "flags": flags,
         "won": won}  # fmt: skip


def main(version, out):
    for name, play in GAMES.items():
        if name == "won" and version < 3:
            continue
        folder = Path(out) / "v{}-{}".format(version, name)
        folder.mkdir(parents=True, exist_ok=True)
        play(folder, version)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
