"""Settings mode: the rules of the game, the match's game points and the board's own options.

Keys: ``A`` / ``B`` the previous / next setting, ``C`` / ``D`` the previous / next value (``#``
also steps the value on). Each change is saved at once through the keeper (kept across power
cycles); rules changed after the first peg of a game apply from the next game, the board's
own options (brightness, palette, LED current, power-bank keep-awake) at once, and the
display says which. Turning the five-card game on also sets the game to 61 (still
changeable). A change the rules do not allow (partnerships need 4 players, the five-card
game 2) is refused. LEDs: a white bar as
long as the setting's number, a bar in side A's colour as long as the value's position, and
the pegs when the setting is brightness or palette. On a Pico W (issue 19) the Wi-Fi's items
follow: the view's ``radio`` (ui.wifiopts, set by wifi.py; None on a plain Pico) brings them.
SPDX-License-Identifier: MIT
"""

from appsettings import APP_SETTINGS
from scorekeeper.ruletable import RULES
from supply import describe
from ui import HOLD, LONG, RESTARTED, SETTINGS, ModeBase, Refused, app_setting
from ui.keys import K_D, K_HASH, letter
from version import about_lines
from view import COLOR_WHITE, SIG_OK

# key in the settings file, label, values, value labels (None: the values themselves): the
# game's rules (scorekeeper.ruletable.RULES), then the board's own (appsettings.APP_SETTINGS), in
# their tables' order; the Wi-Fi's (ui.wifiopts) follow on a Pico W.
ITEMS = tuple((r[0], r[3], r[1], r[4]) for r in RULES) + tuple(
    (a[0], a[2], a[3], a[4]) for a in APP_SETTINGS
)
_SHOW_PEGS = ("app.brightness", "app.palette")


class Mode(ModeBase):
    def __init__(self, keeper):
        ModeBase.__init__(self, keeper)
        self.item = 0
        self._power = (0, 0)  # the view's supply and LED budget, as paint last saw them
        self.extra = None  # the view's radio: the Wi-Fi's items (ui.wifiopts.Items), or None

    def items(self):
        w = self.extra
        return ITEMS if w is None else ITEMS + w.ITEMS

    def value(self, item):
        """The saved value of the item."""
        name = self.items()[item][0]
        w = self.extra
        if w is not None and item >= len(ITEMS):
            return w.value(self.keeper, name)
        if name.startswith("app."):
            return app_setting(self.keeper, name)
        v = getattr(self.keeper.settings, name)
        return tuple(v) if name == "game_points" else v

    def key(self, k, how, now):
        if how == HOLD:
            return None
        s = letter(k)
        if how == LONG and k != K_D and s < 0:
            raise Refused("A/B: setting, C/D: value")
        if s in (0, 1):
            self.item = (self.item + (1 if s else -1)) % len(self.items())
            return None
        if s in (2, 3) or k == K_HASH:
            return self._step(-1 if s == 2 else 1)
        raise Refused("A/B: setting, C/D: value")

    def _step(self, step):
        name, _label, values, _texts = self.items()[self.item]
        w = self.extra
        if w is not None and self.item >= len(ITEMS):
            return w.step(self.keeper, name)
        v = self.value(self.item)
        i = values.index(v) if v in values else -1
        new = values[(i + step) % len(values)]
        k = self.keeper
        game = k.game
        if name.startswith("app."):  # the board's own options: they apply at once
            k.set_setting(name, new)
            return (SIG_OK | SETTINGS, "applies now")
        s = k.settings.copy()
        s.set(name, new)
        if name == "five_card" and new:
            s.set("target", 61)  # the five-card game is to 61 (still changeable)
        now_applies = k.set_settings(s)  # SettingsError: refused, nothing saved
        flags = SIG_OK | (RESTARTED if k.game is not game else 0)  # nothing was pegged yet
        if not now_applies:
            return (flags, "saved: from the next game")
        return (flags, "applies now" + (": game to 61" if s.target != game.target else ""))

    def paint(self, view, now):
        self._power = (view.supply_ma, view.budget_ma)  # for lines(): the LED current item
        self.extra = getattr(view, "radio", None)
        items = self.items()
        view.show_pegs = items[self.item][0] in _SHOW_PEGS
        view.set_segment(0, 1, self.item + 1, COLOR_WHITE)
        values = items[self.item][2]
        v = self.value(self.item)
        if v in values:
            view.set_segment(1, 61, values.index(v) + 1, 0)

    def lines(self):
        items = self.items()
        name, label, values, texts = items[self.item]
        v = self.value(self.item)
        text = texts[values.index(v)] if texts and v in values else str(v)
        out = [label, "= " + text]
        w = self.extra
        if w is not None and self.item >= len(ITEMS):
            out = [label] + w.lines(self.keeper, name)
        out.append("({} of {})".format(self.item + 1, len(items)))
        if name == "app.budget":  # what the supply allows, and what applies
            out += ["supply " + describe(self._power[0]), "now {} mA".format(self._power[1])]
        if self.keeper.settings_pending:
            out.append("rules: next game")
        out.append("A/B item C/D set")
        return out + about_lines()  # the firmware and MicroPython versions
