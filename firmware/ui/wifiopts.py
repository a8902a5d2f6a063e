"""Settings' Wi-Fi items, on a board with a radio (issue 19, docs/WIFI.md).

wifi.py (loaded only on a Pico W) puts ``Items(status)`` in the view as ``view.radio``, and
``modes.settings`` shows these items after its own where it finds one, so a plain Pico loads none
of this. ``status``: the radio (radio.Radio) or wifi.Status, with ``on`` (1 up, 0 Wi-Fi off,
-1 no radio) and ``lines()``. The items:

- ``Wi-Fi`` on/off (``app.wifi``, on by default): turned off, the radio and the server stop
  at once (wifi.py's watch follows the setting); turned on, it starts at the next power-on;
  the note says which.
- ``forget phones`` (``app.wifi_forget``): a counter each press of C, D or # bumps; the live hub
  (live.hub) forgets every paired phone when it changes. The one-way rule: a mode changes a
  setting, never calls the hub.
- ``network``: its name, passphrase and address (the radio's ``lines()``), to read off the
  display and type into a phone.
SPDX-License-Identifier: MIT
"""

from view import SIG_OK

from ui import SETTINGS, Refused

WIFI = "app.wifi"
UNPAIR = "app.wifi_forget"  # live.hub.FORGET_KEY
_OFF_ON = ("off", "on")


def setting(keeper, name):
    """The saved value of app.wifi (default on) or app.wifi_forget (default 0)."""
    return keeper.settings.extra.get(name, 1 if name == WIFI else 0)


class Items:
    """The Wi-Fi's Settings items over the radio's status (see the module docstring)."""

    # key in the settings file, label, values, value labels (as modes.settings.ITEMS)
    ITEMS = (
        (WIFI, "Wi-Fi", (0, 1), _OFF_ON),
        (UNPAIR, "forget phones", (), None),
        ("network", "network", (), None),
    )

    def __init__(self, status):
        self.status = status

    def value(self, keeper, name):
        return setting(keeper, name) if name != "network" else 0

    def step(self, keeper, name):
        """C, D or # on a Wi-Fi item: the outcome (ui's), or Refused."""
        if name == WIFI:  # off: the Wi-Fi's watch stops it at once (wifi.py); on: at boot
            new = 1 - setting(keeper, WIFI)
            keeper.set_setting(WIFI, new)
            if not new and self.status.on > 0:
                return (SIG_OK | SETTINGS, "Wi-Fi off now")
            return (SIG_OK | SETTINGS, "Wi-Fi {} from the next power-on".format(_OFF_ON[new]))
        if name == UNPAIR:
            keeper.set_setting(UNPAIR, (setting(keeper, UNPAIR) + 1) % 1000)
            return (SIG_OK, "paired phones forgotten: pair again")
        raise Refused("A/B: setting; this one is to read")

    def lines(self, keeper, name):
        """The item's lines under its label."""
        st = self.status
        if name == WIFI:
            on = setting(keeper, WIFI)
            if st.on < 0:
                return ["= " + _OFF_ON[on], "no radio here"]
            now = "now " + _OFF_ON[on] if on == st.on else "at next power-on"
            if st.on > 0 and not on:
                now = "stopping"  # the watch stops it within its next poll
            return ["= " + _OFF_ON[on], now]
        if name == UNPAIR:
            return ["C/D/# forgets", "every phone"]
        return st.lines()
