"""The rules of a club night's scorecard: game points, skunks, spread, a bye, and the night's
settings (docs/CLUB.md has each rule with its source, and which ones are a club's setting).

    s = Settings()                       # the ACC's and the common Grass Roots defaults
    s = Settings.from_json(text)         # a night's own, as the hub keeps them
    winner, loser = check_scores(121, 95)        # (0, 1): which score won; ValueError if no
                                                 # 121-point game ends so
    points, level = game_points(95, s)           # the winner's game points and the skunk
    spread(95)                                   # 26: the winner's plus, the loser's minus

A game is to 121: the winner's score is 121, the loser's 0-120. The loser on 90 or less is
skunked (the winner more than 30 ahead), on 60 or less double-skunked; in ACC play a double
skunk scores as a skunk, so the double's game points are a setting that defaults to the
skunk's. The winner's plus (and the loser's minus) is 121 minus the loser's score.
SPDX-License-Identifier: MIT
"""

import json

TARGET = 121
SKUNK_LINE = 90  # the loser on this or less: skunked
DOUBLE_LINE = 60  # ... on this or less: double-skunked
NONE, SKUNK, DOUBLE = 0, 1, 2
LEVELS = ("", "skunk", "double")

# name: (default, lowest, highest, what it is): every setting is an int (booleans 0 or 1).
FIELDS = {
    "games": (9, 1, 30, "games each player plays tonight (rounds drawn)"),
    "win": (2, 0, 9, "game points for a win"),
    "skunk": (3, 0, 9, "game points for a skunk (the loser on 90 or less)"),
    "double": (3, 0, 9, "game points for a double skunk (the loser on 60 or less)"),
    "bye_points": (2, 0, 9, "game points a bye scores"),
    "bye_win": (1, 0, 1, "a bye counts as a game won (1) or not (0)"),
    "bye_spread": (0, 0, 121, "the spread a bye scores"),
    "grp_min": (12, 0, 99, "game points a card needs to earn Grass Roots points"),
    "repeats": (0, 0, 1, "allow a repeated opponent when the draw has no other way (1)"),
    "muggins": (0, 0, 1, "muggins on the boards (1); ACC tournaments announce it"),
}


class Settings:
    """A night's settings: every name of FIELDS as an int attribute."""

    def __init__(self, **values):
        for name, (default, _lo, _hi, _what) in FIELDS.items():
            setattr(self, name, default)
        self.update(values)

    def update(self, values):
        """Set the named values; ValueError (nothing changed) for an unknown name or a value
        out of its range."""
        checked = {}
        for name, value in values.items():
            if name not in FIELDS:
                raise ValueError(f"no setting {name!r} (the settings: {', '.join(FIELDS)})")
            _default, lo, hi, what = FIELDS[name]
            if isinstance(value, bool):
                value = int(value)
            if not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"{name} ({what}) is a whole number from {lo} to {hi}")
            checked[name] = value
        for name, value in checked.items():
            setattr(self, name, value)
        return self

    def as_dict(self):
        return {name: getattr(self, name) for name in FIELDS}

    def to_json(self):
        return json.dumps(self.as_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text):
        """The settings kept as JSON; a name no longer known is left out, a new one defaults."""
        values = json.loads(text) if text else {}
        return cls(**{k: v for k, v in values.items() if k in FIELDS})


def check_scores(a, b):
    """(winner, loser) as indexes 0/1 of the scores a, b of a finished game to 121; ValueError
    saying why for scores no finished game has (no 121, both 121, a score out of 0-120)."""
    for s in (a, b):
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= TARGET:
            raise ValueError(f"a score is a whole number from 0 to {TARGET}: {s!r}")
    if a == TARGET and b == TARGET:
        raise ValueError(f"only one side reaches {TARGET}")
    if TARGET not in (a, b):
        raise ValueError(f"a finished game has one score of {TARGET}: {a}-{b}")
    return (0, 1) if a == TARGET else (1, 0)


def skunk_level(loser_score):
    """NONE, SKUNK (the loser on 90 or less) or DOUBLE (60 or less)."""
    if loser_score <= DOUBLE_LINE:
        return DOUBLE
    return SKUNK if loser_score <= SKUNK_LINE else NONE


def game_points(loser_score, settings):
    """(the winner's game points, the skunk level) for a game the loser ended on loser_score;
    the loser's game points are always 0."""
    level = skunk_level(loser_score)
    points = (settings.win, settings.skunk, settings.double)[level]
    return points, level


def spread(loser_score):
    """The winner's plus (and the loser's minus): 121 less the loser's score."""
    return TARGET - loser_score
