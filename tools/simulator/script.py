"""The simulator's script language: keys and waits in, assertions about the board out.

Runs under CPython and the MicroPython unix port. One step a line; a line that starts with
``#`` is a comment (a ``#`` inside a step is the ``#`` key); keys are ``0``-``9``, ``A``-``D``
(or ``a``-``d``), ``*`` and ``#``:

    press KEY            a tap: 100 ms down, 100 ms up
    long KEY             a long press: 1000 ms down (the board's long press is 0.8 s)
    hold KEY [MS]        held MS ms (default 3200: a hold, 3 s)
    type KEYS            a tap of each key in turn; spaces are ignored (``type 12 A``)
    wait MS              let MS ms pass (signals and the win animation run out)
    power-cut [MS]       the power goes off for MS ms (default 2000); the board boots again
    names NAME ...       the sides' players' names, A's first ("" for none; quote a name
                         with spaces: ``names "Ann Lee" Bob``), as a paired phone sets them
    expect WHAT ...      check the board now; see EXPECTS below

Time is the board's fake clock: it moves only with the steps (a keypad scan and a frame
every 20 ms), so a script gives the same result every run, on CPython and MicroPython.
SPDX-License-Identifier: MIT
"""

from keypad import KEYS

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness
from tools.simulator.errors import ExpectFailed, ScriptError
from tools.simulator.expect import check

LONG_MS = 1000
HOLD_MS = 3200
POWER_OFF_MS = 2000


def tokens(line):
    """Split a line on spaces, keeping "quoted text" (with \\" inside) as one token."""
    out = []
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        if ch == " " or ch == "\t":  # noqa: PLR1714
            i += 1
        elif ch == '"':
            buf = []
            i += 1
            while i < n and line[i] != '"':
                if line[i] == "\\" and i + 1 < n:
                    i += 1
                buf.append(line[i])
                i += 1
            if i >= n:
                raise ScriptError("a quote is not closed")
            out.append("".join(buf))
            i += 1
        else:
            j = i
            while j < n and line[j] != " " and line[j] != "\t":
                j += 1
            out.append(line[i:j])
            i = j
    return out


def key_legend(text):
    """'a' -> 'A'; a keypad legend, or ScriptError."""
    legend = text.upper() if text in "abcd" else text
    if len(legend) != 1 or KEYS.find(legend) < 0:
        raise ScriptError("no key {!r}: the keys are 0-9, A-D, * and #".format(text))
    return legend


def number(text, what):
    if not text.isdigit():
        raise ScriptError("{} must be a whole number, not {!r}".format(what, text))
    return int(text)


class Runner:
    """A board (pcboard.Harness) played by script lines; see the module docstring."""

    def __init__(self, state_dir="state", fs=None):
        self.h = Harness(state_dir, fs=fs if fs is not None else MemFS())
        self.last_signal = 0  # the signal (view.SIG_*) the last step raised, 0 if none
        self.steps = 0
        self.expects = 0

    def run(self, lines, name="script"):
        """Run every line; raise ScriptError or ExpectFailed with 'name line N: ...'."""
        number_ = 0
        for raw in lines:
            number_ += 1
            line = raw.strip()
            if not line or line[0] == "#":
                continue
            try:
                self.step(tokens(line))
            except (ScriptError, ExpectFailed) as e:
                text = "{} line {}: {}\n{}".format(name, number_, line, e.args[0])
                raise type(e)(text) from None

    def step(self, words):
        cmd = words[0]
        args = words[1:]
        if cmd == "expect":
            if not args:
                raise ScriptError("expect what? (score, front, back, hole, line, ...)")
            failure = check(self, args)
            if failure:
                raise ExpectFailed(failure)
            self.expects += 1
            return
        h = self.h
        v = h.view
        before = (v.signal, v.signal_ms)
        if cmd == "press":
            self._one(args, "press KEY")
            h.press(key_legend(args[0]))
        elif cmd == "long":
            self._one(args, "long KEY")
            h.hold(key_legend(args[0]), LONG_MS)
        elif cmd == "hold":
            if not 1 <= len(args) <= 2:
                raise ScriptError("hold KEY [MS]")
            ms = number(args[1], "MS") if len(args) == 2 else HOLD_MS
            h.hold(key_legend(args[0]), ms)
        elif cmd == "type":
            if not args:
                raise ScriptError("type KEYS")
            for legend in [key_legend(ch) for ch in "".join(args)]:
                h.press(legend)
        elif cmd == "wait":
            self._one(args, "wait MS")
            h.wait(number(args[0], "MS"))
        elif cmd == "names":
            if not 1 <= len(args) <= 4:
                raise ScriptError('names NAME ... (up to 4, A first; "" for none)')
            from scorekeeper.names import NameRefused, set_names

            try:
                set_names(h.app.keeper, args)
            except NameRefused as e:
                raise ScriptError(e.args[0]) from None
        elif cmd == "power-cut":
            if len(args) > 1:
                raise ScriptError("power-cut [MS]")
            h.power_cut(number(args[0], "MS") if args else POWER_OFF_MS)
            before = (0, 0)
        else:
            raise ScriptError(
                "no step {!r}: press, long, hold, type, wait, power-cut, names, expect".format(cmd)
            )
        v = h.view
        self.last_signal = v.signal if (v.signal, v.signal_ms) != before else 0
        self.steps += 1

    def _one(self, args, usage):
        if len(args) != 1:
            raise ScriptError(usage)


def read_lines(path):
    with open(path) as f:
        return f.read().split("\n")
