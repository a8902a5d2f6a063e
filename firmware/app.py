"""The board app: keypad, controller, renderer and text display wired to a board (the HAL).

    import hal, app
    app.run(hal.Board())              # main.py: boot, then run forever

    a = app.boot(board)               # the same app on any board (None: it failed to boot,
                                      # and the error is logged and shown, as on the Pico)
    a.tick(now)                       # the board's loop, one turn: scan the keypad (decode,
                                      # act, commit to flash), render, and the idle work
    a.next_tick_ms()                  # how long to wait before the next turn

A board (``hal.Board`` on the Pico, ``tools/board/pcboard.PCBoard`` on a PC; docs/FIRMWARE.md)
has ``state_dir``, ``log_path``, ``fs``, ``display`` (None or ``show_lines(lines)``),
``ticks_ms()``, ``seconds()``, ``scan_keys()``, ``leds_write(frame)``, ``reset_cause()``,
``watchdog_start(ms)``, ``watchdog_feed()``, ``watchdog_stop()`` and ``reset()``, and
optionally ``supply_ma()`` (what the USB-C supply advertises: the LED current budget).

Every driver runs the same loop: ``tick`` every ``next_tick_ms`` (the Pico's ``run``, the PC
harness and the terminal simulator in tools/, the web board), so the journal folds after the
quiet time on each of them. ``run`` is the asyncio skeleton (docs/DESIGN.md): a global
exception handler, a task that turns the loop, and the watchdog's. An uncaught error is
printed, written to the error log, shown as a red pattern (``show_error``, the one path, at
boot too); then the board resets and comes back in its saved state, blinking "recovered".
Order: a key's event is written to flash inside ``tick``'s scan, before its frame is
rendered, so what the LEDs show is always on flash.
SPDX-License-Identifier: MIT
"""

from bootkeys import KEY_MS
from compat import collect, const, forget, print_exception, ticks_add, ticks_diff
from render import FRAME_BYTES, WIN_MS, Renderer
from scorekeeper.errors import StorageError
from scorekeeper.fileops import join
from view import SIG_RECOVERED, View

RESET_POWER = const(1)  # machine.PWRON_RESET
RESET_WATCHDOG = const(3)  # machine.WDT_RESET: the watchdog, or machine.reset() after an error
# `make flash` leaves this file in the state folder just before its machine.reset(): the
# Pico reports that reset as WDT_RESET too, but it is not a recovery, so boot says nothing.
FLASHED = "flashed"
CHECKPOINT = "scorekeeper.checkpoint"  # the game's checkpoint's module (boot, some folds)
FOLD_MS = const(5000)  # fold a half-full journal into the log after this long with no key
FOLD_LATE_MS = const(60000)  # and any journal after this long (fewer folds: less wear)
_WATCHDOG_MS = const(8000)  # under the RP2040's 8388 ms ceiling
_FEED_MS = const(1000)
ERROR_SHOW_MS = const(3000)  # the error pattern stays this long before the reset


def flashed(board):
    """True if `make flash` left its mark: the reset was one it asked for."""
    return board.fs.exists(join(board.state_dir, FLASHED))


def boot_cause(board, marked):
    """The board's reset cause, RESET_POWER after a reset that `make flash` asked for
    (marked: flashed(board); the mark is taken away by take_flashed_mark, after the first
    frame)."""
    if marked:
        return RESET_POWER
    return board.reset_cause()


def take_flashed_mark(board):
    """Remove make flash's mark, so the next watchdog reset counts as one. After the first
    frame, and only where there is one: the remove can cost a littlefs block erase (~50 ms
    on the Pico)."""
    try:
        board.fs.remove(join(board.state_dir, FLASHED))
    except OSError:  # none (the usual boot), or a failing flash: the boot must not fail over
        pass  # the mark; worst case a watchdog reset counts once more as a power-on


def read_supply(board):
    """What the board's USB-C supply advertises (mA, supply.py); 0 if the board cannot tell
    (``supply_ma`` is optional: the PC and browser boards have none) or the read fails."""
    read = getattr(board, "supply_ma", None)
    if read is None:
        return 0
    try:
        return read()
    except (OSError, ValueError) as e:  # an ADC fault must not stop the boot: the safe default
        print_exception(e)
        return 0


