"""Raw flash image to UF2, the format a Pico's BOOTSEL drive (and rp2040py) loads.

pico-sdk makes UF2 files with picotool, which Debian bookworm does not have; the format is
small enough to write here: 512-byte blocks, each carrying 256 bytes of flash at its address.
"""

import struct

MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY_ID_PRESENT = 0x00002000
RP2040_FAMILY_ID = 0xE48BFF56
FLASH_BASE = 0x10000000
PAYLOAD = 256
BLOCK = 512


def bin_to_uf2(data: bytes, base: int = FLASH_BASE, family: int = RP2040_FAMILY_ID) -> bytes:
    """UF2 image of `data` written to flash from address `base`."""
    count = (len(data) + PAYLOAD - 1) // PAYLOAD
    out = bytearray()
    for index in range(count):
        chunk = data[index * PAYLOAD : (index + 1) * PAYLOAD].ljust(PAYLOAD, b"\0")
        header = struct.pack(
            "<8I",
            MAGIC_START0,
            MAGIC_START1,
            FLAG_FAMILY_ID_PRESENT,
            base + index * PAYLOAD,
            PAYLOAD,
            index,
            count,
            family,
        )
        padding = b"\0" * (BLOCK - len(header) - PAYLOAD - 4)
        out += header + chunk + padding + struct.pack("<I", MAGIC_END)
    return bytes(out)


def uf2_to_bin(image: bytes, base: int = FLASH_BASE) -> bytes:
    """The flash contents a UF2 image writes, from `base` to its highest written byte."""
    if len(image) % BLOCK:
        raise ValueError("a UF2 image is a whole number of 512-byte blocks")
    flash = bytearray()
    for offset in range(0, len(image), BLOCK):
        block = image[offset : offset + BLOCK]
        magic0, magic1, _flags, address, size = struct.unpack("<5I", block[:20])
        (magic_end,) = struct.unpack("<I", block[-4:])
        if (magic0, magic1, magic_end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise ValueError(f"bad UF2 block magic at byte {offset}")
        start = address - base
        if len(flash) < start + size:
            flash.extend(b"\xff" * (start + size - len(flash)))
        flash[start : start + size] = block[32 : 32 + size]
    return bytes(flash)
