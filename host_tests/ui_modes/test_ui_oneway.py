"""The one-way rule of the UI, tested for real (docs/DESIGN.md, Data flows one way): a key goes
keypad -> controller -> mode; a mode is given only the keeper, changes it and returns what
happened; it never reaches the controller, the app, the board or the view, except the view
it is handed to paint, and there only the overlay.

Two checks. The import graph: no module a mode can import (firmware/modes/*, firmware/ui/* but
the controller, and all that they import) imports the controller, the app, the renderer or the
hardware, and from `view` and `keypad` only their constants. A trace: the scripted full game
and every key of every mode (tapped, long-pressed and held) on a board whose controller, app,
board and view record any attribute a mode's code (or the keeper it calls) reads or writes.
CPython only: the trace uses sys.setprofile and a swap of the objects' classes.
"""

import ast
import copy
import sys
from pathlib import Path

import pytest
from app_support import board
from keypad import KEYS
from modes import MODES, module_name
from ui import ModeBase, control

from tools.board.fullgame import play

FIRMWARE = Path(control.__file__).resolve().parents[1]
FOLDERS = ("ui", "modes")  # the modes and their helpers
# What drives the modes or the hardware: no mode may import any of these, even indirectly.
ABOVE = {"app", "main", "hal", "ui.control", "render", "textview", "keymatrix", "boardstub"}
ABOVE |= {"bootkeys"}  # the keys read while the board boots, which the app hands on
DEVICE = {"machine", "neopixel", "rp2", "network", "asyncio"}
CONSTANTS_ONLY = {"view", "keypad"}  # their SIG_* / MODE_* / key kinds, never View or the decoder
# What paint may change on the view it is handed (the controller cleared them just before).
OVERLAY = {"show_pegs", "seg_count", "seg_start", "seg_len", "seg_color"}
OVERLAY |= {"preview_side", "preview_points"}
PAINT_CALLS = {"set_segment", "set_preview"}  # the view's own methods paint may call
CONTROLLER_CALLS = {"set_signal", "load_game", "clear_overlay"}  # the controller's alone


# -- the import graph ------------------------------------------------------------------------


def module_file(name):
    path = FIRMWARE.joinpath(*name.split("."))
    for f in (path.with_suffix(".py"), path / "__init__.py"):
        if f.exists():
            return f
    return None


