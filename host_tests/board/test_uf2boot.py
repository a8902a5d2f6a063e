"""The UF2's boot on a Pico that `make flash` set up before (firmware/uf2boot.py), and the
version lines of the settings page (firmware/version.py), on a real folder of the PC's
file system. The same move on the Pico's littlefs is tools/uf2/tests/test_uf2_on_pico.py."""

import os
import sys
import tomllib
from pathlib import Path

import uf2boot
import version
from app_support import board_in
from modes import MODE_SETTINGS

REPO = Path(__file__).resolve().parents[2]
GAME = b"PicoPeg\x01" + bytes(range(40))  # any bytes: the move must keep them as they are


def lay_out(root, files):
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def tree(root):
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_old_make_flash_files_move_aside_and_the_games_stay(tmp_path):
    flashed = {
        "main.py": b"import app\n",
        "app.mpy": b"M\x06app",
        "ui/score.mpy": b"M\x06score",
        "ui/__init__.mpy": b"M\x06ui",
        "cribbage/show.mpy": b"M\x06show",
        "cribbage/package.json": b"{}",  # not code: stays, and so does its folder
        "hal.mpy.part": b"M\x06ha",  # a copy cut short by an unplugged cable
    }
    kept = {
        "state/game.log": GAME,
        "state/settings.txt": b"PicoPeg-settings 1\n",
        "errors.log": b"ValueError: boom\n",
        "lib/ssd1306.mpy": b"M\x06ssd",  # what `mpremote mip install` put there
        "boot.py": b"# the maker's own\n",
    }
    lay_out(tmp_path, {**flashed, **kept})
    notice = uf2boot.set_aside(os, str(tmp_path))
    code = [rel for rel in flashed if rel != "cribbage/package.json"]
    assert notice == "moved 6 old firmware files to /old-firmware"
    expected = dict(kept)
    expected["cribbage/package.json"] = b"{}"
    expected.update({"old-firmware/" + rel: flashed[rel] for rel in code})
    assert tree(tmp_path) == expected
    assert not (tmp_path / "ui").exists()  # emptied folders go
    assert uf2boot.set_aside(os, str(tmp_path)) == ""  # the next boot finds nothing to move


def test_a_second_upgrade_replaces_what_the_first_set_aside(tmp_path):
    lay_out(tmp_path, {"old-firmware/app.mpy": b"first", "app.mpy": b"second"})
    assert uf2boot.set_aside(os, str(tmp_path)) == "moved 1 old firmware files to /old-firmware"
    assert tree(tmp_path) == {"old-firmware/app.mpy": b"second"}


def test_a_blank_filesystem_needs_nothing(tmp_path):
    assert uf2boot.old_files(os, str(tmp_path)) == []
    assert uf2boot.set_aside(os, str(tmp_path)) == ""
    assert list(tmp_path.iterdir()) == []


def test_the_firmware_version_is_the_projects():
    with open(REPO / "pyproject.toml", "rb") as f:
        assert version.VERSION == tomllib.load(f)["project"]["version"]


def test_settings_show_picopeg_and_the_python_under_it():
    h = board_in(MODE_SETTINGS)
    py = ".".join(str(n) for n in sys.version_info[:3])
    assert h.lines[4:7] == ["A/B item C/D set", "PicoPeg " + version.VERSION, "Python " + py]
