# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Power cuts, crashes and the watchdog: the board comes back exactly as it was committed.

A power cut between key presses, at every point of a game that visits every mode, must leave
a board that goes on exactly as one that never lost power (same keeper state, same frame,
same text). What the LEDs show is on flash at every frame. A crash is logged, shown, reset
and announced by the "recovered" blink. The asyncio wiring runs for real (a real clock).
"""

import app as app_module
from app_support import A_FRONT, ERROR, FLASH, board
from modes import MODE_PEGGING, MODE_SCORE
from scorekeeper import Keeper
from support import micropython_only
from view import SIG_RECOVERED

from tools.board.pcboard import Harness, PCBoard, key_bit
from tools.board.testkit import FakeFS

# A game in steps; a power cut may fall between any two steps. Each step ends with nothing
# half-typed, so the committed state is the whole story.
STEPS = (
    "2A", "B", "12B", "#", "8#", "11#", "4#", "#",  # a hand: play, show, deal passes to B
    "*", "#",  # undo the deal, pass it again
    "long-D", "long-D", "5", "A", "5", "5", "6", "D",  # pegging helper (B deals: A leads)
    "*", "6", "hold-D",  # take a card back, play again, home to the scoreboard
    "long-* 30A", "long-D", "long-D", "long-D", "long-D", "D", "hold-D",
    "19# *", "0#",  # a refused impossible count (it stays typed), cleared; a zero hand
)  # fmt: skip


def do(h, step):
    for word in step.split():
        if word.startswith("long-"):
            h.hold(word[5], 1000)
        elif word.startswith("hold-"):
            h.hold(word[5], 3200)
        else:
            h.type(word)


def settle(h):
    """Let signals and animations end, then line up the blink and turn phases (12288 ms)."""
    h.wait(4200)
    h.wait(12288 - h.board.ticks_ms() % 12288)


def picture(h):
    """Everything the board holds and shows, less the play-time statistic: it counts the
    seconds between events while the board is on, so a power cut changes it by design (the
    game's seconds, and the last event's dt)."""
    snap = h.keeper.snapshot()
    game = snap[0][:14] + snap[0][15:-1] + (snap[0][-1][:4],)
    return game, snap[1:], bytes(h.board.leds), list(h.lines), h.view.mode


def test_a_power_cut_between_any_two_steps_resumes_exactly():
    ref = board()
    for step in STEPS:
        do(ref, step)
    settle(ref)
    expected = picture(ref)
    # By hand: A 2, 11 and 4 in the first hand (17), 2 for 31 in the play (19), a correction
    # of 30 (49), a 0 hand. B 1 + 12 + 8 (21), 2 for the fifteen and 2 for the pair (25).
    assert expected[0][0][:2] == (49, 25)
    for cut in range(1, len(STEPS)):
        h = board()
        for step in STEPS[:cut]:
            do(h, step)
        h.power_cut()
        for step in STEPS[cut:]:
            do(h, step)
        settle(h)
        assert picture(h) == expected, cut


def test_a_power_cut_loses_only_the_entry_being_typed():
    h = board()
    h.type("2A1")  # "1" typed, not committed
    h.power_cut()
    assert h.keeper.game.scores[:2] == [2, 0] and h.view.preview_side == -1
    h.press("B")  # a go, not 1 + the lost digit
    assert h.keeper.game.scores[:2] == [2, 1]


def test_every_frame_written_shows_only_what_is_on_flash():
    h = board()
    fs = h.board.fs
    board_write = h.board.leds_write
    seen = []

    def checked(frame):
        board_write(frame)
        k = Keeper("state", FakeFS(fs.files), None)  # the flash as it is now
        g = k.game
        v = h.view
        assert (list(v.front), list(v.back), v.dealer) == (g.front, g.back, g.dealer)
        seen.append(g.scores[0] + g.scores[1])

    h.board.leds_write = checked
    h.type("2A 3B #8#")
    h.hold("*", 1000)
    h.type("5A")
    h.press("*")
    assert 0 < len(seen) and seen[-1] == 13  # A 2 (+5 undone), B 3 + 8


def test_boot_restores_settings_scores_dealer_and_mode():
    fs = FakeFS()
    h = board(fs)
    h.keeper.set_setting("players", 3)
    h.keeper.set_setting("app.brightness", 7)
    h.power_cut()
    h.type("#0#0#0#0##")  # a whole show with nothing: the deal passes to B
    h.type("4C")
    h.hold("D", 1000)
    h.hold("D", 1000)
    again = Harness("state", now_ms=99999, fs=fs)
    g = again.keeper.game
    assert (g.sides, g.dealer, g.scores[:3]) == (3, 1, [0, 0, 4])
    assert again.view.mode == MODE_PEGGING and again.view.brightness == 7
    assert again.view.signal != SIG_RECOVERED  # a plain power-on


def test_a_crash_is_logged_shown_reset_and_announced():
    h = board()
    h.type("2A")
    state = h.keeper.snapshot()
    try:
        raise RuntimeError("boom")
    except RuntimeError as e:
        err = e
    h.app.fail(err)
    # The error pattern: every fifth LED dim red, the rest dark.
    assert h.board.leds[0:3] == bytes((0, 40, 0)) and h.board.leds[3:15] == bytes(12)
    assert h.app.step(h.board.ticks_ms()) is False  # a failed app draws nothing more
    log = h.board.fs.read("state/errors.log").decode()
    assert log.startswith("=== uptime") and "RuntimeError: boom" in log
    h.crash(err)  # the watchdog's reset: a fresh boot that knows why
    assert h.keeper.snapshot() == state
    assert h.view.signal == SIG_RECOVERED and "recovered" in h.lines
    # "Recovered": the markers blink white 3 times (256 ms on, 256 off) over 1536 ms.
    t = h.board.ticks_ms() - h.view.signal_ms
    assert h.led(5) == (FLASH if not (t >> 8) & 1 else (4, 4, 4))
    h.wait(1600)
    assert h.led(5) == (4, 4, 4) and h.led(2) == A_FRONT


def test_the_reset_make_flash_asks_for_is_not_announced_as_a_recovery():
    # The Pico reports machine.reset() as a watchdog reset. `make flash` leaves the mark
    # (snippets.RESET) before its reset: that boot is quiet and takes the mark away, so the
    # next real watchdog reset is announced again.
    fs = FakeFS()
    h = board(fs)
    h.type("2A")
    fs.write("state/" + app_module.FLASHED, b"")
    h.boot(h.board.now + 100, app_module.RESET_WATCHDOG)
    assert h.view.signal != SIG_RECOVERED and "recovered" not in h.lines
    assert not fs.exists("state/" + app_module.FLASHED)
    assert h.keeper.game.scores[:2] == [2, 0]
    h.boot(h.board.now + 100, app_module.RESET_WATCHDOG)
    assert h.view.signal == SIG_RECOVERED and "recovered" in h.lines


def test_a_repaired_log_at_boot_is_announced():
    fs = FakeFS()
    h = board(fs)
    h.type("2A3B")
    fs.files["state/game.log"] += b"\x0c\x05"  # a torn record: the power went mid-append
    h.power_cut()
    assert h.keeper.game.scores[:2] == [2, 3]
    assert h.view.signal == SIG_RECOVERED
    # The keeper's short form, in whole words that fit the display (issue 11 item 8).
    assert h.lines[3:6] == ["recovered", "kept 2 events,", "lost 2 bytes"]


def test_recovery_notices_fit_the_display_in_whole_words():
    # A log that cannot be read and settings that cannot be read: both said, nothing cut.
    fs = FakeFS({"state/game.log": b"not a log", "state/settings.txt": b"nonsense"})
    h = board(fs)
    assert h.view.signal == SIG_RECOVERED
    assert h.view.detail[:4] == ["recovered", "settings reset", "log set aside:", "new game"]
    assert all(len(line) <= 16 for line in h.lines)
    assert "set aside as game.bad1" in h.keeper.notice  # the whole story, for the PC tools


class ScriptedBoard(PCBoard):
    """A PCBoard on the real clock whose keypad plays a list of scans, then breaks."""

    def __init__(self, scans):
        PCBoard.__init__(self, "state", fs=FakeFS())
        self.scans = scans

    def ticks_ms(self):
        from compat import ticks_ms

        return ticks_ms()

    def scan_keys(self):
        if not self.scans:
            raise RuntimeError("keypad gone")
        return self.scans.pop(0)


def test_the_asyncio_app_scans_keys_renders_feeds_the_watchdog_and_resets_on_an_error():
    two, side_a = key_bit("2"), key_bit("A")
    b = ScriptedBoard([0] * 3 + [two] * 4 + [0] * 4 + [side_a] * 4 + [0] * 6)
    app_module.run(b, show_ms=0)
    assert b.watchdog_ms == 8000 and b.feeds >= 1 and b.resets == 1
    log = b.fs.read("state/errors.log").decode()
    assert "RuntimeError: keypad gone" in log
    assert b.leds[0:3] == bytes((0, 40, 0))  # the error pattern
    k = Keeper("state", b.fs, None)
    assert k.game.scores[:2] == [2, 0]  # the keys went through the async poller


class ClockedBoard(PCBoard):
    """A PCBoard whose keypad plays a list of scans on its fake clock, then breaks; each
    frame written is noted with its time and the score it shows."""

    def __init__(self, scans):
        PCBoard.__init__(self, "state", fs=FakeFS())
        self.scans = scans
        self.app = None
        self.frames = []

    def scan_keys(self):
        if not self.scans:
            raise RuntimeError("keypad gone")
        return self.scans.pop(0)

    def leds_write(self, frame):
        PCBoard.leds_write(self, frame)
        if self.app is not None:
            self.frames.append((self.now, self.app.keeper.game.scores[0]))


def test_the_loop_confirms_a_press_and_a_release_soon_and_draws_its_frame_in_the_same_turn():
    # The Pico's loop (app.main): a turn (App.tick) every next_tick_ms of the board's clock:
    # 20 ms; 15 ms after a key first reads down (the debounce: its press is confirmed that
    # soon, so a quick tap is read twice), 5 ms after it first reads up (the release's
    # confirming scan); a side key acts on its release, and the frame that shows it is drawn
    # in that turn.
    import asyncio

    two, side_a = key_bit("2"), key_bit("A")
    b = ClockedBoard([0, two, two, two, 0, 0, 0, side_a, side_a, side_a, 0, 0, 0])
    b.app = a = app_module.App(b)
    sleeps = []

    async def sleep(ms):  # the board's clock moves by each wait the loop asks for
        sleeps.append(ms)
        b.now += ms
        await asyncio.sleep(0)

    asyncio.run(app_module.main(a, 0, sleep))
    # Scans at 0, 20 (2 down once), 35 (down again, 15 ms on: its press), 55, 75 (up once),
    # 80 (up again: the release), 100, 120 (A down once), 135 (A's press), 155, 175 (up
    # once), 180 (A's release: A pegs 2).
    assert sleeps[:12] == [20, 15, 20, 20, 5, 20, 20, 15, 20, 20, 5, 20], sleeps
    assert (180, 2) in b.frames and not [f for f in b.frames if f[0] < 180 and f[1]]
    assert "RuntimeError: keypad gone" in b.fs.read("state/errors.log").decode()


def test_an_error_while_booting_is_logged_and_the_board_reset():
    b = ScriptedBoard([])
    b.fs.files["state/settings.txt"] = b"picopeg-settings 1\nplayers=2\n"
    b.reset_cause = None  # not callable: App() fails while booting
    app_module.run(b, show_ms=0)
    assert b.resets == 1 and "TypeError" in b.fs.read("state/errors.log").decode()
    assert b.leds[0:3] == bytes((0, 40, 0))


def test_the_idle_loop_allocates_nothing_on_micropython():
    micropython_only("allocation is measured on MicroPython: the point is the device")
    import gc

    h = board()
    h.type("2A 3B")
    h.wait(5000)
    a = h.app
    t = h.board.ticks_ms()
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(500):  # 10 s of the board's loop with no key down
        t += 20
        a.tick(t)
    assert gc.mem_alloc() == before, gc.mem_alloc() - before
    assert h.view.mode == MODE_SCORE and ERROR != A_FRONT


def test_a_display_that_stops_answering_is_dropped_not_fatal():
    h = board()

    class Broken:
        def show_lines(self, lines):
            raise OSError(5)  # EIO: the I2C bus gave up

    h.board.display = Broken()
    h.type("2A")
    assert h.board.display is None and h.app.failed is None
    assert h.keeper.game.scores[0] == 2 and h.lines[1] == "A   2   +2 *"
