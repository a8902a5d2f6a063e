# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The Pico W's radio logic (radio.py) on a fake ``network`` module: the access point named
after the board with a passphrase drawn once and kept outside the state folder, a home
network joined in the background, its fall back to the access point, and the lines the
display shows. (The radio itself cannot be emulated: docs/WIFI.md.)"""

import json

from radio import AP, AP_ADDRESS, HOME, JOIN_MS, JOINING, WIFI_FILE, Radio, board_name, new_key

from tools.board.testkit import FakeFS

UID = b"\xe6\x61\x41\x04\x03\x2a\x1b\x3c"
STA_IF, AP_IF = 0, 1


class FakeWLAN:
    """One interface of the fake network: what the radio set on it, and a status to report."""

    def __init__(self, itf):
        self.itf = itf
        self.up = False
        self.settings = {}
        self.joins = []
        self.link = 0  # CYW43 link status: 1 joining, 3 up, -2 no network, -3 bad password
        self.addr = "0.0.0.0"

    def active(self, on=None):
        if on is not None:
            self.up = bool(on)
        return self.up

    def config(self, **kw):
        self.settings.update(kw)

    def connect(self, ssid, password):
        self.joins.append((ssid, password))
        self.link = 1

    def status(self):
        return self.link

    def ifconfig(self):
        return (self.addr, "255.255.255.0", self.addr, self.addr)


class FakeNetwork:
    STA_IF = STA_IF
    AP_IF = AP_IF

    def __init__(self):
        self.itfs = {STA_IF: FakeWLAN(STA_IF), AP_IF: FakeWLAN(AP_IF)}
        self.itfs[AP_IF].addr = AP_ADDRESS

    def WLAN(self, itf):  # network.WLAN
        return self.itfs[itf]


class Rand:
    """os.urandom's stand-in: counts the bytes asked for, returns 0, 1, 2, ..."""

    def __init__(self):
        self.asked = 0

    def __call__(self, n):
        out = bytes((self.asked + i) & 255 for i in range(n))
        self.asked += n
        return out


def home(ssid="Home", password="pw"):
    """The settings file make wifi leaves for a home network."""
    cfg = {"key": "abcdefghjkmn", "ssid": ssid, "password": password}
    return {WIFI_FILE: json.dumps(cfg).encode()}


def radio(files=None):
    fs = FakeFS(files or {})
    net = FakeNetwork()
    return Radio(net, fs, UID, Rand()), net, fs


def test_the_access_point_is_named_after_the_board_with_a_wpa2_passphrase():
    r, net, _fs = radio()
    r.start(0)
    ap = net.itfs[AP_IF]
    assert board_name(UID) == "PicoPeg-1B3C"  # the last two bytes of the unique id, in hex
    assert ap.up and ap.settings["ssid"] == "PicoPeg-1B3C"
    assert ap.settings["key"] == r.key and len(r.key) == 12
    assert ap.settings["security"] == 0x00400004  # CYW43_AUTH_WPA2_AES_PSK
    assert not net.itfs[STA_IF].up  # no home network given: the station stays down
    assert r.state == AP and r.address == AP_ADDRESS
    assert r.lines() == ["PicoPeg-1B3C", "key " + r.key, AP_ADDRESS]


def test_the_passphrase_is_drawn_once_and_kept_outside_the_state_folder():
    r, _net, fs = radio()
    assert not WIFI_FILE.startswith("/state")
    kept = json.loads(fs.read(WIFI_FILE))
    assert kept == {"key": r.key}
    again = Radio(FakeNetwork(), fs, UID, Rand())  # the next power-on: the same key
    assert again.key == r.key
    # 12 characters, 5 bits each from one random byte: bytes 0..11 index the alphabet
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    assert new_key(Rand()) == alphabet[:12]
    assert len(set(alphabet)) == 32 and not set("01lo") & set(alphabet)


def test_a_damaged_file_draws_a_new_key_rather_than_stop_the_board():
    r, _net, fs = radio({WIFI_FILE: b"{not json"})
    assert len(r.key) == 12 and json.loads(fs.read(WIFI_FILE)) == {"key": r.key}


def test_a_home_network_is_joined_in_the_background():
    r, net, _fs = radio(home(password="s3cret!"))
    r.start(1000)
    sta = net.itfs[STA_IF]
    assert sta.up and sta.joins == [("Home", "s3cret!")]
    assert r.state == JOINING and not net.itfs[AP_IF].up
    assert r.lines() == ["joining", "Home"]
    assert not r.poll(1500)  # still joining: nothing changed
    sta.link, sta.addr = 3, "192.168.1.57"
    assert r.poll(2000)
    assert r.state == HOME and r.address == "192.168.1.57"
    assert r.lines() == ["Home", "192.168.1.57"]
    assert not r.poll(2500)
    assert "s3cret!" not in " ".join(r.lines())


def test_a_join_that_fails_or_times_out_falls_back_to_the_access_point():
    for link, at in ((-3, 1500), (-2, 1500), (1, 1000 + JOIN_MS)):  # bad password, none, slow
        r, net, _fs = radio(home())
        r.start(1000)
        net.itfs[STA_IF].link = link
        assert r.poll(at - 1) == (link < 0)
        r.poll(at)
        assert r.state == AP and net.itfs[AP_IF].up and not net.itfs[STA_IF].up
        assert r.lines() == ["no Home", "PicoPeg-1B3C", "key abcdefghjkmn", AP_ADDRESS]


def test_a_lost_home_network_is_joined_again_then_given_up():
    r, net, _fs = radio(home())
    r.start(0)
    sta = net.itfs[STA_IF]
    sta.link = 3
    r.poll(100)
    sta.link = 0  # the router went away
    assert r.poll(5000) and r.state == JOINING and len(sta.joins) == 2
    assert not r.poll(5000 + JOIN_MS - 1)
    assert r.poll(5000 + JOIN_MS) and r.state == AP


def test_every_line_fits_the_display():
    r, net, _fs = radio(home(ssid="A" * 32))
    r.start(0)
    shown = list(r.lines())
    net.itfs[STA_IF].link, net.itfs[STA_IF].addr = 3, "192.168.100.200"
    r.poll(10)
    shown += r.lines()
    net.itfs[STA_IF].link = -3
    r.poll(20)  # lost, joining again
    r.poll(20 + JOIN_MS)
    shown += r.lines()
    assert r.state == AP
    assert all(len(line) <= 16 for line in shown), shown
