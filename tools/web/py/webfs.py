"""The web board's file operations: the scorekeeper's files kept in the browser's storage.

The file-ops interface of scorekeeper/fileops.py (read, write, append, rename, remove,
exists, listdir, mkdir, sync) over a *store*, the page's persistent storage (the page's
``webhost`` module over localStorage; a dict in the tests). One path is one storage key,
``"picopeg" + path``, whose value holds the file's bytes. Bytes cross between MicroPython
and JavaScript as hex, since the wasm port passes no bytes and cuts strings at a NUL:

    store.get(key) -> hex of the bytes, or None       store.keys(prefix) -> "k1\\nk2..."
    store.put(key, hex) -> status                      store.append(key, hex) -> status
    store.drop(key) -> status                          store.copy(src, dst) -> status
    status: OK, LOST (another tab owns the game now) or FULL (no room)

Each put, append and drop is one storage write, whole or not at all, as one littlefs
commit is; a rename is a copy to the new name then a drop of the old one, so a power cut
between them leaves both (old name and new name holding the new bytes), which the
scorekeeper's start-up already repairs (atomic.take_tmp removes the tmp). Only the
power-cut control tears a write: ``cut = n`` lets n more units of work reach the storage (a
byte written or appended is one unit, a rename two: its copy and its drop, a remove one) and
then raises PowerLost, which no ``except Exception`` in the firmware catches: the app stops
right there, as a board whose power fails mid-write (the first n bytes of a write stored).
SPDX-License-Identifier: MIT
"""

import errno
from binascii import hexlify, unhexlify

ENOSPC = getattr(errno, "ENOSPC", 28)  # MicroPython's errno has no ENOSPC; POSIX's number
PREFIX = "picopeg"
OK = 0
LOST = 1
FULL = 2


class PowerLost(BaseException):
    """The power failed inside a file operation (the power-cut control)."""


class TabLost(BaseException):
    """Another tab took this game over: stop without writing anything more."""


def _hex(data):
    return hexlify(data).decode()


class WebFS:
    """Files in the page's storage; see the module docstring."""

    def __init__(self, store, prefix=PREFIX):
        self.store = store
        self.prefix = prefix
        self.cut = None  # None, or the byte the next write is torn at (the power-cut control)
        self.writes = 0  # storage writes done (puts, appends, drops)

    def _key(self, path):
        return self.prefix + path

    def _check(self, status):
        self.writes += 1
        if status == LOST:
            raise TabLost()
        if status == FULL:
            raise OSError(ENOSPC, "the storage is full")

    def _spend(self, units):
        """How many of units the power lasts for (all of them when no cut is armed)."""
        if self.cut is None:
            return units
        k = min(units, self.cut)
        self.cut -= k
        return k

    def _start(self):
        if self.cut == 0:  # the power failed before this operation
            self.cut = None
            raise PowerLost()

    def _lost_if_short(self, done, units):
        if done < units:
            self.cut = None
            raise PowerLost()

    def read(self, path):
        value = self.store.get(self._key(path))
        if value is None:
            return None
        try:
            return unhexlify(value)
        except ValueError:  # the page always sends whole hex; anything else reads as damage
            return value.encode()

    def write(self, path, data):
        self._start()
        k = self._spend(len(data))
        self._check(self.store.put(self._key(path), _hex(data[:k])))
        self._lost_if_short(k, len(data))

    def append(self, path, data):
        self._start()
        k = self._spend(len(data))
        if k:
            self._check(self.store.append(self._key(path), _hex(data[:k])))
        self._lost_if_short(k, len(data))

    def rename(self, src, dst):
        s, d = self._key(src), self._key(dst)
        value = self.store.get(s)
        if value is None:
            raise OSError(errno.ENOENT, "no file " + src)
        if s == d:
            return
        self._start()
        self._spend(1)
        self._check(self.store.copy(s, d))  # the value as stored: a foreign one stays as it was
        self._lost_if_short(self._spend(1), 1)  # between the put and the drop: both there
        self._check(self.store.drop(s))

    def remove(self, path):
        key = self._key(path)
        if self.store.get(key) is None:
            raise OSError(errno.ENOENT, "no file " + path)
        self._start()
        self._spend(1)
        self._check(self.store.drop(key))

    def exists(self, path):
        return self.store.get(self._key(path)) is not None

    def listdir(self, folder):
        prefix = self._key(folder.rstrip("/") + "/")
        names = []
        for key in self.store.keys(prefix).split("\n"):
            name = key[len(prefix) :]
            if key.startswith(prefix) and name and "/" not in name:
                names.append(name)
        names.sort()
        return names

    def mkdir(self, folder):
        pass  # folders are only prefixes of keys

    def sync(self):
        pass  # every storage write is already whole
