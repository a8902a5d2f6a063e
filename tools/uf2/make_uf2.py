"""`make uf2`: PicoPeg frozen into MicroPython's rp2 firmware, one file to drag onto a Pico.

    .venv/bin/python -m tools.uf2.make_uf2 [--out build/picopeg.uf2] [--rebuild]

Builds the RPI_PICO firmware from the Debian sources that tools/emu pins (recipe.py), with
`manifest.py` beside this file frozen in: the rp2 port's own modules and every module of
firmware/, and the ssd1306 driver that tools/flashing/driver.py fetches from PyPI, pinned by
version and hash (the same file `make flash` copies to a board with a display). The board is
renamed "PicoPeg <version>, Raspberry Pi Pico", so the banner and os.uname() say which PicoPeg
runs (and firmware/main.py knows it is the UF2). The image is cached like the emulator's
(~/.cache/picopeg/emu/uf2/<key>/, $PICOPEG_EMU_CACHE), keyed by every file it is built from, so
a second build of the same sources is a copy; a first one takes a minute or two and shows its
progress. Two clean builds give the same bytes (tools/uf2/tests). Stdlib only, like
firmware_build.py.
"""

import argparse
import ast
import json
import shutil
import sys
import tempfile
from pathlib import Path

from tools.emu import firmware_build, recipe
from tools.emu.uf2 import FLASH_BASE, uf2_to_bin
from tools.flashing import driver
from tools.flashing.wonly import source_names

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

FIRMWARE = REPO / "firmware"
LIB = HERE / "micropython-lib"
NEOPIXEL = REPO / "tools" / "emu" / "frozen" / "neopixel.py"
FIRMWARE_BYTES = recipe.FS_START  # flash below the littlefs region: what the UF2 may use


def picopeg_version(path: Path = FIRMWARE / "version.py") -> str:
    """VERSION from firmware/version.py, read without importing it."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
            "VERSION"
        ]:
            return ast.literal_eval(node.value)
    raise SystemExit(f"no VERSION in {path}")


def board_name(version: str) -> str:
    return f"PicoPeg {version}, Raspberry Pi Pico"


def _files(root: Path, pattern: str) -> list[Path]:
    return sorted(p for p in root.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts)


def display_driver(log=None) -> Path:
    """The pinned ssd1306.py (tools/flashing/driver.py), fetched with the venv's pip if there
    is one, else this Python's: the one file `make flash` copies too."""
    venv = REPO / ".venv" / "bin" / "python"
    return driver.fetch(python=str(venv) if venv.exists() else sys.executable, log=log)


def spec(manifest: Path | None = None) -> "firmware_build.Spec":
    """The UF2's build: its manifest, and every file whose bytes end up in (or shape) it."""
    inputs = [HERE / "manifest.py", Path(__file__).resolve(), NEOPIXEL]
    inputs += _files(LIB, "*") + _files(FIRMWARE, "*.py")
    labelled = tuple((p.relative_to(REPO).as_posix(), p) for p in inputs)
    labelled += ((f"{driver.NAME}: {driver.FILE}", display_driver()),)
    return firmware_build.Spec(
        "uf2", manifest or HERE / "manifest.py", labelled, LIB, board_name(picopeg_version())
    )


def with_driver(folder: Path) -> Path:
    """A manifest in `folder`: manifest.py beside this file, and the fetched driver frozen as
    the module `ssd1306` (its place in the cache is known only at build time)."""
    path = folder / "manifest.py"
    path.write_text(
        f"include({str(HERE / 'manifest.py')!r}, exclude={source_names()!r})\n"
        f"module({driver.FILE!r}, base_path={str(display_driver().parent)!r}, opt=3)\n"
    )
    return path


def check_fits(image: bytes) -> int:
    """Bytes of flash the image uses; SystemExit if it would reach the littlefs region (a UF2
    that did would overwrite the games)."""
    size = len(uf2_to_bin(image, FLASH_BASE))
    if size > FIRMWARE_BYTES:
        raise SystemExit(
            f"the image is {size} bytes: it would overwrite the filesystem at "
            f"0x{FLASH_BASE + recipe.FS_START:08x} (only {FIRMWARE_BYTES} bytes are free)"
        )
    return size


def build(out: Path, rebuild: bool = False, cache: Path | None = None, log=None) -> dict:
    """Build (or find) the UF2, copy it to `out`, return its build.json plus the sizes."""
    log = log or (lambda s: print(f"uf2: {s}", file=sys.stderr, flush=True))
    try:
        display_driver(log)
    except driver.DriverError as e:
        raise SystemExit(f"make uf2: {e}") from e
    with tempfile.TemporaryDirectory(prefix="picopeg-uf2-") as tmp:
        the_spec = spec(with_driver(Path(tmp)))
        cached = firmware_build.cached_firmware(cache, the_spec)
        if cached and not rebuild:
            log(f"cached: {cached.parent.name} (the sources have not changed)")
        uf2 = firmware_build.ensure_firmware(cache, rebuild, log, the_spec)
    image = uf2.read_bytes()
    info = json.loads((uf2.parent / "build.json").read_text())
    info.update(
        picopeg=picopeg_version(),
        image_bytes=check_fits(image),
        firmware_region_bytes=FIRMWARE_BYTES,
        littlefs_bytes=recipe.FS_BLOCK_SIZE * recipe.FS_BLOCK_COUNT,
        key=uf2.parent.name,
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    if not out.exists() or out.read_bytes() != image:
        shutil.copyfile(uf2, out)
    out.with_suffix(".json").write_text(json.dumps(info, indent=2) + "\n")
    return info


def summary(out: Path, info: dict) -> str:
    kb = 1024
    return (
        f"{out}: PicoPeg {info['picopeg']} on MicroPython {info['micropython'].split('+')[0]} "
        f"for {info['board']}; {info['image_bytes'] / kb:.0f} KB of flash (of "
        f"{info['firmware_region_bytes'] // kb} KB below the filesystem, "
        f"{(info['firmware_region_bytes'] - info['image_bytes']) / kb:.0f} KB to spare); the "
        f"{info['littlefs_bytes'] // kb} KB littlefs above it (the games) is not touched; "
        f"sha256 {info['uf2_sha256'][:16]}"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "picopeg.uf2")
    parser.add_argument("--rebuild", action="store_true", help="ignore the cached image")
    parser.add_argument("--cache", type=Path, help="cache folder (default: the emulator's)")
    args = parser.parse_args(argv)
    info = build(args.out, args.rebuild, args.cache)
    print(summary(args.out, info))
    return 0


if __name__ == "__main__":
    sys.exit(main())
