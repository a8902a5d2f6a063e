"""How many examples a property test draws: all of them in `make test`, a quarter in the edit
loop (`make test-fast` sets PICOPEG_EDIT_LOOP=1), where the property tests were a tenth of its
CPU time; every property is still tried on each edit, with its full count in make test."""

import os

SHARE = 4 if os.environ.get("PICOPEG_EDIT_LOOP") == "1" else 1


def examples(n):
    """max_examples for a test that draws `n` in make test."""
    return max(25, n // SHARE)
