"""Benchmark: the scorekeeper's replay of a long saved game, and flash wear on real littlefs.

- replay: loading a Keeper on a saved log of 200+ records (the keeper replays every record
  at boot), best of 20, with the files in RAM; on CPython, on the MicroPython unix port and
  as an RP2040 estimate (the Fibonacci(24) ratio, tools/bench/benchutil.py), beside the goal of
  a boot under 1 s. Also the heap a loaded Keeper holds on the unix port.
- littlefs (unix port only: vfs.VfsLfs2 on a RAM block device counting erases and programmed
  bytes, mounted as the rp2 port mounts the Pico's flash): what an append, 200 appends, a new
  game and a settings write cost. scorekeeper/FORMAT.md ("Flash wear") explains the figures.

The games come from tools/board/testkit.py's record_game, as the scorekeeper's tests use.

    python -m tools.bench.bench_scorekeeper     # or `make bench`, which calls run()

SPDX-License-Identifier: MIT
"""

from tools.bench import benchutil

BOOT_GOAL_MS = 1000
EVENTS = 200
ROUNDS = 20

# Shared by both runtimes (after benchutil.TICKS): records a game, then times loading it.
# Prints "records bytes best_us held_bytes" (held: MicroPython only, else 0).
REPLAY = """
import sys, gc
sys.path.insert(0, {root!r})
sys.path.insert(0, {firmware!r})
from scorekeeper import Keeper
from tools.board.testkit import Clock, FakeFS, record_ends, record_game

k = Keeper("st", FakeFS(), Clock())
record_game(k, seed=7, want=0, keep=False)
k.new_game()
record_game(k, seed=99, want={events}, keep=False)
data = k.fs.files["st/game.log"]
gc.collect()
best = 1 << 30
for _ in range({rounds}):
    fs = FakeFS({{"st/game.log": data}})
    t0 = ticks_us()
    Keeper("st", fs, Clock())
    best = min(best, ticks_diff(ticks_us(), t0))
held = 0
if hasattr(gc, "mem_alloc"):
    k = None  # the recording keeper: gone, so only the new one is counted
    gc.collect()
    before = gc.mem_alloc()
    k = Keeper("st", FakeFS({{"st/game.log": data}}), Clock())
    gc.collect()
    held = gc.mem_alloc() - before
print(len(record_ends(data)) - 3, len(data), best, held)
"""

# The unix port only. Prints erases and bytes programmed by the first append, then by
# {events} more (and the log's size after them), by a new game and by a settings write; then
# by {events} events of the new game each folded at once (a board idle after every key: the
# most folds), by one append to the journal and one fold late in that game, and by {events}
# events of another game folded whenever the journal is half full (as the board at rest).
LITTLEFS = """
import sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {firmware!r})
from scorekeeper import FileOps, Keeper
from tools.board.testkit import LFS_MOUNT, Clock, RAMBlocks, mount_lfs, unmount_lfs

def appends(k, events):
    for n in range(events):
        if k.game.over:
            k.undo()
        elif n % 11 == 10:
            k.pass_deal()
        else:
            k.peg(n % 2, 1 + n % 3)

dev = RAMBlocks(64)
mount_lfs(dev, fresh=True)
out = []
def spent(fn):
    e0, p0 = dev.erases, dev.programmed
    fn()
    out.append(dev.erases - e0)
    out.append(dev.programmed - p0)
try:
    ops = FileOps()
    k = Keeper(LFS_MOUNT + "/state", ops, Clock())
    spent(lambda: k.peg(1, 2))
    spent(lambda: appends(k, {events}))
    out.append(len(ops.read(LFS_MOUNT + "/state/game.log")))
    spent(k.new_game)
    spent(lambda: k.set_setting("muggins", 1))
    spent(lambda: [appends(k, 1) or k.fold() for n in range({events})])
    spent(lambda: k.peg(0, 1))
    spent(k.fold)
    k.new_game()
    spent(lambda: [appends(k, 1) or (k.fold_due and k.fold()) for n in range({events})])
finally:
    unmount_lfs()
print(" ".join([str(x) for x in out]))
"""


def _script(text):
    return text.format(root=benchutil.ROOT, firmware=benchutil.FIRMWARE, events=EVENTS,
                       rounds=ROUNDS)  # fmt: skip


def run():
    """Print the replay and littlefs figures; return them as a dict."""
    script = benchutil.TICKS + _script(REPLAY)
    records, size, cpy, _ = benchutil.cpython(script)
    figures = {"records": records, "cpython_us": cpy}
    upy = pico = held = None
    if benchutil.have_micropython():
        _, _, upy, held = benchutil.micropython(script)
        pico = int(upy * benchutil.pico_ratio())
        figures.update(upy_us=upy, pico_us=pico, held=held)
    print("scorekeeper replay: a Keeper loaded on a saved log of {} records ({} bytes), files"
          " in RAM, best of {}:".format(records, size, ROUNDS))  # fmt: skip
    rows = [("replay", cpy, upy, pico)]
    if upy is None:
        rows.append(("per record", cpy // records, None, None))
    else:
        rows.append(("per record", cpy // records, upy // records, pico // records))
    benchutil.table("us", rows)
    if upy is None:
        benchutil.say_no_micropython()
        return figures
    print("  goal: boot < {} ms on the Pico; the replay takes an estimated {:.0f} ms of it"
          .format(BOOT_GOAL_MS, pico / 1000))  # fmt: skip
    print("  RP2040 = unix {}".format(benchutil.ratio_note()))
    print("  heap held by a loaded Keeper (unix port, its log included): {} bytes".format(held))
    lfs = benchutil.micropython(_script(LITTLEFS))
    figures["littlefs"] = lfs
    print("littlefs on a RAM block device (4096-byte blocks, progsize 256, as the rp2 port):")
    for what, (erases, programmed) in (
        ("first append", lfs[0:2]),
        ("{} appends (log now {} bytes)".format(EVENTS, lfs[4]), lfs[2:4]),
        ("new game (compaction + rename)", lfs[5:7]),
        ("settings write", lfs[7:9]),
        ("{} events, each folded at once (idle after every key)".format(EVENTS), lfs[9:11]),
        ("then one append (to the journal)", lfs[11:13]),
        ("and its fold into the log", lfs[13:15]),
        ("{} events, folded when half full (the board's idle fold)".format(EVENTS), lfs[15:17]),
    ):
        print("  {}: {} erases, {} bytes programmed".format(what, erases, programmed))
    return figures


if __name__ == "__main__":
    run()
