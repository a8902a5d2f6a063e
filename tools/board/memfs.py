"""An in-memory flash: every simulator script starts from an empty, fresh board.

The file-ops interface of scorekeeper/fileops.py over a dict, so a script's power cut boots
the new app on the same files without touching the disk. Runs under CPython and MicroPython.
Also the files in RAM of tools/bench/bench_app.py and the base of the tests' power-cut FakeFS
(tools/board/testkit.py).
SPDX-License-Identifier: MIT
"""

ENOENT = 2


class MemFS:
    """Files in a dict, path -> bytes (a copy of ``files`` when given)."""

    def __init__(self, files=None):
        self.files = dict(files) if files else {}

    def read(self, path):
        data = self.files.get(path)
        return None if data is None else bytes(data)

    def write(self, path, data):
        self.files[path] = bytes(data)

    def append(self, path, data):
        self.files[path] = self.files.get(path, b"") + bytes(data)

    def rename(self, src, dst):
        if src not in self.files:
            raise OSError(ENOENT)
        self.files[dst] = self.files.pop(src)

    def remove(self, path):
        if path not in self.files:
            raise OSError(ENOENT)
        del self.files[path]

    def exists(self, path):
        return path in self.files

    def listdir(self, folder):
        prefix = folder + "/"
        return sorted(p[len(prefix) :] for p in self.files if p.startswith(prefix))

    def mkdir(self, folder):
        pass

    def sync(self):
        pass
