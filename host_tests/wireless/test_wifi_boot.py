# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The Pico W's part of the boot (wifi.py) and its Settings items (ui/wifiopts.py): Wi-Fi off
imports nothing more, a board holding the W's files without a radio plays on and says so, the
items show and change their settings (the one-way rule: a setting, never the hub), and a
guest task's error is logged without stopping the game (app.main)."""

import sys

import app as app_module
import wifi
from app_support import board, board_in
from modes import MODE_SETTINGS
from modes.settings import ITEMS
from radio import AP_ADDRESS, Radio
from test_radio import UID, FakeNetwork, Rand
from ui.wifiopts import UNPAIR, WIFI

from tools.board.pcboard import key_bit


def no_radio_call():
    raise AssertionError("the radio was asked for with Wi-Fi off")


def to_item(h, label):
    """Step B through Settings until the item's label is the display's second line."""
    for _ in range(len(ITEMS) + 4):
        if h.lines[1] == label:
            return
        h.press("B")
    raise AssertionError("no item " + label + " in " + repr(h.lines))


def test_wifi_off_imports_nothing_more_and_settings_can_turn_it_on():
    h = board_in(MODE_SETTINGS, (WIFI, 0))
    h.board.radio = no_radio_call
    before = set(sys.modules)
    assert wifi.start(h.app) == ()
    assert set(sys.modules) - before == set()  # no radio, hub or server module came in
    assert h.app.remote is None
    h.press("A")  # a key: the view is loaded again (the radio's status reaches Settings)
    to_item(h, "Wi-Fi")
    assert h.lines[2:4] == ["= off", "now off"]
    h.press("D")
    assert h.keeper.settings.extra[WIFI] == 1
    assert " ".join(h.lines).count("Wi-Fi on from the next") == 1
    assert "at next power-on" in h.lines


def test_a_plain_board_has_no_wifi_items():
    h = board_in(MODE_SETTINGS)
    seen = []
    for _ in range(len(ITEMS)):
        seen.append(h.lines[1])
        h.press("B")
    assert h.lines[1] == seen[0]  # round the whole list once: back at the first
    assert "Wi-Fi" not in seen and "network" not in seen and len(seen) == len(ITEMS)


def test_a_board_with_the_w_files_and_no_radio_plays_on_and_says_so():
    h = board()
    h.board.radio = lambda: None
    assert wifi.start(h.app) == ()
    h.wait(40)
    i = h.lines.index("no Wi-Fi radio:")  # the note, under the scoreboard's sides
    assert h.lines[i + 1] == "board only"
    h.type("5A")  # the game goes on: A pegs 5
    assert h.view.front[0] == 5
    h.to_mode(MODE_SETTINGS)
    to_item(h, "network")
    assert h.lines[2] == "no Wi-Fi radio"
    h.press("B")
    h.press("B")
    h.press("B")  # round to "Wi-Fi", after the last item
    to_item(h, "Wi-Fi")
    assert h.lines[2:4] == ["= on", "no radio here"]


def test_forget_phones_bumps_the_counter_the_hub_follows():
    h = board()
    h.board.radio = lambda: None
    wifi.start(h.app)
    h.to_mode(MODE_SETTINGS)
    to_item(h, "forget phones")
    for n in (1, 2):
        h.press("C")
        assert h.keeper.settings.extra[UNPAIR] == n
    assert "paired phones" in " ".join(h.lines)
    h.power_cut()  # a setting, kept on flash like the others
    assert h.keeper.settings.extra[UNPAIR] == 2


def test_with_a_radio_the_hub_is_the_apps_remote_and_the_server_a_guest():
    h = board()
    net = FakeNetwork()
    h.board.radio = lambda: Radio(net, h.board.fs, UID, Rand())
    h.board.site_dir = "www"
    guests = wifi.start(h.app)
    assert type(h.app.remote).__name__ == "Hub" and h.app.remote.app is h.app
    assert len(guests) == 1 and "live.server" in sys.modules  # the watch, which runs it
    for g in guests:
        g.close()  # not run here (the server's own tests serve on loopback)
    ap = net.itfs[1]
    assert ap.up and ap.settings["ssid"] == "PicoPeg-1B3C"
    h.wait(40)
    shown = h.lines
    i = shown.index("PicoPeg-1B3C")  # the boot's note: the network to join, and how
    key = ap.settings["key"]
    assert shown[i + 1 : i + 3] == ["key " + key, AP_ADDRESS]
    h.to_mode(MODE_SETTINGS)
    to_item(h, "network")
    assert h.lines[2:5] == ["PicoPeg-1B3C", "key " + key, AP_ADDRESS]
    h.press("A")
    h.press("A")
    to_item(h, "Wi-Fi")
    assert h.lines[2:4] == ["= on", "now on"]


