"""Third-party MicroPython files from PyPI at build time, pinned by version and hash.

    SSD1306 = Pinned("micropython-ssd1306", "0.3", SDIST_SHA256, {"ssd1306.py": FILE_SHA256})
    folder = SSD1306.fetch()            # ~/.cache/picopeg/drivers/micropython-ssd1306-0.3/
    MICRODOT = Pinned("microdot", "2.7.0", WHEEL_SHA256, ("microdot/__init__.py", ...), wheel=True)
    folder = MICRODOT.fetch()           # .../microdot-2.7.0/microdot/__init__.py, ...

The repository holds no copy of them (docs/DESIGN.md: third-party code comes from a registry).
pip fetches the archive with `pip download --require-hashes`, which checks its SHA-256 before
anything is unpacked, and only the files named are kept in the cache. An sdist in the old upip
format (no setup.py: micropython-ssd1306) is left unpacked by pip in the temporary folder this
module gives it (``--no-clean``), so each of its files is checked by its own SHA-256; a wheel
(microdot) is saved whole, checked again here by its hash and the named files read from it.
Stdlib only.
SPDX-License-Identifier: MIT
"""

import hashlib
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

MARK = ".pinned"  # in a cached folder: the archive's hash, written after every file


class DriverError(Exception):
    """A pinned package could not be had; str(e) says why and what to do, in one line."""


def default_cache():
    """$PICOPEG_DRIVER_CACHE, or the picopeg folder of the user's cache."""
    if os.environ.get("PICOPEG_DRIVER_CACHE"):
        return Path(os.environ["PICOPEG_DRIVER_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "picopeg" / "drivers"


def sha256(data):
    return hashlib.sha256(data).hexdigest()


class Pinned:
    """One package pinned by version and archive hash, and the files of it the board uses:
    a dict of path -> SHA-256 (each file checked), or a tuple of paths (a wheel: the wheel's
    hash covers them)."""

    def __init__(self, package, version, archive_sha256, files, *, wheel=False, what="package"):
        self.package = package
        self.version = version
        self.archive_sha256 = archive_sha256
        self.files = files
        self.wheel = wheel
        self.what = what  # for messages: "the display driver", "the web server library"
        self.name = f"{package} {version}"

    def folder(self, cache=None):
        return Path(cache or default_cache()) / f"{self.package}-{self.version}"

    def cached(self, cache=None):
        """The cached folder if every file is there (and each pinned file's hash matches)."""
        folder = self.folder(cache)
        checked = isinstance(self.files, dict)  # each file's own hash: no mark needed
        mark = folder / MARK
        if not checked and (not mark.is_file() or mark.read_text().strip() != self.archive_sha256):
            return None
        for path in self.files:
            f = folder / path
            if not f.is_file() or (checked and sha256(f.read_bytes()) != self.files[path]):
                return None
        return folder

    def fetch(self, cache=None, python=None, log=None):
        """The folder holding the pinned files (cached after the first fetch); DriverError
        if pip cannot get them."""
        folder = self.cached(cache)
        if folder is not None:
            return folder
        if log:
            log(f"fetching {self.what} ({self.name}, pinned by hash) with pip")
        with tempfile.TemporaryDirectory(prefix="picopeg-pinned-") as tmp:
            files, why = self._download(Path(tmp), python or sys.executable)
        if files is None:
            raise DriverError(f"could not fetch {self.what} {self.name} with pip ({why})")
        folder = self.folder(cache)
        for path, data in files.items():
            target = folder / path
            target.parent.mkdir(parents=True, exist_ok=True)
            part = target.with_name(target.name + ".part")
            part.write_bytes(data)
            os.replace(part, target)
        (folder / MARK).write_text(self.archive_sha256 + "\n")  # last: the folder is whole
        return folder

    def _download(self, tmp, python):
        """({path: bytes} of the pinned files, None), or (None, pip's last line)."""
        (tmp / "work").mkdir()
        req = tmp / "requirements.txt"
        req.write_text(f"{self.package}=={self.version} --hash=sha256:{self.archive_sha256}\n")
        form = ["--only-binary", ":all:"] if self.wheel else ["--no-binary", ":all:", "--no-clean"]
        cmd = [python, "-m", "pip", "download", "--no-deps", *form, "--require-hashes",
               "-r", str(req), "-d", str(tmp / "saved"), "--disable-pip-version-check",
               "--quiet"]  # fmt: skip
        env = dict(os.environ, TMPDIR=str(tmp / "work"), TEMP=str(tmp / "work"))
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
        except OSError as e:
            return None, f"{python} cannot run: {e.strerror}"
        found = self._from_wheel(tmp / "saved") if self.wheel else self._from_sdist(tmp)
        if found is not None:
            return found, None
        lines = [ln for ln in done.stderr.splitlines() if ln.strip() and "WARNING" not in ln]
        mismatch = any("HASHES" in ln for ln in lines)
        return None, "its hash does not match the pin" if mismatch else (
            lines[-1].strip() if lines else f"pip exited {done.returncode}"
        )

    def _from_wheel(self, saved):
        for whl in sorted(saved.glob("*.whl")):
            if sha256(whl.read_bytes()) != self.archive_sha256:  # checked here too
                continue
            with zipfile.ZipFile(whl) as z:
                names = set(z.namelist())
                if all(path in names for path in self.files):
                    return {path: z.read(path) for path in self.files}
        return None

    def _from_sdist(self, tmp):
        found = {}
        for path, want in self.files.items():
            base = path.rsplit("/", 1)[-1]
            for f in sorted(tmp.rglob(base)):  # the unpacked sdist (its hash checked first)
                if f.is_file() and sha256(f.read_bytes()) == want:
                    found[path] = f.read_bytes()
                    break
            for sdist in sorted((tmp / "saved").glob("*.tar.gz")):  # a pip that saves it
                if path in found:
                    break
                with tarfile.open(sdist) as tar:
                    for member in tar.getmembers():
                        if member.name.rsplit("/", 1)[-1] != base:
                            continue
                        fh = tar.extractfile(member)
                        data = fh.read() if fh else b""
                        if sha256(data) == want:
                            found[path] = data
                            break
        return found if len(found) == len(self.files) else None
