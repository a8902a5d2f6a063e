"""Scorekeeper under long random sequences of operations (hypothesis, CPython only).

Invariants after every step: scores between 0 and the target, front peg on the score and
never behind the back peg, one winner at most and only on the game hole; a refused entry
changes nothing; undo gives back exactly the state before the undone event; a reload from
the files (also after a power cut at a random byte) gives the state in memory, or for a cut,
the state before or after the interrupted operation.
"""

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from scorekeeper import Keeper, NothingToUndo, ScorekeeperError

from tools.board.testkit import Clock, FakeFS, PowerCut

SETTING_CHOICES = (
    ("players", (2, 3, 4)),
    ("partners", (0, 1)),
    ("target", (121, 61)),
    ("five_card", (0, 1)),
    ("muggins", (0, 1)),
    ("triple_skunk", (0, 1)),
    ("stinkhole", (0, 1)),
    ("finish_hand", (0, 1)),
)


class KeeperMachine(RuleBasedStateMachine):
    @initialize()
    def start(self):
        self.fs = FakeFS()
        self.k = self.load()
        self.undo_stack = []  # the snapshot before each event still standing

    def load(self):
        # A clock that stands still: a reload's dt then matches the original's.
        return Keeper("st", self.fs, Clock(step=0))

    def state(self):
        """The snapshot without the saved settings (a settings change is not an event)."""
        return self.k.snapshot()[0:-1]

    def attempt(self, fn, *args):
        before = self.k.snapshot()
        try:
            fn(*args)
        except ScorekeeperError:
            assert self.k.snapshot() == before
            return
        self.undo_stack.append(before[0:-1])

    @rule(
        side=st.integers(-1, 4),
        points=st.one_of(st.integers(-30, 35), st.sampled_from((1, 2, 3, 12, 19, 29))),
        reason=st.integers(0, 7),
    )
    def peg(self, side, points, reason):
        self.attempt(self.k.peg, side, points, reason)

    @rule(side=st.integers(0, 3), points=st.integers(1, 12))
    def peg_play(self, side, points):
        self.attempt(self.k.peg, side % self.k.game.sides, points)

    @rule(side=st.integers(0, 3), gap=st.integers(0, 40))
    def jump_near_the_end(self, side, gap):
        """A correction to gap short of the target, so games get won and skunks happen."""
        g = self.k.game
        side %= g.sides
        self.attempt(self.k.peg, side, g.target - gap - g.scores[side], 6)

    @rule()
    def pass_deal(self):
        self.attempt(self.k.pass_deal)

    @rule()
    def undo(self):
        if not self.undo_stack:
            try:
                self.k.undo()
            except NothingToUndo:
                return
            raise AssertionError("undo at the start of a game")
        self.k.undo()
        assert self.state() == self.undo_stack.pop()

    @rule()
    def new_game(self):
        # The totals already include a finished game; folding it into the log keeps them.
        totals = (self.k.stats.snapshot(), self.k.match.snapshot())
        self.k.new_game()
        self.undo_stack = []
        assert (self.k.stats.snapshot(), self.k.match.snapshot()) == totals
        assert self.k.game.events == [] and self.k.game.winner == -1

    @rule(which=st.integers(0, len(SETTING_CHOICES) - 1), pick=st.integers(0, 2))
    def change_setting(self, which, pick):
        name, values = SETTING_CHOICES[which]
        before = self.k.snapshot()
        try:
            now = self.k.set_setting(name, values[pick % len(values)])
        except ScorekeeperError:
            assert self.k.snapshot() == before  # a refused setting changes nothing
            return
        if now and self.k.game.events == []:
            self.undo_stack = []

    @rule()
    def reload(self):
        k2 = self.load()
        assert k2.notice == ""
        assert k2.snapshot() == self.k.snapshot()
        self.k = k2

    @rule(op=st.integers(0, 3), budget=st.integers(0, 150))
    def power_cut(self, op, budget):
        before = self.k.snapshot()
        # The same operation, uncut, on a copy of the files: the state it leads to.
        copy = FakeFS(self.fs.files)
        try:
            after = self.run_op(Keeper("st", copy, Clock(step=0)), op).snapshot()
        except ScorekeeperError:
            assert copy.files == self.fs.files  # refused: nothing written, so nothing to cut
            event("power cut: the operation was refused")
            return
        self.fs.budget = budget
        try:
            self.run_op(self.k, op)
        except PowerCut:
            pass
        finally:
            self.fs.budget = -1
        self.k = self.load()
        now = self.k.snapshot()
        assert now in (before, after)
        if now == after and after != before:
            if op in (0, 1):
                self.undo_stack.append(before[0:-1])
            elif op == 2:
                self.undo_stack.pop()
            else:
                self.undo_stack = []

    @staticmethod
    def run_op(k, op):
        g = k.game
        if op == 0:
            k.peg(g.dealer, 2)
        elif op == 1:
            k.pass_deal()
        elif op == 2:
            k.undo()
        else:
            k.new_game()
        return k

    @invariant()
    def pegs_and_scores_are_sane(self):
        g = self.k.game
        at_target = 0
        for s in range(4):
            if s >= g.sides:
                assert (g.scores[s], g.front[s], g.back[s]) == (0, 0, 0)
                continue
            assert 0 <= g.scores[s] <= g.target
            assert g.front[s] == g.scores[s]
            assert 0 <= g.back[s] <= g.front[s]
            if g.scores[s] == g.target:
                at_target += 1
                assert g.winner == s
        assert at_target == (1 if g.winner >= 0 else 0)
        assert not g.over or g.winner >= 0
        assert -1 <= g.next_side < g.sides and 0 <= g.dealer < g.sides
        assert len(self.undo_stack) == len(g.events)
        if g.over:
            event("game won, skunk level {}".format(g.skunk))


KeeperMachine.TestCase.settings = settings(
    max_examples=200, stateful_step_count=150, deadline=None
)
test_keeper_state_machine = pytest.mark.slow(KeeperMachine.TestCase)
