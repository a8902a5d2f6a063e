"""PicoPeg on the PC: the board's real firmware (everything but hal.py) on a stand-in board.

    tools/sim.py                      the board in the terminal (Textual): `make sim`
    tools/sim.py --script FILE        play a script (simulator/script.py); print the board
    tools/sim.py --script FILE --json ... or as JSON (mode, scores, pegs, lines, frame)
    tools/sim.py --plain              line mode: type steps, see the board as text after each
    tools/sim.py --serve PORT --state-dir DIR    the board headless with its Wi-Fi server on
                                      127.0.0.1:PORT (issue 19; docs/SIMULATOR.md, docs/WIFI.md)

Options: ``--state-dir DIR`` (the board's files: the keeper's folder and the error log;
default ``$XDG_CACHE_HOME/picopeg/sim`` or ``~/.cache/picopeg/sim`` for play, so quitting
and starting again is a power cycle, and a fresh in-memory flash for ``--script``),
``--reset`` (forget the saved game first), ``--no-color`` (letters instead of colours, as
with NO_COLOR set or a terminal without colour, e.g. TERM=xterm-mono). A folder on disk is
locked while a simulator has it (simulator/lock.py): a second one is refused (exit 2).
docs/SIMULATOR.md has the keys and the script language.

The scripted and line modes also run under the MicroPython unix port
(``micropython tools/sim.py --script FILE``). It has no argparse, so a small parser that
takes the same flags (and nothing else) stands in for it there.
SPDX-License-Identifier: MIT
"""

import os
import sys

_TOOLS = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = _TOOLS + "/.."
if sys.implementation.name == "micropython":
    # The unix port has no installed project (CPython's venv has: pyproject.toml), so the
    # firmware's modules go on its path here, top-level as on the Pico, and the tools package.
    sys.path[:0] = [ROOT + "/firmware", ROOT]

HOLES_CSV = ROOT + "/hardware/holes.csv"
FLAGS = ("--json", "--reset", "--no-color", "--plain")
VALUED = ("--script", "--state-dir", "--serve", "--site", "--heap-log", "--firmware", "--names")
USAGE = (
    "usage: sim.py [--script FILE [--json]] [--plain] [--serve PORT [--site DIR]]"
    " [--state-dir DIR] [--reset] [--no-color] [--names A,B]"
)
# The files the board keeps in its folder, with the keeper's leftovers (scorekeeper/atomic.py:
# game.log.tmp from a cut write, game.bad1 for a file it set aside): --reset removes only
# these, never anything else a user keeps in a folder they named.
BOARD_FILES = ("game.log", "game.jnl", "game.ckp", "game.prev", "settings.txt", "pegging.txt",
               "errors.log", "phones.txt")  # fmt: skip


class Options:
    """The parsed flags (argparse's namespace, or the MicroPython parser's)."""

    def __init__(self):
        self.script = None
        self.state_dir = None
        self.serve = self.site = self.heap_log = self.firmware = self.names = None
        self.json = self.reset = self.no_color = self.plain = False


def parse_args(argv):
    """argparse on CPython; on MicroPython a small parser for the same flags."""
    if sys.implementation.name == "micropython":  # its argparse is a subset: not relied on
        return _parse_small(argv)
    import argparse

    p = argparse.ArgumentParser(prog="sim.py", description="PicoPeg board simulator")
    p.add_argument("--script", metavar="FILE", help="play a script and print the board")
    p.add_argument("--json", action="store_true", help="with --script: print JSON")
    p.add_argument("--state-dir", metavar="DIR", help="the board's files (default: cache)")
    p.add_argument("--reset", action="store_true", help="forget the saved game first")
    p.add_argument("--no-color", action="store_true", help="letters instead of colours")
    p.add_argument("--plain", action="store_true", help="line mode, for any terminal")
    p.add_argument("--serve", metavar="PORT", help="headless, with the Wi-Fi server on loopback")
    p.add_argument("--site", metavar="DIR", help="with --serve: the page's files")
    p.add_argument("--names", metavar="A,B", help="the sides' players' names, A's first")
    p.add_argument("--heap-log", metavar="MS", help=argparse.SUPPRESS)  # MicroPython's heap
    p.add_argument("--firmware", metavar="DIR", help=argparse.SUPPRESS)  # .mpy: MicroPython
    return p.parse_args(argv, namespace=Options())


def _parse_small(argv):
    o = Options()
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(USAGE)
            sys.exit(0)
        if a in FLAGS:
            setattr(o, a[2:].replace("-", "_"), True)
        elif a in VALUED and i + 1 < len(argv):
            i += 1
            setattr(o, a[2:].replace("-", "_"), argv[i])
        else:
            fail("sim.py: unknown or incomplete option {!r}\n{}".format(a, USAGE))
        i += 1
    return o


def fail(message, status=2):
    print(message, file=sys.stderr)
    sys.exit(status)


def default_state_dir():
    cache = os.getenv("XDG_CACHE_HOME") or (os.getenv("HOME") or ".") + "/.cache"
    return cache + "/picopeg/sim"


def make_dirs(path):
    """mkdir -p without os.makedirs (MicroPython has none)."""
    so_far = ""
    for i, part in enumerate(path.split("/")):
        so_far = part if i == 0 else so_far + "/" + part
        if part and part not in (".", ".."):
            try:
                os.mkdir(so_far)
            except OSError:
                pass  # already there (an error that matters shows at the first write)


def is_board_file(name):
    """True for a file the board keeps: game.log, game.log.tmp, game.bad1, ... (BOARD_FILES)."""
    for full in BOARD_FILES:
        stem = full.rsplit(".", 1)[0]
        if name in (full, full + ".tmp"):
            return True
        n = name[len(stem) + 4 :]
        if name.startswith(stem + ".bad") and n.isdigit():
            return True
    return False


