"""The players' names a game's sides carry: "Ann", "Bob", or a partnership's "Ann & Bob".

    set_names(keeper, ["Ann Lee", "Bob"])    # the game's sides' names; False: no change
    new_game(keeper, ["Cat", "Dan"], dealer)   # a new game with these names (one write)
    check_name("Ann")          # the name, or NameRefused saying what is wrong
    checked(["Ann", "Bob"], sides)       # 4 names for a game record ("" past the sides')
    pack_names(names); unpack_names(payload, off)     # the game record's 64 bytes of names

A name is part of the game's record in the log (the game record of log version 6,
FORMAT.md): at most events.NAME_BYTES bytes of UTF-8 (16: the display's width), printable
(no control characters), "" for a side without one. This module is loaded only where there
are names (set, or in a game record read): a board that never has names spends no heap on
it.
SPDX-License-Identifier: MIT
"""

from scorekeeper.errors import ScorekeeperError, ScoreRefused
from scorekeeper.events import NAME_BYTES


class NameRefused(ScoreRefused):
    """A name the board cannot keep (too long, control characters)."""


def check_name(name):
    """name with its outer spaces gone, if a game can carry it; NameRefused says why not."""
    if not isinstance(name, str):
        raise NameRefused("a name is text")
    name = name.strip()
    if len(name.encode()) > NAME_BYTES:
        raise NameRefused("a name is at most {} bytes: {}".format(NAME_BYTES, name[:20]))
    for ch in name:
        o = ord(ch)
        if o < 0x20 or o == 0x7F:
            raise NameRefused("a name has no control characters")
    return name


def checked(names, sides):
    """The 4 names of a game of that many sides: each checked (check_name), "" past sides."""
    out = ["", "", "", ""]
    for i in range(min(len(names), sides)):
        out[i] = check_name(names[i])
    return out


def pack_names(names):
    """The 4 names' bytes (each NAME_BYTES, zero-padded), as the game record holds them."""
    out = bytearray(4 * NAME_BYTES)
    for i in range(len(names)):
        data = names[i].encode()
        out[i * NAME_BYTES : i * NAME_BYTES + len(data)] = data
    return bytes(out)


def unpack_names(payload, off):
    """The 4 names of a game record's bytes at payload[off:]; ScorekeeperError for bytes that
    are no name (not UTF-8)."""
    out = []
    for i in range(4):
        raw = bytes(payload[off + i * NAME_BYTES : off + (i + 1) * NAME_BYTES])
        end = raw.find(b"\x00")
        try:
            out.append(raw[: end if end >= 0 else NAME_BYTES].decode())
        except UnicodeError:
            raise ScorekeeperError("game record: a name that is not UTF-8") from None
    return out


def set_names(keeper, names):
    """Give the keeper's game's sides their players' names (a list of up to 4; "" for none):
    part of the game's record (the log rewritten whole), kept by the next games until
    changed. NameRefused for a name the board cannot keep; nothing changes then. False if
    the names are the game's already."""
    new = checked(names, keeper.game.sides)
    if new == keeper.game.names:
        return False
    keeper._rewrite(keeper.game.events, names=new)  # the same game: only its record changes
    return True


def new_game(keeper, names, dealer=-1):
    """keeper.new_game(dealer) with these names on its sides, in the same write."""
    keeper.new_game(dealer, checked(names, 4))
