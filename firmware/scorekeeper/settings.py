"""Board settings: the game's rules options, the match's game points, and the app's own keys.

A small text file, one ``key=value`` a line, so it can be read and fixed with ``mpremote``:

    picopeg-settings 1
    players=2
    ...
    game_points=2,3,3,3
    app.brightness=40
    crc=1A2B

The ``crc`` line (CRC-16 of every byte before it) catches a damaged file; a hand-edited file
may drop it. Keys starting ``app.`` belong to the board app (brightness, palette, ...):
kept as ints and written back sorted, so dict order never reaches the file.
SPDX-License-Identifier: MIT
"""

from scorekeeper.crc import crc16
from scorekeeper.errors import SettingsError
from scorekeeper.ruletable import NAMES

VERSION = 1
MAGIC = "picopeg-settings"

# The rules' names, values and defaults are ruletable.RULES (one table); the game points
# are one of them, kept as 4 numbers (the menu offers the two tables, a file may hold any).
_GAME_POINTS = "game_points"


def _rules():
    """ruletable.RULES, imported where a rule's default or values are needed (a fresh
    Settings, a rule set): the keeper lets the table's module go once it has loaded (and
    after a new game), so its rows are off the heap while the board plays; a copy, the file
    and the game key need only the names."""
    from scorekeeper.ruletable import RULES

    return RULES


class Settings:
    """One set of settings; plain attributes named as in the file."""

    # The rules __init__ sets from ruletable.RULES, declared for mypy (MicroPython compiles
    # a bare annotation to nothing); test_rule_table checks that the two agree.
    players: int
    partners: int
    target: int
    five_card: int
    five_keep: int
    muggins: int
    triple_skunk: int
    game_points: tuple
    stinkhole: int
    finish_hand: int
    three_go: int
    show: int
    short_claim: int

    def __init__(self, source=None):
        """The defaults, or (source: a Settings) its rules."""
        if source is None:
            for r in _rules():
                setattr(self, r[0], r[2])
        else:
            for name in NAMES:
                setattr(self, name, getattr(source, name))
        self.extra = {}

    @property
    def sides(self):
        """Tracks on the board: 2 for partnerships, else one per player."""
        return 2 if self.partners else self.players

    def copy(self):
        s = Settings(self)
        s.extra = dict(self.extra)
        return s

    def game_key(self):
        """The settings a game is played under (the rest can change mid-game)."""
        return tuple(getattr(self, n) for n in NAMES)

    def set(self, name, value):
        """Change one setting, checking it; app keys take any int."""
        if name == _GAME_POINTS:
            self.game_points = _check_points(value)
        elif name in NAMES:
            allowed = _rules()[NAMES.index(name)][1]
            if isinstance(value, bool):
                value = int(value)
            if value not in allowed:
                raise SettingsError(
                    "{} cannot be {}: choose one of {}".format(name, value, _join(allowed))
                )
            setattr(self, name, value)
        elif name.startswith("app.") and len(name) > 4:
            if not isinstance(value, int):
                raise SettingsError("{} must be a whole number".format(name))
            self.extra[name] = value
        else:
            raise SettingsError("there is no setting called {}".format(name))

    def check(self):
        """Raise SettingsError when settings contradict each other."""
        if self.partners and self.players != 4:
            raise SettingsError("partnerships need 4 players")
        if self.five_card and self.players != 2:
            raise SettingsError("the five-card game is for 2 players")

    def encode(self):
        """The file's bytes."""
        lines = ["{} {}".format(MAGIC, VERSION)]
        for name in NAMES:
            v = getattr(self, name)
            if name == _GAME_POINTS:
                v = ",".join(str(p) for p in v)
            lines.append("{}={}".format(name, v))
        for key in sorted(self.extra):
            lines.append("{}={}".format(key, self.extra[key]))
        body = ("\n".join(lines) + "\n").encode()
        return body + "crc={:04X}\n".format(crc16(body)).encode()


def decode(data, need_crc=False):
    """Settings from a file's bytes; SettingsError if it is damaged or not ours.

    need_crc: refuse a file without its crc line (a .tmp cut short could otherwise pass).
    """
    try:
        text = bytes(data).decode()
    except (UnicodeError, ValueError):
        raise SettingsError("settings file is not text") from None
    lines = text.split("\n")
    head = lines[0].split()
    if len(head) != 2 or head[0] != MAGIC:
        raise SettingsError("not a PicoPeg settings file")
    if head[1] != str(VERSION):
        raise SettingsError("settings file version {} is not supported".format(head[1]))
    if not _check_crc(data, lines) and need_crc:
        raise SettingsError("settings file has no checksum")
    s = Settings()
    for line in lines[1:]:
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("crc="):
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise SettingsError("settings line {!r} has no '='".format(line))
        key = key.strip()
        value = value.strip()
        if key == _GAME_POINTS:
            s.set(key, tuple(_parse_int(v) for v in value.split(",")))
        else:
            s.set(key, _parse_int(value))
    s.check()
    return s


def _check_crc(data, lines):
    """If there is a crc line, it must be the last and match every byte before it.

    Return True if there is one."""
    offset = 0
    for i in range(len(lines)):
        line = lines[i]
        if line.startswith("crc="):
            if _parse_hex(line[4:]) != crc16(data, 0, offset):
                raise SettingsError("settings file is damaged (checksum)")
            for rest in lines[i + 1 :]:
                if rest.strip():
                    raise SettingsError("settings file has text after its checksum")
            return True
        offset += len(line.encode()) + 1
    return False


def _check_points(value):
    points = tuple(value)
    if len(points) != 4:
        raise SettingsError("game points are 4 numbers: win, skunk, double, triple skunk")
    for p in points:
        if not isinstance(p, int) or not 0 <= p <= 99:
            raise SettingsError("game points must be whole numbers from 0 to 99")
    return points


def _parse_int(text):
    try:
        return int(text)
    except ValueError:
        raise SettingsError("{!r} is not a whole number".format(text)) from None


def _parse_hex(text):
    try:
        return int(text.strip(), 16)
    except ValueError:
        raise SettingsError("settings file is damaged (checksum)") from None


def _join(values):
    return ", ".join(str(v) for v in values)
