"""The Pico W's part of the boot: the radio, the live hub and its server (issue 19).

    app.run(board, start=wifi.start)   # main.py, on a board whose hal says wireless():
                                       # start(app) gives the guests (coroutines) to run

main.py imports this only where ``board.wireless()`` (a Pico W, or a board holding the W's
files from make flash), so a plain Pico loads none of it. With Wi-Fi off in Settings
(``app.wifi``, read here at power-on) or no radio on the board, nothing more is imported: the
view's ``radio`` says so to the Settings (ui.wifiopts) and the game runs as on a plain Pico.
Otherwise the radio comes up (hal/radio.py: the access point, or a home network joined in the
background), the hub becomes ``app.remote`` and the radio's watch runs as a guest, with the
server as its task: their errors go to the error log and end there (app.py), never stopping
the game. Wi-Fi turned off in Settings stops the server and the radio at once; turned on, it
starts at the next power-on.
SPDX-License-Identifier: MIT
"""

from compat import print_exception
from ui.wifiopts import WIFI, Items, setting

PORT = 80


class Status:
    """The view's ``radio`` where it is not running: on -1 no radio, 0 Wi-Fi off."""

    def __init__(self, on, text):
        self.on = on
        self._lines = [text]

    def lines(self):
        return self._lines


def start(app):
    """Bring up the Wi-Fi for app (see the module docstring); return the guests to run.
    Whatever fails here is printed and shown, and the game runs without the Wi-Fi."""
    now = app.board.ticks_ms()
    try:
        return _start(app, now)
    except Exception as e:  # a radio or a server that will not start must not stop the game
        print_exception(e)
        app.remote = None
        app.view.radio = Items(Status(-1, "Wi-Fi failed"))
        note(app, ["Wi-Fi failed:", "board only", "(see the REPL)"], now)
        return ()


def _start(app, now):
    board = app.board
    if not setting(app.keeper, WIFI):
        app.view.radio = Items(Status(0, "Wi-Fi is off"))
        return ()
    radio = board.radio()
    if radio is None:  # the W's files on a board without the radio: say so, play on
        print("PicoPeg: no Wi-Fi radio on this board: it plays without the Wi-Fi")
        app.view.radio = Items(Status(-1, "no Wi-Fi radio"))
        note(app, ["no Wi-Fi radio:", "board only"], now)
        return ()
    app.view.radio = Items(radio)
    radio.start(now)
    note(app, radio.lines(), now)
    import os

    from live.hub import Hub
    from live.server import serve

    hub = app.remote = Hub(app, os.urandom)

    def server():
        return serve(hub, "0.0.0.0", PORT, board.site_dir, log=_log(board),
                     address=lambda: radio.address)  # fmt: skip

    return (watch(app, radio, server),)


def _log(board):
    def log(exc, where):  # the server's own errors, into the board's error log
        from errlog import append_error

        append_error(board.fs, board.log_path, exc, where)

    return log


async def watch(app, radio, server):
    """Run server() (its coroutine) as a task, follow the radio (a join, its fall back to the
    access point) and show each change; Wi-Fi turned off in Settings stops both at once."""
    import asyncio

    from radio import POLL_MS

    board = app.board
    task = asyncio.create_task(server())
    try:
        while setting(app.keeper, WIFI):
            if hasattr(asyncio, "sleep_ms"):
                await asyncio.sleep_ms(POLL_MS)
            else:  # pragma: no cover - CPython (the tests)
                await asyncio.sleep(POLL_MS / 1000)
            now = board.ticks_ms()
            try:
                if radio.poll(now):
                    note(app, radio.lines(), now)
            except OSError as e:  # the radio's driver: logged; the server goes on
                print_exception(e)
    finally:
        task.cancel()  # off, or the app stopped: the server's listener closes
    app.remote = None  # no more phone keys; the board's own keypad as on a plain Pico
    radio.stop()
    app.view.radio = Items(Status(0, "Wi-Fi is off"))
    note(app, ["Wi-Fi off"], board.ticks_ms())


def note(app, lines, now):
    """Show lines above the mode's until the next key, as the boot's note is shown."""
    ctl = app.ctl
    ctl.note = lines[:4]
    ctl.refresh(now)
    app._text_dirty = True
