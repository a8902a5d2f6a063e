"""PicoPeg's board tool: put the firmware on a Pico and work with the board (docs/FLASHING.md).

    python -m tools.flash flash [--port PORT] [--no-reset]  make flash
    SSID=... PASSWORD=... python -m tools.flash wifi  make wifi: the Pico W's home network
    python -m tools.flash logs                    make logs: the board's /errors.log
    python -m tools.flash device-test             make device-test: rules tests on the Pico
    python -m tools.flash backup [--to DIR]       make backup: /state and /errors.log
    python -m tools.flash restore --from DIR      make restore
    python -m tools.flash repl                    make repl (mpremote's REPL)
    python -m tools.flash ports                   the serial ports, and which are boards
    python -m tools.flash build                   only build the image (build/device)

Run from the repository root (the Makefile's targets do). PORT is `auto` (the one MicroPython
board attached), a port (/dev/ttyACM0, COM3, or a0 for /dev/ttyACM0 as in mpremote),
`id:<serial number>`, or a pyserial URL such as socket://127.0.0.1:2217 for the emulated Pico.
Every failure is one line saying what to do and exit status 1; Ctrl-C is 130.
SPDX-License-Identifier: MIT
"""

import argparse
import contextlib
import getpass
import subprocess
import sys
from pathlib import Path

from tools.flashing import (
    backup,
    device,
    devtest,
    display,
    driver,
    flashcmd,
    homenet,
    image,
    link,
    ports,
    wireless,
)
from tools.flashing.errors import FlashError

REPO = Path(__file__).resolve().parents[1]

FIRMWARE = REPO / "firmware"


@contextlib.contextmanager
def session(args, connect):
    """A link to the chosen board, closed (or already reset) at the end."""
    board = connect(ports.choose(args.port))
    try:
        yield board
    finally:
        board.close()


def finish(board, args, what="the board is running its firmware again"):
    if not args.no_reset:
        board.reset()
        print(f"reset: {what}")


def cmd_flash(args, connect):
    built = image.build(args.firmware, args.out, args.mpy_cross)
    pins = None if args.no_display else display.i2c_pins(Path(args.firmware) / "pins.py")

    def display_driver():  # fetched (once, then cached) only when a display needs it
        return driver.compiled(args.mpy_cross, log=print)

    def wifi_files():  # a Pico W's: microdot (fetched once, then cached) and the page
        return wireless.files(args.mpy_cross, log=print)

    with session(args, connect) as board:
        flashcmd.flash(board, built, pins=pins, driver=display_driver, reset=not args.no_reset,
                       wifi=wifi_files, wifi_mode=args.wifi)  # fmt: skip
    return 0


def cmd_wifi(args, connect):
    ask = getpass.getpass if sys.stdin.isatty() else None  # SSID alone: typed, unseen
    network = homenet.from_env(ask=ask)  # refused before the board is touched
    with session(args, connect) as board:
        key = homenet.write(board, network)
        info = device.board_info(board)
        if network is not None:
            print(f"home network: the board joins {network[0]} from its next start (the "
                  "password is kept on the board only and never shown)")  # fmt: skip
        else:
            print("no home network: the board makes its own network from its next start"
                  + (f", passphrase {key}" if key else ""))  # fmt: skip
        if not wireless.is_pico_w(info.machine):
            print(f"note: {info.machine or 'this board'} is not a Pico W: it has no radio")
        finish(board, args, "the board is starting with its Wi-Fi")
    return 0


def cmd_build(args, connect):
    image.build(args.firmware, args.out, args.mpy_cross)
    return 0


def cmd_logs(args, connect):
    with session(args, connect) as board:
        board.doing = "reading /errors.log"
        files, _ = device.tree(board, roots=[backup.LOG])
        if not files:
            print("no errors logged")
        else:
            text = device.read_file(board, backup.LOG).decode("utf-8", "replace")
            print(text.rstrip("\n") if text.strip() else "no errors logged")
        finish(board, args)
    return 0


def cmd_device_test(args, connect):
    with session(args, connect) as board:
        _passed, failed = devtest.device_test(board, args.tests, args.mpy_cross)
        finish(board, args)
    return 1 if failed else 0


