"""The display's lines for sides with players' names (textview.py asks here only when a side
has one: a board whose games have no names never loads this).

    label(names, side, width)       # 'Ann Lee' cut to width, ? for what the font lacks
    named(text, names, side)        # 'A +12 -> 114' with the side's name in place of 'A'

SPDX-License-Identifier: MIT
"""

COLS = 16


def label(names, side, width):
    """The side's name cut to width columns (a character the display's font lacks as ?)."""
    return "".join([ch if " " <= ch < "\x7f" else "?" for ch in names[side][:width]]).rstrip()


def score_line(names, side, front, move, deals):
    """'Ann Lee  87 +7 *': the name gets what the score, its last move and the deal leave
    (* the dealer, textview's one dealer mark)."""
    tail = "{:>4}".format(front) + (" " + move if move else "") + (" *" if deals else "")
    name = label(names, side, COLS - len(tail))
    return (name + " " * (COLS - len(tail) - len(name)) + tail).rstrip()


def named(tail, names, side):
    """A line that starts with the side: its name, cut to leave the rest (tail) whole."""
    return (label(names, side, COLS - len(tail)) + tail)[:COLS]
