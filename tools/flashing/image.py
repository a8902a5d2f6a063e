"""The device image: what the board's root folder must hold after `make flash`.

    image = build(Path("firmware"), Path("build/device"), "mpy-cross")
    image.files        # {"/app.mpy": Path("build/device/app.mpy"), ..., "/main.py": ...}
    image.sha256("/app.mpy")

`make build`'s rule: every firmware module but main.py compiled with mpy-cross, main.py copied
as source (the rp2 port runs main.py as a .py only). Each module is compiled with `-s` and its
path on the board, so tracebacks in /errors.log name `modes/score.py`; a module with native code
(`@micropython.viper`, scorekeeper/crc_native.py) is compiled for the RP2040's Cortex-M0+
(`-march=armv6m`), the others carry no architecture (docs/DESIGN.md). The build is incremental
(a module is recompiled when its source or mpy-cross changes) and exact: a module removed
from firmware/ disappears from the image, and so (by the plan) from the board. Only a folder the
build made is cleaned (tools/outdir.py): an --out holding anything else is refused, and the
files a build removes from its own folder are named in its output.
SPDX-License-Identifier: MIT
"""

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from tools import outdir
from tools.flashing.errors import BuildError

MAIN = "main.py"
STAMPS = ".sources.json"  # {module: sha256 of its source}, and the mpy-cross version
SKIP_DIRS = ("__pycache__",)
NATIVE_MARKS = (b"@micropython.viper", b"@micropython.native")  # code mpy-cross compiles native
ARCH = "-march=armv6m"  # the RP2040 (the rp2 port freezes with the same flag)


def arch_args(source_bytes):
    """mpy-cross's architecture flag for a module's source: only where it has native code."""
    return [ARCH] if any(m in source_bytes for m in NATIVE_MARKS) else []


def is_native_mpy(mpy_bytes):
    """True for an .mpy holding native code (its header names an architecture): one only the
    board's processor runs (the browser's wasm port refuses it)."""
    return len(mpy_bytes) > 2 and mpy_bytes[0] == ord("M") and mpy_bytes[2] >> 2 != 0


class Image:
    """A built image: device path -> local file, with hashes computed once."""

    def __init__(self, root, files, mpy_version):
        self.root = root
        self.files = files
        self.mpy_version = mpy_version
        self._hashes = {}

    def sha256(self, path):
        if path not in self._hashes:
            self._hashes[path] = hashlib.sha256(self.files[path].read_bytes()).hexdigest()
        return self._hashes[path]

    def hashes(self):
        return {path: self.sha256(path) for path in self.files}

    def without(self, drop):
        """This image less the paths `drop(path)` is true for (a plain Pico: wireless.py)."""
        kept = {path: f for path, f in self.files.items() if not drop(path)}
        return Image(self.root, kept, self.mpy_version)

    def read(self, path):
        return self.files[path].read_bytes()

    def dirs(self):
        """Every folder the image's files need on the board ("/ui", ...)."""
        found = set()
        for path in self.files:
            parts = path.split("/")[1:-1]
            for i in range(1, len(parts) + 1):
                found.add("/" + "/".join(parts[:i]))
        return found


def sources(src):
    """The firmware's .py files, as sorted paths relative to `src` ("modes/score.py")."""
    found = []
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        rel = Path(dirpath).relative_to(src)
        found += [(rel / f).as_posix() for f in filenames if f.endswith(".py")]
    return sorted(found)


def mpy_cross_version(mpy_cross):
    """mpy-cross's version line; BuildError if it cannot run."""
    try:
        cmd = [str(mpy_cross), "--version"]
        done = subprocess.run(cmd, check=False, capture_output=True, text=True)
    except OSError as e:
        raise BuildError(f"mpy-cross not found at {mpy_cross}: run make venv") from e
    if done.returncode != 0:
        raise BuildError(f"{mpy_cross} --version failed: {done.stderr.strip()}")
    return done.stdout.strip()


def build(src, out, mpy_cross, log=print):
    """Compile `src` into `out` (incrementally); return the Image."""
    src, out = Path(src), Path(out)
    version = mpy_cross_version(mpy_cross)  # the inputs first: a build that cannot run
    if not (src / MAIN).is_file():  # touches no folder
        raise BuildError(f"{src} is not a firmware folder: it has no {MAIN}")
    stamps_path = out / STAMPS
    try:
        outdir.claim(out, "make build")  # before anything is written or removed
    except outdir.Refused as e:
        raise BuildError(str(e)) from None
    old = _load_stamps(stamps_path)
    if old.get("mpy-cross") != version:
        old = {}
    stamps = {"mpy-cross": version}
    files, compiled, modules = {}, 0, 0
    for rel in sources(src):
        data = (src / rel).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if rel == MAIN:
            target = out / MAIN
            if not target.exists() or target.read_bytes() != data:
                shutil.copyfile(src / rel, target)
        else:
            target = out / (rel[:-3] + ".mpy")
            if old.get(rel) != digest or not target.exists():
                compile_module(mpy_cross, src / rel, rel, target)
                compiled += 1
            stamps[rel] = digest
            modules += 1
        files["/" + target.relative_to(out).as_posix()] = target
    removed = len(outdir.prune(out, set(files.values()) | {stamps_path}, log))
    stamps_path.write_text(json.dumps(stamps, indent=0, sort_keys=True))
    log(
        f"build: {len(files)} files in {out} ({compiled} compiled with mpy-cross, "
        f"{modules - compiled} unchanged, main.py as source"
        + (f", {removed} stale removed)" if removed else ")")
    )
    return Image(out, files, mpy_version(files))


def compile_module(mpy_cross, source, rel, target):
    """mpy-cross `source` into `target`, naming it `rel` in tracebacks; BuildError if refused."""
    target.parent.mkdir(parents=True, exist_ok=True)
    cmd = [str(mpy_cross), *arch_args(Path(source).read_bytes()), "-s", rel, "-o", str(target),
           str(source)]  # fmt: skip
    try:
        done = subprocess.run(cmd, check=False, capture_output=True, text=True)
    except OSError as e:
        raise BuildError(f"mpy-cross not found at {mpy_cross}: run make venv") from e
    if done.returncode != 0:
        target.unlink(missing_ok=True)
        lines = (done.stderr or done.stdout).strip().splitlines() or ["no message"]
        raise BuildError(f"mpy-cross refused {rel}: {lines[-1]}")


def _load_stamps(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def mpy_version(files):
    """The .mpy format version of the image's compiled files (byte 1 of the header)."""
    for path in sorted(files):
        if path.endswith(".mpy"):
            header = files[path].read_bytes()[:2]
            if header[:1] != b"M":
                raise BuildError(f"{files[path]} is not an .mpy file: run make clean")
            return header[1]
    return 0
