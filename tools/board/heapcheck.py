"""`make heap`: the scripted game of fullgame.py in the heap of a 192 KB unix port, with the
firmware's names interned first, so that the check does not turn on how many names there are.

    micropython -X heapsize=224K tools/board/heapcheck.py FIRMWARE_DIR ROOT_DIR STATE_DIR \\
        BUDGET NAMES

BUDGET is the heap of a 192 KB process in bytes (what `-X heapsize=192K` gives); NAMES the
firmware's names, one a line (python -m tools.board.mpynames). MicroPython keeps interned
names (qstrs) in pools that are never freed, each twice the last: on the 64-bit unix port
20, 40, ... 640 entries (1 260 names), then 1 280 entries, 14 144 bytes in one block. Played
as it is loaded, the game met that block with the 1 261st name, late in the game, when the
192 KB heap no longer held 14 KB in one piece: three new names failed the check, though
they cost the game ~40 bytes. Here every pool is allocated first, in the empty heap, and a
ballast is held so that the game is left BUDGET less what the names took, the big pool
excepted: the game pays for its names' characters and for the pools below the big one, as
before, and the check fails when the firmware needs more heap, not when it crosses a pool
boundary of this port (the Pico's boundaries are elsewhere: docs/FIRMWARE.md, Memory).
The same check holds up to 2 540 names (the next pool); the firmware has about 1 400.
SPDX-License-Identifier: MIT
"""

import gc
import sys

# A single name that costs more than this brought the big pool (the 640-entry one is half it).
BIG_POOL = 10 * 1024


def _intern(name):
    """Intern `name`; the heap it cost (after a collection before)."""
    gc.collect()
    before = gc.mem_free()
    getattr(gc, name, None)  # getattr interns the name it is given
    return before - gc.mem_free()


def take_qstr_pools(budget, names_file):
    """Intern every name of names_file with the heap empty, then, if the big pool has not
    come with them, throwaway names of 1-3 characters until it does (the rest of the pool
    below it: the names the game makes as it runs, its harness's, would have filled it);
    then hold a ballast leaving `budget` less what the names took, the big pool excepted.
    Returns (ballast, the big pool's bytes, the names read, the throwaway names)."""
    gc.collect()
    heap = gc.mem_free() + gc.mem_alloc()
    big = n = 0
    with open(names_file) as f:
        for line in f:
            n += 1
            cost = _intern(line[:-1])
            if cost >= BIG_POOL:
                big = cost
    pad = 0
    while not big:
        cost = _intern("%x" % pad)
        pad += 1
        if cost >= BIG_POOL:
            big = cost
    gc.collect()
    spare = heap - budget - big
    if spare < 0:
        msg = "heapcheck: the heap is {} bytes short of the budget and the big qstr pool: {}"
        raise SystemExit(msg.format(-spare, "give micropython a bigger -X heapsize"))
    return bytearray(spare), big, n, pad


def main(argv):
    firmware, root, folder, budget, names = argv
    budget = int(budget)
    ballast, big, n, pad = take_qstr_pools(budget, names)
    print("{} names interned first, and {} throwaway ones; the game has {} bytes (the big"
          " qstr pool's {} bytes beside them)".format(n, pad, budget, big))  # fmt: skip
    sys.path[:0] = [firmware, root]  # the compiled firmware, top-level; the tools package
    import fullgame  # beside this file (the tools package under root is the compiled one)

    fullgame.main(folder)
    return ballast


if __name__ == "__main__":
    main(sys.argv[1:])
