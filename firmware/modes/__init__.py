"""The board's modes: one table, in the order a long press of D steps through them.

A row is (module, name, key): the module in this package that defines the mode's ``Mode``
(ui's interface: ``ui/__init__.py``), imported only when the mode is first used, so the
Pico's heap holds only what is played; the name the display gives the mode (and the web
page's key help, docs/KEYMAP.md's headings); the key of the simulator's scripts (``expect
mode KEY``). The controller (``ui.control``), the text view, the tools and the docs derive
what they need from MODES; a mode is switched to by its place in it (``ui.goto``), named by
the MODE_* constants below: MODE_ and the module's name, at its row's place
(host_tests/ui_modes/test_mode_table.py checks them against the table). The first row is the home
mode: a board starts there, and holding D comes back to it.
SPDX-License-Identifier: MIT
"""

from compat import const

MODES = (
    ("score", "Scoreboard", "scoreboard"),
    ("verify", "Count verify", "verify"),
    ("pegging", "Pegging", "pegging"),
    ("coach", "Discard coach", "coach"),
    ("settings", "Settings", "settings"),
    ("stats", "Stats", "stats"),
)
MODE_SCORE = const(0)
MODE_VERIFY = const(1)
MODE_PEGGING = const(2)
MODE_COACH = const(3)
MODE_SETTINGS = const(4)
MODE_STATS = const(5)


def module_name(mode):
    """The importable name of a mode's module ('modes.score'); ValueError for a mode the
    table has not (a wrong switch is a bug: it must not pass for another mode)."""
    if not 0 <= mode < len(MODES):
        raise ValueError("no mode {}: the table has {}".format(mode, len(MODES)))
    return "modes." + MODES[mode][0]


def name(mode):
    """The display's name of a mode ('Mode 9' for one the table has not)."""
    return MODES[mode][1] if 0 <= mode < len(MODES) else "Mode {}".format(mode)
