"""Boot the firmware on rp2040py's emulated RP2040 and run MicroPython code on it.

`EmulatedPico` is an async context manager around rp2040py's MicroPythonDevice: it loads an
optional littlefs image, boots, runs code through the raw REPL (as `mpremote run` does) and can
dump the filesystem back out. `run_code()` is the one-shot synchronous form. `watch_boot()`
powers a board on and lets main.py run untouched, as a flashed board does, for a time in
emulated seconds (`run_for`): a loaded host slows the emulator, never the board's own clock, so
what the board has done by then does not depend on the host's load.
"""

import asyncio
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from rp2040py.device import MicroPythonDevice
from rp2040py.external.ws2812 import Ws2812

from tools.emu import board_spec, fs_image

BOOT_TIMEOUT = 600.0  # wall seconds the boot to the USB console may take (a bound, not a wait)
WALL_TIMEOUT = 3600.0  # wall seconds a run_for may take


@dataclass
class RunResult:
    stdout: str
    stderr: str  # the traceback, if the code raised
    boot_seconds: float = 0.0
    run_seconds: float = 0.0
    pixels: list = field(default_factory=list)  # last frame the WS2812 chain latched

    @property
    def ok(self) -> bool:
        return not self.stderr


class EmulatedPico:
    def __init__(self, files: dict[str, bytes] | None = None, image: Path | None = None):
        self.strip = Ws2812(gpio=board_spec.led_data_gpio())
        self.board = board_spec.picopeg_board(image=image, strip=self.strip)
        self._tmp = tempfile.TemporaryDirectory(prefix="picopeg-emu-")
        self._fs_path = None
        if files is not None:
            self._fs_path = Path(self._tmp.name) / "fs.img"
            self._fs_path.write_bytes(fs_image.make_image(files))
        self.device: MicroPythonDevice | None = None
        self.boot_seconds = 0.0

    async def __aenter__(self) -> "EmulatedPico":
        started = time.perf_counter()
        self.device = MicroPythonDevice(board=self.board, filesystem=self._fs_path)
        await self.device.astart(timeout=BOOT_TIMEOUT)
        self.boot_seconds = time.perf_counter() - started
        return self

    async def __aexit__(self, *exc_info) -> None:
        if self.device is not None:
            self.device.stop()
        self._tmp.cleanup()

    async def run(self, code: str, timeout: float = 600.0) -> RunResult:
        """Run `code` to completion; stdout and any traceback come back as text."""
        assert self.device is not None, "use EmulatedPico as an async context manager"
        started = time.perf_counter()
        out, err = await self.device.aexec(code, timeout=timeout)
        return RunResult(
            stdout=_text(out),
            stderr=_text(err),
            boot_seconds=self.boot_seconds,
            run_seconds=time.perf_counter() - started,
            pixels=list(self.strip.pixels),
        )

    def dump_files(self) -> dict[str, bytes]:
        """The files now on the emulated flash filesystem."""
        assert self.device is not None
        path = Path(self._tmp.name) / "dump.img"
        self.device.dump_flash_image(path)
        return fs_image.read_image(path.read_bytes())


@dataclass
class BootWatch:
    """What a board did on its own for a while after power-on (main.py runs, nothing typed)."""

    console: str
    frames: int  # WS2812 frames latched
    pixels: list  # the last one
    files: dict  # the filesystem afterwards


async def run_for(device: MicroPythonDevice, seconds: float, wall_timeout: float = WALL_TIMEOUT):
    """Let the emulated board run `seconds` of emulated time from now (its clock: the
    Cortex-M0+ cycles at 125 MHz and the idle jumps to the next timer alarm, which is what
    MicroPython's ticks read). TimeoutError if that takes over `wall_timeout` s of host time."""
    sim = device.simulator
    start = sim.clock.nanos
    reached = asyncio.Event()  # the alarm fires on the engine room's loop, which is this one
    sim.clock.create_alarm(reached.set).schedule(seconds * 1e9)
    try:
        await sim.wait_for(reached, wall_timeout)
    except TimeoutError:  # asyncio's is the builtin on 3.11
        done = (sim.clock.nanos - start) / 1e9
        raise TimeoutError(
            f"the emulated Pico ran {done:.2f} of {seconds} emulated s in {wall_timeout} s"
        ) from None


async def watch_boot(files: dict[str, bytes], seconds: float, image: Path | None = None):
    """Power on with `files`, let main.py run for `seconds` of emulated time after the USB
    console is up (run_for), report what it did."""
    strip = Ws2812(gpio=board_spec.led_data_gpio())
    board = board_spec.picopeg_board(image=image, strip=strip)
    console = bytearray()
    with tempfile.TemporaryDirectory(prefix="picopeg-emu-") as tmp:
        fs_path = Path(tmp) / "fs.img"
        fs_path.write_bytes(fs_image.make_image(files))
        device = MicroPythonDevice(board=board, filesystem=fs_path)
        device.cdc.on_serial_data = console.extend
        try:
            await device.astart(timeout=BOOT_TIMEOUT)
            await run_for(device, seconds)
            device.dump_flash_image(Path(tmp) / "dump.img")
        finally:
            device.stop()
        after = fs_image.read_image((Path(tmp) / "dump.img").read_bytes())
    return BootWatch(_text(bytes(console)), strip.frame_count, list(strip.pixels), after)


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace").replace("\r\n", "\n")


def run_code(
    code: str, files: dict[str, bytes] | None = None, timeout: float = 600.0
) -> RunResult:
    """Boot a fresh emulated Pico (with `files` on its filesystem) and run `code` on it."""

    async def go() -> RunResult:
        async with EmulatedPico(files) as pico:
            return await pico.run(code, timeout=timeout)

    return asyncio.run(go())
