"""Upgrading a board: "the show has begun" from the old ``app.show`` setting.

Firmware before log version 3 kept the hand whose show ``#`` had begun in ``settings.txt``
(``app.show`` = that hand's number, ``deals + 1``; 0 none), with its own undo, rewriting the
settings at every ``#``. Now it is a SHOW event in the game log (undo takes it back like any
entry). On the first boot after the upgrade a setting that names the keeper's current hand,
still in its play, becomes a SHOW event; then the key leaves the settings file. The event is
written first: a cut before the settings are rewritten finds the hand in its show already,
and the next boot only removes the key. Loaded only when the key is there.
SPDX-License-Identifier: MIT
"""

NAME = "app.show"


def migrate(keeper):
    """Move the old setting into the log; return True if it began the show."""
    g = keeper.game
    begun = keeper.settings.extra.get(NAME) == g.deals + 1 and not g.in_show and not g.over
    if begun:
        keeper.begin_show()
    s = keeper.settings.copy()
    s.extra.pop(NAME, None)
    keeper.set_settings(s)
    return begun
