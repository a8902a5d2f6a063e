"""The Pico W's Wi-Fi on an injected ``network`` module: the board's own access point, or a
home network joined in the background that falls back to the access point (issue 19).

    r = Radio(network, fs, uid, os.urandom)   # hal.Board.radio() on a Pico W
    r.start(now)              # the access point is up, or the join has begun: never waits
    if r.poll(now): ...       # from a task, every POLL_MS: True when the state changed
    r.lines()                 # for the display: the network's name, passphrase, address

Only hal.py imports ``network`` (the one hardware boundary); this module holds the logic, so
the tests drive it with a fake network on CPython and the unix port. The radio itself cannot
be emulated (tools/emu has no CYW43): docs/WIFI.md says so.

The network settings live in WIFI_FILE at the root of the board's flash, never in the state
folder (make backup copies that; the server reads the game from it) and never served (the
server serves only the site's folder). JSON: ``{"key": the access point's passphrase, drawn
once from rand and kept, "ssid": ..., "password": ...}``, the last two written by
``make wifi SSID=... PASSWORD=...`` (tools/flashing/wifi.py). Nothing here prints the password.
SPDX-License-Identifier: MIT
"""

import json

from compat import const, ticks_diff
from scorekeeper.atomic import write_atomic

WIFI_FILE = "/wifi.json"
AP_ADDRESS = "192.168.4.1"  # the CYW43 access point's own address (its DHCP hands out .16+)
JOIN_MS = const(20000)  # a home network not joined by then: the board's own network instead
POLL_MS = const(500)
_GOT_IP = const(3)  # WLAN.status(): CYW43_LINK_UP; below 0 a failure (no network, bad key)
# CYW43_AUTH_WPA2_AES_PSK (cyw43_ll.h): WLAN.config(security=) takes the driver's number.
_WPA2_AES = const(0x00400004)
_KEY_LEN = const(12)
# 32 letters and digits a person reads off the display and types without a doubt (no 0/o, 1/l).
_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
# The radio's states.
AP = const(0)  # the board's own network is up
JOINING = const(1)
HOME = const(2)  # joined the home network


def board_name(uid):
    """PicoPeg-XXXX from the board's unique id (machine.unique_id(): bytes)."""
    return "PicoPeg-{:02X}{:02X}".format(uid[-2], uid[-1])


def new_key(rand):
    """A fresh passphrase: _KEY_LEN characters of _ALPHABET from rand(n) bytes (~60 bits)."""
    return "".join(_ALPHABET[b & 31] for b in rand(_KEY_LEN))


def load(fs, path=WIFI_FILE):
    """The settings file as a dict ({} when missing or unreadable: a damaged file must not stop
    the board; the key is drawn again and the home network is forgotten)."""
    try:
        data = fs.read(path)
        cfg = json.loads(data) if data else {}
    except (OSError, ValueError):
        return {}
    return cfg if isinstance(cfg, dict) else {}


class Radio:
    """See the module docstring. ``network``: MicroPython's module (or a fake of it)."""

    on = 1  # up (ui.wifiopts: Wi-Fi "now on"), as wifi.Status's 0 off and -1 no radio

    def __init__(self, network, fs, uid, rand, path=WIFI_FILE):
        self._net = network
        self.name = board_name(uid)
        cfg = load(fs, path)
        key = cfg.get("key")
        if not isinstance(key, str) or len(key) < 8:  # drawn once, then kept on the flash
            key = cfg["key"] = new_key(rand)
            write_atomic(fs, path, json.dumps(cfg).encode())
        self.key = key
        self.ssid = cfg.get("ssid") or ""  # the home network, if make wifi gave one
        self._password = cfg.get("password") or ""
        self.state = AP
        self.address = ""
        self.fell_back = ""  # the home network that was not joined (the display says so)
        self._t = 0
        self._sta = None

    def start(self, now):
        """Bring the radio up without waiting: the join of the home network, or the AP."""
        if not self.ssid:
            self._start_ap()
            return
        sta = self._sta = self._net.WLAN(self._net.STA_IF)
        try:
            sta.active(True)
            sta.connect(self.ssid, self._password)
        except OSError:  # the driver refused it at once: the board's own network
            self.fell_back = self.ssid
            self._start_ap()
            return
        self.state = JOINING
        self._t = now

    def _start_ap(self):
        ap = self._net.WLAN(self._net.AP_IF)
        ap.config(ssid=self.name, key=self.key, security=_WPA2_AES)
        ap.active(True)
        self.state = AP
        self.address = _address(ap) or AP_ADDRESS

    def poll(self, now):
        """Follow a join (or a lost home network); True when the state changed."""
        sta = self._sta
        if self.state == AP or sta is None:
            return False
        status = sta.status()
        if status == _GOT_IP:
            if self.state == HOME:
                return False
            self.state = HOME
            self.address = _address(sta)
            return True
        if self.state == HOME:  # the link dropped: join again, with the same patience
            self.state = JOINING
            self.address = ""
            self._t = now
            sta.connect(self.ssid, self._password)
            return True
        if status >= 0 and ticks_diff(now, self._t) < JOIN_MS:
            return False
        sta.active(False)  # failed (wrong password, no such network) or timed out
        self.fell_back = self.ssid
        self._start_ap()
        return True

    def stop(self):
        """Both interfaces down (Wi-Fi turned off)."""
        for itf in (self._net.STA_IF, self._net.AP_IF):
            self._net.WLAN(itf).active(False)

    def lines(self):
        """The display's lines (16 columns each) about the network."""
        if self.state == JOINING:
            return ["joining", self.ssid[:16]]
        if self.state == HOME:
            return [self.ssid[:16], self.address]
        out = [self.name, "key " + self.key, self.address]
        if self.fell_back:
            out.insert(0, "no " + self.fell_back[:13])
        return out


def _address(wlan):
    """The interface's IPv4 address ("" when it has none yet)."""
    try:
        return wlan.ifconfig()[0]
    except (OSError, AttributeError, IndexError):
        return ""
