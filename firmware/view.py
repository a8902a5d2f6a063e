"""The board view: everything the LEDs and the text display show, as one preallocated object.

The app owns one ``View`` and updates its fields in place (ints and 4-slot lists, never new
objects in the refresh path); ``render.Renderer`` and ``textview.build_lines`` only read it.
Sides are 0-3 (shown A-D); pegs are points 0-121 (0 = not on the board yet); times are
``ticks_ms`` values compared with ``ticks_diff``.
SPDX-License-Identifier: MIT
"""

from compat import const
from power import DEFAULT_BUDGET_MA
from supply import AUTO, led_budget_ma

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
        # The app's mode: its place in modes.MODES (the text view names it); 0, the table's
        # first row, is the home mode (modes.MODE_SCORE: not imported here, where the first
        # frame waits on every module read; the controller and the modes load after it).
        self.mode = 0
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
        self.names = ("", "", "", "")  # each side's player's name ("": its letter shows)

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
        self.names = game.names  # (the game's list itself: nothing allocated)
        if game.winner != self.winner:
            self.winner = game.winner
            self.won_ms = now
        self.skunk = game.skunk if game.winner >= 0 else 0

    def apply_settings(self, extra):
        """Brightness, palette, keep-awake and the LED current budget from the keeper's
        settings.extra (where unset, appsettings.APP_SETTINGS's defaults: the same values,
        named here so that the boot does not load the table); the budget never above what
        the supply offers (supply_ma, supply.py), whatever the setting says."""
        self.brightness = extra.get("app.brightness", DEFAULT_BRIGHTNESS)
        self.palette = extra.get("app.palette", 0)
        self.keep_awake = extra.get("app.keep_awake", 0)
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
