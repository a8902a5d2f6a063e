"""Entries that are no keys: the sides' names, and a new game with its rules and names (a
club's hub sends one to each board at the start of a round; docs/WIFI.md, Entries).

    act = ACTS["game"][2](doc)      # checks the entry's fields (ValueError: malformed) and
    note = act(app, now, confirm)   # returns what does it: a note, or Ask/refusal raised

    {"seq": 9, "kind": "names", "names": ["Ann Lee", "Bob"]}
    {"seq": 10, "kind": "game", "names": ["Ann Lee", "Bob"], "rules": {"target": 121,
     "muggins": 0}}

A name goes through the keeper's own check (scorekeeper/names.py); a game's rules are the
rule table's names and values (scorekeeper/ruletable.py), saved as the board's settings as
its settings mode would save them, then the new game starts with the names in its record (one
write: a power cut leaves the old game or the new one with its names). A game under way (an
entry in it and no winner) is not ended without ``"confirm": true``: the board asks first.
SPDX-License-Identifier: MIT
"""

from modes import MODE_SCORE
from scorekeeper.errors import ScoreRefused


class Ask(ScoreRefused):
    """The board asks to confirm first (the entry again with "confirm": true)."""


def _names(doc):
    names = doc.get("names")
    if not isinstance(names, list) or not 1 <= len(names) <= 4:
        raise ValueError('"names" is a list of 1-4 names, A\'s first')
    for n in names:
        if not isinstance(n, str) or len(n) > 64:
            raise ValueError('a name is text ("" for none)')
    return names


def names_entry(doc):
    names = _names(doc)

    def act(app, now, confirm):
        from scorekeeper.names import set_names

        k = app.keeper
        if not set_names(k, names):
            return "names as they were"
        return "names: " + " / ".join(n or "-" for n in k.game.names[: k.game.sides])

    return act


def game_entry(doc):
    names = _names(doc)
    rules = doc.get("rules", {})
    if not isinstance(rules, dict):
        raise ValueError('"rules" is an object: {"target": 121, "muggins": 0}')
    from scorekeeper.errors import SettingsError
    from scorekeeper.ruletable import NAMES

    for name, value in rules.items():
        if name not in NAMES or name == "game_points" or not isinstance(value, int):
            raise ValueError('"rules" holds rules of the rule table, each a whole number')

    def act(app, now, confirm):
        k = app.keeper
        g = k.game
        if g.events and g.winner < 0 and not confirm:
            raise Ask("a game is under way: confirm to end it for a new one")
        s = k.settings.copy()
        try:
            for name, value in rules.items():
                s.set(name, value)
            s.check()
        except SettingsError as e:
            raise ScoreRefused(e.args[0]) from None
        from scorekeeper.names import checked

        names4 = checked(names, 4)  # (refused before anything is written)
        if s.game_key() != k.settings.game_key():
            k.set_settings(s)
        app.ctl.new_game(now, dealer=0, names=names4)
        return "new game: " + " v ".join(n or "-" for n in k.game.names[: k.game.sides])

    return act


# name: (the mode it needs, or -1 for any; the part of the hand (entries.ANY: 0); its check)
ACTS = {
    "names": (-1, 0, names_entry),
    "game": (MODE_SCORE, 0, game_entry),
}
