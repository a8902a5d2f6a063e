"""The rules a game is played under: one table, read by everything that names a rule.

The settings file (``settings.Settings``: an attribute and a ``name=value`` line each), the
settings mode (``modes/settings``: a menu item each, in this order), the game log's start record
(``events.pack_game``: the rules word), the records export (``records``, tools/export.py's
games.csv) and the play engine (``cribbage.play.Pegging`` takes ``five_card`` and
``three_go`` by these names and values) all read RULES; nothing else lists the rules. What a
rule does is in the modules that enforce it (scorekeeper/rules.py, game.py, the modes).

A row is (name, values, default, label, texts, bit, bits):

- ``name``: the Settings attribute, the settings file's key and the export's.
- ``values``: the ints it may take. The FIRST is how games were played before the rule
  existed: a game record written before then holds 0 in its bits, which reads as values[0].
- ``default``: what a new board plays, and a settings file without the key.
- ``label``, ``texts``: the settings mode's name for it and its words for each value (None:
  the numbers themselves); 16 columns at most.
- ``bit``, ``bits``: where the rule is in the game record's 32-bit rules word (its first
  bit, and how many: log version 5 on, FORMAT.md), holding the value's place in ``values``;
  never moved once written. Bits 0: the rule has bytes of its own in the record (the game
  points).

Adding a rule is one row here (docs/DEVELOPING.md, "Add a rule"): free bits, its values with
the old play first; a record that sets bits this firmware does not know is unreadable (a
newer firmware's game is never guessed at).
SPDX-License-Identifier: MIT
"""

from scorekeeper.errors import ScorekeeperError

# Game points for a win, a skunk, a double and a triple skunk. The ACC awards 2 for a win
# and 3 for a skunk; its rules name the double skunk (win by 61+) but score it as a skunk.
ACC_POINTS = (2, 3, 3, 3)
# A common home rule: each skunk line the loser failed to pass counts one more game.
HOME_POINTS = (1, 2, 3, 4)
OFF_ON = ("off", "on")
_BOOL = (0, 1)
_POINTS = ("ACC 2 3 3 3", "home 1 2 3 4")

RULES = (
    ("players", (2, 3, 4), 2, "players", None, 0, 2),
    # 4 players as two partnerships sharing a track
    ("partners", _BOOL, 0, "partners", OFF_ON, 2, 1),
    ("target", (121, 61), 121, "game to", None, 3, 1),
    # the five-card game: the pone pegs 3 at the start; to 61 (the settings mode sets it)
    ("five_card", _BOOL, 0, "5-card game", OFF_ON, 4, 1),
    # ... whose hand keeps 3 cards (Hoyle) or 4 (the rulebook's reading); docs/RULES.md
    ("five_keep", (3, 4), 3, "5-card keeps", ("3 (Hoyle)", "4 (rulebook)"), 5, 1),
    ("muggins", _BOOL, 0, "muggins", OFF_ON, 6, 1),
    # 121 game: a loser on 30 or less is triple-skunked
    ("triple_skunk", _BOOL, 0, "triple skunk", OFF_ON, 7, 1),
    ("game_points", (ACC_POINTS, HOME_POINTS), ACC_POINTS, "game points", _POINTS, 0, 0),
    # house rule, not ACC: no pegging out from 120 on his heels or a go
    ("stinkhole", _BOOL, 0, "stinkhole", OFF_ON, 8, 1),
    # house rule, not ACC: the hand is counted out after a win
    ("finish_hand", _BOOL, 0, "finish hand", OFF_ON, 9, 1),
    # the three-player go: play goes round the table until no one can play (0), or the
    # count ends when the first player after a go cannot play (1, Bicycle's reading)
    ("three_go", _BOOL, 0, "3-player go", ("round", "Bicycle"), 10, 1),
    # how the show is entered on the scoreboard: each count typed as a number (0), each
    # count's cards typed and the claim checked against them (1), or the cards alone, the
    # board counting them (2); ui/showentry.py
    ("show", (0, 1, 2), 0, "show", ("type counts", "check claims", "count cards"), 11, 2),
    # muggins off and a short claim: # pegs the claim (0: the points missed are lost, ACC
    # rule 8.3), or the true count (1, a house rule); docs/RULES.md
    ("short_claim", _BOOL, 0, "short claim", ("claim (ACC)", "true count"), 13, 1),
)
NAMES = tuple(r[0] for r in RULES)


def pack_word(cfg):
    """The rules word of cfg (a Settings): each logged rule's value's place in its values."""
    word = 0
    for name, values, _default, _label, _texts, bit, bits in RULES:
        if bits:
            word |= values.index(getattr(cfg, name)) << bit
    return word


def unpack_word(word, cfg):
    """Set cfg's logged rules from a rules word; ScorekeeperError for bits no rule has or a
    value's place past its rule's values."""
    known = 0
    for name, values, _default, _label, _texts, bit, bits in RULES:
        if not bits:
            continue
        mask = (1 << bits) - 1
        known |= mask << bit
        i = (word >> bit) & mask
        if i >= len(values):
            raise ScorekeeperError("game record: rule {} has no value {}".format(name, i))
        cfg.set(name, values[i])
    if word & ~known:
        raise ScorekeeperError(
            "game record has rules this firmware does not know (0x{:x})".format(word & ~known)
        )
