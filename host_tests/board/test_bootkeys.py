# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The keys pressed while the board boots (bootkeys.BootKeys): scanned into the keypad's
decoder from the board's timer between the first frame and the modes' load, kept, and acted
on in order once the modes have loaded. Every expectation is derived by hand from the
decoder's rules (two scans spanning 15 ms press a key, 5 ms release it; long 800 ms, hold
3 s, timed from the press) and the latch's room (16 events, 3 kept back for each key held)."""

from app import FOLD_MS, App
from app import boot as app_boot
from bootkeys import ROOM, BootKeys, sent, start_app
from keypad import HOLD, KEYS, LONG, PRESS, KeyDecoder, event_name
from modes import MODE_SCORE, MODE_VERIFY
from scorekeeper.keeper import Keeper
from support import micropython_only

from tools.board.memfs import MemFS
from tools.board.pcboard import PCBoard

SCAN_MS = 20  # the board's timer period (bootkeys.KEY_MS)
FOLDER = "state"
LOG = FOLDER + "/game.log"


def bit(legend):
    return 1 << KEYS.index(legend)


class Keys:
    """A keypad and a clock: key legends held over [from, to) ms."""

    def __init__(self, spans):
        self.spans = spans  # [(from_ms, to_ms, legend)]
        self.now = 0

    def scan(self):
        mask = 0
        for start, end, legend in self.spans:
            if start <= self.now < end:
                mask |= bit(legend)
        return mask

    def ticks(self):
        return self.now


def latched(spans, until, start=0):
    """A BootKeys scanning `spans` every SCAN_MS from `start` up to `until` (its first scan at
    once, as app.py takes it), drained then: [(event name, drain time)] in order."""
    keys = Keys(spans)
    keys.now = start
    latch = BootKeys(KeyDecoder(repeat_mask=0), keys.scan, keys.ticks)
    latch.scan()
    while keys.now + SCAN_MS <= until:
        keys.now += SCAN_MS
        latch.scan()
    out = []
    n = latch.drain(lambda code, now: out.append((event_name(code), now)), until)
    assert n == len(out)
    return latch, out


def names(events):
    return [name for name, _now in events]


def test_taps_are_kept_in_order_and_given_at_the_drain():
    # 2 down 100-200 ms, A 300-400: each pressed at its second down-read (120, 320) and
    # released at its second up-read (220, 420); all before the drain at 450.
    latch, out = latched([(100, 200, "2"), (300, 400, "A")], 450)
    assert out == [("press 2", 450), ("release 2", 450), ("press A", 450),
                   ("release A", 450)]  # fmt: skip
    # Drained once: nothing again, and a late scan (a soft timer's call) is not taken.
    assert latch.drain(lambda code, now: out.append(code), 500) == 0
    latch.scan()
    assert latch.n == 0 and len(out) == 4


def test_a_key_held_at_the_drain_gives_its_press_and_its_long_press_when_due():
    # D from 100 ms: pressed at 120; long at 920 (800 ms from the press, not from the drain).
    _, out = latched([(100, 5000, "D")], 450)
    assert names(out) == ["press D"]
    _, out = latched([(100, 5000, "D")], 1000)
    assert names(out) == ["press D", "long D"]


def test_the_room_holds_seven_taps_and_the_eighth_is_lost():
    # Taps of 1..8, each 40 ms down and 60 ms up, from 0 ms: 2 events each. A press is kept
    # while the kept events, it and 3 for each key then held fit in 16: the 7th (12 kept,
    # +1 +3 = 16) fits, the 8th (14 +1 +3 = 18) does not; let go before the drain, it is lost.
    spans = [(i * 100, i * 100 + 40, "12345678"[i]) for i in range(8)]
    _, out = latched(spans, 900)
    expected = []
    for legend in "1234567":
        expected += ["press " + legend, "release " + legend]
    assert names(out) == expected and ROOM == 16


def test_four_keys_held_fit_and_a_fifth_held_is_taken_at_the_drain():
    # 1, 2, 3, A pressed 100 ms apart and held: 4 presses with 3 kept back each fill 16.
    # B (held from 400) finds no room: still down at the drain, it is given after them.
    # C (tapped 500-560) finds none either and is let go before the drain: lost.
    spans = [(0, 2000, "1"), (100, 2000, "2"), (200, 2000, "3"), (300, 2000, "A"),
             (400, 2000, "B"), (500, 560, "C")]  # fmt: skip
    _, out = latched(spans, 700)
    assert names(out) == ["press 1", "press 2", "press 3", "press A", "press B"]


def test_a_key_past_the_room_held_long_gives_its_long_press_at_the_drain():
    # The four held keys again; B from 400 ms is long-pressed at 420 + 800 = 1220 while it
    # has no room: at the drain (1300) it comes with its long press; so do the kept four's
    # long presses (at 820, 920, 1020, 1120), in the room kept back for them.
    spans = [(0, 2000, "1"), (100, 2000, "2"), (200, 2000, "3"), (300, 2000, "A"),
             (400, 2000, "B")]  # fmt: skip
    _, out = latched(spans, 1300)
    assert names(out) == ["press 1", "press 2", "press 3", "press A",
                          "long 1", "long 2", "long 3", "long A",
                          "press B", "long B"]  # fmt: skip


