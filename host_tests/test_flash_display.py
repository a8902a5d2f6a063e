"""The display step of `make flash`: probe I2C on the board, install ssd1306 with mip only when
a display answers and the driver is missing; offline it says so in one line and goes on."""

import json
import urllib.error
import urllib.request
from functools import partial

import pytest
from fake_pico import FakePico
from flash_support import FIRMWARE, PINS, STATE, flash_board, real_image

from tools.flashing import display

DRIVER = b"# micropython-lib's ssd1306 driver (a stand-in)\nclass SSD1306_I2C:\n    pass\n"


@pytest.fixture(scope="module")
def image():
    return real_image()


@pytest.fixture
def local_package(tmp_path):
    """A mip package.json on disk, so mpremote's mip code installs without a network."""
    (tmp_path / "ssd1306.py").write_bytes(DRIVER)
    spec = {"urls": [["ssd1306.py", "ssd1306.py"]], "version": "0.1.0"}
    (tmp_path / "package.json").write_text(json.dumps(spec))
    return partial(display.mip_install, package=str(tmp_path / "package.json"))


def probes(pico):
    return [c for c in pico.execs if "I2C(" in c]


def test_the_i2c_pins_come_from_firmware_pins_py():
    import pins  # the generated module itself (firmware/ is on the test path)

    assert display.i2c_pins(FIRMWARE / "pins.py") == (pins.I2C_BUS, pins.I2C_SDA, pins.I2C_SCL)
    assert PINS == (1, 14, 15)  # hardware/pins.csv: i2c1 on GP14/GP15


def test_a_display_without_its_driver_gets_the_driver_from_mip(image, local_package):
    pico = FakePico(STATE, i2c=[0x3C])
    lines = flash_board(pico, image, install=local_package)
    assert bytes(pico.fs.files["/lib/ssd1306.py"]) == DRIVER
    assert "display found: installed the ssd1306 driver into /lib with mip" in lines
    assert probes(pico) and "print(60 in I2C(1, sda=Pin(14), scl=Pin(15)" in probes(pico)[0]
    assert lines[-1].startswith("reset:")
    # A second flash finds the driver and neither probes nor installs again.
    before = len(pico.execs)
    lines = flash_board(pico, image, install=local_package)
    assert "display driver: ssd1306 is installed" in lines
    assert not [c for c in pico.execs[before:] if "I2C(" in c]


def test_offline_the_driver_is_skipped_in_one_line_and_the_flash_goes_on(image, monkeypatch):
    def no_network(*args, **kwargs):
        raise urllib.error.URLError(OSError(-3, "Temporary failure in name resolution"))

    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    pico = FakePico(STATE, i2c=[0x3C])
    lines = flash_board(pico, image, install=display.mip_install)  # mpremote's real mip path
    failed = [line for line in lines if line.startswith("display found, but")]
    assert failed == [
        "display found, but the ssd1306 driver could not be installed ([Errno -3] Temporary "
        "failure in name resolution): the board runs without the display; run make flash "
        "again when online"
    ]
    assert "/lib/ssd1306.mpy" not in pico.fs.files
    assert lines[-1].startswith("reset:")
    assert pico.resets == 1


def test_no_display_no_driver(image, local_package):
    pico = FakePico(STATE, i2c=[0x27])  # something else on the bus
    lines = flash_board(pico, image, install=local_package)
    assert "display: none on I2C 0x3C (GP14/GP15); the board runs without" in lines
    assert not any(path.startswith("/lib/") for path in pico.fs.files)
