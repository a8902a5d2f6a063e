"""Boards that go wrong during `make flash`: a full filesystem, firmware that will not import,
a board that stops answering. Each is one FlashError line, and nothing is left half-done."""

import pytest
from fake_fs import FakeOS
from fake_pico import FakePico
from flash_support import FIRMWARE, MPY_CROSS, STATE, flash_board, plain_image, writes
from mpremote.transport import TransportError

from tools.flashing import link
from tools.flashing.errors import BoardError, LinkLost
from tools.flashing.image import build


@pytest.fixture(scope="module")
def image():
    return plain_image()


def test_a_board_too_full_for_the_firmware_is_refused_before_copying(image):
    pico = FakePico(STATE, capacity=16 * 4096)
    with pytest.raises(BoardError) as caught:
        flash_board(pico, image)
    message = str(caught.value)
    assert message.startswith("the board's filesystem has 52.0 KB free but the firmware needs ")
    assert message.endswith("make backup, then erase the board (docs/FLASHING.md)")
    assert writes(pico.execs) == []


def test_a_filesystem_that_fills_up_while_copying_says_so(image, monkeypatch):
    def no_statvfs(self, path):
        raise OSError(22, "EINVAL")  # a port without statvfs: no estimate beforehand

    monkeypatch.setattr(FakeOS, "statvfs", no_statvfs)
    pico = FakePico(STATE, capacity=20 * 4096)
    with pytest.raises(BoardError) as caught:
        flash_board(pico, image)
    message = str(caught.value)
    assert message.startswith("the board's filesystem is full while copying ")
    assert "\n" not in message
    assert "OSError: [Errno 28] ENOSPC" in caught.value.detail
    for path, data in STATE.items():
        assert bytes(pico.fs.files[path]) == data


def test_firmware_that_does_not_import_is_reported_and_the_board_not_reset(tmp_path):
    fw = tmp_path / "fw"
    fw.mkdir()
    (fw / "main.py").write_bytes((FIRMWARE / "main.py").read_bytes())  # imports hal, app
    (fw / "hal.py").write_text("X = 1\n")
    image = build(fw, tmp_path / "out", MPY_CROSS, log=lambda s: None)
    pico = FakePico()
    with pytest.raises(BoardError) as caught:
        flash_board(pico, image)
    assert str(caught.value).startswith(
        "the firmware is on the board but does not import (ImportError: no module named 'app')"
    )
    assert pico.resets == 0


def test_a_board_that_stops_answering_is_lost_not_hung(image):
    pico = FakePico(STATE)
    board = link.connect("fake", factory=pico.factory)

    def silent(command, timeout=10, data_consumer=None):
        raise TransportError("timeout waiting for first EOF reception")

    board.transport.exec_raw = silent
    board.doing = "hashing the board's files"
    with pytest.raises(LinkLost, match=r"^the board stopped answering while hashing the board"):
        board.run("print(1)")


def test_a_board_unplugged_while_connecting():
    pico = FakePico()
    pico.unplug_after(1)
    with pytest.raises(LinkLost, match="disconnected while connecting: reconnect it and try"):
        link.connect("fake", factory=pico.factory)
