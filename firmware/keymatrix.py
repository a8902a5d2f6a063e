"""The 4x4 key matrix scan, over pin callables: drive each row low in turn, read the columns.

    mask = scan(rows, cols, settle)     # bit row * 4 + col set: that key is down

``rows[r](0)`` pulls row r low and ``rows[r](1)`` lets it go again; ``cols[c]()`` reads column
c: 0 when a key joins it to the row being driven, 1 from its pull-up. ``machine.Pin`` objects
are exactly such callables, so hal.py passes the Pico's pins (rows open drain, columns
pulled up) and tests pass plain functions. ``settle()`` runs between driving a row and
reading it (the membrane's resistance and the pad's capacitance need a few microseconds), or
pass None. Bits follow ``keypad.KEYS`` (``123A 456B 789C *0#D``); a matrix without diodes
also reads ghosts, which ``keypad.is_ghost`` recognises. Nothing is allocated: the keypad task
calls this every 20 ms for as long as the board is on.
SPDX-License-Identifier: MIT
"""


def scan(rows, cols, settle=None):
    """The keys down now, as a mask of bit ``row * len(cols) + col``."""
    mask = 0
    n = len(cols)
    for r in range(len(rows)):
        row = rows[r]
        row(0)
        if settle is not None:
            settle()
        for c in range(n):
            if not cols[c]():
                mask |= 1 << (r * n + c)
        row(1)
    return mask
