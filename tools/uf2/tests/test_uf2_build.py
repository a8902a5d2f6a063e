"""The UF2 itself: where its blocks land in flash, what it freezes, and that two clean builds
give the same bytes. `make test` runs this in the emulator's venv after `make uf2`."""

import json
import re
from pathlib import Path

import pytest

from tools.emu import firmware_build, recipe
from tools.emu.uf2 import BLOCK, FLASH_BASE, RP2040_FAMILY_ID, uf2_to_bin
from tools.uf2 import make_uf2

REPO = Path(__file__).resolve().parents[3]
UF2 = REPO / "build" / "picopeg.uf2"


@pytest.fixture(scope="module")
def image():
    """build/picopeg.uf2, built (or taken from the cache) as `make uf2` does."""
    make_uf2.build(UF2, log=lambda s: None)
    return UF2.read_bytes()


def test_every_block_is_for_the_rp2040_and_below_the_filesystem(image):
    fs_start = FLASH_BASE + recipe.FS_START  # 0x100A0000: littlefs, the games
    addresses = []
    for offset in range(0, len(image), BLOCK):
        block = image[offset : offset + BLOCK]
        flags, address, size = (int.from_bytes(block[i : i + 4], "little") for i in (8, 12, 16))
        family = int.from_bytes(block[28:32], "little")
        assert flags & 0x2000 and family == RP2040_FAMILY_ID
        addresses.append((address, size))
    assert addresses[0][0] == FLASH_BASE  # boot2 first: a Pico boots it from BOOTSEL
    assert max(a + s for a, s in addresses) <= fs_start
    assert len(uf2_to_bin(image)) == max(a + s for a, s in addresses) - FLASH_BASE


def test_the_board_is_named_for_this_picopeg(image):
    info = json.loads(UF2.with_suffix(".json").read_text())
    text = (REPO / "firmware" / "version.py").read_text()
    version = re.search(r'^VERSION = "([^"]+)"$', text, re.M).group(1)
    assert info["board_name"] == f"PicoPeg {version}, Raspberry Pi Pico"
    assert info["board"] == "RPI_PICO" and info["micropython"] == recipe.MICROPYTHON.version
    assert f"PicoPeg {version}, Raspberry Pi Pico".encode() in uf2_to_bin(image)


def test_the_key_follows_every_frozen_source(tmp_path, monkeypatch):
    before = firmware_build.build_key(make_uf2.spec())
    assert firmware_build.build_key(make_uf2.spec()) == before  # the same sources, the same key
    labels = {label for label, _ in make_uf2.spec().inputs}
    firmware = {p.relative_to(REPO).as_posix() for p in (REPO / "firmware").rglob("*.py")}
    assert {f for f in firmware if "__pycache__" not in f} <= labels
    assert "micropython-ssd1306 0.3: ssd1306.py" in labels  # fetched, pinned (driver.py)
    assert not list((REPO / "tools" / "uf2").rglob("ssd1306.py"))  # and no copy of it here
    assert firmware_build.build_key(make_uf2.spec()) != firmware_build.build_key()  # not the emu's


@pytest.mark.slow
def test_two_clean_builds_give_the_same_bytes(image, tmp_path):
    """A second build from nothing, in another cache folder (so other paths), is identical."""
    cache = tmp_path / "cache"
    source = firmware_build.default_cache() / "debian"
    (cache / "debian").mkdir(parents=True)
    for f in source.iterdir():  # the Debian downloads, checked by SHA-256 again on use
        (cache / "debian" / f.name).symlink_to(f)
    info = make_uf2.build(tmp_path / "again.uf2", rebuild=True, cache=cache, log=lambda s: None)
    assert (tmp_path / "again.uf2").read_bytes() == image
    assert info["uf2_sha256"] == json.loads(UF2.with_suffix(".json").read_text())["uf2_sha256"]
