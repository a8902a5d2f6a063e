"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): the checksum of log records and settings.

It catches every single-byte error and every burst up to 16 bits. Check value:
crc16(b"123456789") == 0x29B1. Where MicroPython has a native emitter (the Pico, the unix
port) the work is done by crc_native's viper loop: the board checks every record of its log at
start-up, and in bytecode that was a third of the restored board's boot (~110 ms of the UF2's
~390). Elsewhere (CPython, the browser's wasm port) crc_table's 256-entry table does it, one
lookup a byte; it is imported only there, so the Pico's heap never holds the table.
SPDX-License-Identifier: MIT
"""

try:
    from scorekeeper.crc_native import crc16_range as _range
except (ImportError, SyntaxError, ValueError):  # pragma: no cover - CPython, wasm: no viper
    # ImportError: no micropython module (CPython); SyntaxError: no native emitter to compile
    # the source (wasm: "invalid micropython decorator"); ValueError: an .mpy for another arch.
    from scorekeeper.crc_table import crc16_range as _range


def crc16(data, start=0, end=None, crc=0xFFFF):
    """The CRC of data[start:end] (bytes, bytearray or memoryview), without slicing."""
    n = len(data)
    if end is None:
        end = n
    if not 0 <= start <= end <= n:  # the native loop reads memory unchecked: never past data
        raise IndexError("crc16 range {}:{} of {} bytes".format(start, end, n))
    return _range(data, start, end, crc)
