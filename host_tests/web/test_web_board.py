# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The web board (tools/web/py) off the browser: its file operations over the page's storage,
its keypad latch, and the firmware's App on it, with the page stood in for (web_support).
The same modules run in the browser (host_tests/web/test_web_browser.py)."""

import errno

from app import RESET_WATCHDOG
from app_support import A_FRONT, B_FRONT, DARK, board
from keylatch import KeyLatch, key_bit
from keypad import LONG, PRESS, RELEASE, KeyDecoder, key, kind
from web_support import FakeHost, run, tap
from webfs import ENOSPC, PowerLost, TabLost, WebFS
from webmain import start

LOG = "picopeg/state/game.log"
JNL = "picopeg/state/game.jnl"
PEG_RECORD = 12  # bytes of one peg record (scorekeeper/FORMAT.md)


def raises(exc_type, fn):
    try:
        fn()
    except exc_type as e:
        return e
    raise AssertionError("no {}".format(exc_type.__name__))


def test_web_files_behave_as_the_scorekeeper_expects():
    host = FakeHost()
    fs = WebFS(host)
    assert fs.read("/state/game.log") is None and not fs.exists("/state/game.log")
    fs.write("/state/a.txt", b"\x00one\xff")
    fs.append("/state/a.txt", b"two")
    fs.append("/state/new.log", b"3")  # append creates, as open(path, "ab") does
    assert fs.read("/state/a.txt") == b"\x00one\xfftwo"
    assert host.store["picopeg/state/a.txt"] == b"\x00one\xfftwo"  # one byte a character
    fs.write("/state/a.txt.tmp", b"new")
    fs.rename("/state/a.txt.tmp", "/state/a.txt")  # onto an existing file, as littlefs
    assert fs.read("/state/a.txt") == b"new" and not fs.exists("/state/a.txt.tmp")
    fs.write("/state/sub/x", b"")
    fs.write("/other", b"")
    assert fs.listdir("/state") == ["a.txt", "new.log"]
    for op in (lambda: fs.remove("/state/b"), lambda: fs.rename("/state/b", "/state/c")):
        assert raises(OSError, op).errno == errno.ENOENT
    fs.remove("/state/new.log")
    assert fs.listdir("/state/") == ["a.txt"]
    host.room = 2
    assert raises(OSError, lambda: fs.write("/state/big", b"12345")).errno == ENOSPC
    assert fs.read("/state/big") is None


def test_a_foreign_value_reads_as_bytes_not_as_an_error():
    # The page hands over a stored string that no board wrote as its UTF-8 bytes' hex; a
    # value that is not hex at all (it never should be) reads as its own bytes.
    class Odd(FakeHost):
        def get(self, key):
            return "not hex!"

    assert WebFS(Odd()).read("/state/game.log") == b"not hex!"


def decode(scans):
    """Feed (mask, tick) scans to the firmware's keypad decoder; its events as (kind, key)."""
    dec = KeyDecoder(repeat_mask=0)
    out = []
    for mask, now in scans:
        for i in range(dec.update(mask, now)):
            out.append((kind(dec.events[i]), key(dec.events[i])))
    return out


def test_a_click_of_any_length_is_exactly_one_tap():
    two = 1  # index of "2" in keypad.KEYS
    for gaps in ((20,), (3, 20, 7, 25, 1, 19), (40,)):  # the page's timer is never exact
        latch = KeyLatch()
        latch.down("2")
        latch.up("2")  # both before any scan: a click of no length at all
        latch.down("2")
        latch.up("2")  # and a second one
        scans, now = [], 0
        for i in range(40):
            now += gaps[i % len(gaps)]
            scans.append((latch.scan(now), now))
        assert decode(scans) == [(PRESS, two), (RELEASE, two)] * 2, (gaps, decode(scans))
        assert not latch.busy


def test_a_key_held_down_is_held_on_the_keypad():
    latch = KeyLatch()
    latch.down("D")
    latch.down("D")  # a keyboard's auto-repeat sends more downs: one press
    scans = [(latch.scan(t), t) for t in range(20, 1001, 20)]
    latch.up("D")
    scans += [(latch.scan(t), t) for t in range(1020, 1201, 20)]
    d = 15
    assert decode(scans) == [(PRESS, d), (LONG, d), (RELEASE, d)]
    assert key_bit("#") == 1 << 14
    assert isinstance(raises(ValueError, lambda: key_bit("E")), ValueError)


def test_the_board_boots_the_firmware_and_shows_what_the_pc_board_shows():
    host = FakeHost()
    r = start(host)
    pc = board()  # the PC stand-in, booted at the same tick on a fresh flash
    assert r.status() == "on" and host.powered == [True]
    assert host.frame == bytes(pc.board.leds)
    assert host.text.split("\n") == pc.lines
    assert host.scales == [52]  # render.BRIGHTNESS at the default brightness 5


def test_two_then_a_pegs_two_for_a_and_star_takes_it_back():
    host = FakeHost()
    r = start(host)
    tap(r, "2A")
    assert host.led(2) == A_FRONT and LOG in host.store
    tap(r, "3B")
    assert host.led(3) == B_FRONT
    tap(r, "*")
    run(r, 1500)  # the undo sweep
    assert host.led(3) == DARK and host.led(2) == A_FRONT


