"""Every message the board can show fits its display (issue 20): the OLED's 16 columns and 8
lines. CPython only (it reads the firmware's source with ``ast``).

The controller shows a refusal's reason or a mode's note through ``ui.text.wrap`` and keeps
at most ``control._NOTE_LINES`` of it; the text view cuts each line to 16 columns and the
display to 8 lines. So each message, with its placeholders filled by the longest value they
can take (``LONGEST``; a number: 3 digits), must wrap into that many lines with no word cut;
and the display must show the whole note with the mode's first line under it, with any
number of sides.
"""

import ast
import os
import re

from app_support import board_in
from modes import MODE_SCORE, MODES
from scorekeeper.events import CORRECTION
from textview import COLS, ROWS
from ui.control import _NOTE_LINES
from ui.text import wrap

FIRMWARE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "firmware")
# What reaches the display: the modes and the controller, the scorekeeper's refusals, and
# the play engine's (the pegging helper). The rest are API errors of tools and tests.
SOURCES = [os.path.join(d, n) for d in ("modes", "ui") for n in
           sorted(os.listdir(os.path.join(FIRMWARE, d)))
           if n.endswith(".py") and n != "keys.py"]  # fmt: skip
SOURCES += ["scorekeeper/rules.py", "scorekeeper/keeper.py", "scorekeeper/errors.py",
            "cribbage/play.py"]  # fmt: skip

# The longest text a placeholder's expression can stand for (the source of the argument).
LONGEST = {
    "due": "B hand",
    "what": "3-card hand",
    "next_count(g)": "B partner",
    "nxt": "B partner",
    "then": "next: B partner",
    "card_text(card)": "10D",
    "event_text(g.last)": "card 10D: A +15 play",
    "event_text(ev)": "card 10D: A +15 play",
    "RANK_TEXT[rank]": "10",
    "name": "player 4",
    "hint": "play another card",
    "side_keys(g.sides)": "A-D",
    "count_name(g, self.slot)": "B partner",
    "what + ' was pegged already'": "B partner was pegged already",
    "result_text(game)": "A won 121-120-120-120",
    "format_card(fits[0])": "10D",
    "code": "28",
}
SIDE = re.compile(r"SIDES\[|side_name\(|player_name\(")
# Where a name means something else in one module's display lines (the widest it can be).
LONGEST_IN = {
    "modes/score.py": {"what": "count", "e.value": "999", "keys": "A-D",
                       "'-+'[self.sign >= 0]": "+"},
    "ui/showentry.py": {"what": "B partner", "left": "5", "'' if left == 1 else 's'": "s",
                        "self.claim.value": "29", "self.total": "29", "n": "4", "n + 1": "5",
                        "missed": "29", "points": "29", "how": "correct: ",
                        "RANK_TEXT[r]": "10"},
    "ui/verdict.py": {"e.claim.value": "29", "e.total": "29", "rc.fifteens": "16",
                      "rc.pairs": "12", "rc.runs": "12", "rc.flush": "5", "opp": "A-D",
                      "short": "29", "short or e.claim.value - e.total": "29", "side": "A"},
    "modes/verify.py": {"side": "A", "r.claimed": "29", "a.total": "29", "a.fifteens": "16",
                     "a.pairs": "12", "a.runs": "12", "a.flush": "5", "a.nobs": "1"},
    "modes/pegging.py": {"p.count": "31"},
    "modes/stats.py": {"st.best_hand[s]": "29", "st.best_crib[s]": "29"},
}  # fmt: skip


def option_texts():
    """The longest value text of the settings (modes/settings.py's ITEMS)."""
    from modes.settings import ITEMS

    return max((t for item in ITEMS if item[3] for t in item[3]), key=len)


def longest(expr, rel=""):
    """The longest text of a placeholder's argument expression (in module rel)."""
    if expr in LONGEST_IN.get(rel, {}):
        return LONGEST_IN[rel][expr]
    if rel == "modes/settings.py" and expr == "text":
        return option_texts()
    if expr in LONGEST:
        return LONGEST[expr]
    if SIDE.search(expr):
        return "player 4" if "player_name" in expr else "A"
    return "121"  # a number: points, a score, a count, a rank


