"""The game log: an append-only file of small records, each with a sequence number and CRC.

    file   = b"PicoPeg" version(1) record*
    record = length(1) seq(2, LE) type(1) payload crc(2, LE)

length counts the whole record (6 + payload); seq counts records (mod 65536) from the first
record's seq (0 in version 1; a rewrite carries on from the last number written, so no
record of an older journal can pass for one of the new file); crc is CRC-16/CCITT-FALSE of
every byte before it. ``scan`` returns the records of the longest good prefix: a torn or
corrupt record, and everything after it, is dropped.

The journal (``game.jnl``: ``b"PicoJnl"`` version record*) takes the appended records while
it is small: littlefs keeps a file that small inline in its folder's metadata, where an
append is one page program, while an append to the big log copies its last 4 KB block to a
freshly erased one (45 ms). Its records carry on the log's numbering; ``fold`` moves them to
the end of the log when the board is idle (or the journal is full), then removes the journal.
See FORMAT.md for the record types, recovery and the flash-wear arithmetic.
SPDX-License-Identifier: MIT
"""

from scorekeeper.atomic import tmp_name, write_atomic
from scorekeeper.crc import crc16
from scorekeeper.errors import LogError

MAGIC = b"PicoPeg"
VERSION = 6  # what this firmware writes; it reads versions 1-5 too (FORMAT.md, "Versions")
VERSIONS = (1, 2, 3, 4, 5, 6)
HEADER = MAGIC + bytes((VERSION,))
JMAGIC = b"PicoJnl"
JHEADER = JMAGIC + bytes((VERSION,))  # a journal's version is its log's (an older log's
# journal, left by the firmware before an upgrade, is read with it: load.py)
FRAME = 6  # length, seq, type before the payload; crc after it
# The journal's size limit: littlefs (rp2: 4096-byte blocks, progsize 256, so a 1 KB cache)
# keeps files of up to 512 bytes inline, and every append commits the whole inline file to
# the folder's metadata log; under ~240 bytes that commit is one 256-byte page program.
JOURNAL_MAX = 200


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


def seq_at(data, pos):
    """The number of the record that starts at pos."""
    return data[pos + 1] | (data[pos + 2] << 8)


def scan(data, sizes, seq=-1, pos=-1, limit=-1):
    """Records of data's good prefix from pos: a list of (type, payload offset), the good
    length (with ``limit`` >= 0: of at most that many records).

    ``sizes`` maps each record type of the file's version to its payload size; a record of
    another type or size, out of sequence or failing its CRC ends the good prefix. The first
    record must have number ``seq``; with -1, the number it has (its CRC covers it). pos -1:
    just after the log's header.
    """
    records = []
    if pos < 0:
        pos = len(HEADER)
    end = len(data)
    if seq < 0 and pos + FRAME <= end:
        seq = seq_at(data, pos)
    while pos + FRAME <= end and limit != 0:
        n = data[pos]
        rtype = data[pos + 3]
        size = sizes.get(rtype, -1)
        # An unknown type is damage even when its length byte is FRAME - 1 (size -1).
        if size < 0 or n != FRAME + size or pos + n > end:
            break
        if data[pos + 1] | (data[pos + 2] << 8) != seq:  # seq_at inline: a call a record costs
            break
        c = crc16(data, pos, pos + n - 2)
        if data[pos + n - 2] | (data[pos + n - 1] << 8) != c:
            break
        records.append((rtype, pos + 4))
        pos += n
        seq = (seq + 1) & 0xFFFF
        limit -= 1
    return records, pos


def encode(records, base=0):
    """A whole log file's bytes: the header and these (type, payload) records, numbered
    from base."""
    parts = [HEADER]
    for i in range(len(records)):
        parts.append(frame(base + i, records[i][0], records[i][1]))
    return b"".join(parts)


class Log:
    """Writes the log: whole (atomically), or a record at a time through the journal.

    ``seq`` is the next record's number, carried on across the log and the journal;
    ``jsize`` the journal's bytes on flash (0: none in use), ``jfile`` whether a journal file
    exists at all (one whose records are all in the log too, after a cut, is harmless)."""

    def __init__(self, fs, path, jpath=None):
        self.fs = fs
        self.path = path
        self.jpath = jpath  # None: append to the log itself
        self.seq = 0  # the next record's sequence number
        self.size = 0  # bytes in the log file
        self.jsize = 0
        self.jfile = False

    def rewrite(self, records, keep=None):
        """Replace the log with these (type, payload) records, atomically, and drop the
        journal; with ``keep``, the log replaced (the journal folded into it first) is
        renamed to that name (no copy in RAM). A cut between the renames leaves no file at
        path and the whole new one at path.tmp: start-up takes it. The records are numbered
        on from ``seq``, so a journal left by a cut before its removal is all older records."""
        data = encode(records, self.seq)
        if keep is None:
            write_atomic(self.fs, self.path, data)
        else:
            self.fold()  # the game kept must be whole
            tmp = tmp_name(self.path)
            self.fs.write(tmp, data)
            if self.fs.exists(keep):
                self.fs.remove(keep)
            self.fs.rename(self.path, keep)
            self.fs.rename(tmp, self.path)
        self.seq = (self.seq + len(records)) & 0xFFFF
        self.size = len(data)
        self._drop_journal()

    def append(self, rtype, payload):
        """Append one record (to the journal, folding it first if it is full); when this
        returns it is on flash."""
        rec = frame(self.seq, rtype, payload)
        if self.jpath is None:
            self.fs.append(self.path, rec)
            self.size += len(rec)
        else:
            if self.jsize + len(rec) > JOURNAL_MAX:
                self.fold()
            if self.jsize:
                self.fs.append(self.jpath, rec)
            else:  # a new journal (write truncates one whose records are all in the log)
                self.jfile = True
                self.fs.write(self.jpath, JHEADER + rec)
                self.jsize = len(JHEADER)
            self.jsize += len(rec)
        self.seq = (self.seq + 1) & 0xFFFF

    @property
    def pending(self):
        """True when records wait in the journal for a fold."""
        return self.jsize > 0

    def fold(self):
        """Append the journal's records to the log, then remove the journal. A cut between
        the two leaves them in both: start-up skips the journal's records the log has."""
        n = self.jsize
        if n:
            data = self.fs.read(self.jpath)
            if data is None or len(data) < n:
                raise OSError("journal shorter than written")
            self.fs.append(self.path, data[len(JHEADER) : n])
            self.size += n - len(JHEADER)
        self._drop_journal()

    def _drop_journal(self):
        self.jsize = 0
        if self.jfile:
            self.fs.remove(self.jpath)
            self.jfile = False
