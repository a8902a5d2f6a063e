"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): the checksum of log records and settings.

A 16-entry table (a nibble at a time) keeps it small and fast enough in pure Python: two
lookups a byte, no table to build at import. It catches every single-byte error and every
burst up to 16 bits. Check value: crc16(b"123456789") == 0x29B1.
SPDX-License-Identifier: MIT
"""

_T = (
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
    0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
)  # fmt: skip


def crc16(data, start=0, end=None, crc=0xFFFF):
    """The CRC of data[start:end] (bytes, bytearray or memoryview), without slicing."""
    if end is None:
        end = len(data)
    t = _T
    for i in range(start, end):
        b = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
    return crc
