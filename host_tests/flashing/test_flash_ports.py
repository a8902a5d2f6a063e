"""Finding the board: PORT=auto among serial ports, PORT= forms, a Pico in BOOTSEL mode."""

from types import SimpleNamespace

import pytest

from tools.flashing.errors import ManyBoards, NoBoard
from tools.flashing.ports import (
    Port,
    bootsel_hint,
    choose,
    expand,
    not_micropython_hint,
    serial_ports,
)

PICO_A = Port("/dev/ttyACM0", 0x2E8A, 0x0005, "E6614C311B5A1234", "MicroPython",
              "Board in FS mode")  # fmt: skip
PICO_B = Port("/dev/ttyACM1", 0x2E8A, 0x0005, "E6614C311B5A9999", "MicroPython",
              "Board in FS mode")  # fmt: skip
PROBE = Port("/dev/ttyACM2", 0x2E8A, 0x000C, "DEBUG1", "Raspberry Pi", "Debugprobe on Pico")
USB_UART = Port("/dev/ttyUSB0", 0x10C4, 0xEA60, "0001", "Silicon Labs", "CP2102")
OTHER_UPY = Port("/dev/ttyACM3", 0xF055, 0x9802, "X", "MicroPython", "Pyboard Virtual Comm")


def test_auto_picks_the_one_micropython_board_among_other_serial_ports():
    assert choose("auto", [USB_UART, PICO_A, PROBE], hint="") == "/dev/ttyACM0"
    assert choose("auto", [OTHER_UPY], hint="") == "/dev/ttyACM3"  # by manufacturer string


def test_two_boards_and_no_port_lists_both_and_says_how_to_choose():
    with pytest.raises(ManyBoards) as caught:
        choose("auto", [PICO_B, PICO_A, USB_UART], hint="")
    message = str(caught.value)
    assert message.startswith("2 MicroPython boards are attached (")
    assert "/dev/ttyACM1 (Board in FS mode, serial E6614C311B5A9999)" in message
    assert "/dev/ttyACM0 (Board in FS mode, serial E6614C311B5A1234)" in message
    assert message.endswith("choose one with PORT=/dev/ttyACM1")
    assert "\n" not in message


def test_no_board_at_all():
    with pytest.raises(NoBoard) as caught:
        choose("auto", [], hint="")
    assert str(caught.value).startswith("no board attached: plug the Pico in with a USB data")


def test_no_micropython_board_but_other_ports_names_them_and_port_equals():
    with pytest.raises(NoBoard) as caught:
        choose("auto", [USB_UART, PROBE], hint="")
    message = str(caught.value)
    assert "/dev/ttyUSB0 (CP2102, serial 0001)" in message
    assert "/dev/ttyACM2 (Debugprobe on Pico, serial DEBUG1)" in message
    assert "PORT=<port>" in message


def test_no_board_but_a_pico_in_bootsel_mode_says_to_copy_the_uf2():
    hint = (
        "a Pico in BOOTSEL mode is mounted at /media/me/RPI-RP2: copy the MicroPython UF2 onto "
        "it (docs/FLASHING.md), then run the command again"
    )
    with pytest.raises(NoBoard) as caught:
        choose("auto", [], hint=hint)
    assert str(caught.value) == hint


def test_an_explicit_port_is_used_as_given_and_short_names_expand():
    assert choose("/dev/ttyACM7", [], hint="") == "/dev/ttyACM7"
    assert choose("socket://127.0.0.1:2217", [], hint="") == "socket://127.0.0.1:2217"
    assert choose("COM4", [], hint="") == "COM4"
    assert [expand(p) for p in ("a0", "u12", "c3", "auto", "acm")] == [
        "/dev/ttyACM0", "/dev/ttyUSB12", "COM3", "auto", "acm"]  # fmt: skip
    assert choose("id:E6614C311B5A9999", [PICO_A, PICO_B], hint="") == "/dev/ttyACM1"
    with pytest.raises(NoBoard, match="no board with serial number NOPE"):
        choose("id:NOPE", [PICO_A], hint="")


def test_serial_ports_keeps_usb_ports_sorted():
    listed = [
        SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None, serial_number=None,
                        manufacturer=None, product=None),  # a legacy UART: no USB id
        SimpleNamespace(device="/dev/ttyACM1", vid=0x2E8A, pid=5, serial_number="B",
                        manufacturer="MicroPython", product="Board in FS mode"),
        SimpleNamespace(device="/dev/ttyACM0", vid=0x2E8A, pid=5, serial_number="A",
                        manufacturer="MicroPython", product="Board in FS mode"),
    ]  # fmt: skip
    found = serial_ports(lambda: listed)
    assert [p.device for p in found] == ["/dev/ttyACM0", "/dev/ttyACM1"]
    assert all(p.is_micropython() for p in found)


def test_bootsel_drive_mounted_by_a_desktop(tmp_path):
    (tmp_path / "media" / "maker" / "RPI-RP2").mkdir(parents=True)
    hint = bootsel_hint(str(tmp_path))
    assert hint.startswith("a Pico in BOOTSEL mode is mounted at /media/maker/RPI-RP2: copy the")
    assert not_micropython_hint(str(tmp_path)) == hint


def test_bootsel_pico_2_drive_on_macos(tmp_path):
    (tmp_path / "Volumes" / "RP2350").mkdir(parents=True)
    assert "mounted at /Volumes/RP2350" in bootsel_hint(str(tmp_path))


def test_bootsel_drive_known_by_label_or_usb_id_only(tmp_path):
    labels = tmp_path / "dev" / "disk" / "by-label"
    labels.mkdir(parents=True)
    (labels / "RPI-RP2").write_text("")
    assert "(the RPI-RP2 drive): mount it and copy" in bootsel_hint(str(tmp_path))
    (labels / "RPI-RP2").unlink()
    usb = tmp_path / "sys" / "bus" / "usb" / "devices" / "1-1"
    usb.mkdir(parents=True)
    (usb / "idVendor").write_text("2e8a\n")
    (usb / "idProduct").write_text("000f\n")
    assert "(the RP2350 drive)" in bootsel_hint(str(tmp_path))
    (usb / "idProduct").write_text("0005\n")  # MicroPython running: not BOOTSEL
    assert bootsel_hint(str(tmp_path)) == ""


def test_without_a_bootsel_drive_the_hint_is_generic(tmp_path):
    assert not_micropython_hint(str(tmp_path)).startswith("if it is a Pico, hold BOOTSEL while")