class App:
    """One board's app; see the module docstring."""

    def __init__(self, board, boot_notice="", latch=None):
        collect()
        self.board = board
        # The big buffers first, while the heap is still in one piece.
        self.view = View()
        self.renderer = Renderer(self.view)
        self.failed = None  # the uncaught error that stopped the app
        # The Wi-Fi server's hub (live.hub, issue 19), set by the board that starts it; None
        # on a plain board, which imports nothing of it.
        self.remote = None
        self._key_t = board.ticks_ms()  # the last key event (idle: see idle())
        # (No collection here: the keeper's modules came with hal's FileOps, and the buffers
        # above leave no garbage; one would cost the first frame ~8 ms on the Pico.)
        from scorekeeper.keeper import Keeper

        now = board.ticks_ms()
        # A fresh board's new game is held unsaved, and written after the first frame: at the
        # end of the boot, or on the Pico by its first key or the idle fold (FOLD_MS on): a
        # flash erase stops every interrupt, the keys' timer too (bootkeys.py).
        self.keeper = Keeper(board.state_dir, board.fs, board.seconds, write_new=False)
        if board.fs.exists(join(board.state_dir, "pegging.txt")):  # an upgraded board
            from ui.pegmigrate import MODULES, migrate

            migrate(self.keeper, board.state_dir)
            for name in MODULES:  # once: the helper loads them again when it is used
                forget(name)
        if "app.show" in self.keeper.settings.extra:  # a board upgraded from log version 2
            from ui.showmigrate import migrate as migrate_show

            migrate_show(self.keeper)
            forget("ui.showmigrate")
        marked = flashed(board)
        note = self._boot_note(boot_notice, marked, now)
        # The first frame: the game and the app's settings, as soon as the keeper holds them,
        # and the keys: the keypad's decoder, and on the Pico a timer that reads the keys
        # into it while the rest loads (main.py starts it before the app loads, else it
        # starts here); their events are kept and acted on once the modes have loaded
        # (bootkeys.py); a PC's or a browser's board has no timer: its boot takes no time.
        # What only the keys' actions and the text need (the controller and
        # the modes, the text view) loads after the frame: on the make flash Pico, where
        # every module is read from littlefs, that is ~250 ms sooner (docs/FIRMWARE.md).
        v = self.view
        v.supply_ma = read_supply(board)
        v.apply_settings(self.keeper.settings.extra)
        v.load_game(self.keeper.game, now)
        if self.keeper.game.winner >= 0:  # won before this start: hold the final position
            v.won_ms = ticks_add(now, -WIN_MS)
        forget("scorekeeper.load")  # the loader's work is done: its code leaves the heap
        forget(CHECKPOINT)
        if latch is None and hasattr(board, "timer_start"):  # else main.py started them
            from bootkeys import start_app

            latch = start_app(board, KEY_MS)
        if latch is not None:
            self.decoder = latch.decoder
        else:  # a board with no timer (a PC's, a browser's): the same decoder, no latch
            from keypad import KeyDecoder

            self.decoder = KeyDecoder(repeat_mask=0)  # no auto-repeat: no key means "again"
        try:
            if self.renderer.render(now):
                board.leds_write(self.renderer.frame)
            if latch is None and self.keeper.unsaved:  # a fresh board's new game: no key
                self.keeper.fold()  # waits on its writes
            if marked:
                take_flashed_mark(board)
            from ui.control import Controller

            # The controller takes the view as loaded here, with the boot's note.
            self.ctl = Controller(self.keeper, v, now, note)
            self.ctl.start(now)
            # The match and stats the keeper loaded packed (keeper.totals): unpacked here,
            # with the modes, so that the first key's write does not wait for their modules.
            self.keeper.totals()
            from textview import build_lines, new_lines

            self._build_lines = build_lines
            self.lines = new_lines()
            self._text_dirty = True
        finally:
            if latch is not None:
                board.timer_stop()
        if latch is not None:
            latch.drain(self.on_key, board.ticks_ms())
        forget("bootkeys")  # (KEY_MS is this module's now; a board with no timer loaded it too)
        collect()

    def _boot_note(self, boot_notice, marked, now):
        """The display's note at boot: "recovered" and what the keeper repaired (with the
        blink) after a watchdog or error reset, else what boot did (main.py: the UF2 moved
        old firmware files aside), else nothing."""
        shorts = self.keeper.notice_lines
        if boot_cause(self.board, marked) == RESET_WATCHDOG or shorts:
            from ui.text import wrap

            self.view.set_signal(SIG_RECOVERED, now)
            note = ["recovered"]
            for text in shorts:  # whole words, at most 16 columns, and no more than 4 lines
                for line in wrap(text):
                    if len(note) < 4:
                        note.append(line)
            return note
        if boot_notice:
            from ui.text import wrap

            return wrap(boot_notice)[:4]
        return []

    # -- the loop every board runs ---------------------------------------------------------

    def tick(self, now):
        """One turn of the board's loop at tick now: a keypad scan (decode and act: a key's
        event is on flash when its scan returns), the frame (LEDs and text, when changed)
        and the idle work (the journal's fold while the keys rest). True if the LEDs
        changed or a key event came. With a remote (live.hub: a Pico W's server), after the
        keypad's scan a paired phone's entry waiting is taken whole (its keys through the
        controller as the keypad's), and after the turn (its writes on flash) the remote
        takes the new state for the phones."""
        n = self.feed_keys(self.board.scan_keys(), now)
        r = self.remote
        if r is not None:
            n += r.apply(now)
        changed = self.step(now)
        self.idle(now)
        if r is not None:
            r.tick(now)
        return changed or n > 0

    def next_tick_ms(self):
        """The wait before the next turn: the scan period (KEY_MS: with two equal scans, the
        debounce; the frames' 50 Hz), or a few ms while a release waits for its confirming
        scan (keypad.py), so a key's result shows that much sooner."""
        return self.decoder.next_scan_ms(KEY_MS)

    # -- the parts of a turn (tests drive them one by one) --------------------------------

    def feed_keys(self, mask, now):
        """One keypad scan at tick now; return how many key events it produced."""
        d = self.decoder
        n = d.update(mask, now)
        events = d.events
        for i in range(n):
            self.on_key(events[i], now)
        return n

    def on_key(self, code, now):
        """One decoded key event (keypad code); the keeper writes before this returns."""
        self._key_t = now
        self.ctl.on_event(code, now)
        # A key whose record filled the journal folded it, and may have written the game's
        # checkpoint: its module is needed again only some 32 records on (a no-op if absent).
        forget(CHECKPOINT)
        self._text_dirty = True
        try:  # the board is in use: keep the play time on flash (at most once a minute)
            self.keeper.keep_time()
        except StorageError as e:  # only the time: the next key tries again
            print_exception(e)

    def step(self, now):
        """Render at tick now; push a changed frame (and text). True if the LEDs changed."""
        if self.failed is not None:
            return False
        changed = self.renderer.render(now)
        if changed:
            self.board.leds_write(self.renderer.frame)
        if self._text_dirty:
            self._text_dirty = False
            display = self.board.display
            if self._build_lines(self.view, self.lines) and display is not None:
                try:
                    display.show_lines(self.lines)
                except OSError as e:  # a display that stops answering: go on without it
                    print_exception(e)
                    self.board.display = None
        return changed

    def idle(self, now):
        """Slow flash work while no key is in use: fold the keeper's journal into the game
        log, FOLD_MS after the last key if it is half full, FOLD_LATE_MS after if not (each
        fold costs a block erase, so folding every few events would wear the flash more
        than the old appends did). True if it folded. A key pressed meanwhile waits for the
        fold (~50 ms on the Pico); one released after it is not delayed."""
        k = self.keeper
        if self.failed is not None or not k.fold_pending or not self.decoder.idle:
            return False
        idle = ticks_diff(now, self._key_t)
        if idle < FOLD_MS or (idle < FOLD_LATE_MS and not k.fold_due):
            return False
        self._key_t = now  # a failing flash is tried again FOLD_MS later, not every frame
        try:
            k.fold()
        except StorageError as e:  # the next key's write rewrites the log (keeper._dirty)
            print_exception(e)
            return False
        forget(CHECKPOINT)  # a fold in 3 or 4 writes one: not kept in the heap
        return True

    @property
    def frame(self):
        """The last rendered frame: 363 bytes, 3 per LED in chain order, G R B."""
        return self.renderer.frame

    # -- errors --------------------------------------------------------------------------

    def fail(self, exc):
        """An uncaught error: print it, log it to flash, show the error pattern."""
        if self.failed is not None:
            return
        self.failed = exc
        b = self.board
        show_error(b, self.renderer.frame, exc, "uptime {} ms".format(b.ticks_ms()))


