"""The board headless with its Wi-Fi server on loopback: ``tools/sim.py --serve PORT``.

    run_serve(8080, "/tmp/peg", site_dir)      # until stopped (Ctrl-C, a signal)

The firmware's App on a PC board whose clock is the real one, turned by app.main's loop (the
board's own asyncio skeleton), with live.server.serve as the one more task beside it, as on a
Pico W. Prints ``http://127.0.0.1:PORT/`` once listening, then ``display: <line>`` for each
of the display's 8 lines whenever the board's display changes (the pairing code shows there,
as a person reads it off the board). A power cut is the process killed and started again on
the same state folder. After an uncaught error the board shows it for 3 s and boots again as
after its watchdog reset, with a fresh hub (paired phones pair again, as on the board).
``heap_ms``: on MicroPython, also print ``heap-board: <bytes free>`` after the board's boot,
before anything of the server is loaded, then ``heap: <bytes free>`` every heap_ms (each
after a collection: the fuzz test's and the benchmark's measure).
Runs on CPython and on the MicroPython unix port.
SPDX-License-Identifier: MIT
"""

import os
import sys
import time

from app import ERROR_SHOW_MS, RESET_POWER, RESET_WATCHDOG, boot, main
from compat import ticks_ms

from tools.board.pcboard import PCBoard
from tools.simulator.lock import exists

HOST = "127.0.0.1"


def say(text):
    """One line on stdout, at once (a test reads it as it comes)."""
    sys.stdout.write(text + "\n")
    if hasattr(sys.stdout, "flush"):
        sys.stdout.flush()


class PrintedDisplay:
    """The board's text display, printed: 8 ``display: `` lines each time it changes."""

    def __init__(self):
        self.lines = [""] * 8
        self.held = True  # until the address line is out: the first line is the address

    def show_lines(self, lines):
        lines = list(lines)
        if lines == self.lines:
            return
        self.lines = lines
        if not self.held:
            self._print()

    def release(self):
        """The address is printed: the display's lines from now on (these first)."""
        self.held = False
        self._print()

    def _print(self):
        for line in self.lines:
            say("display: " + line)


class ServedBoard(PCBoard):
    """A PCBoard on the real clock (ticks_ms, the date for the records), its display printed."""

    def __init__(self, state_dir, cause, display):
        PCBoard.__init__(self, state_dir, 0, cause, display=False)
        self.display = display

    def ticks_ms(self):
        return ticks_ms()

    def seconds(self):
        return int(time.time())


SITE = "/build/board-site"  # the board's copy of the page (make board-site)


def default_site(root):
    """The board's copy of the page under root (built first on CPython if absent), or None:
    then only the API is served, and stderr says how to build the page."""
    site = root + SITE
    if exists(site + "/index.html"):
        return site
    if sys.implementation.name != "micropython":
        import subprocess

        cmd = [sys.executable, "-m", "tools.web.build", "--board", site]
        done = subprocess.run(cmd, cwd=root, capture_output=True, check=False)
        if done.returncode == 0 and exists(site + "/index.html"):
            return site
    print("sim.py: no page to serve (build it: make board-site);"
          " serving the API only", file=sys.stderr)  # fmt: skip
    return None


async def _serve_board(port, state_dir, site_dir, heap_ms):
    import asyncio

    display = PrintedDisplay()
    cause = RESET_POWER
    tasks = []  # the server's and the heap log's (references kept: docs/DESIGN.md)
    holder = []

    def started(srv):
        holder.append(srv)
        say("http://{}:{}/".format(HOST, port))
        display.release()

    heap = heap_ms and sys.implementation.name == "micropython"
    while True:
        board = ServedBoard(state_dir, cause, display)
        app = boot(board)
        if heap and not tasks:  # the board alone, before anything of the server is loaded
            tasks.append(asyncio.create_task(_heap_log(heap_ms, _free())))
        if app is not None:
            from live.hub import Hub
            from live.server import serve

            hub = Hub(app, os.urandom)
            if holder:  # booted again after an error: the same server, the new hub
                holder[0].attach(hub)
            else:
                srv = serve(hub, HOST, port, site_dir, started=started,  # errors: the board's log
                            address=lambda: HOST)  # fmt: skip
                tasks.append(asyncio.create_task(srv))
            await main(app, ERROR_SHOW_MS)  # returns the error that stopped the app
        else:
            await asyncio.sleep(ERROR_SHOW_MS / 1000)
        cause = RESET_WATCHDOG


def _free():
    import gc

    gc.collect()
    return gc.mem_free()


async def _heap_log(every_ms, board_free):
    import asyncio

    await asyncio.sleep_ms(every_ms)  # (the address line comes first)
    say("heap-board: {}".format(board_free))
    while True:
        say("heap: {}".format(_free()))
        await asyncio.sleep_ms(every_ms)


def port_free(port):
    """True if HOST:port can be listened on now (else the server could never start)."""
    import socket

    s = socket.socket()
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(socket.getaddrinfo(HOST, port)[0][-1])
        return True
    except OSError:
        return False
    finally:
        s.close()


def run_serve(port, state_dir, site_dir, heap_ms=0):
    """Serve the board until stopped; 0 after Ctrl-C, 2 if the port is taken."""
    import asyncio

    if not port_free(port):
        print("sim.py: port {} on {} is in use: give another --serve PORT".format(port, HOST),
              file=sys.stderr)  # fmt: skip
        return 2

    try:
        asyncio.run(_serve_board(port, state_dir, site_dir, heap_ms))
    except KeyboardInterrupt:
        return 0
    finally:
        asyncio.new_event_loop()
    return 0
