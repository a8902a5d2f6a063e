"""One powered emulated Pico, watched in emulated time: which firmware image, which files on
its flash, and what it does from power-on with nobody at the REPL (main.py runs untouched).

    install = Install("uf2", Path("build/picopeg.uf2"), files=None)   # None: a blank flash
    async with PoweredPico(install) as pico:
        frame = await pico.next_frame()      # the first LED frame, and pico.frames[-1].ms
        await pico.press("2"); await pico.press("A")
        image = pico.power_cut()             # the filesystem as the flash holds it now
    async with PoweredPico(install.with_fs(image)) as pico: ...

Times are the emulator's clock (emulated nanoseconds since power-on), never wall time: the
emulator runs ~20x slower than a Pico, and its idle time is not skipped. LED frames come
from rp2040py's WS2812 decoder on the data pin, keys go through membrane.Membrane. With the
USB host attached the firmware's USB interrupts take much of the processor (board_session.py),
so for times use board_session.PicoBoard; this board is for the console and the REPL.
"""

import asyncio
import dataclasses
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rp2040py.device import MicroPythonDevice
from rp2040py.external.ws2812 import Ws2812

from tools.emu import board_spec, fs_image
from tools.emu.membrane import Membrane

POLL_S = 0.02  # wall seconds between looks at the emulated clock


@dataclass(frozen=True)
class Install:
    """What is on the board: a firmware image and its filesystem."""

    name: str
    firmware: Path  # a .uf2
    files: dict | None = None  # {"/state/game.log": b"..."}; None: a blank flash
    fs: bytes | None = None  # or a whole littlefs image (a dump): wins over files

    def with_fs(self, image: bytes) -> "Install":
        return dataclasses.replace(self, fs=image, files=None)


@dataclass
class Frame:
    ms: float  # emulated milliseconds since power-on, when the chain latched it
    pixels: list  # [(r, g, b)] in chain order


class PoweredPico:
    """An async context manager: power on at enter, off at exit (or at power_cut())."""

    def __init__(self, install: Install, boot_timeout: float = 120.0):
        self.install = install
        self.frames: list[Frame] = []
        self.console = bytearray()
        self.keys = Membrane()  # the PCB's 4x4 matrix on the pins of hardware/pins.csv
        self.strip = Ws2812(gpio=board_spec.led_data_gpio(), on_pixels=self._latched)
        board = board_spec.picopeg_board(image=install.firmware, strip=self.strip)
        board = dataclasses.replace(board, extras=(*board.extras, lambda: self.keys))
        self._tmp = tempfile.TemporaryDirectory(prefix="picopeg-pico-")
        fs_path = None
        image = install.fs
        if image is None and install.files is not None:
            image = fs_image.make_image(install.files)
        if image is not None:
            fs_path = Path(self._tmp.name) / "fs.img"
            fs_path.write_bytes(image)
        self.device = MicroPythonDevice(board=board, filesystem=fs_path)
        self.device.cdc.on_serial_data = self.console.extend
        self._clock = self.device.mcu.clock
        self.boot_timeout = boot_timeout
        self._on = False

    async def __aenter__(self) -> "PoweredPico":
        await self.device.astart(timeout=self.boot_timeout)  # USB enumerated; main.py runs
        self._on = True
        return self

    async def __aexit__(self, *exc_info) -> None:
        self.off()
        self._tmp.cleanup()

    def off(self) -> None:
        if self._on:
            self.device.stop()
            self._on = False

    def _latched(self, pixels) -> None:
        self.frames.append(Frame(self._clock.nanos / 1e6, list(pixels)))

    @property
    def ms(self) -> float:
        """Emulated milliseconds since power-on."""
        return self._clock.nanos / 1e6

    @property
    def text(self) -> str:
        return self.console.decode("utf-8", "replace").replace("\r\n", "\n")

    async def wait_ms(self, ms: float) -> None:
        """Let `ms` of emulated time pass."""
        end = self.ms + ms
        while self.ms < end:
            await asyncio.sleep(POLL_S)

    async def next_frame(self, where=None, within_ms: float = 10_000.0, since=None) -> Frame:
        """The next LED frame latched from now, or from frames[since] (for which
        `where(pixels)` holds, if given); AssertionError if none comes within `within_ms` of
        emulated time."""
        seen = len(self.frames) if since is None else since
        end = self.ms + within_ms
        while self.ms < end:
            for frame in self.frames[seen:]:
                if where is None or where(frame.pixels):
                    return frame
            seen = len(self.frames)
            await asyncio.sleep(POLL_S)
        raise AssertionError(f"no such LED frame within {within_ms:.0f} ms: {self.text[-500:]}")

    async def first_frame(self, within_ms: float = 10_000.0) -> Frame:
        """The first frame since power-on (waiting for it if none has come yet)."""
        if self.frames:
            return self.frames[0]
        return await self.next_frame(within_ms=within_ms)

    async def press(self, legend: str, down_ms: float = 100.0, up_ms: float = 100.0) -> None:
        """A key down for down_ms, then up for up_ms, as a finger does (pcboard.Harness too)."""
        self.keys.press(legend)
        await self.wait_ms(down_ms)
        self.keys.release(legend)
        await self.wait_ms(up_ms)

    async def type(self, legends: str) -> None:
        for ch in legends.replace(" ", ""):
            await self.press(ch)

    def power_cut(self) -> bytes:
        """The power goes off now: the littlefs region exactly as the flash holds it."""
        path = Path(self._tmp.name) / "cut.img"
        self.device.dump_flash_image(path)
        self.off()
        return path.read_bytes()

    def files(self) -> dict:
        """The files on the flash now (the board keeps running)."""
        path = Path(self._tmp.name) / "look.img"
        self.device.dump_flash_image(path)
        return fs_image.read_image(path.read_bytes())

    async def repl(self, code: str, timeout: float = 300.0) -> str:
        """Interrupt main.py (Ctrl-C, as mpremote does) and run code; its stdout."""
        out, err = await self.device.aexec(code, timeout=timeout)
        if err:
            raise AssertionError(err.decode("utf-8", "replace"))
        return out.decode("utf-8", "replace").replace("\r\n", "\n")