def test_kept_keys_get_their_releases_and_the_room_goes_on_to_later_taps():
    # 1, 2, 3, A held 400 ms each from 0, 100, 200, 300 ms: four presses fill the room with
    # what they keep back (4 + 12 = 16); their releases take 4 of it. Then taps of 4, 5, 6, B
    # from 800 ms: a press is kept while n + 1 + 3 <= 16 with n = 8, 10, 12 kept before it;
    # B's, at n = 14, is not, and B is let go before the drain: lost.
    spans = [(i * 100, i * 100 + 400, "123A"[i]) for i in range(4)]
    spans += [(800 + i * 100, 840 + i * 100, "456B"[i]) for i in range(4)]
    _, out = latched(spans, 1200)
    assert names(out) == ["press 1", "press 2", "press 3", "press A",
                          "release 1", "release 2", "release 3", "release A",
                          "press 4", "release 4", "press 5", "release 5",
                          "press 6", "release 6"]  # fmt: skip


def test_sent_says_what_a_held_keys_press_has_sent():
    # A read down at 0 and 20 ms: pressed at 20; long due at 820, hold at 3020.
    dec = KeyDecoder(repeat_mask=0)
    a = bit("A")
    k = KEYS.index("A")
    assert sent(dec, k) == 0
    for now in (0, 20):
        dec.update(a, now)
    assert sent(dec, k) == 1 << PRESS
    dec.update(a, 800)
    assert sent(dec, k) == 1 << PRESS
    dec.update(a, 820)
    assert sent(dec, k) == 1 << PRESS | 1 << LONG
    dec.update(a, 3020)
    assert sent(dec, k) == 1 << PRESS | 1 << LONG | 1 << HOLD
    assert sent(dec, KEYS.index("B")) == 0  # a key not down
    dec.update(0, 3100)
    dec.update(0, 3105)
    assert sent(dec, k) == 0


def test_the_scan_allocates_nothing_on_micropython():
    # The board's timer calls scan in a hard interrupt, where the heap is locked.
    micropython_only("allocation is measured on MicroPython: the point is the device")
    import micropython

    keys = Keys([(0, 200, "1"), (100, 900, "#"), (300, 340, "2")])
    latch = BootKeys(KeyDecoder(repeat_mask=0), keys.scan, keys.ticks)
    latch.scan()
    micropython.heap_lock()
    try:
        while keys.now < 1000:
            keys.now += SCAN_MS
            latch.scan()
    finally:
        micropython.heap_unlock()
    # 1 pressed at 20, # at 120, 1 released at 220, 2 pressed at 320 and released at 360,
    # # released at 920 (its long press would be due at 920 too: the release comes first).
    assert latch.n == 6


# -- on the app: a board whose boot takes time ------------------------------------------------


class LoadingBoard(PCBoard):
    """A PC board with the Pico's timer (hal.Board.timer_start): what the app loads after its
    first frame takes load_ms of the board's clock, during which the timer's scans come every
    period; the keys are held over [from, to) ms spans of that clock (0: the first frame)."""

    def __init__(self, fs, load_ms, spans):
        super().__init__(FOLDER, fs=fs)
        self.load_ms = load_ms
        self.pad = Keys(spans)
        self.timer = None
        self.stops = 0

    def scan_keys(self):
        self.pad.now = self.now
        return self.pad.scan()

    def timer_start(self, ms, fn):
        self.timer = (ms, fn, self.now)

    def timer_stop(self):
        """The load is over: the scans that came while it ran, then the clock at its end."""
        ms, fn, start = self.timer
        self.timer = None
        self.stops += 1
        while self.now + ms <= start + self.load_ms:
            self.now += ms
            fn()
        self.now = start + self.load_ms


def booted(spans, load_ms=440, fs=None):
    board = LoadingBoard(fs or MemFS(), load_ms, spans)
    return App(board), board


def run(app, board, until):
    """The board's loop (app.App.tick) every SCAN_MS up to `until` ms."""
    while board.now + SCAN_MS <= until:
        board.now += SCAN_MS
        app.tick(board.ticks_ms())


def test_a_tap_before_the_modes_load_is_acted_on_once():
    # 2 then A tapped while the modes load (they take 440 ms after the first frame): A pegs
    # 2 as the modes load, and only once.
    app, board = booted([(100, 200, "2"), (300, 400, "A")])
    assert board.stops == 1 and board.now == 440
    assert app.keeper.game.scores[:2] == [2, 0]
    run(app, board, 3000)
    assert app.keeper.game.scores[:2] == [2, 0]
    assert board.led(2) != (0, 0, 0)  # A's peg in hole 2