def test_a_join_that_fails_falls_back_and_the_display_says_so():
    import asyncio
    import json

    import radio as radio_module

    h = board()
    cfg = {"key": "abcdefghjkmn", "ssid": "Our house", "password": "not it"}
    h.board.fs.write(radio_module.WIFI_FILE, json.dumps(cfg).encode())
    net = FakeNetwork()
    r = Radio(net, h.board.fs, UID, Rand())
    r.start(h.board.ticks_ms())
    wifi.note(h.app, r.lines(), h.board.ticks_ms())
    h.wait(40)
    assert "joining" in h.lines and "Our house" in h.lines
    net.itfs[0].link = -3  # the home network refuses the password
    poll = radio_module.POLL_MS
    radio_module.POLL_MS = 1  # the watch's pace, for the test
    try:
        asyncio.run(until_timeout(wifi.watch(h.app, r, idle_server), 0.2))
    finally:
        radio_module.POLL_MS = poll
    h.wait(40)
    i = h.lines.index("no Our house")
    assert h.lines[i + 1 : i + 4] == ["PicoPeg-1B3C", "key abcdefghjkmn", AP_ADDRESS]
    assert net.itfs[1].up and not net.itfs[0].up


def test_wifi_turned_off_stops_the_server_and_the_radio_at_once():
    import asyncio

    import radio as radio_module

    h = board()
    net = FakeNetwork()
    r = Radio(net, h.board.fs, UID, Rand())
    h.board.radio = lambda: r
    h.board.site_dir = "www"
    (watch,) = wifi.start(h.app)
    watch.close()  # (its server with it: not run here)
    assert h.app.remote is not None and net.itfs[1].up
    h.to_mode(MODE_SETTINGS)
    to_item(h, "Wi-Fi")
    cancelled = []

    async def turn_off():  # the player, while the server runs: Settings, Wi-Fi, C
        await asyncio.sleep(0.05)
        h.press("C")
        assert h.keeper.settings.extra[WIFI] == 0
        assert "Wi-Fi off now" in h.lines and "stopping" in h.lines

    async def both():
        await asyncio.gather(wifi.watch(h.app, r, lambda: idle_server(cancelled)), turn_off())

    poll = radio_module.POLL_MS
    radio_module.POLL_MS = 1
    try:
        asyncio.run(until_timeout(both(), 2))
    finally:
        radio_module.POLL_MS = poll
    assert cancelled == [1]  # the server's task was cancelled
    assert h.app.remote is None and not net.itfs[1].up and not net.itfs[0].up
    h.wait(40)
    i = h.lines.index("Wi-Fi off")  # the watch's note, then the item: off now
    assert h.lines[i + 1 : i + 4] == ["Wi-Fi", "= off", "now off"]
    h.press("D")  # on again: from the next power-on
    assert " ".join(h.lines).count("Wi-Fi on from the next") == 1


async def idle_server(cancelled=None):
    """A server that waits for connections until cancelled (and notes that it was)."""
    import asyncio

    try:
        await asyncio.sleep(100)
    except asyncio.CancelledError:
        if cancelled is not None:
            cancelled.append(1)
        raise


async def until_timeout(coro, seconds):
    import asyncio

    try:
        await asyncio.wait_for(coro, seconds)
    except asyncio.TimeoutError:  # noqa: UP041 - MicroPython has no builtin TimeoutError
        pass


class End(Exception):
    pass


def test_a_guest_task_that_fails_is_logged_and_the_game_goes_on():
    h = board()
    b = h.board
    a = h.app
    scans = [0]

    def scan():  # A then 5, pressed by the script; the run ends after 3 s of the clock
        scans[0] += 1
        t = b.now
        if t >= 3000:
            raise End()
        if 1000 <= t < 1100:
            return key_bit("5")
        if 1500 <= t < 1600:
            return key_bit("A")
        return 0

    b.scan_keys = scan

    async def guest():
        raise OSError(98)  # EADDRINUSE: a server that cannot listen

    async def sleep(ms):
        b.now += ms
        await asyncio_sleep0()

    failed = run(app_module.main(a, 0, sleep, guests=(guest(),)))
    assert isinstance(failed, End), failed  # the script's end, not the guest's error
    assert a.keeper.game.pegs and a.view.front[0] == 5
    log = b.fs.read(b.log_path).decode()
    assert "OSError" in log and "wifi" in log


def asyncio_sleep0():
    import asyncio

    return asyncio.sleep(0)


def run(coro):
    import asyncio

    return asyncio.run(coro)
