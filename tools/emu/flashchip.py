"""The Pico's QSPI flash chip with the time its writes take, and a power cut in the middle.

rp2040py's flash (rp2040py/peripherals/ssi.py) applies a sector erase or a page program the
moment chip-select rises and never reports busy, so a flash write costs only the instructions
that send it. A real chip then works on its own for a while, and the bootrom's flash routines
(which the Pico SDK's flash_range_erase/program call, with interrupts off, running from RAM)
poll its status register until the BUSY bit clears. This module adds that: after an erase or a
program the status register reads BUSY for the datasheet time, so the CPU spins there in
emulated time as it does on a board. The Pico's chip is a Winbond W25Q16JV; its datasheet's
typical times are the default, its maximums the worst case.

It also records every erase and program (emulated start and end, address, size) and can cut
the power while one is in progress: at the cut the operation is left half done (an erase has
cleared the first part of its sector, a program has written the first part of its bytes, the
rest is as it was: a sequential model of an interrupted operation; real chips may leave any
bits in between, which littlefs must and does survive by its checksums) and the emulator stops
at that instruction. The flash contents are then what a board would find at the next power-on.

    chip = FlashChip(mcu)                   # patches mcu.ssi in place
    chip.cut_during(n=2, fraction=0.5, on_cut=stop, region=(start, end))
    chip.ops                                # [FlashOp(kind, address, size, start_ns, end_ns)]
"""

from dataclasses import dataclass

from rp2040py.peripherals.ssi import (
    CMD_BLOCK_ERASE,
    CMD_PAGE_PROGRAM,
    CMD_READ_STATUS_1,
    CMD_SECTOR_ERASE,
    FLASH_BLOCK_SIZE,
    FLASH_PAGE_SIZE,
    FLASH_SECTOR_SIZE,
)

STATUS_BUSY = 0x01
STATUS_WEL = 0x02


@dataclass(frozen=True)
class FlashTiming:
    """Seconds a W25Q16JV takes (datasheet, section 9.6 AC electrical characteristics)."""

    page_program: float
    sector_erase: float
    block_erase: float  # 64 KB


TYPICAL = FlashTiming(page_program=0.4e-3, sector_erase=45e-3, block_erase=150e-3)
WORST = FlashTiming(page_program=3e-3, sector_erase=400e-3, block_erase=2.0)
INSTANT = FlashTiming(0.0, 0.0, 0.0)  # rp2040py's own behaviour


@dataclass
class FlashOp:
    kind: str  # "erase" or "program"
    address: int  # offset into the flash
    size: int
    start_ns: float
    end_ns: float


class FlashChip:
    """Busy time and power cuts for the flash behind `mcu.ssi`; see the module docstring."""

    def __init__(self, mcu, timing: FlashTiming = TYPICAL):
        self.mcu = mcu
        self.timing = timing
        self.ops: list[FlashOp] = []
        self.busy_until = 0.0
        self.cut: dict | None = None  # what was in progress when the power went
        self._plan = None
        self._before = b""
        ssi = mcu.ssi
        self._shift, self._apply = ssi._shift_byte, ssi._apply_command
        ssi._shift_byte, ssi._apply_command = self._shift_byte, self._apply_command
        self._ssi = ssi

    def busy(self) -> bool:
        return self.mcu.clock.nanos < self.busy_until

    def cut_during(self, n: int, fraction: float, on_cut, region: tuple[int, int]) -> None:
        """Cut the power `fraction` of the way through the n-th (1 = next) erase or program
        that touches [region): `on_cut()` stops the emulator, the operation is left part done."""
        if n < 1 or not 0 <= fraction < 1:
            raise ValueError("n counts from 1; fraction is in [0, 1)")
        self._plan = {"n": n, "fraction": fraction, "on_cut": on_cut, "region": region}

    # -- the chip ---------------------------------------------------------------------------

    def _shift_byte(self, byte_out: int) -> int:
        out = self._shift(byte_out)
        buf = self._ssi._tx_buffer
        if len(buf) > 1 and buf[0] == CMD_READ_STATUS_1 and self.busy():
            out |= STATUS_BUSY | STATUS_WEL  # WEL clears when the operation ends
        return out

    def _apply_command(self) -> None:
        ssi = self._ssi
        buf = ssi._tx_buffer
        op = None
        if buf and ssi._write_enabled and len(buf) >= 4:
            address = (buf[1] << 16) | (buf[2] << 8) | buf[3]
            if buf[0] == CMD_SECTOR_ERASE:
                op = ("erase", address & ~(FLASH_SECTOR_SIZE - 1), FLASH_SECTOR_SIZE)
                seconds = self.timing.sector_erase
            elif buf[0] == CMD_BLOCK_ERASE:
                op = ("erase", address & ~(FLASH_BLOCK_SIZE - 1), FLASH_BLOCK_SIZE)
                seconds = self.timing.block_erase
            elif buf[0] == CMD_PAGE_PROGRAM and len(buf) > 4:
                op = ("program", address, min(len(buf) - 4, FLASH_PAGE_SIZE))
                seconds = self.timing.page_program
        if op is None:
            self._apply()
            return
        kind, address, size = op
        flash = self.mcu.flash
        before = bytes(flash[address : address + size])
        self._apply()
        now = self.mcu.clock.nanos
        record = FlashOp(kind, address, size, now, now + seconds * 1e9)
        self.ops.append(record)
        self.busy_until = record.end_ns
        self._maybe_cut(record, before)

    def _maybe_cut(self, op: FlashOp, before: bytes) -> None:
        plan = self._plan
        if plan is None or not plan["region"][0] <= op.address < plan["region"][1]:
            return
        plan["n"] -= 1
        if plan["n"] > 0:
            return
        self._plan = None
        at = op.start_ns + plan["fraction"] * (op.end_ns - op.start_ns)

        def cut() -> None:
            done = int(op.size * plan["fraction"])
            flash = self.mcu.flash
            after = bytes(flash[op.address : op.address + op.size])
            # What had been done by the cut, then what was there before.
            flash[op.address : op.address + op.size] = after[:done] + before[done:]
            self.cut = {"op": op, "at_ns": at, "done_bytes": done}
            plan["on_cut"]()

        alarm = self.mcu.clock.create_alarm(cut)
        alarm.schedule(max(0.0, at - self.mcu.clock.nanos))