def imports_of(name):
    """(module, name or None) for every import in the module's source, lazy ones and
    __import__("...") calls too."""
    found = []
    for node in ast.walk(ast.parse(module_file(name).read_text())):
        if isinstance(node, ast.Import):
            found += [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "relative import in " + name
            found += [(node.module, a.name) for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            arg = node.args[0]
            if isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant):
                package = arg.left.value  # "cribbage." + name: any module of the package
                assert package.endswith("."), "__import__ of a computed name in " + name
                folder = module_file(package[:-1]).parent
                found += [(package + p.stem, None) for p in folder.glob("*.py")]
            else:
                assert isinstance(arg, ast.Constant), "__import__ of a computed name in " + name
                found.append((arg.value, None))
    return found


def mode_side():
    """{module: its imports} for every ui and modes module but the controller and all they
    import."""
    todo = [f + "." + p.stem for f in FOLDERS for p in (FIRMWARE / f).glob("*.py")
            if p.stem not in ("__init__", "control")]  # fmt: skip
    graph = {}
    while todo:
        name = todo.pop()
        if name in graph or module_file(name) is None:
            continue
        graph[name] = [] if name in ABOVE else imports_of(name)  # reached: not followed
        for mod, item in graph[name]:
            todo += [mod, mod.rpartition(".")[0], "{}.{}".format(mod, item)]
    return graph


def test_no_mode_imports_what_drives_it():
    graph = mode_side()
    assert {"ui", "modes"} <= set(graph)
    # every mode the controller loads is looked at
    assert {module_name(m) for m in range(len(MODES))} <= set(graph)
    bad = []
    for name, found in sorted(graph.items()):
        for mod, item in found:
            if mod in ABOVE or mod.split(".")[0] in DEVICE:
                bad.append("{} imports {}".format(name, mod))
            elif mod in CONSTANTS_ONLY and not (item and item.isupper()):
                bad.append("{} imports {} from {}".format(name, item or "the module", mod))
    assert bad == [], "\n".join(bad)
    assert not ABOVE & set(graph)


def test_the_import_check_sees_a_mode_that_imports_the_controller(monkeypatch):
    real = imports_of
    planted = {"modes.stats": [("ui.control", "Controller")], "modes.coach": [("view", "View")]}
    monkeypatch.setattr(
        sys.modules[__name__], "imports_of", lambda name: real(name) + planted.get(name, [])
    )
    with pytest.raises(AssertionError) as e:
        test_no_mode_imports_what_drives_it()
    assert "modes.stats imports ui.control" in str(e.value)
    assert "modes.coach imports View from view" in str(e.value)


# -- the trace -------------------------------------------------------------------------------


class Trace:
    """While code of a mode file runs (called from outside them: the controller calling a
    mode), every attribute read or written on a watched object is noted with the mode
    method that was running."""

    def __init__(self, mode_files):
        self.mode_files = set(mode_files)
        self.mode_code = set()  # functions counted as a mode's besides those of mode_files
        self.entry = None  # the frame of the mode call running now
        self.method = ""
        self.touched = []  # (method, what, "get"/"set", attribute)
        self.calls = set()  # (module, function) of each mode call seen: ("score", "key")

    def is_mode(self, code):
        return code.co_filename in self.mode_files or code in self.mode_code

    def profile(self, frame, event, arg):
        if event == "call" and self.entry is None:
            if self.is_mode(frame.f_code):
                caller = frame.f_back
                if caller is None or not self.is_mode(caller.f_code):
                    self.entry = frame
                    self.method = frame.f_code.co_name
                    self.calls.add((Path(frame.f_code.co_filename).stem, self.method))
        elif event == "return" and frame is self.entry:
            self.entry = None

    def watch(self, obj, what):
        trace = self
        cls = type(obj)

        # An object's own methods reading itself are not noted: what called them was (but
        # for the clock the app hands the keeper, board.seconds, which is how time comes in).
        class Watched(cls):
            def __getattribute__(self, name):
                if trace.entry is not None and sys._getframe(1).f_locals.get("self") is not self:
                    trace.touched.append((trace.method, what, "get", name))
                return object.__getattribute__(self, name)

            def __setattr__(self, name, value):
                if trace.entry is not None and sys._getframe(1).f_locals.get("self") is not self:
                    trace.touched.append((trace.method, what, "set", name))
                object.__setattr__(self, name, value)

        Watched.__name__ = cls.__name__
        obj.__class__ = Watched

    def watch_board(self, h):
        """Watch the harness's controller, app, board and view (again after each boot)."""
        for obj, what in ((h.app.ctl, "controller"), (h.app, "app"), (h.board, "board")):
            self.watch(obj, what)
        self.watch(h.app.view, "view")

    def faults(self):
        """What the modes touched beyond the rule: anything outside paint; in paint, on the
        view it was given, anything but the overlay, and nothing but the view."""
        bad = []
        for method, what, how, name in self.touched:
            if method == "paint" and what == "view":
                if how == "set" and name in OVERLAY:
                    continue
                if how == "get" and name not in CONTROLLER_CALLS:
                    continue
            bad.append("{}: {} {} {}".format(method, how, what, name))
        return sorted(set(bad))


MODE_FILES = [str(p) for f in FOLDERS for p in (FIRMWARE / f).glob("*.py")
              if p.name != "control.py"]  # fmt: skip


@pytest.fixture
def traced(monkeypatch):
    """(trace, harness): a board whose boots are watched, under the profiler."""
    trace = Trace(MODE_FILES)
    from tools.board import pcboard

    power_on = pcboard.Harness.power_on  # the runner's: every boot, a power cut's too

    def watched_boot(h, *cause):
        power_on(h, *cause)
        trace.watch_board(h)

    monkeypatch.setattr(pcboard.Harness, "power_on", watched_boot)
    h = board()
    old = sys.getprofile()
    sys.setprofile(trace.profile)
    try:
        yield trace, h
    finally:
        sys.setprofile(old)


def paint_keeps_to_the_overlay(h):
    """Wrap the controller's refresh: the view's fields but the overlay are as the keeper
    loaded them before the mode painted (a list changed in place shows here too)."""
    ctl = h.app.ctl
    cls = type(ctl)
    mode_paints = []

    def refresh(self, now):
        v = self.view
        mode = self.mode
        paint = mode.paint

        def checked(view, now):
            before = {k: copy.deepcopy(x) for k, x in vars(view).items() if k not in OVERLAY}
            paint(view, now)
            after = {k: x for k, x in vars(view).items() if k not in OVERLAY}
            assert after == before, type(mode).__name__
            mode_paints.append(type(mode).__name__)

        mode.paint = checked
        try:
            control.Controller.refresh(self, now)
        finally:
            del mode.paint
        assert v is self.view

    cls.refresh = refresh
    return mode_paints


def every_key_of_every_mode(h):
    for m in range(len(MODES)):
        h.to_mode(m)
        for legend in KEYS:
            if legend != "D":  # long and held D change the mode: the controller's keys
                h.press(legend)
                h.hold(legend, 1000)  # a long press (0.8 s)
        h.type("12A5B*")
        h.hold("#", 3200)  # a new game: every mode's reset
        h.to_mode(m)
        h.hold("*", 3200)  # a held star
        for legend in KEYS:
            if legend != "D":
                h.press(legend)


def test_a_whole_game_and_every_key_never_touch_the_controller_or_the_view(traced):
    trace, h = traced
    paints = paint_keeps_to_the_overlay(h)
    assert play(h) == ((121, 118), (2, 0))  # the game is played as without the trace
    h.power_cut()  # a new boot, watched too (its paint check applied again)
    paints += paint_keeps_to_the_overlay(h)
    every_key_of_every_mode(h)
    assert trace.faults() == []
    # The trace saw the modes at work: each mode's keys and its construction on the keeper,
    # and the controller's other calls into them (a mode without its own enter, reset,
    # paint or lines has ModeBase's, in ui/__init__.py).
    for stem, _name, _key in MODES:
        assert {(stem, "key"), (stem, "__init__")} <= trace.calls, stem
    assert {"enter", "reset", "paint", "lines"} <= {method for _, method in trace.calls}
    assert len(paints) > 100 and trace.touched  # paint read and wrote its overlay


class Sneaky(ModeBase):
    """A mode that breaks the rule: keeps the view paint is given and, from a key, flashes
    it; a second one paints beyond the overlay."""

    def paint(self, view, now):
        view.set_segment(0, 1, 5, 4)  # the overlay: allowed
        self.view = view

    def key(self, k, how, now):
        self.view.set_signal(2, now)


class Overpaint(ModeBase):
    def paint(self, view, now):
        view.mode = 3


def test_the_trace_catches_a_mode_that_keeps_the_view_or_paints_beyond_the_overlay(traced):
    trace, h = traced
    trace.mode_code |= {Sneaky.paint.__code__, Sneaky.key.__code__, Overpaint.paint.__code__}
    h.app.ctl.mode = Sneaky(h.keeper)
    h.app.ctl.refresh(h.board.now)  # it paints (and keeps the view) ...
    h.press("1")  # ... then a key uses the view it kept
    assert trace.faults() == ["key: get view set_signal"]
    trace.touched.clear()
    h.app.ctl.mode = Overpaint(h.keeper)
    h.app.ctl.refresh(h.board.now)
    assert trace.faults() == ["paint: set view mode"]
