"""The optional 128x64 text display's 8 lines of 16 characters, built from the view.

Pure: the HAL's text display (``show_lines(lines)``, pixels by micropython-lib's ``ssd1306``)
only draws what this returns, so the board is fully usable without the display.

    lines = new_lines()
    if build_lines(view, lines):        # True when a line changed: only then redraw
        display.show_lines(lines)

Scoreboard mode: the mode and the game length, one line per side (score, the last move,
the dealer), the pending entry, the result, then the app's ``view.detail`` lines (e.g. a
count breakdown). A side with a player's name (``view.names``) shows as much of the name as
fits in place of its letter. With three or four sides and detail lines (a note,
``view.note_lines``: a refusal's reason; the mode's lines) that would not fit under a line per
side, the sides share lines, two a line, so the whole note and the mode's lines show
(host_tests/ui_modes/test_messages_fit.py).
Other modes: the mode name, then the app's detail lines.
SPDX-License-Identifier: MIT
"""

from compat import const
from modes import MODE_SCORE
from modes import name as mode_name

ROWS = const(8)
COLS = const(16)
SIDE_LETTERS = "ABCD"
SKUNK_WORDS = ("", " skunk", " dbl skunk", " tpl skunk")
LURCH = " lurch"  # a 61-point game's skunk: a double game
DEALER = " *"  # the dealer's mark, on a side's line and on a line of two sides


def new_lines():
    """A list of 8 empty lines to fill with build_lines."""
    return [""] * ROWS


def fit(text):
    """text cut to the display's 16 columns."""
    return text[:COLS] if len(text) > COLS else text


def score_line(view, side):
    """'A  87   +7 *': side, score, its last points, and * when it deals. The points are
    what was pegged, uncapped: a winning count of 20 from 105 shows +20, not +16; a
    correction shows as one ('A  87 fix-3 *')."""
    front = view.front[side]
    moved = view.moved[side]
    if (view.fixed >> side) & 1:
        move = "fix{:+d}".format(moved) if moved else ""
    else:
        move = "{:+d}".format(moved) if front else ""
    if view.names[side]:  # the player's name for the letter (textnames.py)
        from textnames import score_line as named_line

        return named_line(view.names, side, front, move, side == view.dealer)
    line = "{}{:>4} {:>4}".format(SIDE_LETTERS[side], front, move)
    if side == view.dealer:
        line += DEALER  # the one dealer mark, as on a pair line
    return line.rstrip()


def preview_line(view):
    """'B +12 -> 114' for the pending entry, or '' when there is none."""
    s = view.preview_side
    if not 0 <= s < view.sides or not view.preview_points:
        return ""
    to = view.front[s] + view.preview_points
    to = 0 if to < 0 else (view.target if to > view.target else to)
    tail = " {:+d} -> {}".format(view.preview_points, to)
    return fit(_who(view, s, tail) + tail)


def result_line(view):
    """'A wins dbl skunk' once a side has won, else ''."""
    w = view.winner
    if not 0 <= w < view.sides:
        return ""
    level = view.skunk if 0 <= view.skunk < len(SKUNK_WORDS) else 0
    word = LURCH if level and view.target != 121 else SKUNK_WORDS[level]
    tail = " wins" + word
    return fit(_who(view, w, tail) + tail)


def _who(view, side, tail):
    """The side's letter, or as much of its player's name as leaves tail whole."""
    if not view.names[side]:
        return SIDE_LETTERS[side]
    from textnames import label

    return label(view.names, side, COLS - len(tail))


def pair_line(view, a, b):
    """Two sides on one line, 'A 121 * B  87' (* the dealer): three or four sides, a note."""
    out = ""
    for side in (a, b):
        if side < view.sides:
            mark = DEALER if side == view.dealer else ""
            out += "{:<8}".format("{}{:>4}{}".format(SIDE_LETTERS[side], view.front[side], mark))
    return out.rstrip()


def build_lines(view, lines):
    """Fill lines (8 strings) from view; return True if any line changed."""
    mode = view.mode
    name = mode_name(mode)
    out = []
    if mode == MODE_SCORE:
        out.append(fit("{:<12}{:>4}".format(name, view.target)))
        extras = [x for x in (preview_line(view), result_line(view)) if x]
        # With three or four sides, when a line per side leaves no room for the note (a
        # refusal's reason, up to 4 lines) and the mode's lines: two sides a line.
        if view.sides > 2 and 1 + view.sides + len(extras) + len(view.detail) > ROWS:
            out.append(pair_line(view, 0, 1))
            out.append(pair_line(view, 2, 3))
        else:
            for side in range(view.sides):
                out.append(score_line(view, side))
        out.extend(extras)
    else:
        out.append(fit(name))
    for text in view.detail:
        if len(out) == ROWS:
            break
        out.append(fit(text))
    changed = False
    for i in range(ROWS):
        text = out[i] if i < len(out) else ""
        if lines[i] != text:
            lines[i] = text
            changed = True
    return changed
