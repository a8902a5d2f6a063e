"""Finding the board: which serial port is a MicroPython Pico, and PORT= handling.

    port = choose("auto")            # the one MicroPython board, or NoBoard / ManyBoards
    port = choose("/dev/ttyACM1")    # as given; also a0 (ttyACM0), u0 (ttyUSB0), c3 (COM3),
    port = choose("socket://127.0.0.1:2217")   # any pyserial URL (the emulated Pico)

A Pico in BOOTSEL mode is a USB drive (RPI-RP2, or RP2350 for a Pico 2), not a serial port:
`bootsel_hint()` looks for that drive (mounted, or by its label, or the USB id on Linux) so
the error can say what to do with it.
SPDX-License-Identifier: MIT
"""

import glob
import os
from dataclasses import dataclass

from tools.flashing.errors import DOCS, UF2_HINT, ManyBoards, NoBoard

RASPBERRY_PI_VID = 0x2E8A
MICROPYTHON_PID = 0x0005  # MicroPython's rp2 port enumerates as 2e8a:0005
BOOTSEL_PIDS = (0x0003, 0x000F)  # the RP2040's and the RP2350's USB boot ROM
DRIVE_LABELS = ("RPI-RP2", "RP2350")
# Where desktops mount USB drives (Linux, macOS); each pattern gets a label appended.
MOUNT_PATTERNS = ("/media/*/", "/media/", "/run/media/*/", "/Volumes/")
LABEL_DIR = "/dev/disk/by-label/"
USB_SYSFS = "/sys/bus/usb/devices"
SHORT_NAMES = {"a": "/dev/ttyACM", "u": "/dev/ttyUSB", "c": "COM"}  # as mpremote has them


@dataclass(frozen=True)
class Port:
    """A serial port as pyserial lists it."""

    device: str
    vid: int | None = None
    pid: int | None = None
    serial_number: str | None = None
    manufacturer: str | None = None
    product: str | None = None

    def is_micropython(self):
        return (self.vid, self.pid) == (RASPBERRY_PI_VID, MICROPYTHON_PID) or (
            self.manufacturer == "MicroPython"
        )

    def label(self):
        serial = "serial " + self.serial_number if self.serial_number else ""
        extra = [s for s in (self.product, serial) if s]
        return self.device + (" (" + ", ".join(extra) + ")" if extra else "")


def serial_ports(comports=None):
    """Every serial port with a USB id (pyserial's list_ports), sorted by device name."""
    if comports is None:
        from serial.tools import list_ports

        comports = list_ports.comports
    found = [
        Port(p.device, p.vid, p.pid, p.serial_number, p.manufacturer, p.product)
        for p in comports()
        if p.vid is not None
    ]
    return sorted(found, key=lambda p: p.device)


def expand(port):
    """mpremote's short names: a0 -> /dev/ttyACM0, u1 -> /dev/ttyUSB1, c3 -> COM3."""
    if len(port) >= 2 and port[0] in SHORT_NAMES and port[1:].isdigit():
        return SHORT_NAMES[port[0]] + port[1:]
    return port


def choose(port, ports=None, hint=None):
    """The port to use for PORT=`port` ("auto" picks the one MicroPython board)."""
    if port and port != "auto":
        if port.startswith("id:"):
            return _by_serial(port[3:], serial_ports() if ports is None else ports)
        return expand(port)
    ports = serial_ports() if ports is None else ports
    boards = [p for p in ports if p.is_micropython()]
    if len(boards) == 1:
        return boards[0].device
    if len(boards) > 1:
        listed = "; ".join(p.label() for p in boards)
        raise ManyBoards(
            f"{len(boards)} MicroPython boards are attached ({listed}): "
            f"choose one with PORT={boards[0].device}"
        )
    hint = bootsel_hint() if hint is None else hint
    if hint:
        raise NoBoard(hint)
    if ports:
        listed = "; ".join(p.label() for p in ports)
        raise NoBoard(
            f"no MicroPython board found; other serial ports: {listed}. Pass PORT=<port> if "
            f"the Pico is one of them, or put MicroPython on it ({DOCS})"
        )
    raise NoBoard(
        "no board attached: plug the Pico in with a USB data cable (not a charge-only one); "
        f"a new Pico needs MicroPython first ({DOCS})"
    )


def _by_serial(serial_number, ports):
    for p in ports:
        if p.serial_number == serial_number:
            return p.device
    raise NoBoard(f"no board with serial number {serial_number} is attached")


def bootsel_hint(root=""):
    """What to say if a Pico in BOOTSEL mode is attached, else "" (`root` is for tests)."""
    for label in DRIVE_LABELS:
        for pattern in MOUNT_PATTERNS:
            for path in sorted(glob.glob(root + pattern + label)):
                if os.path.isdir(path):
                    return (
                        f"a Pico in BOOTSEL mode is mounted at {path[len(root) :]}: copy the "
                        f"MicroPython UF2 onto it ({DOCS}), then run the command again"
                    )
    labels = [label for label in DRIVE_LABELS if os.path.exists(root + LABEL_DIR + label)]
    label = labels[0] if labels else _usb_bootsel(root + USB_SYSFS)
    if label:
        return (
            f"a Pico is in BOOTSEL mode (the {label} drive): mount it and copy the "
            f"MicroPython UF2 onto it ({DOCS}), then run the command again"
        )
    return ""


def _usb_bootsel(sysfs):
    """The drive label if Linux lists a Raspberry Pi boot ROM (a Pico in BOOTSEL mode)."""
    for dev in glob.glob(sysfs + "/*/idVendor"):
        try:
            with open(dev) as f:
                vid = int(f.read().strip(), 16)
            with open(dev[: -len("idVendor")] + "idProduct") as f:
                pid = int(f.read().strip(), 16)
        except (OSError, ValueError):
            continue
        if vid == RASPBERRY_PI_VID and pid in BOOTSEL_PIDS:
            return DRIVE_LABELS[BOOTSEL_PIDS.index(pid)]
    return ""


def not_micropython_hint(root=""):
    """The remedy for a port that opened but gave no raw REPL."""
    return bootsel_hint(root) or UF2_HINT
