"""Test helpers for the scorekeeper: an in-memory file system that can lose power at any
byte, a fake clock, a recorded game, temporary folders. Runs under pytest and MicroPython.
"""

import os

from scorekeeper import CRIB, GO, HAND, HEELS, PLAY, Keeper


class PowerCut(Exception):
    """The power went off: nothing after this point ran."""


class FakeFS:
    """Files in a dict. ``budget`` (>= 0) is how many more units of work happen before the
    power fails: one unit per byte written, one per rename or remove. A write that runs out
    leaves the bytes written so far (the open already truncated the file)."""

    def __init__(self, files=None):
        self.files = dict(files) if files else {}
        self.budget = -1  # unlimited
        self.fail_with = None  # an exception to raise instead of PowerCut (e.g. OSError)
        self.writes = 0  # bytes written, for the flash-wear figures
        self.renames = 0

    def _spend(self, n):
        if self.budget < 0:
            return n
        k = n if n <= self.budget else self.budget
        self.budget -= k
        return k

    def _cut(self):
        if self.fail_with is not None:
            raise self.fail_with
        raise PowerCut()

    def _op(self):
        if self.budget == 0:
            self._cut()
        self._spend(1)

    def read(self, path):
        data = self.files.get(path)
        return None if data is None else bytes(data)

    def write(self, path, data):
        self.files[path] = b""
        self._put(path, data)

    def append(self, path, data):
        if path not in self.files:
            self.files[path] = b""
        self._put(path, data)

    def _put(self, path, data):
        k = self._spend(len(data))
        self.files[path] = self.files[path] + bytes(data[0:k])
        self.writes += k
        if k < len(data):
            self._cut()

    def rename(self, src, dst):
        if src not in self.files:
            raise OSError(2)
        self._op()
        self.files[dst] = self.files.pop(src)
        self.renames += 1

    def remove(self, path):
        if path not in self.files:
            raise OSError(2)
        self._op()
        del self.files[path]

    def exists(self, path):
        return path in self.files

    def listdir(self, folder):
        prefix = folder + "/"
        return sorted(p[len(prefix) :] for p in self.files if p.startswith(prefix))

    def mkdir(self, folder):
        pass

    def sync(self):
        pass


class Clock:
    """Seconds that advance by `step` every time they are read."""

    def __init__(self, start=1000, step=3):
        self.now = start
        self.step = step

    def __call__(self):
        self.now += self.step
        return self.now


def keeper(fs=None, clock=None, folder="st"):
    """A Keeper on a fresh (or given) fake file system."""
    return Keeper(folder, fs if fs is not None else FakeFS(), clock or Clock())


def at(k, scores):
    """Peg sides straight to scores (as corrections), from a fresh game."""
    for side in range(len(scores)):
        if scores[side]:
            k.peg(side, scores[side] - k.game.scores[side], 6)


_COUNTS = (0, 2, 4, 5, 6, 7, 8, 9, 10, 12, 2, 4, 6, 4, 6, 8, 24, 29, 3, 1, 11, 0, 2, 4)


def record_game(k, seed=12345, want=150, keep=True):
    """Play a plausible game of at least `want` committed events through k, with undos and
    corrections, until someone wins. Return the list of snapshots: [i] is the state after
    the i-th record appended (0 = as loaded); with keep=False, None in place of each."""
    snaps = [k.snapshot() if keep else None]
    rnd = [seed]

    def r(n):  # a small LCG: the same numbers on CPython and MicroPython
        rnd[0] = (rnd[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (rnd[0] >> 8) % n

    def do(fn, *args):
        fn(*args)
        snaps.append(k.snapshot() if keep else None)

    while not k.game.over or len(snaps) <= want:
        if k.game.over:
            # Not long enough yet: the win was a miscount. Undo it, take points off the
            # would-be winner, and play on (undo across a win, a negative correction).
            w = k.game.winner
            do(k.undo)
            do(k.peg, w, -(15 + r(20)), 6)
            continue
        g = k.game
        d = g.dealer
        pone = 1 - d
        if r(6) == 0:
            do(k.peg, d, 2, HEELS)
        for _ in range(3 + r(6)):
            if g.over:
                break
            do(k.peg, (d + 1 + r(2)) % 2, 1 + r(3) // 2, PLAY)
        if not g.over:
            do(k.peg, r(2), 1, GO)
        for side, reason in ((pone, HAND), (d, HAND), (d, CRIB)):
            if g.over:
                break
            do(k.peg, side, _COUNTS[r(len(_COUNTS))], reason)
            if r(9) == 0:
                do(k.undo)
            if r(13) == 0 and not g.over and g.scores[side]:
                do(k.peg, side, -1, 6)  # a correction
        if not g.over:
            do(k.pass_deal)
    return snaps


def record_ends(data):
    """End offsets of the records of a log file (after the 8-byte header)."""
    ends = []
    pos = 8
    while pos < len(data):
        pos += data[pos]
        ends.append(pos)
    return ends


def temp_folder():
    """A new empty folder on the real file system."""
    try:
        import tempfile
    except ImportError:  # MicroPython: no tempfile
        import time

        path = "/tmp/picopeg-sk-{}".format(time.ticks_us())
        os.mkdir(path)
        return path
    return tempfile.mkdtemp()


def remove_folder(path):
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    os.rmdir(path)
