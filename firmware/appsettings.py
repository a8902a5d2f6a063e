"""The board's own settings (app.* keys of the keeper's settings file): one table.

They apply at once and are never part of a game (the game's rules are
scorekeeper/ruletable.py's). A row is (key, default, label, values, texts): the settings
mode's label, the values it steps through and its words for them (None: the numbers). The
settings mode (modes/settings.py) lists them in this order after the rules; a mode reads
one with ``ui.app_setting(keeper, key)``; the view applies its own (brightness, palette,
LED current, keep-awake: ``View.apply_settings``, at boot and after every change, with
these defaults: host_tests/test_app_setup.py checks that they agree).

Imported only where a setting's default or the menu is needed (the settings mode, a mode
reading a setting that was never saved), not at boot: its labels stay off the heap while
the board plays.
SPDX-License-Identifier: MIT
"""

from palette import PALETTES
from supply import AUTO
from view import BRIGHTNESS_LEVELS, DEFAULT_BRIGHTNESS

_LEVELS = tuple(range(1, BRIGHTNESS_LEVELS + 1))
_LEVELS = tuple(range(1, BRIGHTNESS_LEVELS + 1))
_BUDGETS = (AUTO, 250, 500, 800, 1000, 1400)  # AUTO (0): what the USB-C supply allows
_BUDGET_TEXTS = ("auto", "250", "500", "800", "1000", "1400")

APP_SETTINGS = (
    ("app.brightness", DEFAULT_BRIGHTNESS, "brightness", _LEVELS, None),
    ("app.palette", 0, "palette", tuple(range(len(PALETTES))), tuple(p[0] for p in PALETTES)),
    # the LED current cap, mA (supply.py)
    ("app.budget", AUTO, "LED current, mA", _BUDGETS, _BUDGET_TEXTS),
    # a power bank's keep-awake glow (keepawake.py: ~11 mA on average)
    ("app.keep_awake", 0, "bank keep-awake", (0, 1), ("off", "on")),
)


def default(key):
    """The default of the setting called key (KeyError if the table has none)."""
    for row in APP_SETTINGS:
        if row[0] == key:
            return row[1]
    raise KeyError(key)
