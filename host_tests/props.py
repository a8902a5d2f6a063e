"""How much of a long sweep a test walks: all of it in `make test`, a quarter in the edit loop
(`make test-fast` sets PICOPEG_EDIT_LOOP=1), where the property tests and the power cuts at
every byte were a quarter of its CPU time. Each is still tried on every edit, at a quarter of
its points, and walked whole in make test. Runs on CPython and the MicroPython unix port."""

import os

_getenv = getattr(os, "getenv", None)  # the Pico's os has none (it is never the edit loop)
SHARE = 4 if _getenv is not None and _getenv("PICOPEG_EDIT_LOOP") == "1" else 1


def examples(n):
    """max_examples for a property test that draws `n` in make test."""
    return max(25, n // SHARE)


def sweep(start, stop=None):
    """The points of range(start, stop) a cut-or-flip-at-every-byte test tries: every one in
    make test; in the edit loop every SHARE-th one from the first, and always the last (a cut
    after the last byte is the write that finished)."""
    if stop is None:
        start, stop = 0, start
    points = list(range(start, stop, SHARE))
    if points and points[-1] != stop - 1:
        points.append(stop - 1)
    return points
