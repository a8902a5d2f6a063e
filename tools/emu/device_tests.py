"""Run the `# upy: run` test modules of host_tests/ on the emulated Pico.

The board gets what `make flash` puts on it (firmware/, at the filesystem root, less main.py so
the app does not start) plus the test modules and their helpers in /tests, as .py or, with
`mpy_cross`, precompiled to .mpy as the firmware will ship. Each module then runs in its own
raw-REPL call, as host_tests/upy_run.py runs them on the unix port: every module-level test_*
callable in name order, failures printed with their traceback. Every module a test module
imported is dropped from sys.modules afterwards, so each starts on a heap as clean as a fresh
import gives (a MemoryError then belongs to that module, not to the ones before it).
"""

import subprocess
import tempfile
from pathlib import Path

from tools.emu import fs_image
from tools.emu.device_run import EmulatedPico

REPO = Path(__file__).resolve().parents[2]
MARKER = "# upy: run"  # at the start of the first line, as the Makefile greps it

# Runs on the Pico. {name!r} is the test module; the last line it prints is parsed.
DRIVER = """
import gc, sys
if '/tests' not in sys.path:
    sys.path.insert(0, '/tests')
_before = set(sys.modules)
_m = __import__({name!r})
_p = _f = 0
for _a in sorted(dir(_m)):
    _fn = getattr(_m, _a)
    if not _a.startswith('test_') or not callable(_fn):
        continue
    try:
        _fn()
        _p += 1
    except Exception as _e:
        _f += 1
        print('FAIL {{}}.{{}}'.format({name!r}, _a))
        sys.print_exception(_e)
for _k in [k for k in sys.modules if k not in _before]:
    del sys.modules[_k]
del _m
gc.collect()
print('RESULT', _p, _f, gc.mem_free())
"""


def upy_test_files(host_tests: Path = REPO / "host_tests") -> list[Path]:
    """The `# upy: run` test files of host_tests/, in its folders by area."""
    files = host_tests.glob("*/test_*.py")
    return sorted((p for p in files if p.read_text().startswith(MARKER)), key=lambda p: p.name)


def test_file(name: str, host_tests: Path = REPO / "host_tests") -> Path:
    """The test file `name` (test_cards or test_cards.py) names, in whichever area it is."""
    found = sorted(host_tests.glob("*/" + Path(name).with_suffix(".py").name))
    if not found:
        raise SystemExit(f"no test file {name} in {host_tests}/*/")
    return found[0]


def staged_files(tests: list[Path], mpy_cross: Path | None = None) -> dict[str, bytes]:
    """{device path: content}: firmware/ at the root (no main.py), helpers and tests in /tests."""
    files = fs_image.tree_files(REPO / "firmware", "/")
    files.pop("/main.py", None)
    host_tests = REPO / "host_tests"
    helpers = [p for p in host_tests.glob("*.py") if not p.name.startswith("test_")]
    helpers = [p for p in helpers if p.name != "upy_run.py"]
    for path in helpers + list(tests):
        files["/tests/" + path.name] = path.read_bytes()
    if mpy_cross is not None:
        files = compiled(files, mpy_cross)
    return files


def compiled(files: dict[str, bytes], mpy_cross: Path) -> dict[str, bytes]:
    """`files` with every .py but /main.py compiled to .mpy, as the board runs them."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for device_path, content in files.items():
            if not device_path.endswith(".py") or device_path == "/main.py":
                out[device_path] = content
                continue
            src = Path(tmp) / "m.py"
            src.write_bytes(content)
            dst = Path(tmp) / "m.mpy"
            # Native code (scorekeeper/crc_native.py) for the RP2040, as tools/flashing builds it.
            arch = ["-march=armv6m"] if b"@micropython.viper" in content else []
            subprocess.run(
                [str(mpy_cross), *arch, "-s", device_path.rsplit("/", 1)[-1], "-o", str(dst),
                 str(src)],
                check=True,
            )  # fmt: skip
            out[device_path[:-3] + ".mpy"] = dst.read_bytes()
    return out


async def run_tests(tests: list[Path], mpy_cross: Path | None = None, timeout=1800.0, log=print):
    """Run each test module on one booted Pico; return (passed, failed)."""
    total_pass = total_fail = 0
    async with EmulatedPico(staged_files(tests, mpy_cross)) as pico:
        log(f"booted in {pico.boot_seconds:.1f} s")
        for path in tests:
            name = path.stem
            result = await pico.run(DRIVER.format(name=name), timeout=timeout)
            lines = result.stdout.strip().splitlines()
            last = lines[-1].split() if lines else []
            for line in lines[:-1]:
                log(line)
            if result.stderr or len(last) != 4 or last[0] != "RESULT":
                log(result.stdout + result.stderr)
                log(f"emulated-pico {name}: crashed (import error, MemoryError or timeout)")
                total_fail += 1
                continue
            passed, failed, free = int(last[1]), int(last[2]), int(last[3])
            log(
                f"emulated-pico {name}: {passed} passed, {failed} failed "
                f"({result.run_seconds:.1f} s, {free} bytes free after)"
            )
            total_pass += passed
            total_fail += failed
    log(f"emulated-pico total: {total_pass} passed, {total_fail} failed")
    return total_pass, total_fail
