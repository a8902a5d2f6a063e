"""A PicoPeg board on rp2040py, powered on with no USB host, timed in emulated time.

`PicoBoard` is the whole board a player holds: the RP2040 running a firmware image (the cached
MicroPython build, or any .uf2: the frozen-firmware UF2 too), the files on its littlefs, the
WS2812 chain (every latched frame with its emulated time), the 4x4 key matrix (membrane.py)
and the flash chip with its write times and power cuts (flashchip.py). Nothing is typed on the
console: main.py runs from power-on as on a board on a wall plug, and no USB host is attached,
so the USB stack sits idle as it does on one (with a host, rp2040py's emulated host keeps the
firmware's USB interrupt handlers busy, a load a real host's hardware NAKs never cause).

Every time here is emulated: the simulation clock rp2040py advances by the Cortex-M0+ cycle
count of each instruction at 125 MHz, and by idle jumps to the next timer alarm in WFI; the
RP2040 TIMER that MicroPython's time.ticks_us() reads counts that same clock. Wall time only
bounds how long a caller waits.

    async with PicoBoard(files) as board:        # power on: main.py starts
        frame = await board.next_frame()          # first LED frame: frame.ms after power-on
        board.tap("2", at_ms=2000)                # key down 100 ms at 2 s (the matrix)
        await board.run_until(2500)
        board.cut_power_during(n=1)               # at the next flash write to the filesystem
        image = await board.wait_cut()            # the filesystem as the power left it
    async with PicoBoard(fs_image=image) as again: ...
"""

import asyncio
import dataclasses
from dataclasses import dataclass
from pathlib import Path

from rp2040py.boards import build_rp2040_from_spec
from rp2040py.device.bootrom import BOOTROM_B1
from rp2040py.device.load_flash import load_uf2
from rp2040py.external.ws2812 import Ws2812
from rp2040py.memory_map import FLASH_START_ADDRESS
from rp2040py.simulator import Simulator
from rp2040py.utils.logging import ConsoleLogger, LogLevel

from tools.emu import board_spec, flashchip, fs_image, recipe
from tools.emu.membrane import Membrane, key_mask

FS_REGION = (recipe.FS_START, recipe.FS_START + recipe.FS_BLOCK_SIZE * recipe.FS_BLOCK_COUNT)
WALL_TIMEOUT = 3600.0  # seconds of host time any one wait may take (the emulator is slow)


@dataclass
class Frame:
    ns: float  # emulated time the chain latched it (power-on = 0)
    pixels: list  # [(r, g, b)] in chain order

    @property
    def ms(self) -> float:
        return self.ns / 1e6


