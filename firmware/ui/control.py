"""The board's controller: keypad events and time in, keeper calls and view updates out.

    view.apply_settings(keeper.settings.extra); view.load_game(keeper.game, now)  # app.py
    ctl = Controller(keeper, view, now)    # after the first frame: it takes the view as is
    ctl.start(now)                         # then the modes: restores the saved one
    ctl.on_event(code, now)                # each keypad.KeyDecoder event code

Keys the controller keeps for itself, in every mode (the rest go to the current mode):
long-press D (0.8 s) = the next mode; hold D (3 s) = back to the scoreboard; hold # (3 s) =
a new game. Digits act as they go down; the other keys act when let go, unless held long
enough for their long or hold meaning, so a long press never also does the short action.
A mode's ``key`` returns what happened (ui's outcome: a signal, a note, a mode to go to);
the controller applies it and then, in one place (``refresh``), loads the view from the
keeper and lets the mode paint. A refused input (``Refused``, the keeper's and the rules'
errors, a failed flash write) flashes the track red and puts the reason on the display;
nothing else changes. Any other error is a bug: it is not caught here (app.fail logs it).
SPDX-License-Identifier: MIT
"""

import sys

from compat import collect, const
from keypad import PRESS, RELEASE
from modes import MODE_SCORE, MODES, module_name
from view import SIG_ERROR, SIG_NEWGAME, SIG_OK

from ui import (
    HOLD,
    LONG,
    REFUSALS,
    RESTARTED,
    SETTINGS,
    SIGNAL,
    TAP,
    forget,
    next_mode,
    save_app_setting,
)
from ui.keys import K_D, K_HASH, SIDES, digit
from ui.text import wrap

_NOTE_LINES = const(4)


