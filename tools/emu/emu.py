"""PicoPeg's emulated Pico: real MicroPython firmware on rp2040py's emulated RP2040.

    emu.py firmware [--rebuild]      build (or find) the firmware, print the .uf2 path
    emu.py run SCRIPT [--put SRC[:DST]] [--with-firmware]
                                     boot, copy files, run SCRIPT, print its output
    emu.py test-upy [TEST ...] [--mpy-cross PATH]
                                     run the `# upy: run` host tests on the emulated Pico
    emu.py boot [--seconds S] [--mpy-cross PATH]
                                     power on with firmware/ (main.py runs), report console,
                                     LED frames and files written
    emu.py serve [--fs IMG] [--dump-fs IMG] [--pty] [--port N] [--clock]
                                     serve the console for mpremote until SIGTERM/Ctrl-C
    emu.py measure                   boot time, script time, mpremote, WDT, neopixel report
    emu.py figures [--no-heap | --boot-only] [--job NAME=FILE] [--json OUT]
                                     the app's figures in emulated time (app_figures.py)

`firmware` needs only the standard library; the others run in the emulator venv
(tools/emu/setup.sh makes it). Exit status is 1 when a script raised or a test failed.
"""

import argparse
import asyncio
import signal
import sys
import threading
from pathlib import Path

from tools.emu import firmware_build

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="emu.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    fw = sub.add_parser("firmware", help="build or find the firmware; print its path")
    fw.add_argument("--rebuild", action="store_true")
    run = sub.add_parser("run", help="run a MicroPython script on the emulated Pico")
    run.add_argument("script", type=Path)
    run.add_argument("--put", action="append", default=[], metavar="SRC[:DST]")
    run.add_argument("--with-firmware", action="store_true", help="stage firmware/ at /")
    run.add_argument("--timeout", type=float, default=600.0)
    tests = sub.add_parser("test-upy", help="run # upy: run tests on the emulated Pico")
    tests.add_argument("tests", nargs="*", type=Path)
    tests.add_argument("--mpy-cross", type=Path, help="precompile to .mpy with this mpy-cross")
    boot = sub.add_parser("boot", help="power on with firmware/ and let main.py run")
    boot.add_argument("--seconds", type=float, default=2.0, help="emulated time to let it run")
    boot.add_argument("--mpy-cross", type=Path, help="precompile to .mpy with this mpy-cross")
    serve = sub.add_parser("serve", help="serve the console for mpremote (foreground)")
    serve.add_argument("--fs", type=Path, help="littlefs image to boot with")
    serve.add_argument("--dump-fs", type=Path, help="write the filesystem here on exit")
    serve.add_argument("--pty", action="store_true", help="a pseudo-terminal, not TCP")
    serve.add_argument("--port", type=int, default=0, help="TCP port (0: any free one)")
    serve.add_argument(
        "--clock", action="store_true", help="print the board's emulated time every 0.1 s of it"
    )
    sub.add_parser("measure", help="print the feasibility measurements")
    sub.add_parser("figures", help="the app's figures in emulated time", add_help=False)
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["figures"]:  # its own options: app_figures.py parses them
        from tools.emu import app_figures

        return app_figures.main(argv[1:])
    args = parser.parse_args(argv)

    if args.command == "firmware":
        print(firmware_build.ensure_firmware(rebuild=args.rebuild))
        return 0
    if args.command == "run":
        return _run(args)
    if args.command == "test-upy":
        return _test_upy(args)
    if args.command == "serve":
        return _serve(args)
    if args.command == "boot":
        return _boot(args)
    from tools.emu import measure

    return measure.main()


def _put_files(specs: list[str], with_firmware: bool) -> dict[str, bytes]:
    from tools.emu import fs_image

    files = {}
    if with_firmware:
        files.update(fs_image.tree_files(HERE.parents[1] / "firmware", "/"))
    for spec in specs:
        src, _, dst = spec.partition(":")
        path = Path(src)
        if path.is_dir():
            files.update(fs_image.tree_files(path, dst or "/" + path.name, suffixes=None))
        else:
            files[dst or "/" + path.name] = path.read_bytes()
    return files


def _run(args) -> int:
    from tools.emu.device_run import run_code

    firmware_build.ensure_firmware()
    files = _put_files(args.put, args.with_firmware)
    result = run_code(args.script.read_text(), files or None, timeout=args.timeout)
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    print(
        f"emu: boot {result.boot_seconds:.2f} s, run {result.run_seconds:.2f} s",
        file=sys.stderr,
    )
    return 0 if result.ok else 1


def _test_upy(args) -> int:
    from tools.emu import device_tests

    firmware_build.ensure_firmware()
    tests = args.tests or device_tests.upy_test_files()
    tests = [t if t.is_file() else device_tests.test_file(t.name) for t in tests]
    _passed, failed = asyncio.run(
        device_tests.run_tests(tests, args.mpy_cross, log=lambda s: print(s, flush=True))
    )
    return 1 if failed else 0


def _boot(args) -> int:
    from tools.emu import device_run, device_tests, fs_image

    firmware_build.ensure_firmware()
    files = fs_image.tree_files(HERE.parents[1] / "firmware", "/")
    if args.mpy_cross:
        files = device_tests.compiled(files, args.mpy_cross)
    watch = asyncio.run(device_run.watch_boot(files, args.seconds))
    sys.stdout.write(watch.console)
    lit = sum(1 for p in watch.pixels if any(p))
    print(f"emu: {watch.frames} LED frames; the last has {lit} of {len(watch.pixels)} lit")
    for path in sorted(set(watch.files) - set(files)):
        print(f"emu: the board wrote {path} ({len(watch.files[path])} B)")
    return 0


def _serve(args) -> int:
    """Print `listening on ADDRESS` once the board answers; on SIGTERM or Ctrl-C stop it, which
    writes --dump-fs, and exit."""
    from tools.emu import device_serve

    firmware_build.ensure_firmware()
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    with device_serve.serve(args.fs, args.dump_fs, args.pty, args.port, args.clock) as target:
        address = target.removeprefix("socket://")
        print(f"emu: listening on {address} - mpremote connect {target}", flush=True)
        stop.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
