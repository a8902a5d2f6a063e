"""littlefs images of the Pico's filesystem: make one from host files, read one back.

The geometry is the RPI_PICO firmware's (recipe.py); the on-disk version is littlefs 2.0, which
every MicroPython since 1.14 mounts (rp2040py pins the same for the same reason).
"""

from collections.abc import Iterable, Mapping
from pathlib import Path

from littlefs import LittleFS, LittleFSError, UserContext

from tools.emu import recipe

DISK_VERSION_2_0 = 0x00020000


def _new_fs(data: bytes | None = None) -> LittleFS:
    size = recipe.FS_BLOCK_SIZE * recipe.FS_BLOCK_COUNT
    context = UserContext(buffsize=size)
    if data is not None:
        if len(data) != size:
            raise ValueError(f"image is {len(data)} bytes, the Pico filesystem is {size}")
        context.buffer[:] = data
    fs = LittleFS(
        context=context,
        block_size=recipe.FS_BLOCK_SIZE,
        block_count=recipe.FS_BLOCK_COUNT,
        prog_size=256,
        # New images are written as 2.0; reading accepts whatever MicroPython wrote (2.1 too).
        disk_version=DISK_VERSION_2_0 if data is None else 0,
        mount=False,  # mount=True would quietly format an image it cannot mount
    )
    if data is None:
        fs.format()
    fs.mount()  # raises LittleFSError on a corrupt image
    return fs


def make_image(files: Mapping[str, bytes]) -> bytes:
    """A fresh image holding `files` ({"/dir/name.py": content}); directories are made."""
    fs = _new_fs()
    for device_path in sorted(files):
        parts = device_path.strip("/").split("/")
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            if not _exists(fs, folder):
                fs.mkdir(folder)
        with fs.open("/".join(parts), "wb") as f:
            f.write(files[device_path])
    fs.unmount()
    return bytes(fs.context.buffer)


def _exists(fs: LittleFS, path: str) -> bool:
    try:
        fs.stat(path)
    except LittleFSError as e:
        if e.code != LittleFSError.Error.LFS_ERR_NOENT:
            raise
        return False
    return True


def read_image(data: bytes) -> dict[str, bytes]:
    """Every file in an image, as {"/dir/name": content}."""
    fs = _new_fs(data)
    out = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name) if root != "/" else "/" + name
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    fs.unmount()
    return out


def tree_files(
    host_dir: Path, device_dir: str = "/", suffixes: Iterable[str] | None = (".py",)
) -> dict[str, bytes]:
    """{device path: content} for the files under `host_dir` with one of `suffixes` (None: all)."""
    suffixes = None if suffixes is None else tuple(suffixes)
    out = {}
    for path in sorted(host_dir.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if suffixes is None or path.suffix in suffixes:
            rel = path.relative_to(host_dir).as_posix()
            out[device_dir.rstrip("/") + "/" + rel] = path.read_bytes()
    return out