def test_keys_during_the_boot_are_taken_in_order():
    # 1, 2 then B: B's count of 12 (digits act as they go down, a side key when let go).
    app, _ = booted([(0, 60, "1"), (120, 180, "2"), (240, 300, "B")], load_ms=400)
    assert app.keeper.game.scores[:2] == [0, 12]


def test_a_key_held_across_the_load_finishes_live():
    # 1 down from 200 ms to 600 ms, the modes loaded at 440: its press was kept, its release
    # comes through the loop; B then pegs the 1.
    app, board = booted([(200, 600, "1"), (700, 760, "B")])
    run(app, board, 1000)
    assert app.keeper.game.scores[:2] == [0, 1]


def test_a_long_press_started_before_the_modes_load_is_a_long_press():
    # D down at 100 ms, pressed at 120 (two scans 20 ms apart), long at 920 (800 ms from the
    # press; the loop's scans come at 440 + 20k ms): the next mode, count verify. Let go at
    # 1100: a decoder started when the modes loaded (440) would have had it 660 ms only.
    app, board = booted([(100, 1100, "D")])
    assert app.view.mode == MODE_SCORE
    run(app, board, 900)
    assert app.view.mode == MODE_SCORE
    run(app, board, 920)
    assert app.view.mode == MODE_VERIFY
    run(app, board, 1500)
    assert app.view.mode == MODE_VERIFY


def test_a_hold_started_before_the_modes_load_is_a_hold():
    # A game on flash; # held from 50 ms: read down at 60 and 80 (the timer's scans), pressed
    # at 80; the hold due 3 s on, at 3080: a new game.
    fs = MemFS()
    k = Keeper(FOLDER, fs, lambda: 0)
    k.peg(0, 5)
    app, board = booted([(50, 3300, "#")], fs=fs)
    assert app.keeper.game.scores[:2] == [5, 0]
    run(app, board, 3060)
    assert app.keeper.game.scores[:2] == [5, 0]
    run(app, board, 3080)
    assert app.keeper.game.scores[:2] == [0, 0]


def test_the_timer_stops_when_the_boot_fails():
    # An error while the modes load is a boot error (logged, shown): the timer is stopped
    # first, so no scan comes after it.
    fs = MemFS()
    board = LoadingBoard(fs, 440, [(100, 200, "2")])

    def broken(*args):
        raise RuntimeError("boom")

    import ui.control

    real = ui.control.Controller.start
    ui.control.Controller.start = broken
    try:
        assert app_boot(board) is None
    finally:
        ui.control.Controller.start = real
    assert board.timer is None and board.stops == 1


def test_keys_started_before_the_app_loads_are_the_apps():
    # main.py starts the keys right after the board, before the app and the keeper load
    # (bootkeys.start_app): the app takes that latch's decoder, 2 then A tapped from the
    # first scan on peg A's 2, and the timer is stopped once, when the modes have loaded.
    board = LoadingBoard(MemFS(), 440, [(0, 60, "2"), (120, 180, "A")])
    latch = start_app(board, SCAN_MS)
    assert board.timer[0] == SCAN_MS
    app = app_boot(board, "", latch)
    assert app.decoder is latch.decoder and board.stops == 1
    assert app.keeper.game.scores[:2] == [2, 0]


def test_the_timer_main_started_stops_when_the_keeper_fails_to_load():
    # An error before the app has begun its boot (here the keeper's) is a boot error too, and
    # the timer main.py started is stopped with it.
    board = LoadingBoard(MemFS(), 440, [])
    latch = start_app(board, SCAN_MS)
    import scorekeeper.keeper

    real = scorekeeper.keeper.Keeper.__init__

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    scorekeeper.keeper.Keeper.__init__ = broken
    try:
        assert app_boot(board, "", latch) is None
    finally:
        scorekeeper.keeper.Keeper.__init__ = real
    assert board.timer is None and board.stops == 1


def test_a_fresh_pico_writes_its_new_game_at_its_first_key_not_in_the_boot():
    # A flash erase stops every interrupt (the keys' timer too): the Pico's boot writes
    # nothing for a fresh board. Its first key's write writes the whole log (the new game
    # and the key); with no key, the idle fold does, FOLD_MS after the boot.
    fs = MemFS()
    app, board = booted([(100, 200, "2"), (300, 400, "A")], fs=fs)
    assert LOG in fs.files and not app.keeper.unsaved  # A's 2, with the game before it
    assert Keeper(FOLDER, fs, lambda: 0).game.scores[:2] == [2, 0]
    fs = MemFS()
    app, board = booted([], fs=fs)
    assert LOG not in fs.files and app.keeper.unsaved
    run(app, board, FOLD_MS - 20)  # the app's clock started at 0: the first frame
    assert LOG not in fs.files
    run(app, board, FOLD_MS)
    assert LOG in fs.files and not app.keeper.unsaved
