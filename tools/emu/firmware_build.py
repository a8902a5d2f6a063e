"""Build the MicroPython RPI_PICO firmware from the Debian sources pinned in recipe.py.

The result is cached under `<cache>/firmware/<key>/` (firmware.uf2, firmware.elf, build.json),
where the key digests what decides the image: recipe.py (bump its REVISION when changing how
this file builds), the frozen modules, the CMake options and the cross compiler's version. A
second call with the same inputs returns the cached image at once. Stdlib only, so any Python
3.11 can run it.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from typing import NamedTuple

from tools.emu import debian_fetch, recipe
from tools.emu.uf2 import bin_to_uf2

HERE = Path(__file__).resolve().parent
FROZEN = HERE / "frozen"
BOARD = "RPI_PICO"
# picotool is not in bookworm: the SDK then skips UF2 output and uf2.py makes it.
CMAKE_OPTIONS = ("-DPICO_NO_PICOTOOL=1", "-DCMAKE_BUILD_TYPE=MinSizeRel")


def default_cache() -> Path:
    """$PICOPEG_EMU_CACHE, else the user's cache directory (kept between CI runs)."""
    if os.environ.get("PICOPEG_EMU_CACHE"):
        return Path(os.environ["PICOPEG_EMU_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "picopeg" / "emu"


def _compiler_version() -> str:
    try:
        out = subprocess.run(
            ["arm-none-eabi-gcc", "-dumpfullversion"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "missing"
    return out.stdout.strip()


class Spec(NamedTuple):
    """What one firmware image is built from, beyond recipe.py's sources.

    `inputs` are (label, file) pairs whose bytes decide the image (the manifest and every
    module it freezes); `lib_dir` stands in for micropython-lib (None: an empty folder);
    `board_name` renames the RPI_PICO board (MICROPY_HW_BOARD_NAME: the banner and
    os.uname().machine), None keeps "Raspberry Pi Pico".
    """

    cache_dir: str  # the cache's subfolder: "firmware" (the emulator's image), "uf2", ...
    manifest: Path
    inputs: tuple
    lib_dir: Path | None = None
    board_name: str | None = None


def emulator_spec() -> Spec:
    """The plain image the emulator tests boot: tools/emu/frozen (stock modules, no PicoPeg)."""
    return Spec("firmware", FROZEN / "manifest.py", tuple((p.name, p) for p in _frozen_files()))


def _frozen_files() -> list[Path]:
    return sorted(FROZEN.glob("*.py"))


def build_key(spec: Spec | None = None) -> str:
    spec = spec or emulator_spec()
    digest = hashlib.sha256()
    for label, path in [("recipe.py", HERE / "recipe.py"), *spec.inputs]:
        digest.update(label.encode() + b"\0" + path.read_bytes())
    if spec.board_name is not None:  # (None adds nothing: the emulator image's key stays)
        digest.update(b"board\0" + spec.board_name.encode())
    digest.update(" ".join(CMAKE_OPTIONS).encode() + _compiler_version().encode())
    return digest.hexdigest()[:16]


def firmware_dir(cache: Path | None = None, spec: Spec | None = None) -> Path:
    spec = spec or emulator_spec()
    return (cache or default_cache()) / spec.cache_dir / build_key(spec)


def cached_firmware(cache: Path | None = None, spec: Spec | None = None) -> Path | None:
    uf2 = firmware_dir(cache, spec) / "firmware.uf2"
    return uf2 if uf2.exists() else None


def check_host_tools() -> None:
    needed = ("arm-none-eabi-gcc", "cmake", "make", "cc", "dpkg-deb", "apt-get")
    missing = [tool for tool in needed if shutil.which(tool) is None]
    if missing:
        raise SystemExit(
            f"missing {', '.join(missing)}: apt-get install "
            + " ".join(recipe.HOST_PACKAGES)
            + " (tools/emu/setup.sh does this)"
        )


def ensure_firmware(
    cache: Path | None = None, rebuild: bool = False, log=None, spec: Spec | None = None
) -> Path:
    """Path of the cached firmware.uf2 (of `spec`, the emulator's by default), building it
    first if needed."""
    log = log or _log
    cache = cache or default_cache()
    spec = spec or emulator_spec()
    found = cached_firmware(cache, spec)
    if found and not rebuild:
        return found
    check_host_tools()
    files = debian_fetch.fetch_all(cache, log=log)
    out = firmware_dir(cache, spec)
    work = cache / "work" / out.name
    shutil.rmtree(work, ignore_errors=True)
    started = time.monotonic()
    mp = _assemble(work, files, log)
    board_dir = _board_dir(mp, work, spec.board_name)
    lib_dir = spec.lib_dir or work / "micropython-lib"
    bin_path, elf_path = _compile(
        mp, work, log, manifest=spec.manifest, board_dir=board_dir, lib_dir=lib_dir
    )
    out.mkdir(parents=True, exist_ok=True)
    uf2 = bin_to_uf2(bin_path.read_bytes())
    (out / "firmware.uf2").write_bytes(uf2)
    shutil.copyfile(elf_path, out / "firmware.elf")
    info = {
        "board": BOARD,
        "board_name": spec.board_name or "Raspberry Pi Pico",
        "micropython": recipe.MICROPYTHON.version,
        "pico_sdk": recipe.PICO_SDK.version,
        "tinyusb": recipe.TINYUSB.version,
        "mbedtls": recipe.MBEDTLS.version,
        "arm_none_eabi_gcc": _compiler_version(),
        "uf2_sha256": hashlib.sha256(uf2).hexdigest(),
        "image_bytes": bin_path.stat().st_size,
        "build_seconds": round(time.monotonic() - started, 1),
    }
    (out / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    log(f"built {out / 'firmware.uf2'} in {info['build_seconds']} s")
    return out / "firmware.uf2"


def _log(message: str) -> None:
    print(f"emu: {message}", file=sys.stderr, flush=True)


def _untar(archive: Path, dest: Path) -> None:
    """Unpack `archive` into `dest`, dropping its single top-level directory."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        members = []
        for member in tar.getmembers():
            parts = member.name.split("/", 1)
            if len(parts) < 2 or not parts[1]:
                continue
            member.name = parts[1]
            members.append(member)
        tar.extractall(dest, members=members, filter="tar")


def _assemble(work: Path, files: dict[str, Path], log) -> Path:
    """Lay the sources out as MicroPython's git submodules would."""
    mp = work / "micropython"
    log(f"unpacking MicroPython {recipe.MICROPYTHON.version}")
    _untar(files[recipe.MICROPYTHON.name], mp)
    lib = mp / "lib"
    shutil.rmtree(lib / "mbedtls", ignore_errors=True)
    _untar(files[recipe.MBEDTLS.name], lib / "mbedtls")
    for pkg, target in ((recipe.PICO_SDK, "pico-sdk"), (recipe.TINYUSB, "tinyusb")):
        unpacked = work / "deb" / pkg.name
        unpacked.mkdir(parents=True)
        subprocess.run(["dpkg-deb", "-x", str(files[pkg.name]), str(unpacked)], check=True)
        shutil.rmtree(lib / target, ignore_errors=True)
        shutil.move(unpacked / pkg.payload, lib / target)
    # Debian's pico-sdk-source links lib/tinyusb to its sibling; keep it pointing at ours.
    link = lib / "pico-sdk" / "lib" / "tinyusb"
    if link.is_symlink():
        link.unlink()
    elif link.exists():
        shutil.rmtree(link)
    link.symlink_to("../../tinyusb")
    # micropython-lib (a submodule) is not packaged anywhere reachable: a spec may bring a
    # stand-in (tools/uf2/micropython-lib); otherwise the build still insists the folder exists.
    stand_in = work / "micropython-lib"
    stand_in.mkdir()
    (stand_in / "README.md").write_text("micropython-lib is not used by this build\n")
    return mp


def _board_dir(mp: Path, work: Path, board_name: str | None) -> Path:
    """The RPI_PICO board folder, or a copy of it whose MICROPY_HW_BOARD_NAME is board_name."""
    board = mp / "ports" / "rp2" / "boards" / BOARD
    if board_name is None:
        return board
    renamed = work / "boards" / BOARD
    shutil.copytree(board, renamed)
    header = renamed / "mpconfigboard.h"
    lines = header.read_text().splitlines()
    named = [i for i, line in enumerate(lines) if "define MICROPY_HW_BOARD_NAME" in line]
    if len(named) != 1 or '"' in board_name:
        raise SystemExit(f"cannot rename the board in {header}")
    lines[named[0]] = f'#define MICROPY_HW_BOARD_NAME "{board_name}"'
    header.write_text("\n".join(lines) + "\n")
    return renamed


PERCENT = re.compile(r"^\[\s*(\d+)%\]")


def _compile(
    mp: Path,
    work: Path,
    log,
    *,
    manifest: Path = FROZEN / "manifest.py",
    board_dir: Path | None = None,
    lib_dir: Path | None = None,
) -> tuple[Path, Path]:
    jobs = str(os.cpu_count() or 2)
    env = dict(os.environ, SOURCE_DATE_EPOCH=recipe.SOURCE_DATE_EPOCH)
    log_file = work / "build.log"
    with open(log_file, "w") as out:

        def run(*cmd: str, cwd: Path, progress: bool = False) -> None:
            proc = subprocess.Popen(
                cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
            shown = 0
            assert proc.stdout is not None
            for line in proc.stdout:
                out.write(line)
                match = PERCENT.match(line) if progress else None
                # make's own "[ 42%]" lines; a sub-build (pioasm) counts from 0 again, so
                # only a new highest tenth is shown.
                if match and int(match.group(1)) // 10 > shown // 10:
                    shown = int(match.group(1))
                    what = line.split("]", 1)[-1].strip()  # "Building C object .../x.c.o"
                    log(f"  {shown}% ({what.rsplit('/', 1)[-1][:40]})")
            if proc.wait() != 0:
                out.flush()
                tail = log_file.read_text().splitlines()[-30:]
                raise SystemExit(f"{' '.join(cmd)} failed; last lines:\n" + "\n".join(tail))

        log("building mpy-cross")
        run("make", "-C", "mpy-cross", f"-j{jobs}", cwd=mp)
        port = mp / "ports" / "rp2"
        build = port / f"build-{BOARD}"
        board_dir = board_dir or port / "boards" / BOARD
        log(f"building {BOARD} firmware (about a minute on 2 cores)")
        run(
            "cmake",
            "-S",
            ".",
            "-B",
            str(build),
            f"-DMICROPY_BOARD={BOARD}",
            f"-DMICROPY_BOARD_DIR={board_dir}",
            f"-DPICO_SDK_PATH_OVERRIDE={mp / 'lib' / 'pico-sdk'}",
            f"-DMICROPY_FROZEN_MANIFEST={manifest}",
            f"-DMICROPY_LIB_DIR={lib_dir or work / 'micropython-lib'}",
            *CMAKE_OPTIONS,
            cwd=port,
        )
        run("make", "-C", str(build), f"-j{jobs}", cwd=port, progress=True)
    return build / "firmware.bin", build / "firmware.elf"
