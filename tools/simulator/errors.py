"""What a simulator script can get wrong: a line it cannot read, an expect that did not hold.

Their own module, so that the runner (script.py) and the expectations (expect.py) both import
them and neither imports the other's caller. Runs on MicroPython.
SPDX-License-Identifier: MIT
"""


class ScriptError(ValueError):
    """A line the runner cannot read (exit status 2)."""


class ExpectFailed(AssertionError):
    """An expect that did not hold (exit status 1)."""
