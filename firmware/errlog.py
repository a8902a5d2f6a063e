"""The error log on the board's flash: what crashed, for ``mpremote`` to read (``make logs``).

    append_error(fs, "/errors.log", exc, "uptime 123456 ms")

Each entry starts with a line ``=== <when>`` and holds the traceback as MicroPython prints it.
The file never grows past ``LOG_MAX`` bytes: the oldest entries go first, the newest stays
(cut to fit if it alone is too long). It is replaced whole (temp file + rename), so a power
cut while logging leaves the old log or the new one.
SPDX-License-Identifier: MIT
"""

import io

from compat import const, print_exception
from scorekeeper.atomic import write_atomic

LOG_MAX = const(4096)
MARK = b"=== "


def format_error(exc, when):
    """The log entry for exc: a header line, then the traceback."""
    buf = io.StringIO()
    print_exception(exc, buf)
    return "=== {}\n{}".format(when, buf.getvalue())


def trim(data, limit=LOG_MAX):
    """The newest whole entries of data that fit in limit bytes."""
    if len(data) <= limit:
        return data
    start = len(data) - limit
    cut = data.find(b"\n" + MARK, start - 1)
    if cut < 0:  # one entry longer than the limit: keep its tail
        return data[start:]
    return data[cut + 1 :]


def append_error(fs, path, exc, when, limit=LOG_MAX):
    """Add an entry for exc to the log at path; return the entry's text."""
    entry = format_error(exc, when)
    old = fs.read(path) or b""
    write_atomic(fs, path, trim(bytes(old) + entry.encode(), limit))
    return entry
