"""tools/flash.py as a maker meets it: every failure is one line on stderr saying what to do,
exit status 1, never a traceback; progress on stdout; "up to date" the second time."""

import socket
from functools import partial

import pytest
import serial.tools.list_ports
from fake_pico import FakePico
from flash_support import MPY_CROSS, STATE, worker_build

from tools import flash
from tools.flashing import link, ports
from tools.flashing.ports import bootsel_hint as real_bootsel_hint

PICO = dict(vid=0x2E8A, pid=0x0005, manufacturer="MicroPython", product="Board in FS mode")


class ListedPort:
    def __init__(self, device, serial_number="E661", **ids):
        self.device, self.serial_number = device, serial_number
        self.vid = ids.get("vid")
        self.pid = ids.get("pid")
        self.manufacturer = ids.get("manufacturer")
        self.product = ids.get("product")


@pytest.fixture
def attached(monkeypatch):
    """Set the serial ports pyserial lists, and no BOOTSEL drive."""
    listed = []
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: listed)
    monkeypatch.setattr(ports, "bootsel_hint", lambda root="": "")
    return listed


@pytest.fixture(scope="module")
def out():
    """The tool's --out: a folder of the worker's own, which the tool's build keeps up to date
    (a run compiles only the modules that changed since the last)."""
    return worker_build("flash-cli-tests")


def run(capsys, argv, pico=None, fail=True):
    """main(argv) with `pico` behind any port; return (status, stdout lines, stderr lines)."""
    connect = None if pico is None else (lambda port: link.connect(port, factory=pico.factory))
    status = flash.main(argv, connect=connect)
    got = capsys.readouterr()
    assert "Traceback" not in got.out + got.err
    if fail:
        assert status == 1
        assert len(got.err.splitlines()) == 1, got.err
        assert got.err.startswith("error: ")
    return status, got.out.splitlines(), got.err.strip()


def flash_args(out, *more):
    return ["flash", "--mpy-cross", MPY_CROSS, "--out", str(out), *more]


@pytest.mark.slow
def test_flash_prints_progress_then_up_to_date_the_second_time(capsys, attached, out):
    attached.append(ListedPort("/dev/ttyACM0", **PICO))
    pico = FakePico(STATE)
    status, lines, _ = run(capsys, flash_args(out), pico, fail=False)
    assert status == 0
    # The build's lines first (one more where the kept folder had files no longer built), then
    # the board's.
    built = [line for line in lines if line.startswith("build: ")]
    assert built and lines[: len(built)] == built
    assert lines[len(built)] == (
        "board: MicroPython 1.28.0 on Raspberry Pi Pico with RP2040 on /dev/ttyACM0"
    )
    assert any(line.startswith("copying 12/") for line in lines)
    pico.reboot()
    status, lines, _ = run(capsys, flash_args(out), pico, fail=False)
    assert status == 0
    assert not any(line.startswith("copying") for line in lines)
    assert any(line.startswith("up to date: all ") for line in lines)


def test_no_board(capsys, attached, out):
    _, _, err = run(capsys, flash_args(out))
    assert err.startswith("error: no board attached: plug the Pico in with a USB data cable")


def test_two_boards_and_no_port(capsys, attached, out):
    attached += [ListedPort("/dev/ttyACM1", "B", **PICO), ListedPort("/dev/ttyACM0", "A", **PICO)]
    _, _, err = run(capsys, flash_args(out))
    assert err.startswith("error: 2 MicroPython boards are attached (/dev/ttyACM0 (Board in FS")
    assert err.endswith("choose one with PORT=/dev/ttyACM0")


def test_a_pico_in_bootsel_mode(capsys, attached, out, monkeypatch, tmp_path):
    (tmp_path / "media" / "maker" / "RPI-RP2").mkdir(parents=True)
    monkeypatch.setattr(ports, "bootsel_hint", partial(real_bootsel_hint, str(tmp_path)))
    _, _, err = run(capsys, flash_args(out))
    assert err == (
        "error: a Pico in BOOTSEL mode is mounted at /media/maker/RPI-RP2: copy the MicroPython "
        "UF2 onto it (docs/FLASHING.md), then run the command again"
    )


