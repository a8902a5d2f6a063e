"""The game log: an append-only file of small records, each with a sequence number and CRC.

    file   = b"PicoPeg" version(1) record*
    record = length(1) seq(2, LE) type(1) payload crc(2, LE)

length counts the whole record (6 + payload); seq counts records from 0 in this file (mod
65536); crc is CRC-16/CCITT-FALSE of every byte before it. ``scan`` returns the records of
the longest good prefix: a torn or corrupt record, and everything after it, is dropped.
See FORMAT.md for the record types and the flash-wear arithmetic.
SPDX-License-Identifier: MIT
"""

from scorekeeper.atomic import write_atomic
from scorekeeper.crc import crc16
from scorekeeper.errors import LogError

MAGIC = b"PicoPeg"
VERSION = 1
HEADER = MAGIC + bytes((VERSION,))
FRAME = 6  # length, seq, type before the payload; crc after it


def frame(seq, rtype, payload):
    """The bytes of one record."""
    n = FRAME + len(payload)
    if n > 255:
        raise LogError("record too long")
    head = bytes((n, seq & 0xFF, (seq >> 8) & 0xFF, rtype)) + payload
    c = crc16(head)
    return head + bytes((c & 0xFF, c >> 8))


def check_header(data):
    """Raise LogError unless data starts with a version-1 PicoPeg log header."""
    if len(data) < len(HEADER) or bytes(data[0 : len(MAGIC)]) != MAGIC:
        raise LogError("not a PicoPeg game log")
    if data[len(MAGIC)] != VERSION:
        raise LogError("game log version {} is not supported".format(data[len(MAGIC)]))


def scan(data, sizes):
    """Records of data's good prefix: a list of (type, payload offset) and the good length.

    ``sizes`` maps each known record type to its payload size; a record of another type or
    size, out of sequence or failing its CRC ends the good prefix.
    """
    check_header(data)
    records = []
    pos = len(HEADER)
    end = len(data)
    seq = 0
    while pos + FRAME <= end:
        n = data[pos]
        rtype = data[pos + 3]
        size = sizes.get(rtype, -1)
        # An unknown type is damage even when its length byte is FRAME - 1 (size -1).
        if size < 0 or n != FRAME + size or pos + n > end:
            break
        if data[pos + 1] | (data[pos + 2] << 8) != seq:
            break
        c = crc16(data, pos, pos + n - 2)
        if data[pos + n - 2] | (data[pos + n - 1] << 8) != c:
            break
        records.append((rtype, pos + 4))
        pos += n
        seq = (seq + 1) & 0xFFFF
    return records, pos


class Log:
    """Writes the log file: whole (atomically) or one record at a time (appended)."""

    def __init__(self, fs, path):
        self.fs = fs
        self.path = path
        self.seq = 0  # the next record's sequence number
        self.size = 0  # bytes in the file

    def rewrite(self, records):
        """Replace the file with these (type, payload) records, atomically."""
        parts = [HEADER]
        for i in range(len(records)):
            parts.append(frame(i, records[i][0], records[i][1]))
        data = b"".join(parts)
        write_atomic(self.fs, self.path, data)
        self.seq = len(records) & 0xFFFF
        self.size = len(data)

    def append(self, rtype, payload):
        """Append one record; when this returns it is on flash."""
        rec = frame(self.seq, rtype, payload)
        self.fs.append(self.path, rec)
        self.seq = (self.seq + 1) & 0xFFFF
        self.size += len(rec)
