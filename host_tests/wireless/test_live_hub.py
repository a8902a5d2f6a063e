# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The live hub (firmware/live/hub.py, issue 19) on a board with a fake clock: a phone's keys go
through the keypad's own path (the same game as the same keys on the keypad), the pairing
code on the display or as lit holes and never in the phones' snapshot, a snapshot only after
the keeper's write, and the settings' "forget paired phones" counter."""

import json

from live.hub import FORGET_KEY, MAX_KEY_MS, Hub
from live.pairing import PAIRED
from support import raises

from tools.board.memfs import MemFS
from tools.board.pcboard import Harness

KEYS = "2A3B5A"


def rand(k):
    return bytes((7 * i + 3) & 255 for i in range(k))


def board(display=True):
    h = Harness("/s", fs=MemFS(), display=display)
    return h, Hub(h.app, rand)


def phone_keys(h, hub, keys):
    for k in keys:
        assert hub.press(k, 100)
    h.wait(300 * len(keys) + 2000)


def test_a_phones_keys_play_the_game_the_keypad_plays():
    h, hub = board()
    assert h.app.remote is hub
    phone_keys(h, hub, KEYS)
    k = Harness("/k", fs=MemFS())
    k.type(KEYS)
    k.wait(2000)
    assert h.keeper.game.front == k.keeper.game.front and h.keeper.game.front[0] > 0
    assert h.lines == k.lines
    assert h.board.leds == k.board.leds
    doc = json.loads(hub.state(False, h.board.ticks_ms()))
    assert doc["scores"] == list(k.view.front[:2]) and doc["lines"] == k.lines
    assert doc["frame"] == "".join("{:02x}".format(b) for b in k.board.leds)


def test_a_long_press_from_a_phone_is_the_keypads_long_press():
    h, hub = board()
    k = Harness("/k", fs=MemFS())
    assert hub.press("D", 1000)  # past the 0.8 s long press: the next mode
    h.wait(3000)
    k.hold("D", 1000)
    k.wait(3000)
    assert h.view.mode == k.view.mode != 0


def test_keys_and_times_no_keypad_gives_are_refused():
    _, hub = board()
    for key, ms in (("E", 100), ("22", 100), (2, 100), ("", 100), ("2", MAX_KEY_MS + 1),
                    ("2", 39), ("2", 100.0), ("2", True)):  # fmt: skip
        raises(ValueError, hub.press, key, ms)
    for _ in range(8):
        assert hub.press("1", 100)
    assert not hub.press("1", 100)  # eight queued: the ninth waits for room


def test_each_snapshot_comes_after_the_keepers_write():
    h, hub = board()
    seen = []

    def notify():  # the server's wake-up: the phones read the snapshot now
        doc = json.loads(hub.state(False, h.board.ticks_ms()))
        seen.append((doc["scores"], list(h.keeper.game.front[:2])))

    hub.notify = notify
    phone_keys(h, hub, KEYS)
    assert seen and seen[-1][0][0] > 0
    for shown, on_flash in seen:
        assert shown == on_flash  # a phone is never shown a point the keeper has not written


def test_the_code_shows_on_the_display_and_never_in_the_snapshot():
    h, hub = board()
    game = list(h.lines)
    code = hub.pair_request(h.board.ticks_ms())
    assert len(code) == 6 and code.isdigit()
    h.wait(100)
    assert h.board.display.lines[0] == "pair: " + code
    assert h.board.display.lines[1:] == game[1:]
    text = hub.state(False, h.board.ticks_ms())
    assert code not in text and json.loads(text)["lines"] == game
    result, token = hub.pair(code, h.board.ticks_ms())
    assert result == PAIRED and hub.paired(token)
    h.wait(100)
    assert h.board.display.lines == game  # the code leaves the board once used


def test_without_a_display_the_code_is_six_lit_holes():
    h, hub = board(display=False)
    game = bytes(h.board.leds)
    code = hub.pair_request(h.board.ticks_ms())
    h.wait(100)
    lit = h.lit()
    want = [10 * i + (int(d) if d != "0" else 10) for i, d in enumerate(code)]
    assert lit == want
    assert json.loads(hub.state(False, h.board.ticks_ms()))["frame"] == game.hex()
    h.wait(60000)  # the code expires: the game comes back on the LEDs
    assert bytes(h.board.leds) == bytes(h.app.frame)


def test_the_settings_forget_counter_forgets_every_phone():
    h, hub = board()
    token = hub.pair(hub.pair_request(h.board.ticks_ms()), h.board.ticks_ms())[1]
    h.wait(100)
    assert hub.paired(token)
    rev = hub.rev
    h.keeper.set_setting(FORGET_KEY, 1)  # what Settings' "forget phones" does
    h.wait(40)
    assert not hub.paired(token) and hub.rev > rev  # the phones hear of it
