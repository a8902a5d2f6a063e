"""Parts of the emulator pipeline that need no firmware: UF2, littlefs images, mirror lookup."""

import struct

import pytest
from littlefs import LittleFSError

from tools.emu import board_spec, debian_fetch, fs_image, recipe, uf2


def test_uf2_blocks_carry_each_256_bytes_at_their_flash_address():
    data = bytes(range(256)) * 2 + b"\x01\x02\x03"
    image = uf2.bin_to_uf2(data)
    assert len(image) == 3 * 512
    third = image[1024:1536]
    magic0, magic1, flags, address, size, index, count, family = struct.unpack("<8I", third[:32])
    assert (magic0, magic1) == (0x0A324655, 0x9E5D5157)
    assert struct.unpack("<I", third[-4:]) == (0x0AB16F30,)
    assert flags == 0x2000 and family == 0xE48BFF56  # RP2040 family id present
    assert (address, size, index, count) == (0x10000200, 256, 2, 3)
    assert third[32:35] == b"\x01\x02\x03" and third[35:288] == bytes(253)


def test_uf2_round_trip_gives_the_flash_contents_back():
    data = bytes((i * 37) & 255 for i in range(1000))
    assert uf2.uf2_to_bin(uf2.bin_to_uf2(data)) == data + bytes(24)


def test_uf2_rejects_a_damaged_block():
    image = bytearray(uf2.bin_to_uf2(b"x" * 300))
    image[512] ^= 1
    with pytest.raises(ValueError, match="magic"):
        uf2.uf2_to_bin(bytes(image))


def test_littlefs_image_holds_nested_files_for_the_pico_geometry():
    files = {"/main.py": b"print(1)\n", "/lib/pkg/__init__.py": b"", "/lib/pkg/mod.py": b"X=2\n"}
    image = fs_image.make_image(files)
    assert len(image) == 352 * 4096  # RPI_PICO: 1408 KiB of littlefs
    assert recipe.FS_START == 0xA0000
    assert fs_image.read_image(image) == files


def test_a_blank_flash_is_not_silently_formatted_on_read():
    with pytest.raises(LittleFSError):
        fs_image.read_image(bytes(352 * 4096))


def test_mirror_comes_from_the_entry_serving_the_machines_codename(tmp_path):
    (tmp_path / "os-release").write_text('ID=debian\nVERSION_CODENAME="bookworm"\n')
    parts = tmp_path / "apt" / "sources.list.d"
    parts.mkdir(parents=True)
    (parts / "a.sources").write_text(
        "Types: deb\nURIs: http://mirror.invalid/other\nSuites: nodistro\nComponents: main\n"
    )
    (parts / "debian.sources").write_text(
        "Types: deb\nURIs: http://mirror.invalid/sec\nSuites: bookworm-security\n\n"
        "Types: deb\nURIs: http://mirror.invalid/debian\nSuites: bookworm bookworm-updates\n"
    )
    assert debian_fetch.machine_debian_mirror(tmp_path) == "http://mirror.invalid/debian"


def test_mirror_from_a_one_line_sources_list(tmp_path):
    (tmp_path / "os-release").write_text("VERSION_CODENAME=bookworm\n")
    (tmp_path / "apt").mkdir()
    (tmp_path / "apt" / "sources.list").write_text(
        "deb [arch=amd64] http://mirror.invalid/debian bookworm main\n"
    )
    assert debian_fetch.machine_debian_mirror(tmp_path) == "http://mirror.invalid/debian"


def test_no_debian_entry_is_an_error(tmp_path):
    (tmp_path / "os-release").write_text("VERSION_CODENAME=bookworm\n")
    with pytest.raises(debian_fetch.FetchError, match="bookworm"):
        debian_fetch.machine_debian_mirror(tmp_path)


def test_led_data_pin_is_read_from_pins_csv(tmp_path):
    pins = tmp_path / "pins.csv"
    pins.write_text("signal,gpio,role\nKEY_ROW0,6,out\nLED_DATA,3,ws2812_out\n")
    assert board_spec.led_data_gpio(pins) == 3


def test_the_clock_log_prints_the_emulated_time_every_tenth_of_a_second(capsys):
    from types import SimpleNamespace

    from rp2040py.clock.simulation_clock import SimulationClock

    clock = SimulationClock()
    board_spec.ClockLog().attach(SimpleNamespace(clock=clock))
    for _ in range(7):  # 0.35 s of emulated time in steps of 50 ms
        clock.tick(50e6)
    assert capsys.readouterr().out.splitlines() == [
        "emulated time 0.10 s",
        "emulated time 0.20 s",
        "emulated time 0.30 s",
    ]
