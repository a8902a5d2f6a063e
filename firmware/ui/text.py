"""Text for the 16-column display: word wrapping and short forms of events and points.

SPDX-License-Identifier: MIT
"""

from compat import const

COLS = const(16)


def wrap(text, width=COLS):
    """text as lines of at most width characters, broken at spaces (long words are cut)."""
    out = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


def tenths(n):
    """An int in tenths as text: 84 -> '8.4'."""
    return "{}.{}".format(n // 10, n % 10)


def duration(seconds):
    """'3h05m' or '12m'."""
    m = seconds // 60
    if m < 60:
        return "{}m".format(m)
    return "{}h{:02d}m".format(m // 60, m % 60)
