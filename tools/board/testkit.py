"""The test kit the tests and the benchmarks share: an in-memory file system that can lose
power at any byte, a fake clock, a recorded game, temporary folders, and a RAM block device
for the unix port's littlefs. Runs under pytest and MicroPython (the scorekeeper's and the
app's tests, tools/bench/bench_scorekeeper.py).
SPDX-License-Identifier: MIT
"""

import os

from scorekeeper import CRIB, GO, HAND, HEELS, PLAY, Keeper
from scorekeeper.rules import count_slot

from tools.board.memfs import MemFS


class PowerCut(Exception):
    """The power went off: nothing after this point ran."""


class FakeFS(MemFS):
    """Files in a dict (the simulator's MemFS) that can lose power. ``budget`` (>= 0) is how
    many more units of work happen before the power fails: one unit per byte written, one
    per rename or remove. A write that runs out leaves the bytes written so far (the open
    already truncated the file)."""

    def __init__(self, files=None):
        MemFS.__init__(self, files)
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
        MemFS.rename(self, src, dst)
        self.renames += 1

    def remove(self, path):
        if path not in self.files:
            raise OSError(2)
        self._op()
        MemFS.remove(self, path)


class Clock:
    """Seconds that advance by `step` every time they are read."""

    def __init__(self, start=1000, step=3):
        self.now = start
        self.step = step

    def __call__(self):
        self.now += self.step
        return self.now


class Lcg:
    """A fixed pseudo-random stream (no random module on the board): the same numbers on
    CPython and MicroPython."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def keeper(fs=None, clock=None, folder="st"):
    """A Keeper on a fresh (or given) fake file system."""
    return Keeper(folder, fs if fs is not None else FakeFS(), clock or Clock())


def with_settings(**changes):
    """A Keeper on a fresh fake file system whose game follows the changed settings."""
    k = keeper()
    s = k.settings.copy()
    for name, value in changes.items():
        s.set(name, value)
    assert k.set_settings(s) is True  # nothing pegged yet: the game follows at once
    return k


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
        if r(6) == 0 and not g.play_begun and not g.heels:  # (ACC 6.3)
            do(k.peg, d, 2, HEELS)
        for _ in range(3 + r(6)):
            if g.over:
                break
            do(k.peg, (d + 1 + r(2)) % 2, 1 + r(3) // 2, PLAY)
        if not g.over:
            do(k.peg, r(2), 1, GO)
        if g.deals % 2 and not g.over and not g.in_show:  # every other hand: # begins the show
            do(k.begin_show)
        for side, reason in ((pone, HAND), (d, HAND), (d, CRIB)):
            if g.over:
                break
            points = _COUNTS[r(len(_COUNTS))]
            out_of_turn = count_slot(g, side, reason) != g.next_slot
            if out_of_turn and g.scores[side] + points >= g.target:
                continue  # out of turn into the game hole: refused (ACC 9.2), not entered
            do(k.peg, side, points, reason)
            if r(9) == 0:
                do(k.undo)
            if r(13) == 0 and not g.over and g.scores[side]:
                do(k.peg, side, -1, 6)  # a correction
        if not g.over:
            do(k.pass_deal)
    return snaps


def v1_log(events, dealer=0, start=1000, players=2):
    """A game log as the version-1 firmware wrote it (FORMAT.md): empty totals, a game start
    (121, ACC points, no flags), then (PEG, side, reason, points, dt) / (DEAL, dealer, ...)."""
    import struct

    from scorekeeper.crc import crc16

    def record(seq, rtype, payload):
        body = bytes((6 + len(payload), seq & 0xFF, seq >> 8, rtype)) + payload
        c = crc16(body)
        return body + bytes((c & 0xFF, c >> 8))

    game = struct.pack("<BBBBBBBBI", dealer, players, 0, 121, 2, 3, 3, 3, start)
    data = b"PicoPeg\x01" + record(0, 0x4D, bytes(16)) + record(1, 0x53, bytes(86))
    data += record(2, 0x47, game)
    for i in range(len(events)):
        ev = events[i]
        if ev[0] == 1:
            payload = struct.pack("<BBhH", ev[1], ev[2], ev[3], ev[4])
            data += record(3 + i, 0x50, payload)
        else:
            data += record(3 + i, 0x44, struct.pack("<BH", ev[1], ev[4]))
    return data


def record_ends(data):
    """End offsets of the records of a log file (after the 8-byte header)."""
    ends = []
    pos = 8
    while pos < len(data):
        pos += data[pos]
        ends.append(pos)
    return ends


class RAMBlocks:
    """A block device in RAM for littlefs (MicroPython's vfs.VfsLfs2) that counts erases and
    programmed bytes; with ``budget`` >= 0 it stops after that many more program/erase
    operations (the power is gone: OSError(5), nothing more reaches the flash)."""

    def __init__(self, blocks=24, size=4096):
        self.size = size
        self.blocks = blocks
        self.data = bytearray(blocks * size)
        self.budget = -1
        self.erases = 0
        self.programmed = 0

    def _spend(self):
        if self.budget == 0:
            raise OSError(5)
        if self.budget > 0:
            self.budget -= 1

    def readblocks(self, n, buf, off=0):
        # Byte by byte: littlefs may read while a finaliser runs with the heap locked (a
        # file left open by a simulated cut), and a slice would need to allocate.
        a = n * self.size + off
        data = self.data
        for i in range(len(buf)):
            buf[i] = data[a + i]

    def writeblocks(self, n, buf, off=None):
        self._spend()
        a = n * self.size + (off or 0)
        self.data[a : a + len(buf)] = buf
        self.programmed += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.size
        if op == 6:
            self._spend()
            a = arg * self.size
            self.data[a : a + self.size] = b"\xff" * self.size
            self.erases += 1
        return 0


LFS_MOUNT = "/lfs"


def mount_lfs(dev, fresh=False):
    """Mount dev's littlefs at LFS_MOUNT as the rp2 port mounts the Pico's flash (progsize
    256); fresh: format it first."""
    import vfs

    if fresh:
        vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), LFS_MOUNT)


def unmount_lfs():
    import vfs

    vfs.umount(LFS_MOUNT)


def temp_folder():
    """A new empty folder on the real file system."""
    try:
        import tempfile
    except ImportError:  # MicroPython: no tempfile
        import time

        path = "{}/picopeg-sk-{}".format(os.getenv("TMPDIR") or "/tmp", time.ticks_us())
        os.mkdir(path)
        return path
    return tempfile.mkdtemp()


def remove_folder(path):
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    os.rmdir(path)
