"""Scorekeeper figures: replay time of a long game, and flash wear on a real littlefs.

    .venv/bin/python host_tests/bench_scorekeeper.py
    cd host_tests && ../.venv/bin/micropython bench_scorekeeper.py

Prints, never asserts. The littlefs part needs MicroPython (vfs.VfsLfs2 on a RAM block
device counting erases and programmed bytes, the same littlefs as the Pico's file system).
"""

import gc
import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, _HERE)
sys.path.insert(0, _HERE + "/../firmware")

from scorekeeper import FileOps, Keeper  # noqa: E402
from sk_support import Clock, FakeFS, record_ends, record_game  # noqa: E402

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython
    from time import perf_counter

    def ticks_us():
        return int(perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b


def recorded(events):
    k = Keeper("st", FakeFS(), Clock())
    record_game(k, seed=7, want=0, keep=False)
    k.new_game()
    record_game(k, seed=99, want=events, keep=False)
    return k.fs.files["st/game.log"]


def bench_replay(events=200, rounds=20):
    data = recorded(events)
    n = len(record_ends(data)) - 3
    gc.collect()
    best = None
    for _ in range(rounds):
        fs = FakeFS({"st/game.log": data})
        t0 = ticks_us()
        Keeper("st", fs, Clock())
        dt = ticks_diff(ticks_us(), t0)
        best = dt if best is None or dt < best else best
    print("replay: {} records, {} bytes: best of {} loads {} us ({} us/record)".format(
        n, len(data), rounds, best, best // n))  # fmt: skip
    if hasattr(gc, "mem_alloc"):
        gc.collect()
        before = gc.mem_alloc()
        k = Keeper("st", FakeFS({"st/game.log": data}), Clock())
        gc.collect()
        print("memory held by a loaded Keeper (+ its log bytes): {} bytes".format(
            gc.mem_alloc() - before))  # fmt: skip
        return k
    return None


class RAMBlocks:
    """A block device in RAM that counts what littlefs does to it."""

    def __init__(self, blocks, size=4096):
        self.size = size
        self.blocks = blocks
        self.data = bytearray(blocks * size)
        self.erases = 0
        self.programmed = 0

    def readblocks(self, n, buf, off=0):
        a = n * self.size + off
        buf[:] = self.data[a : a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        a = n * self.size + (off or 0)
        self.data[a : a + len(buf)] = buf
        self.programmed += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.size
        if op == 6:
            self.erases += 1
            return 0
        return 0


def bench_littlefs(events=200):
    try:
        import vfs
    except ImportError:
        print("littlefs: needs MicroPython (vfs.VfsLfs2)")
        return
    dev = RAMBlocks(64)
    vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), "/lfs")  # the rp2 port mounts with progsize 256
    try:
        ops = FileOps()
        k = Keeper("/lfs/state", ops, Clock())
        e0, p0 = dev.erases, dev.programmed
        k.peg(1, 2)
        print("littlefs, first append: {} erases, {} bytes programmed".format(
            dev.erases - e0, dev.programmed - p0))  # fmt: skip
        e0, p0, evs = dev.erases, dev.programmed, 0
        while evs < events:
            if k.game.over:
                k.undo()
            elif evs % 11 == 10:
                k.pass_deal()
            else:
                k.peg(evs % 2, 1 + evs % 3)
            evs += 1
        size = len(ops.read("/lfs/state/game.log"))
        print("littlefs, {} appends (log now {} bytes): {} erases, {} bytes programmed".format(
            evs, size, dev.erases - e0, dev.programmed - p0))  # fmt: skip
        e0, p0 = dev.erases, dev.programmed
        k.new_game()
        print("littlefs, new game (compaction + rename): {} erases, {} bytes programmed".format(
            dev.erases - e0, dev.programmed - p0))  # fmt: skip
        e0, p0 = dev.erases, dev.programmed
        k.set_setting("muggins", 1)
        print("littlefs, settings write: {} erases, {} bytes programmed".format(
            dev.erases - e0, dev.programmed - p0))  # fmt: skip
    finally:
        vfs.umount("/lfs")


if __name__ == "__main__":
    bench_replay()
    bench_littlefs()
