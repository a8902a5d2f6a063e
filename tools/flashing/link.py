"""The board's raw REPL over mpremote's SerialTransport, and nothing more.

    link = connect("/dev/ttyACM0")      # or "socket://127.0.0.1:PORT": pyserial URLs work too
    out = link.run("print(1 + 1)")      # the code's output; BoardError if it raised
    link.doing = "copying 3/9 app.mpy"  # named in the error if the board goes away now
    link.reset()                        # hard reset (the link is closed afterwards)

Every failure of the serial line becomes one FlashError: PortUnavailable (cannot open),
NotMicroPython (no raw REPL), LinkLost (gone or silent). The transport is anything with
SerialTransport's exec_raw / exec_raw_no_follow / enter_raw_repl / exit_raw_repl / close, so
tests stand a fake in for it (host_tests/fake_pico.py).
SPDX-License-Identifier: MIT
"""

import ast
import contextlib
import io
import os

from tools.flashing import snippets
from tools.flashing.errors import BoardError, LinkLost, NotMicroPython, PortUnavailable

BAUD = 115200
EXEC_TIMEOUT = 10  # seconds of silence before a board counts as gone (mpremote's default)
RAW_REPL_TIMEOUT = 10
# A slow board (the emulated Pico runs ~20x slower than a real one, more on a busy machine)
# sets PICOPEG_BOARD_PATIENCE=N to wait N times as long before it counts as gone.
PATIENCE_VAR = "PICOPEG_BOARD_PATIENCE"


def patience(seconds):
    """`seconds` of silence, stretched by PICOPEG_BOARD_PATIENCE for a slow board."""
    try:
        scale = max(1, int(os.environ.get(PATIENCE_VAR, "1")))
    except ValueError:
        scale = 1
    return seconds * scale


AGAIN = "reconnect it and try again"


def _transport_errors():
    from mpremote.transport import TransportError

    return TransportError


class Link:
    """A board in the raw REPL."""

    def __init__(self, transport, port):
        self.transport = transport
        self.port = port
        self.doing = ""  # what is under way, for the message if the board disappears
        self.after_loss = AGAIN

    def run(self, code, timeout=EXEC_TIMEOUT):
        """Run `code` on the board; return what it printed (str)."""
        transport_error = _transport_errors()
        try:
            out, err = self.transport.exec_raw(code, timeout=patience(timeout))
        except transport_error as e:
            raise self.lost("stopped answering") from e
        except OSError as e:  # pyserial's SerialException is an OSError: the line is gone
            raise self.lost("disconnected") from e
        if err:
            raise board_error(err.decode("utf-8", "replace"), self.doing)
        return out.decode("utf-8", "replace")

    def eval(self, code):
        """Run `code`, which prints one repr(); return the value."""
        return ast.literal_eval(self.run(code).strip())

    def reset(self):
        """Hard-reset the board (it drops off USB and boots main.py) and close the link."""
        with contextlib.suppress(OSError, _transport_errors()):
            self.transport.exec_raw_no_follow(snippets.RESET)
        self.transport.in_raw_repl = False
        self._close()

    def close(self):
        """Leave the raw REPL (the board stays at its REPL) and close the port."""
        with contextlib.suppress(OSError, _transport_errors()):
            if self.transport.in_raw_repl:
                self.transport.exit_raw_repl()
        self._close()

    def _close(self):
        with contextlib.suppress(OSError, _transport_errors()):
            self.transport.close()

    def lost(self, what):
        during = f" while {self.doing}" if self.doing else ""
        return LinkLost(f"the board {what}{during}: {self.after_loss}")


def board_error(traceback, doing=""):
    """A BoardError naming the traceback's last line (ENOSPC gets its own words)."""
    last = BoardError("", traceback).last_line
    during = f" while {doing}" if doing else ""
    if "ENOSPC" in last or "[Errno 28]" in last:
        return BoardError(
            f"the board's filesystem is full{during}: make backup, then remove files with "
            "make repl (os.remove) or erase the board (docs/FLASHING.md)",
            traceback,
        )
    return BoardError(f"the board raised {last}{during}", traceback)


def connect(port, factory=None, hint=None):
    """Open `port`, interrupt what runs there, enter the raw REPL (soft reset) and stop the
    watchdog; `factory(port, baudrate=...)` makes the transport (SerialTransport by default)."""
    transport_error = _transport_errors()
    if factory is None:
        from mpremote.transport_serial import SerialTransport

        factory = SerialTransport
    # SerialTransport prints what it received when the raw REPL fails: keep it off the screen.
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            transport = factory(port, baudrate=BAUD)
        except (transport_error, OSError, ValueError) as e:
            raise PortUnavailable(unavailable(port)) from e
        try:
            transport.enter_raw_repl(soft_reset=True, timeout_overall=patience(RAW_REPL_TIMEOUT))
        except transport_error as e:
            with contextlib.suppress(OSError, transport_error):
                transport.close()
            if hint is None:
                from tools.flashing.ports import not_micropython_hint

                hint = not_micropython_hint()
            raise NotMicroPython(
                f"{port} did not answer as a MicroPython board (no raw REPL): {hint}"
            ) from e
        except OSError as e:
            raise LinkLost(f"the board on {port} disconnected while connecting: {AGAIN}") from e
    link = Link(transport, port)
    link.doing = "connecting"
    link.run(snippets.WATCHDOG_STOP)
    link.doing = ""
    return link


def unavailable(port):
    """Why `port` could not be opened, and what to do about it."""
    if "://" in port:
        return (
            f"nothing answers at {port}: is the board (or the emulator: make emu-serve) running?"
        )
    if not os.path.exists(port) and port.startswith("/dev/"):
        return f"no serial port {port}: is the board plugged in? (PORT=auto finds it)"
    if os.path.exists(port) and not os.access(port, os.R_OK | os.W_OK):
        return (
            f"permission denied on {port}: add yourself to the dialout group "
            "(sudo usermod -aG dialout $USER), then log out and in again"
        )
    return (
        f"cannot open {port}: it is busy or gone; close any other program using it (Thonny, "
        "a REPL, screen, another mpremote) and try again"
    )
