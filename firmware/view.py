"""The board view: everything the LEDs and the text display show, as one preallocated object.

The app owns one ``View`` and updates its fields in place (ints and 4-slot lists, never new
objects in the refresh path); ``render.Renderer`` and ``textview.build_lines`` only read it.
Sides are 0-3 (shown A-D); pegs are points 0-121 (0 = not on the board yet); times are
``ticks_ms`` values compared with ``ticks_diff``.
SPDX-License-Identifier: MIT
"""

from compat import const
from palette import PALETTES
from power import DEFAULT_BUDGET_MA
from supply import AUTO, led_budget_ma

# Modes (the app's numbering; named here so the renderer and the text view agree).
MODE_SCORE = const(0)
MODE_VERIFY = const(1)
MODE_PEGGING = const(2)
MODE_COACH = const(3)
MODE_SETTINGS = const(4)
MODE_STATS = const(5)
MODE_NAMES = ("Scoreboard", "Count verify", "Pegging", "Discard coach", "Settings", "Stats")

# Transient signals, shown from signal_ms for a fixed time (render.SIGNAL_MS).
_SIG_NONE = const(0)
SIG_ERROR = const(1)  # input refused: the track flashes red 3 times
SIG_OK = const(2)  # accepted (a setting saved, a claim confirmed): markers flash white once
SIG_UNDO = const(3)  # an event undone: a white sweep runs back from the game hole
SIG_NEWGAME = const(4)  # a new game: a white sweep runs from hole 1 to the game hole
SIG_RECOVERED = const(5)  # restarted after a reset or crash: markers blink white 3 times

# Overlay segment colours: 0-3 a side's colour, or these; add BLINK to blink it.
COLOR_WHITE = const(4)
COLOR_RED = const(5)
BLINK = const(8)
_MAX_SEGMENTS = const(4)
# preview_side value: the pending points blink ahead of every side's peg (the side key that
# commits them comes last, so the scoreboard cannot know the side yet).
PREVIEW_ALL = const(4)

BRIGHTNESS_LEVELS = const(8)  # settings value 1..8, see render.BRIGHTNESS
DEFAULT_BRIGHTNESS = const(5)

# The board's own settings (app.* keys of the keeper's settings file): the one table. A row
# is (key, default, label, values, texts): the settings mode's label (None: not in its
# menu), the values it steps through and its words for them (None: the numbers). They apply
# at once: the view applies its own (apply_settings: at boot, before the first frame, and
# after a change); a mode reads its own (ui.app_setting). The game's rules: ruletable.RULES.
_LEVELS = tuple(range(1, BRIGHTNESS_LEVELS + 1))
_BUDGETS = (AUTO, 250, 500, 800, 1000, 1400)  # AUTO (0): what the USB-C supply allows
_BUDGET_TEXTS = ("auto", "250", "500", "800", "1000", "1400")
APP_SETTINGS = (
    ("app.mode", MODE_SCORE, None, (), None),  # the mode the board was in (MODE_*)
    ("app.brightness", DEFAULT_BRIGHTNESS, "brightness", _LEVELS, None),
    ("app.palette", 0, "palette", tuple(range(len(PALETTES))), tuple(p[0] for p in PALETTES)),
    # the LED current cap, mA (supply.py)
    ("app.budget", AUTO, "LED current, mA", _BUDGETS, _BUDGET_TEXTS),
    # a power bank's keep-awake glow (keepawake.py: ~11 mA on average)
    ("app.keep_awake", 0, "bank keep-awake", (0, 1), ("off", "on")),
)
APP_DEFAULTS = {}  # key: default, from APP_SETTINGS
for _row in APP_SETTINGS:
    APP_DEFAULTS[_row[0]] = _row[1]
del _row