def boot(board, notice="", latch=None):
    """The App on board, or None after an error while booting, which is logged and shown as
    any other (show_error): the one boot path of every board (run, the simulator, the web
    board). notice: a line from boot for the display (main.py); latch: the keys main.py
    started before the app loaded (bootkeys.start_app), else the app starts them."""
    try:
        return App(board, notice, latch)
    except Exception as e:
        if latch is not None:  # (the app stops it, once it has begun)
            board.timer_stop()
        show_error(board, bytearray(FRAME_BYTES), e, "boot")
        return None


def show_error(board, frame, exc, where):
    """An error that stops the board: print it, append it to the error log (where: when it
    happened), show the error pattern in frame and a word on the display."""
    print_exception(exc)
    try:
        from errlog import append_error

        append_error(board.fs, board.log_path, exc, where)
    except Exception as e:  # a full or failing flash must not hide the first error
        print_exception(e)
    error_pattern(frame)
    board.leds_write(frame)
    if board.display is not None:
        try:
            board.display.show_lines(["error: restarting", type(exc).__name__[:16],
                                      "see errors.log"])  # fmt: skip
        except OSError as e:  # a display that stops answering: the LEDs say it
            print_exception(e)


def error_pattern(frame):
    """Every fifth LED dim red, the rest dark: a board that has stopped."""
    for i in range(FRAME_BYTES):
        frame[i] = 0
    for led in range(0, FRAME_BYTES // 3, 5):
        frame[led * 3 + 1] = 40  # G R B: red


# -- asyncio wiring ----------------------------------------------------------------------


def _sleep_ms(asyncio, ms):
    if hasattr(asyncio, "sleep_ms"):
        return asyncio.sleep_ms(ms)
    return asyncio.sleep(ms / 1000)  # pragma: no cover - CPython


async def _loop(app, sleep_ms):
    """The board's loop: tick, then wait what is left of next_tick_ms."""
    board = app.board
    while True:
        t = board.ticks_ms()
        app.tick(t)
        wait = app.next_tick_ms()
        spent = ticks_diff(board.ticks_ms(), t)
        await sleep_ms(wait - spent if spent < wait else 1)


async def _watchdog(app, asyncio):
    board = app.board
    while app.failed is None:
        board.watchdog_feed()
        await _sleep_ms(asyncio, _FEED_MS)


async def _guard(app, stop, body):
    try:
        await body
    except Exception as e:  # every task's error stops the app the same way
        if stop is None:  # but a guest's (the Wi-Fi's server, issue 19): logged, play goes on
            print_exception(e)
            try:
                from errlog import append_error

                append_error(app.board.fs, app.board.log_path, e, "wifi")
            except Exception as e2:  # a full flash must not reach the game either
                print_exception(e2)
            return
        app.fail(e)
        stop.set()


async def main(app, show_ms=ERROR_SHOW_MS, sleep_ms=None, guests=()):
    """Run the tasks until one fails; show the error for show_ms; return the error.
    sleep_ms: the loop's wait (a coroutine function of ms; tests: a clock of their own).
    guests: coroutines run beside the game whose errors end at their task (wifi.py)."""
    import asyncio

    stop = asyncio.Event()

    def handler(loop, context):  # errors outside the guarded tasks (DESIGN.md)
        app.fail(context.get("exception") or RuntimeError(context.get("message", "?")))
        stop.set()

    asyncio.get_event_loop().set_exception_handler(handler)
    if sleep_ms is None:

        def sleep_ms(ms):
            return _sleep_ms(asyncio, ms)

    tasks = [
        asyncio.create_task(_guard(app, stop, _loop(app, sleep_ms))),
        asyncio.create_task(_guard(app, stop, _watchdog(app, asyncio))),
    ]
    for body in guests:
        tasks.append(asyncio.create_task(_guard(app, None, body)))
    await stop.wait()
    for t in tasks:
        t.cancel()
    await _sleep_ms(asyncio, show_ms)  # the error pattern shows; the watchdog is not fed
    return app.failed


def run(board, show_ms=ERROR_SHOW_MS, notice="", start=None, latch=None):
    """Boot and run the board forever; after an error, reset it (it comes back recovered).
    notice: a line from boot for the display (main.py); start(app): the guests to run beside
    the game (main.py: the Pico W's Wi-Fi, wifi.start; None on a plain Pico); latch: the
    keys main.py started (bootkeys.start_app)."""
    try:
        board.watchdog_start(_WATCHDOG_MS)  # first: a boot that hangs is reset too
        app = boot(board, notice, latch)
        if app is not None:
            import asyncio  # after the boot: its modules are not needed for the first frame

            asyncio.run(main(app, show_ms, guests=start(app) if start else ()))
    except KeyboardInterrupt:  # mpremote / Ctrl-C: keep the REPL, stop the watchdog
        board.watchdog_stop()
        raise
    except Exception as e:  # outside the tasks (asyncio itself): log it, reset like any other
        show_error(board, bytearray(FRAME_BYTES), e, "run")
    finally:
        import asyncio

        asyncio.new_event_loop()  # asyncio's state survives a soft reset: a fresh loop
    board.reset()