class PicoBoard:
    """See the module docstring. `files` ({"/main.py": b"..."}) or `fs_image` (a whole
    littlefs image, as `wait_cut()` returns) go on the flash (neither: a blank flash);
    `image` is the firmware .uf2."""

    def __init__(
        self,
        files: dict[str, bytes] | None = None,
        fs_image: bytes | None = None,
        image: Path | None = None,
        timing: flashchip.FlashTiming = flashchip.TYPICAL,
    ):
        self.strip = Ws2812(gpio=board_spec.led_data_gpio(), on_pixels=self._on_pixels)
        self.keys = Membrane()
        spec = board_spec.picopeg_board(image=image, strip=self.strip)
        spec = dataclasses.replace(spec, extras=(*spec.extras, lambda: self.keys))
        self.mcu = build_rp2040_from_spec(spec)
        self.sim = Simulator(rp2040=self.mcu)
        self.clock = self.sim.clock
        self.mcu.logger = ConsoleLogger(LogLevel.ERROR)
        self.mcu.load_bootrom(BOOTROM_B1)
        load_uf2(Path(spec.image), self.mcu)
        if fs_image is None and files is not None:
            fs_image = fs_image_of(files)
        start, end = FS_REGION
        if fs_image is not None:  # else a blank flash: MicroPython formats it at power-on
            if len(fs_image) != end - start:
                raise ValueError(f"a filesystem image is {end - start} bytes, not {len(fs_image)}")
            self.mcu.flash[start:end] = fs_image
        self.flash = flashchip.FlashChip(self.mcu, timing)
        self.frames: list[Frame] = []
        self._wake = asyncio.Event()
        self._cut = False
        self._running = False

    # -- power ------------------------------------------------------------------------------

    async def __aenter__(self) -> "PicoBoard":
        self.power_on()
        return self

    async def __aexit__(self, *exc) -> None:
        self.sim.stop()
        await asyncio.sleep(0)  # let the engine room see it

    def power_on(self) -> None:
        """Release the chip from reset at emulated time 0 (the bootrom has handed over to the
        image's second stage at 0x10000000, as it does within microseconds of power-on)."""
        self.sim.bind_loop()
        self.mcu.core.pc = FLASH_START_ADDRESS
        self.sim.start_execution()
        self._running = True

    @property
    def ns(self) -> float:
        return self.clock.nanos

    @property
    def ms(self) -> float:
        return self.clock.nanos / 1e6

    def fs_image(self) -> bytes:
        start, end = FS_REGION
        return bytes(self.mcu.flash[start:end])

    def files(self) -> dict[str, bytes]:
        """The files on the board's littlefs now (read by littlefs-python)."""
        return fs_image.read_image(self.fs_image())

    # -- waiting in emulated time ---------------------------------------------------------

    async def _wait(self, done, wall_timeout: float) -> None:
        """Run the emulator until done() is true, checking it whenever something woke us."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wall_timeout
        while not done():
            self._wake.clear()
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"emulated board: still waiting at {self.ms:.1f} ms emulated")
            try:
                await self.sim.wait_for(self._wake, min(left, 5.0))
            except TimeoutError:  # asyncio's is the builtin on 3.11
                pass

    def _wake_at(self, ns: float) -> None:
        alarm = self.clock.create_alarm(self._wake.set)
        alarm.schedule(max(0.0, ns - self.clock.nanos))

    async def run_until(self, ms: float, wall_timeout: float = WALL_TIMEOUT) -> None:
        """Let the board run to `ms` emulated milliseconds after power-on."""
        target = ms * 1e6
        self._wake_at(target)
        await self._wait(lambda: self.clock.nanos >= target or self._cut, wall_timeout)

    async def next_frame(
        self, after_ns: float | None = None, test=None, until_ms: float | None = None,
        wall_timeout: float = WALL_TIMEOUT,
    ) -> Frame | None:  # fmt: skip
        """The first frame latched after `after_ns` (default: now) for which test(frame) holds;
        None if the board reaches `until_ms` without one."""
        after = self.clock.nanos if after_ns is None else after_ns
        limit = None if until_ms is None else until_ms * 1e6
        if limit is not None:
            self._wake_at(limit)

        def found():
            for f in self.frames:
                if f.ns > after and (test is None or test(f)):
                    return f
            return None

        await self._wait(
            lambda: found() or self._cut or (limit is not None and self.clock.nanos >= limit),
            wall_timeout,
        )
        return found()

    async def wait_pin(self, gpio: int, high: bool = True, wall_timeout=WALL_TIMEOUT) -> float:
        """Wait until the firmware drives `gpio` to the level; return the emulated ns."""
        pin = self.mcu.gpio[gpio]
        seen = []

        def listener(value, _old):
            if int(value) == int(high) and not seen:
                seen.append(self.clock.nanos)
                self._wake.set()

        unsubscribe = pin.add_listener(listener)
        try:
            await self._wait(lambda: seen or self._cut, wall_timeout)
        finally:
            unsubscribe()
        return seen[0] if seen else -1.0

    # -- the keypad -------------------------------------------------------------------------

    def tap(self, legends: str, at_ms: float, down_ms: float = 100, up_ms: float = 100) -> float:
        """Press each key for down_ms then leave up_ms, from at_ms; return when the last is
        released plus up_ms (the next free ms). Keys scheduled before stay scheduled."""
        t = at_ms
        changes = list(self.keys._queue)
        for ch in legends.replace(" ", ""):
            changes.append((t * 1e6, key_mask(ch)))
            changes.append(((t + down_ms) * 1e6, 0))
            t += down_ms + up_ms
        self.keys.schedule(changes)
        return t

    def hold(self, legend: str, at_ms: float, down_ms: float) -> float:
        return self.tap(legend, at_ms, down_ms, 100)

    # -- power cuts -------------------------------------------------------------------------

    def cut_power_during(self, n: int = 1, fraction: float = 0.5) -> None:
        """Cut the power `fraction` of the way through the n-th flash erase or program of the
        filesystem from now (flashchip.FlashChip.cut_during)."""
        self.flash.cut_during(n, fraction, self._power_off, FS_REGION)

    def _power_off(self) -> None:
        self._cut = True
        self.sim.stop()
        self._wake.set()

    async def wait_cut(self, wall_timeout: float = WALL_TIMEOUT) -> bytes:
        """Run until the planned cut; return the filesystem image the board was left with."""
        await self._wait(lambda: self._cut, wall_timeout)
        return self.fs_image()

    @property
    def was_cut(self) -> bool:
        return self._cut

    # -- what the chain showed ------------------------------------------------------------

    def _on_pixels(self, pixels) -> None:
        self.frames.append(Frame(self.clock.nanos, list(pixels)))
        self._wake.set()


def fs_image_of(files: dict[str, bytes]) -> bytes:
    return fs_image.make_image(files)
