"""The file operations the scorekeeper uses, passed in so tests can cut the power anywhere.

A file-ops object has these methods (paths are plain strings, ``folder + "/" + name``):

    read(path) -> bytes, or None when the file does not exist
    write(path, data)       create or truncate, write all, flush and sync, close
    append(path, data)      append all, flush and sync, close
    rename(src, dst)        move src onto dst, replacing dst if it exists
    remove(path)            delete (OSError if missing)
    exists(path) -> bool
    listdir(folder) -> list of names
    mkdir(folder)           create the folder if it is missing
    sync()                  push everything to the medium (no-op where there is nothing to do)

``FileOps`` implements them over ``os`` and ``open`` on CPython and MicroPython alike:
MicroPython's OSError carries only an errno (no FileNotFoundError), compared here with the
``errno`` module's names, never with numbers, which differ between platforms (the web board,
tools/web/py/webfs.py, brings its own file operations: the WebAssembly port's file system is
memory only, and raises Emscripten's numbers). MicroPython has no ``os.path`` and no
``os.replace``; littlefs and POSIX rename onto an existing file, FAT does not, so ``rename``
falls back to remove-then-rename (the loader repairs that window, see atomic.py).
SPDX-License-Identifier: MIT
"""

import errno
import os

ENOENT = errno.ENOENT
EEXIST = errno.EEXIST

# CPython has os.replace (the portable atomic rename, also on Windows); MicroPython does not.
_replace = getattr(os, "replace", os.rename)
# CPython flushes one file with fsync; MicroPython has no fsync but os.sync() on the board.
_FSYNC = getattr(os, "fsync", None)
_SYNC_ALL = None if _FSYNC else getattr(os, "sync", None)


def join(folder, name):
    """folder/name without os.path; an empty folder means the current one."""
    if not folder:
        return name
    if folder.endswith("/"):
        return folder + name
    return folder + "/" + name


class FileOps:
    """File operations over the real file system (the board's flash, or a PC folder)."""

    def read(self, path):
        try:
            f = open(path, "rb")
        except OSError as e:
            if e.errno == ENOENT:
                return None
            raise
        try:
            return f.read()
        finally:
            f.close()

    def write(self, path, data):
        self._put(path, "wb", data)

    def append(self, path, data):
        self._put(path, "ab", data)

    def _put(self, path, mode, data):
        f = open(path, mode)
        try:
            f.write(data)
            f.flush()
            if _FSYNC:  # CPython: the bytes reach the disk, not just the OS cache
                _FSYNC(f.fileno())
        finally:
            f.close()  # littlefs commits the file on close
        self.sync()

    def rename(self, src, dst):
        try:
            _replace(src, dst)
        except OSError:
            # FAT (and Windows without os.replace) refuse to rename onto an existing file.
            if not self.exists(dst) or not self.exists(src):
                raise
            os.remove(dst)
            os.rename(src, dst)
        self.sync()
        if _FSYNC:
            _sync_folder(dst)

    def remove(self, path):
        os.remove(path)

    def exists(self, path):
        try:
            os.stat(path)
            return True
        except OSError:
            return False

    def listdir(self, folder):
        return os.listdir(folder or ".")

    def mkdir(self, folder):
        if not folder or self.exists(folder):
            return
        try:
            os.mkdir(folder)
        except OSError as e:
            if e.errno != EEXIST:
                raise

    def sync(self):
        # MicroPython: littlefs has committed on close; this flushes the block device.
        if _SYNC_ALL:
            _SYNC_ALL()


def _sync_folder(path):
    """CPython on POSIX: make a rename durable by syncing the folder that holds it."""
    if _FSYNC is None:
        return
    folder = path.rsplit("/", 1)[0] if "/" in path else "."
    try:
        fd = os.open(folder, os.O_RDONLY)  # type: ignore[attr-defined]  # CPython's os
    except (OSError, AttributeError):  # Windows cannot open a folder; nothing to do there
        return
    try:
        _FSYNC(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
