"""The fake Pico's filesystem: littlefs as MicroPython's `os` and `open` show it.

Paths are absolute ("/ui/score.mpy"); the root folder is "". Errors are OSError(errno) with
MicroPython's numbers (ENOENT 2, EEXIST 17, ENOTDIR 20, EISDIR 21, ENOSPC 28, ENOTEMPTY 39).
Every file takes whole 4 KB blocks of `capacity`, as on the rp2's littlefs. A file opened for
writing is changed as it is written (so a board unplugged mid-write keeps a partial file).
"""

import errno

BLOCK = 4096
DIR, FILE = 0x4000, 0x8000


def _err(code):
    return OSError(code, errno.errorcode[code])


class FakeFS:
    def __init__(self, files=None, capacity=1408 * 1024):
        self.files = {}  # path -> bytearray
        self.dirs = {""}
        self.capacity = capacity
        for path, data in (files or {}).items():
            self.put(path, data)

    def put(self, path, data):
        """Test setup: write a file, making its folders."""
        parts = path.split("/")[1:-1]
        for i in range(1, len(parts) + 1):
            self.dirs.add("/" + "/".join(parts[:i]))
        self.files[path] = bytearray(data)

    @staticmethod
    def norm(path):
        path = str(path)
        if not path.startswith("/"):
            path = "/" + path
        return path.rstrip("/")

    def isfile(self, path):
        return self.norm(path) in self.files

    def parent_ok(self, path):
        parent = path.rsplit("/", 1)[0]
        if parent not in self.dirs:
            raise _err(errno.ENOTDIR if parent in self.files else errno.ENOENT)

    def used(self):
        return sum(max(1, -(-len(d) // BLOCK)) for d in self.files.values()) * BLOCK

    def open(self, path, mode="r", *args, **kwargs):
        path = self.norm(path)
        if path in self.dirs:
            raise _err(errno.EISDIR)
        if "r" in mode:
            if path not in self.files:
                raise _err(errno.ENOENT)
            return FakeFile(self, path, mode)
        self.parent_ok(path)
        if "w" in mode or path not in self.files:
            self.files[path] = bytearray()
        return FakeFile(self, path, mode)


class FakeFile:
    def __init__(self, fs, path, mode):
        self.fs, self.path, self.mode, self.pos = fs, path, mode, 0

    def read(self, n=-1):
        data = self.fs.files[self.path]
        end = len(data) if n is None or n < 0 else self.pos + n
        chunk = bytes(data[self.pos : end])
        self.pos += len(chunk)
        return chunk if "b" in self.mode else chunk.decode()

    def readinto(self, buf):
        chunk = self.read(len(buf)) if "b" in self.mode else b""
        buf[: len(chunk)] = chunk
        return len(chunk)

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        self.fs.files[self.path] += data
        if self.fs.used() > self.fs.capacity:
            del self.fs.files[self.path][-len(data) :]
            raise _err(errno.ENOSPC)
        return len(data)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class FakeOS:
    """The `os` module of the fake board."""

    sep = "/"

    def __init__(self, fs):
        self.fs = fs

    def ilistdir(self, path=""):
        path = self.fs.norm(path) if path else ""
        if path not in self.fs.dirs:
            raise _err(errno.ENOTDIR if path in self.fs.files else errno.ENOENT)
        inside = path + "/"
        found = []
        for d in sorted(self.fs.dirs):
            if d.startswith(inside) and "/" not in d[len(inside) :]:
                found.append((d[len(inside) :], DIR, 0, 0))
        for f in sorted(self.fs.files):
            if f.startswith(inside) and "/" not in f[len(inside) :]:
                found.append((f[len(inside) :], FILE, 0, len(self.fs.files[f])))
        return iter(found)

    def listdir(self, path=""):
        return [entry[0] for entry in self.ilistdir(path)]

    def stat(self, path):
        path = self.fs.norm(path) if path != "/" else ""
        if path in self.fs.dirs:
            return (DIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if path in self.fs.files:
            return (FILE, 0, 0, 0, 0, 0, len(self.fs.files[path]), 0, 0, 0)
        raise _err(errno.ENOENT)

    def statvfs(self, path):
        total = self.fs.capacity // BLOCK
        free = (self.fs.capacity - self.fs.used()) // BLOCK
        return (BLOCK, BLOCK, total, free, free, 0, 0, 0, 0, 255)

    def mkdir(self, path):
        path = self.fs.norm(path)
        if path in self.fs.dirs or path in self.fs.files:
            raise _err(errno.EEXIST)
        self.fs.parent_ok(path)
        self.fs.dirs.add(path)

    def rmdir(self, path):
        path = self.fs.norm(path)
        if path not in self.fs.dirs:
            raise _err(errno.ENOTDIR if path in self.fs.files else errno.ENOENT)
        if any(p.startswith(path + "/") for p in list(self.fs.files) + list(self.fs.dirs)):
            raise _err(errno.ENOTEMPTY)
        self.fs.dirs.discard(path)

    def remove(self, path):
        path = self.fs.norm(path)
        if path in self.fs.dirs:
            self.rmdir(path)  # littlefs removes an empty folder too
        elif path in self.fs.files:
            del self.fs.files[path]
        else:
            raise _err(errno.ENOENT)

    def rename(self, old, new):
        old, new = self.fs.norm(old), self.fs.norm(new)
        if old not in self.fs.files:
            raise _err(errno.ENOENT)
        self.fs.parent_ok(new)
        if new in self.fs.dirs:
            raise _err(errno.EISDIR)
        self.fs.files[new] = self.fs.files.pop(old)  # replaces `new`, as littlefs does