def cmd_backup(args, connect):
    with session(args, connect) as board:
        backup.backup(board, args.to or backup.default_folder(args.backups))
        finish(board, args)
    return 0


def cmd_restore(args, connect):
    if not args.source:
        raise FlashError("make restore needs BACKUP=<folder> (make backup prints it)")
    backup.backup_files(args.source)  # refuse a wrong folder before touching the board
    now = backup.default_folder(args.backups)
    safety = now.with_name(now.name + "-before-restore")
    with session(args, connect) as board:
        backup.restore(board, args.source, safety)
        finish(board, args, "the board is starting with the restored games")
    return 0


def cmd_repl(args, connect):
    port = ports.choose(args.port)
    print(f"REPL on {port}: Ctrl-] or Ctrl-X leaves it; Ctrl-C stops the app, Ctrl-D restarts")
    try:
        return subprocess.call([args.mpremote, "connect", port, "repl"])
    except OSError as e:
        raise FlashError(f"mpremote not found at {args.mpremote}: run make venv") from e


def cmd_ports(args, connect):
    found = ports.serial_ports()
    for p in found:
        print(("board  " if p.is_micropython() else "other  ") + p.label())
    hint = ports.bootsel_hint()
    if hint:
        print(hint)
    if not found and not hint:
        print("no serial ports with a USB id")
    return 0


COMMANDS = {
    "flash": cmd_flash,
    "build": cmd_build,
    "logs": cmd_logs,
    "device-test": cmd_device_test,
    "backup": cmd_backup,
    "restore": cmd_restore,
    "repl": cmd_repl,
    "ports": cmd_ports,
    "wifi": cmd_wifi,
}

HELP = {
    "flash": "build the image and copy what differs to the board (make flash)",
    "build": "only build the image into --out",
    "logs": "print the board's /errors.log (make logs)",
    "device-test": "run the rules tests on the board (make device-test)",
    "backup": "copy the board's /state and /errors.log to the PC (make backup)",
    "restore": "put a backup's /state back on the board (make restore)",
    "repl": "open mpremote's REPL on the board (make repl)",
    "ports": "list the serial ports and which are MicroPython boards",
    "wifi": "the Pico W's home network from SSID and PASSWORD, or none: its own (make wifi)",
}


def parser():
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--port", default="auto", help="auto (default), a port or a URL")
    common.add_argument("--mpy-cross", default="mpy-cross", help="the mpy-cross command")
    common.add_argument("--mpremote", default="mpremote", help="the mpremote command to run")
    common.add_argument("--firmware", type=Path, default=FIRMWARE, help="the firmware sources")
    common.add_argument("--out", type=Path, default=REPO / "build" / "device", help="image")
    common.add_argument(
        "--tests", type=Path, default=REPO / "host_tests", help="device-test: the tests to run"
    )
    common.add_argument(
        "--backups", type=Path, default=Path("backups"), help="where backups go (and are found)"
    )
    common.add_argument("--no-reset", action="store_true", help="leave the board at its REPL")
    common.add_argument("--no-display", action="store_true", help="skip the display driver")
    p = argparse.ArgumentParser(prog="python -m tools.flash", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        s = sub.add_parser(name, parents=[common], help=HELP[name])
        if name == "backup":
            s.add_argument("--to", type=Path, help="default: backups/<timestamp>")
        if name == "flash":
            s.add_argument("--wifi", choices=("auto", "on", "off"), default="auto",
                           help="the W's files: auto (a Pico W), on (any board), off")  # fmt: skip
        if name == "restore":
            s.add_argument("--from", dest="source", type=Path, help="a backup folder")
    return p


def main(argv=None, connect=None):
    args = parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args, connect or link.connect)
    except FlashError as e:
        print(f"error: {e}", file=sys.stderr)
    except KeyboardInterrupt:
        print("interrupted: run the command again (make flash copies only what differs)",
              file=sys.stderr)  # fmt: skip
        return 130
    except OSError as e:  # the local side: a build or backup folder
        print(f"error: {e.strerror or e}: {e.filename or ''}".rstrip(": "), file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
