"""The simulator's output: the board's state as JSON, or as a text picture of the board.

Runs under CPython and the MicroPython unix port and prints the same bytes on both: the JSON
is written here (objects as ordered pairs, every non-ASCII character escaped) rather than by
``json.dumps``, whose key order and escaping differ between the two.

    state = board_state(harness)        # ordered pairs: mode, scores, pegs, lines, frame ...
    print(to_json(state))
    print(picture(harness, grid))       # the holes as letters (glyph.py), the display, scores
SPDX-License-Identifier: MIT
"""

from modes import MODES
from modes import name as mode_name

from tools.simulator.glyph import LEGEND, glyphs_for, hole_rgb

MODE_KEYS = tuple(row[2] for row in MODES)  # `expect mode KEY` (the table's key column)
SIDE_NAMES = "ABCD"
SIGNAL_NAMES = ("none", "error", "ok", "undo", "newgame", "recovered")


class Obj:
    """A JSON object with its keys in the order given."""

    def __init__(self, pairs):
        self.pairs = pairs


def _string(text):
    out = ['"']
    for ch in text:
        n = ord(ch)
        if ch == '"' or ch == "\\":  # noqa: PLR1714 - as the JSON grammar lists them
            out.append("\\" + ch)
        elif n < 32 or n > 126:
            if n > 0xFFFF:  # a surrogate pair, as json.dumps writes it
                n -= 0x10000
                out.append("\\u{:04x}\\u{:04x}".format(0xD800 + (n >> 10), 0xDC00 + (n & 1023)))
            else:
                out.append("\\u{:04x}".format(n))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def to_json(value, indent=""):
    """value (None, bool, int, str, list, tuple, Obj) as JSON; lists of ints on one line."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    inner = indent + "  "
    if isinstance(value, Obj):
        if not value.pairs:
            return "{}"
        items = [inner + _string(k) + ": " + to_json(v, inner) for k, v in value.pairs]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if all(isinstance(v, int) for v in value):
        return "[" + ", ".join(str(v) for v in value) + "]"
    items = [inner + to_json(v, inner) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + indent + "]" if items else "[]"


def signal_name(signal):
    return SIGNAL_NAMES[signal] if 0 <= signal < len(SIGNAL_NAMES) else str(signal)


def side_name(side):
    return SIDE_NAMES[side] if 0 <= side < 4 else None


def board_state(h, signal=None):
    """Everything a script's reader checks, from a pcboard.Harness; signal: the last step's
    (view.SIG_*; default the view's latest, which may be old)."""
    g = h.keeper.game
    v = h.view
    app = h.app
    sides = range(g.sides)
    frame = h.board.leds
    return Obj(
        [
            ("time_ms", h.board.now),
            ("mode", MODE_KEYS[v.mode] if 0 <= v.mode < len(MODE_KEYS) else str(v.mode)),
            ("sides", g.sides),
            ("target", g.target),
            ("dealer", side_name(g.dealer)),
            ("winner", side_name(g.winner)),
            ("skunk", v.skunk),
            ("scores", Obj([(SIDE_NAMES[s], g.scores[s]) for s in sides])),
            (
                "pegs",
                Obj(
                    [
                        (SIDE_NAMES[s], Obj([("front", g.front[s]), ("back", g.back[s])]))
                        for s in sides
                    ]
                ),
            ),
            ("signal", signal_name(v.signal if signal is None else signal)),
            ("failed", None if app.failed is None else type(app.failed).__name__),
            ("lines", list(h.lines)),
            ("glyphs", glyphs_for(app, frame)),
            ("frame", [list(hole_rgb(frame, hole)) for hole in range(1, 122)]),
        ]
    )


_STREET_LABELS = ("1-30 >", "< 31-60", "61-90 >", "< 91-120")


def picture(h, grid):
    """The board as letters in its real geometry (a geom.Grid), then the display."""
    g = h.keeper.game
    v = h.view
    letters = glyphs_for(h.app, h.board.leds)
    out = []
    name = mode_name(v.mode)
    out.append("PicoPeg  {}  game to {}  t={} ms".format(name, g.target, h.board.now))
    for row in grid.rows():
        line = [" "] * grid.width
        for col, hole in row:
            line[col] = letters[hole - 1]
        text = "".join(line)
        street = [hole for _col, hole in row if hole <= 120]
        if street:  # say which holes the street holds and which way they run
            text += "  " + _STREET_LABELS[(street[0] - 1) // 30]
        elif row:
            text += "  game hole"
        out.append(text.rstrip())
    out.append("+" + "-" * 16 + "+")
    for line in h.lines:
        out.append("|" + line + " " * (16 - len(line)) + "|")
    out.append("+" + "-" * 16 + "+")
    pegs = "  ".join(
        "{} {} (back {})".format(SIDE_NAMES[s], g.front[s], g.back[s]) for s in range(g.sides)
    )
    out.append(
        "{}  dealer {}  winner {}".format(pegs, side_name(g.dealer), side_name(g.winner) or "-")
    )
    out.extend(legend_lines(78))
    return "\n".join(out)


def legend_lines(width):
    """The letters' legend, wrapped to width."""
    lines = []
    line = "legend:"
    for k, what in LEGEND:
        item = k + " " + what
        if len(line) + 2 + len(item) > width:
            lines.append(line)
            line = "       "
        line += "  " + item
    lines.append(line)
    return lines
