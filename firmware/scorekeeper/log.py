"""The game log: an append-only file of small records, each with a sequence number and CRC.

    file   = b"PicoPeg" version(1) record*
    record = length(1) seq(2, LE) type(1) payload crc(2, LE)

length counts the whole record (6 + payload); seq counts records from 0 in this file (mod
65536); crc is CRC-16/CCITT-FALSE of every byte before it. ``scan`` returns the records of
the longest good prefix: a torn or corrupt record, and everything after it, is dropped.
See FORMAT.md for the record types and the flash-wear arithmetic.
SPDX-License-Identifier: MIT
"""

from scorekeeper.atomic import tmp_name, write_atomic
from scorekeeper.crc import crc16
from scorekeeper.errors import LogError

MAGIC = b"PicoPeg"
VERSION = 2  # what this firmware writes; it reads version 1 too (FORMAT.md, "Versions")
VERSIONS = (1, 2)
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
    """The version of data's PicoPeg log header; LogError if it is none this firmware reads."""
    if len(data) < len(HEADER) or bytes(data[0 : len(MAGIC)]) != MAGIC:
        raise LogError("not a PicoPeg game log")
    version = data[len(MAGIC)]
    if version not in VERSIONS:
        raise LogError("game log version {} is not supported".format(version))
    return version


def scan(data, sizes):
    """Records of data's good prefix: a list of (type, payload offset) and the good length.

    ``sizes`` maps each record type of the file's version to its payload size; a record of
    another type or size, out of sequence or failing its CRC ends the good prefix.
    """
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


def encode(records):
    """A whole log file's bytes: the header and these (type, payload) records."""
    parts = [HEADER]
    for i in range(len(records)):
        parts.append(frame(i, records[i][0], records[i][1]))
    return b"".join(parts)


class Log:
    """Writes the log file: whole (atomically) or one record at a time (appended)."""

    def __init__(self, fs, path):
        self.fs = fs
        self.path = path
        self.seq = 0  # the next record's sequence number
        self.size = 0  # bytes in the file

    def rewrite(self, records, keep=None):
        """Replace the file with these (type, payload) records, atomically; with ``keep``, the
        file replaced is renamed to that name (no copy in RAM). A cut between the renames
        leaves no file at path and the whole new one at path.tmp: start-up takes it."""
        data = encode(records)
        if keep is None:
            write_atomic(self.fs, self.path, data)
        else:
            tmp = tmp_name(self.path)
            self.fs.write(tmp, data)
            if self.fs.exists(keep):
                self.fs.remove(keep)
            self.fs.rename(self.path, keep)
            self.fs.rename(tmp, self.path)
        self.seq = len(records) & 0xFFFF
        self.size = len(data)

    def append(self, rtype, payload):
        """Append one record; when this returns it is on flash."""
        rec = frame(self.seq, rtype, payload)
        self.fs.append(self.path, rec)
        self.seq = (self.seq + 1) & 0xFFFF
        self.size += len(rec)