def template(node):
    """(text with {} placeholders, [argument sources]) of a message expression, or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, []
    f = node.func if isinstance(node, ast.Call) else None
    if isinstance(f, ast.Attribute) and f.attr == "format":
        inner = template(f.value)
        if inner is not None:
            return inner[0], inner[1] + [ast.unparse(a) for a in node.args]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template(node.left), template(node.right)
        left = left or ("{}", [ast.unparse(node.left)])
        right = right or ("{}", [ast.unparse(node.right)])
        return left[0] + right[0], left[1] + right[1]
    return None


def messages():
    """(where, text) of every refusal raised and every note returned in SOURCES."""
    found = []
    for rel in SOURCES:
        with open(os.path.join(FIRMWARE, rel)) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            value = None
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                value = node.exc.args[0]
            elif isinstance(node, ast.Return) and node.value is not None:
                value = node.value
                if isinstance(value, ast.Tuple) and len(value.elts) == 2:
                    value = value.elts[1]  # (flags, note)
            elif (isinstance(node, ast.Call) and node.args
                  and ast.unparse(node.func) == "super().__init__"):  # fmt: skip
                value = node.args[0]  # an error's own text (a failed flash write)
            t = template(value) if value is not None else None
            if t is None or ("{" not in t[0] and " " not in t[0]):
                continue  # not a sentence (a key name, an empty string)
            parts = re.split(r"\{[^}]*\}", t[0])
            args = t[1] + [""] * len(parts)
            filled = parts[0] + "".join(
                longest(args[i]) + parts[i + 1] for i in range(len(parts) - 1)
            )
            found.append(("{}:{}".format(rel, node.lineno), filled))
    return found


def test_every_message_fits_the_notes_lines_with_no_word_cut():
    found = messages()
    assert len(found) > 100  # the extraction finds the firmware's messages
    assert any("cannot count into the game hole" in m for _w, m in found)
    assert any(m.startswith("flash write failed") for _w, m in found)
    cut = []
    for where, msg in found:
        lines = wrap(msg)
        if len(lines) > _NOTE_LINES or any(len(word) > COLS for word in msg.split()):
            cut.append((where, msg, lines))
    assert not cut, "\n".join("{}: {!r} -> {}".format(*c) for c in cut)


def test_the_display_shows_a_whole_note_and_the_entry_with_any_number_of_sides():
    # Issue 20: with four players the out-of-turn refusal stopped at "count out of" and hid
    # the typed entry. A deals at 115, the pone B on 118: A's 8 first would reach the hole.
    for settings in ((), (("players", 3),), (("players", 4),), (("players", 4), ("partners", 1))):
        h = board_in(MODE_SCORE, *settings)
        k = h.keeper
        k.peg(0, 115, CORRECTION)
        k.peg(1, 118, CORRECTION)
        h.press("#")  # the show
        h.type("8A")
        lines = h.lines
        shown = " ".join(lines)
        assert "B hand first: A cannot count into the game hole" in " ".join(shown.split())
        keys = "A-" + "ABCD"[k.game.sides - 1]
        assert "{}: +8 count".format(keys) in lines, (settings, lines)
        assert len(lines) == ROWS and all(len(x) <= COLS for x in lines)


def test_three_or_four_sides_share_lines_only_while_the_detail_needs_the_room():
    h = board_in(MODE_SCORE, ("players", 4))  # A deals
    assert h.lines[1:5] == ["A   0      *", "B   0", "C   0", "D   0"]
    h.press("*")  # nothing to undo: a refusal of three lines, then the mode's line
    assert h.lines[1:3] == ["A   0 * B   0", "C   0   D   0"]
    assert h.lines[3:7] == wrap("nothing to undo: this game has just started") + [
        "#: B's hand next"]  # fmt: skip
    h.type("2B")
    assert h.lines[1:5] == ["A   0      *", "B   2   +2", "C   0", "D   0"]


def test_every_mode_shows_a_four_line_note_whole():
    # The longest note the controller keeps (4 lines), in every mode, with 2 and 4 sides:
    # every line of it is on the display, and so is the mode's first line.
    note = wrap("x" * 15 + " " + "y" * 15 + " " + "z" * 15 + " " + "w" * 15)
    assert len(note) == _NOTE_LINES
    for players in (2, 4):
        h = board_in(MODE_SCORE, ("players", players))
        for m in range(len(MODES)):
            h.to_mode(m)
            ctl = h.app.ctl
            ctl.note = note
            ctl.refresh(h.board.ticks_ms())
            h.app._text_dirty = True  # as after a key: the text view is built again
            h.wait(40)
            lines = h.lines
            at = lines.index(note[0])
            assert lines[at : at + _NOTE_LINES] == note, (players, m, lines)
            first = ctl.mode.lines()[0]
            assert lines[at + _NOTE_LINES] == first[:COLS], (players, m, lines)


def display_lines():
    """(where, text) of every line a mode's ``lines()`` builds (each is one display line)."""
    found = []
    for rel in SOURCES:
        with open(os.path.join(FIRMWARE, rel)) as f:
            tree = ast.parse(f.read())
        for fn in ast.walk(tree):
            if not (isinstance(fn, ast.FunctionDef) and fn.name in ("lines", "text_lines")):
                continue
            for node in ast.walk(fn):
                values = []
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                    if node.func.attr == "append" and node.args:
                        values.append(node.args[0])
                elif isinstance(node, ast.List):
                    values.extend(node.elts)
                for value in values:
                    if isinstance(value, ast.IfExp):
                        values.extend((value.body, value.orelse))
                        continue
                    t = template(value)
                    if t is None:
                        continue
                    parts = re.split(r"\{[^}]*\}", t[0])
                    args = t[1] + [""] * len(parts)
                    filled = parts[0] + "".join(
                        longest(args[i], rel) + parts[i + 1] for i in range(len(parts) - 1)
                    )
                    found.append(("{}:{}".format(rel, node.lineno), filled))
    return found


def test_every_line_a_mode_builds_fits_16_columns():
    found = display_lines()
    assert len(found) > 40
    long = [(w, x) for w, x in found if len(x) > COLS]
    assert not long, "\n".join("{}: {!r} ({})".format(w, x, len(x)) for w, x in long)
