"""The script language's assertions: ``expect WHAT ...`` (see EXPECTS). Runs on MicroPython.

    expect score A 12          side A's score (its front peg)
    expect front B 31          expect back B 29        a side's front and back pegs
    expect dealer A            expect winner none      a side, or none
    expect mode pegging        scoreboard, verify, pegging, coach, settings or stats
    expect hole 12 A           the hole's letter (glyph.py: A-D front peg, a-d back peg, ...)
    expect hole 12 rgb 0 0 52  the hole's exact colour (r g b, 0-255)
    expect line 2 "A  12  +12" a display line (1-8), exactly
    expect text "refused"      some display line contains the text
    expect signal error        the signal the last step raised: error (a refused key), ok,
                               undo, newgame, recovered, or none

``check`` returns "" when the expectation holds, else the expected and the found, so the
runner can report them with the line number.
SPDX-License-Identifier: MIT
"""

from tools.simulator.errors import ScriptError
from tools.simulator.glyph import glyphs_for, hole_rgb
from tools.simulator.report import MODE_KEYS, SIGNAL_NAMES, side_name


def _failure(expected, found):
    return "  expected: {}\n  found:    {}".format(expected, found)


def _usage(text):
    return ScriptError("usage: expect " + text)


def _int(text, usage):
    if not text.isdigit():
        raise _usage(usage)
    return int(text)


def _side(text, usage):
    s = "ABCD".find(text.upper()) if len(text) == 1 else -1
    if s < 0:
        raise _usage(usage)
    return s


def _side_or_none(runner, args, what):
    usage = what + " A-D|none"
    if len(args) != 1:
        raise _usage(usage)
    want = None if args[0] == "none" else "ABCD"[_side(args[0], usage)]
    g = runner.h.keeper.game
    found = side_name(g.dealer if what == "dealer" else g.winner)
    return "" if want == found else _failure("{} {}".format(what, want), found)


def _peg(runner, what, args):
    usage = what + " SIDE N"
    if len(args) != 2:
        raise _usage(usage)
    s = _side(args[0], usage)
    want = _int(args[1], usage)
    g = runner.h.keeper.game
    label = "{}'s {} {}".format("ABCD"[s], what, want)
    if s >= g.sides:
        return _failure(label, "no side {} ({} sides)".format("ABCD"[s], g.sides))
    found = (g.scores if what == "score" else g.front if what == "front" else g.back)[s]
    return "" if found == want else _failure(label, found)


def _hole(runner, args):
    usage = "hole N LETTER | hole N rgb R G B"
    if len(args) not in (2, 5):
        raise _usage(usage)
    hole = _int(args[0], usage)
    if not 1 <= hole <= 121:
        raise _usage(usage)
    h = runner.h
    if len(args) == 5:
        if args[1] != "rgb":
            raise _usage(usage)
        want = tuple(_int(a, usage) for a in args[2:])
        found = hole_rgb(h.board.leds, hole)
        label = "hole {} rgb {} {} {}".format(hole, want[0], want[1], want[2])
        return "" if found == want else _failure(label, "rgb {} {} {}".format(*found))
    found = glyphs_for(h.app, h.board.leds)[hole - 1]
    if found == args[1]:
        return ""
    r, g, b = hole_rgb(h.board.leds, hole)
    return _failure("hole {} {}".format(hole, args[1]), "{} (rgb {} {} {})".format(found, r, g, b))


def check(runner, args):
    """'' if ``expect`` args hold for the runner's board, else what was expected and found."""
    what = args[0]
    rest = args[1:]
    h = runner.h
    if what in ("score", "front", "back"):
        return _peg(runner, what, rest)
    if what in ("dealer", "winner"):
        return _side_or_none(runner, rest, what)
    if what == "mode":
        if len(rest) != 1 or rest[0] not in MODE_KEYS:
            raise _usage("mode " + "|".join(MODE_KEYS))
        m = h.view.mode
        found = MODE_KEYS[m] if 0 <= m < len(MODE_KEYS) else str(m)
        return "" if found == rest[0] else _failure("mode " + rest[0], found)
    if what == "hole":
        return _hole(runner, rest)
    if what == "line":
        usage = 'line N "TEXT" (N 1-8)'
        if len(rest) != 2:
            raise _usage(usage)
        n = _int(rest[0], usage)
        if not 1 <= n <= 8:
            raise _usage(usage)
        found = h.lines[n - 1]
        return "" if found == rest[1] else _failure(repr(rest[1]), repr(found))
    if what == "text":
        if len(rest) != 1:
            raise _usage('text "TEXT"')
        for line in h.lines:
            if rest[0] in line:
                return ""
        return _failure("a display line with {!r}".format(rest[0]), " | ".join(h.lines))
    if what == "signal":
        if len(rest) != 1 or rest[0] not in SIGNAL_NAMES:
            raise _usage("signal " + "|".join(SIGNAL_NAMES))
        found = SIGNAL_NAMES[runner.last_signal]
        return "" if found == rest[0] else _failure("signal " + rest[0], found)
    raise _usage(
        "score|front|back|dealer|winner|mode|hole|line|text|signal ... (not {!r})".format(what)
    )
