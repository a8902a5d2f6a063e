"""What the tool does on a board, as snippets run through a Link.

    info = board_info(link)             # BoardInfo: MicroPython version, .mpy version, ...
    files, dirs = tree(link)            # {path: DeviceFile(size, sha256)}, {folder paths}
    write_file(link, "/app.mpy", data)  # through a temporary name, then renamed over
    data = read_file(link, "/errors.log")

Paths on the board are absolute ("/modes/score.mpy"); the root folder is "".
SPDX-License-Identifier: MIT
"""

from dataclasses import dataclass

from tools.flashing import snippets

CHUNK = 256  # bytes per write (as mpremote's cp): small enough for any board's raw REPL
TEMP_SUFFIX = ".part"


@dataclass(frozen=True)
class BoardInfo:
    name: str  # "micropython" (or "circuitpython" ...)
    version: tuple  # (1, 28, 0)
    mpy: int  # sys.implementation._mpy: low byte the .mpy version, 0 if unknown
    platform: str  # "rp2"
    machine: str  # "Raspberry Pi Pico with RP2040"
    free: int  # bytes free on the filesystem, -1 if unknown

    @property
    def version_text(self):
        return ".".join(str(n) for n in self.version)

    @property
    def mpy_version(self):
        return self.mpy & 0xFF

    def describe(self):
        return f"MicroPython {self.version_text} on {self.machine or self.platform}"


@dataclass(frozen=True)
class DeviceFile:
    size: int
    sha256: str | None  # None: listed but not hashed (protected folders)


def board_info(link):
    name, version, mpy, platform, machine, free = link.eval(snippets.INFO)
    return BoardInfo(name, tuple(version), mpy, platform, machine, free)


def tree(link, roots=("",), nohash=()):
    """The files (with sha256 unless under a `nohash` folder) and folders under `roots`."""
    out = link.run(snippets.TREE % (list(roots), list(nohash), list(nohash)))
    files, dirs = {}, set()
    for line in out.splitlines():
        if line.startswith("D "):
            dirs.add(line[2:])
        elif line.startswith("F "):
            _, size, digest, path = line.split(" ", 3)
            files[path] = DeviceFile(int(size), None if digest == "-" else digest)
    return files, dirs


def write_file(link, path, data, chunk=CHUNK):
    """Write `data` to `path` (its folder must exist); the old file stays until the end."""
    temp = path + TEMP_SUFFIX
    link.run(snippets.WRITE_OPEN % temp)
    for start in range(0, len(data), chunk):
        link.run(snippets.WRITE_CHUNK % (data[start : start + chunk],))
    link.run(snippets.WRITE_CLOSE % (temp, path, path, temp, path))


def read_file(link, path, chunk=CHUNK):
    link.run(snippets.READ_OPEN % path)
    data = bytearray()
    while True:
        piece = link.eval(snippets.READ_CHUNK % chunk)
        if not piece:
            break
        data += piece
    link.run(snippets.READ_CLOSE)
    return bytes(data)


def make_dirs(link, dirs):
    """Create folders, parents first; existing ones are fine."""
    if dirs:
        link.run(snippets.MAKE_DIRS % sorted(dirs, key=lambda d: d.count("/")))


def remove_files(link, paths):
    if paths:
        link.run(snippets.REMOVE_FILES % sorted(paths))


def remove_dirs(link, dirs):
    """Remove empty folders, deepest first."""
    if dirs:
        link.run(snippets.REMOVE_DIRS % sorted(dirs, key=lambda d: -d.count("/")))


def probe_i2c(link, bus, sda, scl, addr):
    """True if something answers at `addr` on the I2C bus."""
    return link.run(snippets.PROBE_I2C % (addr, bus, sda, scl)).strip() == "True"