class View:
    """What the board shows. Read the field comments; change fields in place."""

    def __init__(self):
        self.sides = 2  # 2, 3 or 4 tracks in use
        self.target = 121  # game length, 121 or 61: a peg at target is in the game hole
        self.front = [0, 0, 0, 0]  # each side's front peg (its score), 0..target
        self.back = [0, 0, 0, 0]  # each side's back peg (its previous score)
        self.moved = [0, 0, 0, 0]  # each side's last points, uncapped (a win's whole count)
        self.fixed = 0  # bit s: side s's last move was a correction (shown as "fix+7")
        self.dealer = 0  # side that deals this hand, -1 if none
        self.preview_side = -1  # pending entry: side about to peg, PREVIEW_ALL, -1 for none
        self.preview_points = 0  # ... and how many points (the hole it would move to blinks)
        self.winner = -1  # side that won, -1 while the game goes on
        self.skunk = 0  # 0 none, 1 skunk, 2 double, 3 triple (sets the win animation)
        self.won_ms = 0  # tick when the game was won (the animation runs from here)
        self.signal = _SIG_NONE  # a transient signal (SIG_*) ...
        self.signal_ms = 0  # ... and the tick it started
        self.mode = MODE_SCORE  # the app's mode (the text view names it)
        self.show_pegs = True  # False in modes that use the whole track for the overlay
        self.seg_count = 0  # overlay: segments 0..seg_count-1 are drawn
        self.seg_start = [0, 0, 0, 0]  # first hole of each segment, 1-121
        self.seg_len = [0, 0, 0, 0]  # holes in it (0 draws nothing)
        self.seg_color = [0, 0, 0, 0]  # 0-3 side colour, COLOR_WHITE/RED, + BLINK
        self.brightness = DEFAULT_BRIGHTNESS  # 1..BRIGHTNESS_LEVELS
        self.palette = 0  # index into palette.PALETTES
        self.budget_ma = DEFAULT_BUDGET_MA  # estimated LED current never exceeds this
        self.keep_awake = 0  # 1: the power-bank keep-awake pulse (keepawake.py)
        self.supply_ma = 0  # what the USB-C supply advertises (supply.py): 0 unknown
        self.detail = []  # text display only: breakdown lines from the app (<= 16 chars)
        self.note_lines = 0  # ... of which the first are a note (a refusal's reason)

    def load_game(self, game, now):
        """Copy a scorekeeper Game's sides, pegs, dealer and result; stamp a new win."""
        self.sides = game.sides
        self.target = game.target
        for i in range(4):
            self.front[i] = game.front[i]
            self.back[i] = game.back[i]
            self.moved[i] = game.moved[i]
        self.fixed = game.fixed
        self.dealer = game.dealer
        if game.winner != self.winner:
            self.winner = game.winner
            self.won_ms = now
        self.skunk = game.skunk if game.winner >= 0 else 0

    def apply_settings(self, extra):
        """Brightness, palette, keep-awake and the LED current budget from the keeper's
        settings.extra (APP_DEFAULTS where unset); the budget never above what the supply
        offers (supply_ma, supply.py), whatever the setting says."""
        d = APP_DEFAULTS
        self.brightness = extra.get("app.brightness", d["app.brightness"])
        self.palette = extra.get("app.palette", d["app.palette"])
        self.keep_awake = extra.get("app.keep_awake", d["app.keep_awake"])
        self.budget_ma = led_budget_ma(self.supply_ma, extra.get("app.budget", AUTO))

    def set_signal(self, signal, now):
        """Start a transient signal (SIG_*) at tick now."""
        self.signal = signal
        self.signal_ms = now

    def set_preview(self, side, points):
        """Preview side (or PREVIEW_ALL sides) pegging points (side -1 clears it)."""
        self.preview_side = side
        self.preview_points = points

    def set_segment(self, i, start, length, color):
        """Set overlay segment i (0-3) and show segments up to it."""
        if not 0 <= i < _MAX_SEGMENTS:
            raise ValueError("overlay segment must be 0-3")
        self.seg_start[i] = start
        self.seg_len[i] = length
        self.seg_color[i] = color
        if self.seg_count <= i:
            self.seg_count = i + 1

    def clear_overlay(self):
        """No overlay segments: a segment a mode skips must never show what it held before
        (count verify's bars after "start again", the helper's count after a 31)."""
        self.seg_count = 0
        for i in range(_MAX_SEGMENTS):
            self.seg_len[i] = 0
