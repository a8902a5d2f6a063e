"""The part of hal.Board's interface that a board without the hardware only records.

    class PCBoard(StubBoard): ...      # tools/board/pcboard.py, tools/web/py/webboard.py

The PC's stand-in and the browser's board have no watchdog to start and nothing to reset:
they note what the app asked (the tests and the page read it), in one place. They share the
Pico's tick period too (``ticks_ms`` wraps at 2**30). Not imported on the Pico: hal.Board
has the real parts.
SPDX-License-Identifier: MIT
"""

TICKS_MASK = (1 << 30) - 1  # the Pico's ticks_ms wraps at 2**30


class StubBoard:
    """reset_cause, the watchdog and reset, as records: ``cause``, ``watchdog_ms`` (0: not
    started), ``feeds``, ``resets``; ``writes`` counts the frames written."""

    def __init__(self, cause):
        self.cause = cause
        self.watchdog_ms = 0
        self.feeds = 0
        self.resets = 0
        self.writes = 0

    def reset_cause(self):
        return self.cause

    def watchdog_start(self, ms):
        self.watchdog_ms = ms

    def watchdog_feed(self):
        self.feeds += 1

    def watchdog_stop(self):
        self.watchdog_ms = 0

    def reset(self):
        self.resets += 1
