# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The checkpoint (scorekeeper/checkpoint.py, FORMAT.md): start-up from it gives the very
state a replay of the whole log gives, whatever the journal holds; a checkpoint cut at any
byte, damaged at any byte, stale, or of another layout is ignored; the log cut at any byte
with a checkpoint beside it comes back as without one.
"""

from props import sweep
from scorekeeper import Keeper, ScorekeeperError
from scorekeeper import checkpoint as ck
from scorekeeper.events import CORRECTION, HAND
from scorekeeper.keeper import CHECKPOINT_EVERY

from tools.board.testkit import Clock, FakeFS, PowerCut, keeper, record_ends, record_game

LOG = "st/game.log"
JNL = "st/game.jnl"
CKP = "st/game.ckp"


def state(k):
    """Every field of the keeper's game (the events as a list), its totals and log position."""
    g = k.game
    d = {}
    for name in g.__dict__:
        if name not in ("cfg", "events", "orders"):
            v = getattr(g, name)
            d[name] = tuple(v) if isinstance(v, list) else v
    d["events"] = list(g.events)
    return d, k.snapshot(), k._log.seq, k._log.size, k._log.jsize


def reload(fs, checkpoint=True):
    """A keeper booted on a copy of fs (without its checkpoint if not checkpoint)."""
    files = dict(fs.files)
    if not checkpoint:
        files.pop(CKP, None)
    return Keeper("st", FakeFS(files), Clock())


def played(want=150, seed=12345):
    """A keeper after a whole game of want+ events, folded: a checkpoint is on flash."""
    k = keeper()
    record_game(k, seed=seed, want=want, keep=False)
    k.fold()
    return k


def test_a_fold_writes_a_checkpoint_that_boot_uses():
    k = played()
    assert CKP in k.fs.files
    got = reload(k.fs)
    # Boot replays only what came after it: fewer records than make a checkpoint due.
    assert 0 <= (k._log.seq - got._ck_seq) & 0xFFFF < CHECKPOINT_EVERY
    assert got.notice == ""
    assert state(got) == state(reload(k.fs, checkpoint=False)) == state(k)


def test_only_every_so_many_records():
    k = keeper()
    for i in range(CHECKPOINT_EVERY - 1):
        k.peg(i % 2, 1)
    k.fold()
    assert CKP not in k.fs.files  # too few events for one to pay off
    k.peg(0, 1)
    k.fold()
    first = k.fs.files[CKP]
    for i in range(CHECKPOINT_EVERY - 1):
        k.peg(i % 2, 1)
        k.fold()
        assert k.fs.files[CKP] == first, i  # not yet due again
    k.peg(1, 1)
    k.fold()
    assert k.fs.files[CKP] != first


def test_whatever_the_journal_holds():
    """Records after the checkpoint in the log, in the journal, undos that reach back into
    the checkpoint's events, a count: boot gives the state of the whole replay."""
    k = played()
    base = len(k.game.events)
    steps = (
        lambda k: k.peg(0, 2),
        lambda k: k.undo(),
        lambda k: k.undo(),  # into the checkpoint's events
        lambda k: k.undo(),
        lambda k: k.peg(1, 3, CORRECTION),
        lambda k: k.fold(),
        lambda k: k.peg(1, 1),
        lambda k: k.pass_deal() if not k.game.over else k.undo(),
        lambda k: k.peg(0, 8, HAND) if not k.game.over else k.undo(),
        lambda k: k.keep_time(),
    )
    for i in range(len(steps)):
        try:
            steps[i](k)
        except ScorekeeperError:  # refused (the recorded game's state decides): no change
            pass
        got = reload(k.fs)
        assert got._ck_seq >= 0, i
        assert state(got) == state(reload(k.fs, checkpoint=False)) == state(k), i
    assert len(k.game.events) != base


def test_a_checkpoint_cut_at_every_byte():
    """The fold that writes a checkpoint, cut after every unit of work: the board comes back
    with every event, from the checkpoint or without it."""

    def setup():
        k = keeper()
        for i in range(CHECKPOINT_EVERY + 3):
            k.peg(i % 2, 1 + i % 3)
        return k

    want = None
    for budget in sweep(10000):
        k = setup()
        if want is None:
            want = state(k)[1]
        k.fs.budget = budget
        try:
            k.fold()
            done = True
        except PowerCut:
            done = False
        k.fs.budget = -1
        got = reload(k.fs)
        assert got.snapshot() == want, budget
        assert state(got)[0] == state(reload(k.fs, checkpoint=False))[0], budget
        if done:
            assert got._ck_seq >= 0
            return
    raise AssertionError("the fold never finished")


