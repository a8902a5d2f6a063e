"""The players' names a game's sides carry: "Ann", "Bob", or a partnership's "Ann & Bob".

    check_name("Ann")          # the name, or NameRefused saying what is wrong
    pack_names(["Ann", "", "", ""])      # NAME_BYTES bytes a side: the game record's names
    unpack_names(payload, off)           # [4 names] from a game record's bytes

A name is part of the game's record in the log (the game record of log version 6,
FORMAT.md): at most NAME_BYTES bytes of UTF-8 (16: the display's width), printable (no
control characters), "" for a side without one. A side's name is shown in place of its letter
where there is room (the display shows what fits, ``short``).
SPDX-License-Identifier: MIT
"""

from compat import const

from scorekeeper.errors import ScoreRefused

NAME_BYTES = const(16)
NO_NAMES = ("", "", "", "")


class NameRefused(ScoreRefused):
    """A name the board cannot keep (too long, control characters)."""


def check_name(name):
    """name with its outer spaces gone, if a game can carry it; NameRefused says why not."""
    if not isinstance(name, str):
        raise NameRefused("a name is text")
    name = name.strip()
    data = name.encode()
    if len(data) > NAME_BYTES:
        raise NameRefused("a name is at most {} bytes: {}".format(NAME_BYTES, name[:20]))
    for ch in name:
        o = ord(ch)
        if o < 0x20 or o == 0x7F:
            raise NameRefused("a name has no control characters")
    return name


def pack_names(names):
    """The 4 names' bytes (each NAME_BYTES, zero-padded), as the game record holds them."""
    out = bytearray(4 * NAME_BYTES)
    for i in range(4):
        data = names[i].encode() if i < len(names) else b""
        out[i * NAME_BYTES : i * NAME_BYTES + len(data)] = data
    return bytes(out)


def unpack_names(payload, off):
    """The 4 names of a game record's bytes at payload[off:]; NameRefused for bytes that are
    no name (not UTF-8)."""
    out = []
    for i in range(4):
        at = off + i * NAME_BYTES
        raw = bytes(payload[at : at + NAME_BYTES])
        end = raw.find(b"\x00")
        try:
            out.append(raw[: end if end >= 0 else NAME_BYTES].decode())
        except UnicodeError:
            raise NameRefused("game record: a name that is not UTF-8") from None
    return out


def short(name, letter, width):
    """What a display line of width columns shows for a side: its name cut to width (ASCII
    only: a character the display's font lacks shows as ?), or its letter without one."""
    if not name:
        return letter
    out = []
    for ch in name[:width]:
        out.append(ch if 0x20 <= ord(ch) < 0x7F else "?")
    return "".join(out)