def test_a_reload_is_a_power_cycle():
    host = FakeHost()
    r = start(host)
    tap(r, "2A 5B")
    again = start(FakeHost(host.store, host.ms))  # the page loaded again, the same storage
    assert again.host.led(2) == A_FRONT and again.host.led(5) == B_FRONT
    assert "recovered" not in again.host.text


def until(r, status, ms):
    """Run the page's ticks until the runner's status is status (at most ms)."""
    for _ in range(ms // 20 + 1):
        if r.status() == status:
            return
        run(r, 20)
    raise AssertionError("still {} after {} ms, not {}".format(r.status(), ms, status))


def committed_2a():
    host = FakeHost()
    r = start(host, off_ms=500)
    tap(r, "2A")
    return host, r


def test_a_power_cut_at_any_byte_of_a_write_never_loses_a_committed_point():
    for tear in range(PEG_RECORD + 1):
        host, r = committed_2a()
        before = host.store[JNL]  # the appended records go to the journal (FORMAT.md)
        r.power_cut(tear, window_ms=1000)
        r.key("3", True)
        r.key("3", False)
        r.key("B", True)
        r.key("B", False)  # B's release writes the peg record: the power lasts `tear` bytes
        until(r, "off", 1100)  # (a whole record: the power fails at the end of the window)
        assert host.frame == bytes(363) and host.text == ""  # dark, the display blank
        assert host.store[JNL][: len(before)] == before
        assert len(host.store[JNL]) == len(before) + tear
        until(r, "on", 600)
        assert host.led(2) == A_FRONT, tear  # the committed point, whatever the cut tore
        whole = tear == PEG_RECORD
        assert host.led(3) == (B_FRONT if whole else DARK), tear
        assert ("recovered" in host.text) == (0 < tear < PEG_RECORD), (tear, host.text)
        tap(r, "4B")  # and the board goes on from there
        assert host.led(3 + 4 if whole else 4) == B_FRONT


def test_a_power_cut_between_keys_or_at_the_end_of_its_window():
    for keys in ("", "3", "3B"):
        host, r = committed_2a()
        r.power_cut(0, window_ms=100)
        tap(r, keys)  # the taps take longer than the window: the cut comes first
        run(r, 800)
        assert r.status() == "on"
        assert host.led(2) == A_FRONT and host.led(3) == DARK, keys
        assert "recovered" not in host.text


def test_a_power_cut_inside_a_new_game_leaves_the_old_game_or_the_new():
    outcomes = set()
    for units in (0, 1, 50, 139, 140, 141, 142, 1000):  # the new log is 140 bytes + a rename
        host, r = committed_2a()
        r.power_cut(units, window_ms=10_000)
        r.key("#", True)
        run(r, 3300)  # the hold: a new game, written whole to a .tmp then renamed into place
        r.key("#", False)
        run(r, 10_000 + 600)
        assert r.status() == "on"
        outcomes.add(host.led(2))
        assert host.led(2) in (A_FRONT, DARK), units
        assert "picopeg/state/game.log.tmp" not in host.store, units
    assert outcomes == {A_FRONT, DARK}  # both ends are reached


def test_a_damaged_or_foreign_game_log_is_set_aside_and_the_settings_kept():
    for junk in (b"\x00garbage", "{'json': 1} \u2603".encode(), b""):
        host, r = committed_2a()
        r.app.keeper.set_setting("target", 61)
        host.store[LOG] = junk
        again = start(FakeHost(host.store, host.ms))
        text = again.host.text
        assert "recovered" in text, text
        assert host.store.get("picopeg/state/game.bad1") == junk
        assert again.app.keeper.game.target == 61  # nothing else lost
        assert again.host.led(2) == DARK


def test_another_tab_taking_the_game_stops_this_one_before_it_writes():
    host, r = committed_2a()
    host.owner = False  # the other tab claimed the game
    before = dict(host.store)
    r.key("5", True)
    r.key("5", False)
    r.key("B", True)
    r.key("B", False)
    run(r, 400)
    assert r.status() == "lost" and host.lost_calls == 1
    assert host.store == before
    r.key("9", True)  # a stopped board takes no more keys
    run(r, 200)
    assert r.status() == "lost" and host.store == before


def test_an_uncaught_error_shows_then_the_board_boots_recovered():
    host, r = committed_2a()

    def broken(code, now):
        raise RuntimeError("boom")

    r.app.on_key = broken
    r.key("7", True)
    until(r, "error", 100)
    red = [host.frame[3 * led + 1] for led in range(121)]
    assert [i for i in range(121) if red[i]] == list(range(0, 121, 5))  # the error pattern
    run(r, 3000)
    assert r.status() == "on" and r.board.cause == RESET_WATCHDOG
    assert "recovered" in host.text and host.led(2) == A_FRONT
    assert b"RuntimeError" in host.store["picopeg/state/errors.log"]


def test_power_lost_passes_every_except_exception_in_the_firmware():
    # The power cut must stop the app where it is: nothing the firmware catches.
    assert not issubclass(PowerLost, Exception) and not issubclass(TabLost, Exception)
