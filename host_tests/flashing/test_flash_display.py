"""The display step of `make flash`: probe I2C on the board and copy the pinned SSD1306 driver
(tools/flashing/driver.py: micropython-ssd1306 0.3 from PyPI, checked by hash) only when a
display answers; a driver already there is checked by hash; offline it says so in one line and
goes on. And the fetch itself: pip, the pinned sdist, the pinned file, the cache."""

import hashlib

import pytest
from fake_pico import FakePico
from flash_support import FIRMWARE, MPY_CROSS, PINS, STATE, flash_board, plain_image

from tools.flashing import display, driver
from tools.flashing.driver import DriverError

DRIVER = b"M\x06 the pinned ssd1306 driver, compiled (a stand-in)"


@pytest.fixture(scope="module")
def image():
    return plain_image()


def probes(pico):
    return [c for c in pico.execs if "I2C(" in c]


def test_the_i2c_pins_come_from_firmware_pins_py():
    import pins  # the generated module itself (firmware/ is on the test path)

    assert display.i2c_pins(FIRMWARE / "pins.py") == (pins.I2C_BUS, pins.I2C_SDA, pins.I2C_SCL)
    assert PINS == (1, 14, 15)  # hardware/pins.csv: i2c1 on GP14/GP15


def test_a_display_without_its_driver_gets_the_pinned_one(image):
    pico = FakePico(STATE, i2c=[0x3C])
    lines = flash_board(pico, image, driver=lambda: DRIVER)
    assert bytes(pico.fs.files["/lib/ssd1306.mpy"]) == DRIVER
    assert (
        "display found: installed the ssd1306 driver (micropython-ssd1306 0.3) in "
        "/lib/ssd1306.mpy" in lines
    )
    assert probes(pico) and "print(60 in I2C(1, sda=Pin(14), scl=Pin(15)" in probes(pico)[0]
    assert lines[-1].startswith("reset:")
    # A second flash finds the same driver by hash and neither probes nor copies again.
    before = len(pico.execs)
    lines = flash_board(pico, image, driver=lambda: DRIVER)
    assert (
        "display driver: ssd1306 is installed (micropython-ssd1306 0.3, the pinned one)" in lines
    )
    assert not [c for c in pico.execs[before:] if "I2C(" in c]
    assert "/lib/ssd1306.mpy.part" not in " ".join(pico.execs[before:])


def test_another_driver_on_the_board_is_replaced_by_the_pinned_one(image):
    pico = FakePico({**STATE, "/lib/ssd1306.mpy": b"M\x06 an older mip install"}, i2c=[0x3C])
    lines = flash_board(pico, image, driver=lambda: DRIVER)
    assert bytes(pico.fs.files["/lib/ssd1306.mpy"]) == DRIVER
    assert "display found: updated the ssd1306 driver (micropython-ssd1306 0.3) in " \
        "/lib/ssd1306.mpy" in lines  # fmt: skip


def test_a_makers_own_driver_source_is_left_alone(image):
    own = b"# my own ssd1306\n"
    pico = FakePico({**STATE, "/lib/ssd1306.py": own}, i2c=[0x3C])
    lines = flash_board(pico, image, driver=lambda: DRIVER)
    assert bytes(pico.fs.files["/lib/ssd1306.py"]) == own
    assert "/lib/ssd1306.mpy" not in pico.fs.files
    assert "display driver: /lib/ssd1306.py is there (the maker's own; left alone)" in lines


def test_offline_the_driver_is_skipped_in_one_line_and_the_flash_goes_on(image):
    pico = FakePico(STATE, i2c=[0x3C])
    lines = flash_board(pico, image)  # flash_support's driver: DriverError, as offline
    failed = [line for line in lines if line.startswith("display found, but")]
    assert failed == [
        "display found, but could not fetch the display driver (no network): the board runs "
        "without the display; run make flash again when online"
    ]
    assert "/lib/ssd1306.mpy" not in pico.fs.files
    assert lines[-1].startswith("reset:")
    assert pico.resets == 1


def test_no_display_no_driver_and_no_fetch(image):
    asked = []
    pico = FakePico(STATE, i2c=[0x27])  # something else on the bus
    lines = flash_board(pico, image, driver=lambda: asked.append(1) or DRIVER)
    assert "display: none on I2C 0x3C (GP14/GP15); the board runs without" in lines
    assert not any(path.startswith("/lib/") for path in pico.fs.files)
    assert asked == []  # nothing fetched for a board without a display


@pytest.mark.slow
def test_pip_fetches_the_pinned_driver_into_the_cache_and_it_compiles(tmp_path):
    said = []
    path = driver.fetch(cache=tmp_path, log=said.append)
    assert path == tmp_path / "micropython-ssd1306-0.3" / "ssd1306.py"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == driver.FILE_SHA256
    assert said == [
        "fetching the display driver (micropython-ssd1306 0.3, pinned by hash) with pip"
    ]
    assert "class SSD1306_I2C" in path.read_text()
    assert driver.fetch(cache=tmp_path, log=said.append) == path and len(said) == 1  # cached
    mpy = driver.compiled(MPY_CROSS, cache=tmp_path)
    assert mpy[:2] == b"M\x06"  # an .mpy of the board's format


def test_a_cached_file_that_is_not_the_pinned_one_is_fetched_again(tmp_path, monkeypatch):
    bad = tmp_path / "micropython-ssd1306-0.3" / "ssd1306.py"
    bad.parent.mkdir()
    bad.write_text("# not the pinned driver\n")
    monkeypatch.setattr(driver.SSD1306, "_download", lambda tmp, python: (None, "offline"))
    with pytest.raises(DriverError) as e:
        driver.fetch(cache=tmp_path)
    assert (
        str(e.value)
        == "could not fetch the display driver micropython-ssd1306 0.3 with pip (offline)"
    )


@pytest.mark.slow
def test_a_sdist_whose_hash_is_not_the_pin_is_refused_by_pip(tmp_path, monkeypatch):
    monkeypatch.setattr(driver.SSD1306, "archive_sha256", "0" * 64)
    with pytest.raises(DriverError, match=r"\(its hash does not match the pin\)$"):
        driver.fetch(cache=tmp_path)
    assert not (tmp_path / "micropython-ssd1306-0.3").exists()


def test_a_python_without_pip_is_one_line(tmp_path):
    with pytest.raises(
        DriverError, match=r"^could not fetch the display driver .* with pip \(.*\)$"
    ):
        driver.fetch(cache=tmp_path, python=str(tmp_path / "no-python"))