def test_a_key_that_fills_the_journal_cut_at_every_byte():
    """The key whose record does not fit the journal folds it first, and writes the
    checkpoint when one is due: cut after every unit of work, the board comes back with
    every event before the key, or with the key's too."""

    def setup():
        k = keeper()
        for i in range(CHECKPOINT_EVERY - 1):  # a fold in the 17th key: too few for one
            k.peg(i % 2, 1)
        while k._log.jsize + 12 <= 200:  # fill it (log.JOURNAL_MAX)
            k.peg(0, 1)
        assert not k.fs.files.get(CKP)
        return k

    before = setup().snapshot()
    k = setup()
    k.peg(1, 2)
    after = k.snapshot()
    assert after != before
    was_after = False
    for budget in sweep(10000):
        k = setup()
        k.fs.budget = budget
        try:
            k.peg(1, 2)
            done = True
        except PowerCut:
            done = False
        k.fs.budget = -1
        got = reload(k.fs)
        now = got.snapshot()
        assert now in (before, after), budget
        assert now == after or not was_after, budget  # once on flash, the key's record stays
        was_after = now == after
        assert state(got)[0] == state(reload(k.fs, checkpoint=False))[0], budget
        if done:
            break
    assert done and was_after and CKP in k.fs.files and reload(k.fs)._ck_seq >= 0


def test_every_byte_of_a_checkpoint_flipped():
    k = played(want=60)
    data = k.fs.files[CKP]
    want = state(reload(k.fs, checkpoint=False))
    for i in sweep(len(data)):
        fs = FakeFS(dict(k.fs.files))
        fs.files[CKP] = data[:i] + bytes((data[i] ^ 0x5A,)) + data[i + 1 :]
        got = Keeper("st", fs, Clock())
        assert got._ck_seq < 0, i  # refused: its CRC, or what it says of the log
        assert state(got) == want, i


def test_the_log_cut_at_every_byte_beside_a_checkpoint():
    """A log cut short (or grown damaged bytes) after its checkpoint was written: start-up
    keeps what the log holds, as it would without the checkpoint."""
    k = played(want=60)
    data = k.fs.files[LOG]
    for size in sweep(record_ends(data)[2], len(data) + 1):
        fs = FakeFS(dict(k.fs.files))
        fs.files[LOG] = data[0:size]
        got = Keeper("st", fs, Clock())
        fs2 = FakeFS({LOG: data[0:size]})
        alone = Keeper("st", fs2, Clock())
        assert state(got)[:2] == state(alone)[:2], size
        assert got.notice == alone.notice, size
        if size == len(data):
            assert got._ck_seq >= 0


def test_a_stale_checkpoint_is_ignored():
    """After a whole-file rewrite (undo to a point, a new game, the match reset) the log is
    another file: its records are numbered on, so the old checkpoint is no one's."""
    for change in (lambda k: k.undo_to(10), lambda k: k.new_game(), lambda k: k.reset_match()):
        k = played(want=60)
        old = k.fs.files[CKP]
        change(k)
        assert k.fs.files[CKP] == old  # still there
        got = reload(k.fs)
        assert got._ck_seq < 0
        assert state(got) == state(k)


def test_a_checkpoint_of_another_layout_is_ignored():
    """A firmware that keeps more (or fewer) fields writes another layout: it is replayed."""
    k = played(want=60)
    data = bytearray(k.fs.files[CKP])
    pos = len(ck.MAGIC) + 10
    data[pos] += 1  # another count of values; its CRC made good again
    from scorekeeper.crc import crc16

    c = crc16(data, 0, len(data) - 2)
    data[-2], data[-1] = c & 0xFF, c >> 8
    fs = FakeFS(dict(k.fs.files))
    fs.files[CKP] = bytes(data)
    got = Keeper("st", fs, Clock())
    assert got._ck_seq < 0
    assert state(got) == state(k)


def test_old_boards_load_without_one():
    """A board from before the checkpoint has only the log and the journal."""
    k = keeper()
    for i in range(70):
        k.peg(i % 2, 1)
    del k.fs.files[CKP]  # the files as the firmware before it left them
    assert JNL in k.fs.files
    got = reload(k.fs)
    assert got._ck_seq < 0 and state(got) == state(k)
    got.peg(0, 1)
    got.fold()  # its first idle fold writes one
    assert CKP in got.fs.files and state(reload(got.fs)) == state(got)