def reset_state(folder):
    """Remove the board's files from folder (a fresh board on the next boot)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if is_board_file(name):
            os.remove(folder + "/" + name)


def main(argv):
    o = parse_args(argv)
    if o.firmware and sys.implementation.name == "micropython":
        sys.path.insert(0, o.firmware)  # a compiled firmware (make build's .mpy) first
    if o.json and not o.script:
        fail("sim.py: --json goes with --script FILE")
    state_dir = o.state_dir
    if state_dir is None and not o.script:
        state_dir = default_state_dir()
    lock = notice = None
    if state_dir is not None:
        make_dirs(state_dir)
        check_folder(state_dir)
        lock, notice = take_lock(state_dir)  # before --reset: never remove files another uses
        if o.reset:
            reset_state(state_dir)
    try:
        if o.names is not None:
            name_sides(o, state_dir)
        run(o, state_dir, notice)
    finally:
        if lock is not None:
            lock.release()


def name_sides(o, state_dir):
    """--names "Ann Lee,Bob": the sides' names, into the game on the board's files (as a
    paired phone would set them), before the board starts."""
    if state_dir is None:
        fail('sim.py: with --script, name the sides in the script: names "Ann Lee" Bob')
    from scorekeeper import Keeper
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.names import set_names

    try:
        set_names(Keeper(state_dir), [n.strip() for n in o.names.split(",")])
    except ScorekeeperError as e:
        fail("sim.py: --names: {}".format(e.args[0] if e.args else e))


def check_folder(path):
    """Exit 2 in one line unless path is a folder (--state-dir naming a file, say)."""
    try:
        mode = os.stat(path)[0]
    except OSError:
        fail("sim.py: cannot make the folder {} for the board's files".format(path))
    if mode & 0o170000 != 0o040000:
        fail("sim.py: --state-dir {} is a file, not a folder: give a folder".format(path))


def take_lock(state_dir):
    """The folder's lock (simulator/lock.py) and what to tell about a stale one taken over
    (None if there was none), or exit 2 saying who has the board."""
    from tools.simulator.lock import BoardInUse, take

    try:
        lock = take(state_dir)
    except BoardInUse as e:
        fail(e.args[0])
    except OSError as e:  # a folder this user may not write, say
        fail("sim.py: cannot lock the board in {}: {}".format(state_dir, e))
    if lock.took_over is None:
        return lock, None
    who = " (pid {})".format(lock.took_over) if lock.took_over > 0 else ""
    notice = (
        "the simulator that had the board in {}{} is no longer running: this one"
        " takes it over".format(state_dir, who)
    )
    print("sim.py: " + notice, file=sys.stderr)
    return lock, notice


def run(o, state_dir, notice=None):
    """The chosen mode: a script, the served board, the line mode or the interactive board."""
    if o.serve is not None:
        sys.exit(serve(o, state_dir))
    if o.script:
        from tools.simulator.run import run_script

        sys.exit(run_script(o.script, state_dir, o.json, HOLES_CSV))
    term = os.getenv("TERM")
    no_color = o.no_color or os.getenv("NO_COLOR") is not None or not colour_terminal(term)
    dumb = term in (None, "", "dumb")
    if o.plain or dumb or not _terminal():
        from tools.simulator.run import run_lines

        sys.exit(run_lines(state_dir, HOLES_CSV))
    if sys.implementation.name == "micropython":
        fail("sim.py: the interactive board needs CPython (`make sim`); try --plain")
    from tools.simulator import tui

    tui.main(state_dir, no_color, HOLES_CSV, notice)  # the notice shows on its screen too


def serve(o, state_dir):
    """--serve PORT: the board headless with its server (tools/simulator/serve.py)."""
    if not o.serve.isdigit() or not 0 < int(o.serve) < 65536:
        fail("sim.py: --serve takes a port number, 1-65535")
    if sys.implementation.name == "micropython":  # microdot, pinned (make upy-lib)
        sys.path.append(ROOT + "/build/upy-lib")
    try:
        import microdot  # noqa: F401
    except ImportError:
        fail("sim.py: microdot is missing: `make venv` (CPython) or `make upy-lib` (MicroPython)")
    from tools.simulator.serve import default_site, run_serve

    site = o.site or default_site(ROOT)
    heap_ms = int(o.heap_log) if o.heap_log and o.heap_log.isdigit() else 0
    return run_serve(int(o.serve), state_dir, site, heap_ms)


def colour_terminal(term):
    """False where TERM's terminfo entry has no colours (xterm-mono, vt100, ...): the letters
    say there what colour cannot. A TERM terminfo does not know is judged by its name."""
    if not term or term == "dumb":
        return False
    try:
        import curses
    except ImportError:  # Windows (no curses): its consoles all have colour
        return True
    fd = os.open(os.devnull, os.O_WRONLY)
    try:
        curses.setupterm(term, fd)  # once a process: curses keeps the first terminal
        return curses.tigetnum("colors") >= 8  # -1: no colours at all
    except curses.error:
        return not (term.endswith("-mono") or term.endswith("-m"))
    finally:
        os.close(fd)


def _terminal():
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except AttributeError:  # MicroPython's streams have no isatty
        return False


def _reader_left():
    """Our reader went away (``sim.py --script f | head``): point stdout at nothing so the
    exit does not fail again while flushing, and stop with status 1 and no traceback."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (AttributeError, OSError):  # MicroPython has no dup2: nothing left to flush
        pass
    sys.exit(1)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except OSError as e:
        if e.args and e.args[0] == 32:  # EPIPE (CPython's BrokenPipeError is one)
            _reader_left()
        raise