def test_a_port_that_is_not_micropython(capsys, attached, out, monkeypatch):
    monkeypatch.setattr(link, "RAW_REPL_TIMEOUT", 0.3)
    monkeypatch.setattr(ports, "not_micropython_hint", lambda root="": "HINT")
    # pyserial's loop:// echoes what is sent: an open port that never gives a raw REPL.
    _, _, err = run(capsys, flash_args(out, "--port", "loop://"))
    assert err == "error: loop:// did not answer as a MicroPython board (no raw REPL): HINT"


def test_ports_that_cannot_be_opened(capsys, attached, out, monkeypatch, tmp_path):
    with socket.socket() as s:  # a local port nothing listens on
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    _, _, err = run(capsys, flash_args(out, "--port", f"socket://127.0.0.1:{free}"))
    assert err.startswith(f"error: nothing answers at socket://127.0.0.1:{free}: is the board")
    _, _, err = run(capsys, flash_args(out, "--port", "/dev/ttyNOPE7"))
    assert (
        err == "error: no serial port /dev/ttyNOPE7: is the board plugged in? (PORT=auto finds it)"
    )
    not_a_tty = tmp_path / "ttyACM9"
    not_a_tty.write_text("")
    monkeypatch.setattr(link.os, "access", lambda path, mode: False)
    _, _, err = run(capsys, flash_args(out, "--port", str(not_a_tty)))
    assert err == (
        f"error: permission denied on {not_a_tty}: add yourself to the dialout group "
        "(sudo usermod -aG dialout $USER), then log out and in again"
    )


def test_a_micropython_too_old(capsys, attached, out):
    attached.append(ListedPort("/dev/ttyACM0", **PICO))
    _, _, err = run(capsys, flash_args(out), FakePico(version=(1, 20, 0), mpy=6))
    assert err.startswith("error: the board runs MicroPython 1.20.0, too old for this firmware: "
                          "it needs v1.21 or later")  # fmt: skip


def test_a_board_unplugged_mid_flash(capsys, attached, out):
    attached.append(ListedPort("/dev/ttyACM0", **PICO))
    pico = FakePico(STATE)
    pico.unplug_after(60)
    _, lines, err = run(capsys, flash_args(out), pico)
    assert err.startswith("error: the board disconnected while copying ")
    assert err.endswith("only what is missing or different is copied")
    assert lines[-1].startswith("copying ")  # the progress shows where it stopped


def test_mpy_cross_missing(capsys, attached, tmp_path):
    _, _, err = run(capsys, ["flash", "--mpy-cross", str(tmp_path / "none"), "--out",
                             str(tmp_path / "o")])  # fmt: skip
    assert err == f"error: mpy-cross not found at {tmp_path / 'none'}: run make venv"


def test_restore_needs_a_backup_folder(capsys, attached, tmp_path):
    _, _, err = run(capsys, ["restore"])
    assert err == "error: make restore needs BACKUP=<folder> (make backup prints it)"
    _, _, err = run(capsys, ["restore", "--from", str(tmp_path / "nope")])
    assert err == f"error: no backup folder {tmp_path / 'nope'}: give BACKUP=backups/<timestamp>"


def test_ctrl_c_is_one_line_and_status_130(capsys, attached, out, monkeypatch):
    attached.append(ListedPort("/dev/ttyACM0", **PICO))

    def interrupted(port):
        raise KeyboardInterrupt

    status = flash.main(flash_args(out), connect=interrupted)
    got = capsys.readouterr()
    assert status == 130
    assert got.err.strip() == (
        "interrupted: run the command again (make flash copies only what differs)"
    )
