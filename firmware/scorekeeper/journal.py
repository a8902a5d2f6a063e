"""Start-up: join the journal (game.jnl) to the game log it carries on.

    data, good, seq, dropped, jsize = join_journal(fs, jpath, jdata, (data, records, good,
                                                   seq), sizes=sizes, notes=notes)

The journal's records are numbered on from the log's (log.py). Those the log already holds
(a fold done, or cut between its append and its removal; or a journal older than the log's
last rewrite) are skipped; the rest are joined to the log's good prefix as if they were in
it, so the loader replays one buffer. A journal that starts after a gap in the numbering
follows records the log has lost: it is damage, dropped and counted like a torn record.
SPDX-License-Identifier: MIT
"""

from scorekeeper.atomic import set_aside
from scorekeeper.log import JHEADER, JMAGIC, scan, seq_at


def join_journal(fs, jpath, jdata, log, *, sizes, notes, version=-1):
    """Join the journal's new records (jdata: the file at jpath) to the log's good prefix
       (log: its data, records, good length, and seq, the number after its good records; the
       records list gets the journal's records' offsets; version: the log's, which its
       journal has: -1, this firmware's).
    Returns (data, good, seq, dropped,
       jsize): the joined bytes and their good length, the number after every record of either
       file, the bytes lost (the log's damaged tail unless the journal holds it: a cut fold, and
       the journal's own damage), and the journal's size if appends may carry on in it (0: no
       journal in use, -1: the log must be rewritten first)."""
    data, records, good, seq = log
    dropped = len(data) - good
    clean = not dropped
    header = JHEADER if version < 0 else JMAGIC + bytes((version,))
    h = len(header)
    if bytes(jdata[0:h]) != header[0 : len(jdata)]:  # not a journal, nor a torn start of one
        name = set_aside(fs, jpath)
        notes.append(("journal unreadable: set aside as " + name.rsplit("/", 1)[-1],
                      "journal set aside"))  # fmt: skip
        return data, good, seq, dropped, -1
    jrecs, jgood = scan(jdata, sizes, -1, h) if len(jdata) >= h else ([], 0)
    jbad = len(jdata) - jgood if jgood else len(jdata)
    if not jrecs:  # a journal cut while it was created: its one record lost
        return data, good, seq, dropped + jbad, -1 if dropped or jbad else 0
    first = seq_at(jdata, jrecs[0][1] - 4)  # (the offset is its payload's)
    jnext = (first + len(jrecs)) & 0xFFFF
    skip = (seq - first) & 0xFFFF
    if skip >= 0x8000:  # a gap: the journal follows records the log has lost
        return data, good, jnext, dropped + len(jdata) - h, -1
    if skip > len(jrecs) or (skip == len(jrecs) and not jbad):
        # All in the log: a fold done, or a journal older than the log's last rewrite.
        return data, good, seq, dropped, 0 if not dropped else -1
    if skip == len(jrecs):  # the log holds its records; its torn last one is lost
        return data, good, seq, dropped + jbad, -1
    jpos = jrecs[skip][1] - 4  # the first record the log does not hold
    tail = bytes(data[good:])
    if tail and tail == bytes(jdata[jpos : jpos + len(tail)]) and len(tail) < jgood - jpos:
        dropped = 0  # a fold cut short: the journal still holds those bytes
    shift = good - jpos
    for i in range(skip, len(jrecs)):
        records.append((jrecs[i][0], jrecs[i][1] + shift))
    data = bytes(data[0:good]) + bytes(jdata[jpos:jgood])
    # Appends may carry on in the journal only when both files were whole and nothing of
    # the journal was in the log.
    ok = clean and not jbad and skip == 0
    return data, len(data), jnext, dropped + jbad, jgood if ok else -1
