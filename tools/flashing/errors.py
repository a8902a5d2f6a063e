"""The errors a maker can fix: each message is one line that says what to do.

tools/flash.py prints the message (never a traceback) and exits with status 1.
SPDX-License-Identifier: MIT
"""

DOCS = "docs/FLASHING.md"
UF2_HINT = (
    "if it is a Pico, hold BOOTSEL while plugging it in and copy the MicroPython UF2 onto the "
    f"RPI-RP2 drive ({DOCS})"
)


class FlashError(Exception):
    """A problem with a clear remedy; str(e) is the whole message."""


class NoBoard(FlashError):
    """No MicroPython board among the serial ports."""


class ManyBoards(FlashError):
    """Two or more boards and no PORT= to choose one."""


class PortUnavailable(FlashError):
    """The port could not be opened: missing, busy or not permitted."""


class NotMicroPython(FlashError):
    """The port opened but nothing answered the raw REPL (or it is not MicroPython)."""


class TooOld(FlashError):
    """The board's MicroPython cannot run this firmware's .mpy files or modules."""


class FrozenFirmware(FlashError):
    """The board runs the PicoPeg UF2, whose frozen firmware would ignore copied files."""


class LinkLost(FlashError):
    """The board disconnected or stopped answering in the middle of something."""


class BoardError(FlashError):
    """Code raised on the board; `detail` keeps the board's traceback."""

    def __init__(self, message, detail=""):
        super().__init__(message)
        self.detail = detail

    @property
    def last_line(self):
        """The traceback's last line: 'ImportError: no module named 'app''."""
        lines = [line for line in self.detail.replace("\r", "").split("\n") if line.strip()]
        return lines[-1].strip() if lines else "an error"


class VerifyFailed(FlashError):
    """A file on the board does not hash like the local one after copying."""


class BuildError(FlashError):
    """mpy-cross is missing or refused a module."""


class BackupError(FlashError):
    """A backup folder that is missing, not a backup, or already used."""
