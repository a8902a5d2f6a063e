"""The flashing tool against real MicroPython: UnixPico runs every snippet in the unix port
over a real littlefs (host_tests/upy_pico.py), so MicroPython's os, open, hashlib, imports of
the .mpy files and mpremote's fs helpers (used by mip) are the real ones."""

import pytest
import upy_board
from ci_gate import need
from flash_support import STATE, flash_board, plain_image, writes

from tools.flashing import link
from tools.flashing.backup import backup, restore
from tools.flashing.errors import LinkLost


@pytest.fixture(autouse=True)
def unix_port():
    need(upy_board.missing())  # skip on a developer's machine without it; fail in CI


@pytest.fixture(scope="module")
def image():
    return plain_image()


def test_flash_then_up_to_date_on_micropython(image):
    stale = {"/app.py": b"print('a stale source would shadow app.mpy')\n", "/gone.mpy": b"M"}
    with upy_board.UnixPico({**STATE, **stale}) as pico:
        lines = flash_board(pico, image)
        # ... and the mark that the reset was asked for (app.FLASHED: no "recovered" blink)
        assert pico.listing() == sorted(set(image.files) | set(STATE) | {"/state/flashed"})
        for path in image.files:
            assert pico.read(path) == image.read(path), path
        for path, data in STATE.items():
            assert pico.read(path) == data
        assert "removing /app.py (no longer in the build)" in lines
        assert pico.resets == 1  # after the app imported from the .mpy files (import check)
        before = len(pico.execs)
        lines = flash_board(pico, image)
        assert writes(pico.execs[before:]) == []
        assert any(line.startswith("up to date: all ") for line in lines)


def test_unplugged_mid_copy_on_littlefs_then_finished(image):
    with upy_board.UnixPico(STATE) as pico:
        flash_board(pico, image)
        pico.reboot()
        pico.put("/cribbage/show.mpy", b"older show")
        pico.put("/render.mpy", b"older render")
        pico.unplug_after(8)  # connect, info, hash, then inside the first copy's chunks
        with pytest.raises(LinkLost, match=r"while copying 1/2 cribbage/show\.mpy"):
            flash_board(pico, image)
        assert pico.read("/cribbage/show.mpy") == b"older show"  # whole, the old one
        assert pico.read("/cribbage/show.mpy.part") is not None
        flash_board(pico, image)
        # ... and the mark that the reset was asked for (app.FLASHED: no "recovered" blink)
        assert pico.listing() == sorted(set(image.files) | set(STATE) | {"/state/flashed"})
        assert pico.read("/cribbage/show.mpy") == image.read("/cribbage/show.mpy")


def test_the_pinned_driver_is_copied_to_a_board_with_a_display(image):
    driver = b"M\x06 the display driver, compiled"
    with upy_board.UnixPico(STATE, i2c=[0x3C]) as pico:
        lines = flash_board(pico, image, driver=lambda: driver)
        assert (
            "display found: installed the ssd1306 driver (micropython-ssd1306 0.3) in "
            "/lib/ssd1306.mpy" in lines
        )
        assert pico.read("/lib/ssd1306.mpy") == driver


def test_backup_and_restore_every_byte_value(tmp_path):
    data = {"/state/game.log": bytes(range(256)) * 9, "/errors.log": b"\x00\x04\r\n\xff"}
    with upy_board.UnixPico(data) as pico:
        backup(link.connect("upy", factory=pico.factory), tmp_path / "b", log=lambda s: None)
        for path, content in data.items():
            assert (tmp_path / "b" / path.lstrip("/")).read_bytes() == content
        pico.put("/state/game.log", b"another game")
        restore(link.connect("upy", factory=pico.factory), tmp_path / "b", tmp_path / "s",
                log=lambda s: None)  # fmt: skip
        for path, content in data.items():
            assert pico.read(path) == content
