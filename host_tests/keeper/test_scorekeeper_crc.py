# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The log's CRC-16/CCITT-FALSE: the table (bytecode) and viper (native) loops against the
catalogue's check values and an independent bit-by-bit implementation written here.

CPython runs the table; the MicroPython unix port has a native emitter, so there the viper
loop (what the Pico runs) is checked as well, and the two against each other.
"""

import sys

from scorekeeper import crc
from scorekeeper.crc import crc16
from scorekeeper.crc_table import crc16_range as table_range
from support import raises, skip_unless


def bitwise(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE straight from its definition: poly 0x1021, MSB first, no xor out."""
    for b in data:
        for bit in range(7, -1, -1):
            top = (crc >> 15) ^ ((b >> bit) & 1)
            crc = (crc << 1) & 0xFFFF
            if top:
                crc ^= 0x1021
    return crc


def native_range():
    """crc_native's loop, or None where there is no native emitter (CPython, wasm)."""
    try:
        from scorekeeper.crc_native import crc16_range
    except (ImportError, SyntaxError, ValueError):
        return None
    return crc16_range


def samples():
    """Byte strings of every length 0-40 and a long one, from a fixed LCG (no random module
    on the board)."""
    x = 12345
    out = []
    for n in list(range(41)) + [300]:
        b = bytearray(n)
        for i in range(n):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            b[i] = (x >> 16) & 0xFF
        out.append(bytes(b))
    return out


def test_published_check_values():
    # The CRC catalogue's CRC-16/IBM-3740 (alias CCITT-FALSE): check 0x29B1 for "123456789".
    for fn in (crc16, bitwise):
        assert fn(b"123456789") == 0x29B1
    assert table_range(b"123456789", 0, 9, 0xFFFF) == 0x29B1
    assert crc16(b"") == 0xFFFF
    # The same polynomial from init 0 is CRC-16/XMODEM, check 0x31C3.
    assert crc16(b"123456789", crc=0) == 0x31C3
    assert bitwise(b"123456789", 0) == 0x31C3


def test_table_equals_bitwise_definition():
    for data in samples():
        assert table_range(data, 0, len(data), 0xFFFF) == bitwise(data)
    for value in range(256):
        assert table_range(bytes((value,)), 0, 1, 0) == bitwise(bytes((value,)), 0)


def test_crc16_equals_bitwise_on_ranges_and_buffers():
    for data in samples():
        n = len(data)
        for start, end in ((0, n), (n // 3, n), (0, n // 2), (n // 4, n - n // 4)):
            want = bitwise(data[start:end])
            assert crc16(data, start, end) == want
            assert crc16(bytearray(data), start, end) == want
            assert crc16(memoryview(data), start, end) == want
            assert crc16(memoryview(data)[start:], 0, end - start) == want


def test_continuation_is_one_crc_of_the_whole():
    data = samples()[-1]
    assert crc16(data, 100, len(data), crc16(data, 0, 100)) == crc16(data)


def test_out_of_range_is_refused_not_read():
    # The native loop reads memory unchecked: crc16 must refuse a range past the data.
    data = b"12345"
    raises(IndexError, crc16, data, 0, 6)
    raises(IndexError, crc16, data, 3, 2)
    raises(IndexError, crc16, data, -1, 2)


def test_native_equals_table_where_there_is_a_native_emitter():
    native = native_range()
    is_mpy = sys.implementation.name == "micropython"
    skip_unless(native is not None or not is_mpy, "MicroPython without a native emitter")
    if not is_mpy:
        assert native is None and crc._range is table_range  # CPython: the table
        return
    assert crc._range is native  # the unix port, like the Pico, uses the native loop
    for data in samples():
        for crc_in in (0xFFFF, 0, 0x1D0F):
            assert native(data, 0, len(data), crc_in) == table_range(data, 0, len(data), crc_in)