class Controller:
    """Owns the modes; see the module docstring."""

    def __init__(self, keeper, view, now, note=()):
        """view: loaded with the game and the app's settings (app.App, for the board's first
        frame, before this module loads); note: the boot's lines for the display (app.App:
        "recovered", ...), if any."""
        self.keeper = keeper
        self.view = view
        self.note = list(note)  # a refusal's reason or a short notice, above the mode's lines
        self._long = 0  # keys whose long press has fired during this press
        self._modes = [None] * len(MODES)  # modes.MODES: a long press of D steps through it
        # The module names each mode's import brought in.
        self._imported = [()] * len(MODES)  # type: list[list[str] | tuple[()]]
        self.mode_id = -1

    def start(self, now):
        """Load the scoreboard, then the mode the board was in, and show it. Apart from the
        constructor so that the board can draw its first frame (the game: the view holds
        it) before the modes' modules load (app.py)."""
        # The scoreboard first: the modules it shares with the others stay loaded. It is the
        # mode until set_mode below takes the saved one.
        self.mode = self._load(MODE_SCORE, module_name(MODE_SCORE))
        # The show's 6 KB lookup table is one block: take it while the heap is in one piece,
        # and keep it (the discard coach needs it; later the heap may be in pieces).
        __import__("cribbage.showtable")
        # app.mode: the mode the board was in (the controller's own key), or the home mode.
        m = self.keeper.settings.extra.get("app.mode", MODE_SCORE)
        self.set_mode(m if 0 <= m < len(MODES) else MODE_SCORE, now, save=False)
        self.refresh(now)  # the mode's overlay and lines (the game is in the view already)

    # -- settings the app keeps in the keeper's settings file ---------------------------

    # -- keys ----------------------------------------------------------------------------

    def on_event(self, code, now):
        """Take one keypad event code (keypad.kind << 4 | key)."""
        kind = code >> 4
        k = code & 15
        bit = 1 << k
        if kind == PRESS:
            self._long &= ~bit
            if digit(k) >= 0:
                self.act(k, TAP, now)
        elif kind == RELEASE:
            if digit(k) < 0 and not self._long & bit:
                self.act(k, TAP, now)
            elif k == K_HASH and self.note is _KEEP_HOLDING:  # let go before the new game
                self.note = []
                self.refresh(now)
            self._long &= ~bit
        elif kind == LONG:
            self._long |= bit
            if digit(k) < 0:
                self.act(k, LONG, now)
        elif kind == HOLD and digit(k) < 0:
            self.act(k, HOLD, now)

    def act(self, k, how, now):
        """Do what key k used this way means now; refuse it if it means nothing."""
        self.note = []
        try:
            if k == K_D and how != TAP:
                self.set_mode(MODE_SCORE if how == HOLD else (self.mode_id + 1) % len(MODES),
                              now)  # fmt: skip
                self.view.set_signal(SIG_OK, now)
            elif k == K_HASH and how == HOLD:
                self.new_game(now)
            elif k == K_HASH and how == LONG:
                self.note = _KEEP_HOLDING
            else:
                self.apply(self.mode.key(k, how, now), now)
        except REFUSALS as e:
            self.refuse(e, now)
        self.refresh(now)

    def apply(self, outcome, now):
        """Carry out what a mode's key says happened (ui's outcome)."""
        if outcome is None:
            return
        flags = outcome
        if isinstance(outcome, str):
            flags, text = 0, outcome
        elif isinstance(outcome, tuple):
            flags, text = outcome
        else:
            text = None
        if text:
            self.note = wrap(text)[:_NOTE_LINES]
        if flags & SIGNAL:
            self.view.set_signal(flags & SIGNAL, now)
        if flags & RESTARTED:
            self.game_restarted()
        if flags & SETTINGS:
            self.view.apply_settings(self.keeper.settings.extra)
        m = next_mode(flags)
        if m >= 0:
            self.set_mode(m, now)

    def refuse(self, err, now):
        """Red flash and the reason; nothing else changes."""
        self.view.set_signal(SIG_ERROR, now)
        text = str(err.args[0]) if err.args else type(err).__name__
        self.note = wrap(text)[:_NOTE_LINES]

    # -- what the controller does itself -----------------------------------------------

    def set_mode(self, m, now, save=True):
        """Switch to mode m (its place in modes.MODES; ValueError for one it has not)."""
        name = module_name(m)
        if save:
            save_app_setting(self.keeper, "app.mode", m)  # first: a refused write changes nothing
        old = self.mode_id
        if old >= 0 and old != m:
            self.mode.leave()
        if old >= 0 and old not in (m, MODE_SCORE):
            # self.mode is the old mode's last reference: drop it, or its code and data stay
            # on the heap beside the new mode's until the next collection after this one.
            self.mode = self._modes[MODE_SCORE]
            self._unload(old)
        mode = self._load(m, name)
        self.mode = mode
        self.mode_id = m
        self.view.mode = m
        mode.enter(now)

    def _load(self, m, name):
        """The mode's object, importing its module name (and what it needs) on first use."""
        mode = self._modes[m]
        if mode is None:
            collect()  # free what the last mode left, so the new code finds room
            before = list(sys.modules)
            module = __import__(name, None, None, ("Mode",))
            mode = self._modes[m] = module.Mode(self.keeper)
            self._imported[m] = [name for name in sys.modules if name not in before]
        return mode

    def _unload(self, m):
        """Forget a mode left behind and the modules only it imported: the heap is small.

        The scoreboard is loaded first and never unloaded, so what every mode shares (the
        keeper, ui.entry, ...) is the scoreboard's and stays. A mode's typed entries go with it.
        """
        self._modes[m] = None
        for name in self._imported[m]:
            forget(name)
        self._imported[m] = ()
        collect()

    def new_game(self, now, dealer=-1, names=None):
        """Hold #: a new game under the saved settings (the loser of a won game deals); a
        club's hub: that dealer, and its sides' names (live/actions.py)."""
        self.keeper.new_game(dealer, names)
        forget("scorekeeper.archive")  # a won game's result is in: its code leaves the heap
        self.game_restarted()
        self.view.set_signal(SIG_NEWGAME, now)
        self.note = ["new game:", "{} deals (* undo)".format(SIDES[self.keeper.game.dealer])]
        self.mode.enter(now)

    def game_restarted(self):
        """The keeper started its game again (a new game, a game brought back, new rules
        before anything was pegged): the modes forget their entries, and the first hand is
        in the play. (The pegging helper's cards and the show's start are in the keeper's log:
        nothing to drop.)"""
        for mode in self._modes:
            if mode is not None:
                mode.reset()

    def refresh(self, now):
        """Load the view from the keeper and let the mode repaint the overlay and the text:
        the one place the view is loaded (after every key, not every frame)."""
        v = self.view
        v.load_game(self.keeper.game, now)
        v.clear_overlay()
        v.set_preview(-1, 0)
        v.show_pegs = True
        self.mode.paint(v, now)
        v.detail = self.note + self.mode.lines()
        v.note_lines = len(self.note)


_KEEP_HOLDING = ["keep holding #", "for a new game"]  # the long press of #, until let go
