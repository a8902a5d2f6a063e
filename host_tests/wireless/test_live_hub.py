# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The live hub (firmware/live/hub.py, issue 19) on a board with a fake clock: the pairing code
on the display or as lit holes and never in the phones' snapshot, a snapshot only after the
keeper's write, and the settings' "forget paired phones" counter. (A phone's entries:
test_live_entries.py.)"""

import json

from live import pairing
from live.hub import FORGET_KEY, LOCKED, PAIRED, Hub

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness

ENTRIES = [("A", 2), ("B", 3), ("A", 5)]

ADDR = "192.168.4.2"  # the phone's address


def rand(k):
    return bytes((7 * i + 3) & 255 for i in range(k))


def board(display=True):
    h = Harness("/s", fs=MemFS(), display=display)
    return h, Hub(h.app, rand)


def phone_entries(h, hub, entries):
    now = h.board.ticks_ms()
    token = hub.pair(ADDR, hub.pair_request(ADDR, now), now)[1]
    for i, (side, points) in enumerate(entries):
        doc = {"seq": i + 1, "kind": "peg", "side": side, "points": points}
        hub.submit(hub.phone(token), doc, h.board.ticks_ms())
        h.wait(100)


def test_a_phones_entries_are_in_the_snapshot_the_phones_get():
    h, hub = board()
    assert h.app.remote is hub
    phone_entries(h, hub, ENTRIES)
    assert h.keeper.game.scores[:2] == [7, 3]
    doc = json.loads(hub.state(None, ADDR, h.board.ticks_ms()))
    assert doc["scores"] == [7, 3] and doc["lines"] == h.lines and doc["paired"] is False
    assert doc["frame"] == "".join("{:02x}".format(b) for b in h.board.leds)
    assert "seq" not in doc  # a watcher's snapshot: no phone's numbers


def test_each_snapshot_comes_after_the_keepers_write():
    h, hub = board()
    seen = []

    def notify():  # the server's wake-up: the phones read the snapshot now
        doc = json.loads(hub.state(None, ADDR, h.board.ticks_ms()))
        seen.append((doc["scores"], list(h.keeper.game.front[:2])))

    hub.notify = notify
    phone_entries(h, hub, ENTRIES)
    assert seen and seen[-1][0][0] > 0
    for shown, on_flash in seen:
        assert shown == on_flash  # a phone is never shown a point the keeper has not written


def test_the_code_shows_on_the_display_and_never_in_the_snapshot():
    h, hub = board()
    game = list(h.lines)
    code = hub.pair_request(ADDR, h.board.ticks_ms())
    assert len(code) == 6 and code.isdigit()
    h.wait(100)
    assert h.board.display.lines[0] == "pair: " + code
    assert h.board.display.lines[1:] == game[1:]
    text = hub.state(None, ADDR, h.board.ticks_ms())
    assert code not in text and json.loads(text)["lines"] == game
    result, token = hub.pair(ADDR, code, h.board.ticks_ms())
    assert result == PAIRED and hub.paired(token)
    mine = json.loads(hub.state(hub.phone(token), ADDR, h.board.ticks_ms()))
    assert mine["paired"] is True and mine["seq"] == 0  # its last entry's number
    h.wait(100)
    assert h.board.display.lines == game  # the code leaves the board once used


def test_without_a_display_the_code_is_six_lit_holes():
    h, hub = board(display=False)
    game = bytes(h.board.leds)
    code = hub.pair_request(ADDR, h.board.ticks_ms())
    h.wait(100)
    lit = h.lit()
    want = [10 * i + (int(d) if d != "0" else 10) for i, d in enumerate(code)]
    assert lit == want
    assert json.loads(hub.state(None, ADDR, h.board.ticks_ms()))["frame"] == game.hex()
    h.wait(60000)  # the code expires: the game comes back on the LEDs
    assert bytes(h.board.leds) == bytes(h.app.frame)


def test_the_settings_forget_counter_forgets_every_phone():
    h, hub = board()
    token = hub.pair(ADDR, hub.pair_request(ADDR, h.board.ticks_ms()), h.board.ticks_ms())[1]
    h.wait(100)
    assert hub.paired(token)
    rev = hub.rev
    h.keeper.set_setting(FORGET_KEY, 1)  # what Settings' "forget phones" does
    h.wait(40)
    assert not hub.paired(token) and hub.rev > rev  # the phones hear of it


def test_a_board_only_watched_never_loads_the_pairing_rules():
    """live.pairing loads at the first pairing request (its results are copied in live.hub:
    the same values); until then no address is locked and no code shows."""
    assert (PAIRED, LOCKED) == (pairing.PAIRED, pairing.LOCKED)
    _, hub = board()
    assert hub._pairing is None
    hub.tick(0)
    doc = json.loads(hub.state(None, "10.0.0.5", 0))
    assert doc["locked"] == 0 and hub._pairing is None
    assert hub.pair_request("10.0.0.5", 0) is not None and hub._pairing is not None
