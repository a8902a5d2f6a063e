"""Progress lines and sizes for people watching a long job.

One line per step ("copying 12/52 cribbage/show.mpy (3.1 KB)"), printed as it starts, so a
log of a run that broke off ends with what was under way. Output goes through a callable
(print by default) so tests can collect it.
SPDX-License-Identifier: MIT
"""


def size(n):
    """A byte count for people: 512 B, 3.1 KB, 1.4 MB."""
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n / (1024 * 1024):.1f} MB"


def step(i, total, verb, path, nbytes=None):
    """'copying 12/52 cribbage/show.mpy (3.1 KB)': the board path without its leading /."""
    text = f"{verb} {i}/{total} {path.lstrip('/')}"
    return text + (f" ({size(nbytes)})" if nbytes is not None else "")


def listing(paths, most=6):
    """'a, b, c and 4 more': a short list for one line."""
    paths = list(paths)
    if len(paths) <= most:
        return ", ".join(paths)
    return ", ".join(paths[:most]) + f" and {len(paths) - most} more"
