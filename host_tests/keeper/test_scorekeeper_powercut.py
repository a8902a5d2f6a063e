# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Power cuts: a recorded game of 150+ events, its log cut at every byte and every byte
flipped; cuts inside every write the keeper makes; the same on real files in a temp folder.

After any cut the board must come back in the state after some prefix of the committed
events, and with every event that was fully written.
"""

from props import sweep
from scorekeeper import FileOps, Keeper

from tools.board.testkit import (
    Clock,
    FakeFS,
    PowerCut,
    keeper,
    record_ends,
    record_game,
    remove_folder,
    temp_folder,
)

HEADER_RECORDS = 3  # match, stats, game start


def recorded():
    """(log bytes, snapshots, record ends, fresh snapshot) of a session: one whole game,
    then a second game of 150+ events; snapshots[n] is the state after n event records.
    Recorded afresh for each test (a few ms) rather than held: the snapshots take ~0.3 MB."""
    k = keeper()
    record_game(k, seed=7, want=0, keep=False)
    k.new_game()  # the log's header now carries a finished game's totals
    snaps = record_game(k, seed=12345, want=150)
    k.fold()  # the journal's last records into the log: the whole game in one file
    data = k.fs.files["st/game.log"]
    ends = record_ends(data)
    assert len(ends) == HEADER_RECORDS + len(snaps) - 1
    return data, snaps, ends, keeper().snapshot()


def load(data, fs=None):
    fs = fs if fs is not None else FakeFS()
    fs.files["st/game.log"] = data
    return Keeper("st", fs, Clock()), fs


def events_within(ends, size):
    """Event records wholly inside the first size bytes."""
    n = 0
    for end in ends[HEADER_RECORDS:]:
        if end <= size:
            n += 1
    return n


def test_recorded_game_is_long_and_ends_in_a_win():
    data, snaps, _ends, _fresh = recorded()
    assert len(snaps) - 1 >= 150
    k, _fs = load(data)
    assert k.notice == "" and k.snapshot() == snaps[-1]
    assert k.game.over and k.stats.finished == 2 and k.match.games[0] + k.match.games[1] == 2


def test_cut_at_every_byte():
    data, snaps, ends, fresh = recorded()
    header_end = ends[HEADER_RECORDS - 1]
    for size in range(len(data) + 1):
        cut = data[0:size]
        k, fs = load(cut)
        if size < header_end:  # never written like this (the header is written whole)
            assert k.snapshot() == fresh, size
            assert fs.files["st/game.bad1"] == cut and "set aside" in k.notice
            continue
        n = events_within(ends, size)
        assert k.snapshot() == snaps[n], size
        whole = size == ends[HEADER_RECORDS - 1 + n]
        assert (k.notice == "") == whole, (size, k.notice)
        if not whole:
            torn = size - ends[HEADER_RECORDS - 1 + n]
            assert k.notice.endswith(" {} damaged bytes".format(torn)), k.notice
        # The repaired log takes new events and replays to the same state.
        if k.game.over:
            k.undo()
        else:
            k.peg(k.game.dealer, 1)
        assert Keeper("st", fs, Clock()).snapshot() == k.snapshot(), size


def test_flip_every_byte():
    data, snaps, ends, fresh = recorded()
    record = 0
    for i in range(len(data)):
        while record < len(ends) and ends[record] <= i:
            record += 1
        for mask in (0xFF, 0x01, 0x80):
            bad = bytearray(data)
            bad[i] ^= mask
            k, fs = load(bytes(bad))
            # (The header has no CRC: version 5 ^ 1 = 4 is a version this firmware reads, but
            # its game record is 12 bytes, not 13: the header records are damage, as below.)
            if i < 8 or record < HEADER_RECORDS:
                assert k.snapshot() == fresh, i
                assert fs.files["st/game.bad1"] == bytes(bad)
            else:
                assert k.snapshot() == snaps[record - HEADER_RECORDS], (i, mask)
                assert k.notice.startswith("recovered "), k.notice


def cut_each_unit(setup, action, limit=5000):
    """Run action on a fresh copy with the power failing after 0, 1, 2, ... units of work;
    return the list of snapshots after a reload, and the snapshot of the uncut action."""
    seen = []
    for budget in range(limit):
        k, done = cut_once(setup, action, budget)
        seen.append(Keeper("st", k.fs, Clock()).snapshot())
        if done:
            return seen
    raise AssertionError("action never finished")


def cut_once(setup, action, budget):
    """Run action on a fresh copy with the power failing after budget units of work; return
    the keeper and whether action finished."""
    k = setup()
    k.fs.budget = budget
    try:
        action(k)
        done = True
    except PowerCut:
        done = False
    k.fs.budget = -1
    return k, done


def late_game_loader():
    """A function that loads the recorded log, less its last 40 bytes, into a new Keeper."""
    data = recorded()[0]
    data = data[0 : len(data) - 40]
    return lambda: load(data)[0]


def test_cut_inside_an_append():
    late_game = late_game_loader()
    before = late_game().snapshot()
    seen = cut_each_unit(late_game, lambda k: k.peg(1, 2))
    # The first append writes a new journal: its 8-byte header and the 12-byte record;
    # 0..19 bytes written is a cut, 20 is done.
    assert len(seen) == 21
    assert seen[0:20] == [before] * 20
    assert seen[20] != before


def with_journal(pegs, early=False):
    """A loader of the late game (or, early, of the game at its 60th record) with pegs of
    1 point (their sides) appended to its journal."""
    late_game = late_game_loader()
    if early:
        data, _snaps, ends, _fresh = recorded()
        late_game = lambda: load(data[0 : ends[60]])[0]  # noqa: E731

    def setup():
        k = late_game()
        # As if a checkpoint had just been written: none is due in the fold (its writes are
        # cut in test_scorekeeper_checkpoint.py).
        k._ck_seq = k._log.seq
        for side in pegs:
            k.peg(side, 1)
        return k

    return setup


def test_cut_inside_an_append_to_the_journal():
    setup = with_journal([0, 1])
    before = setup().snapshot()
    seen = cut_each_unit(setup, lambda k: k.peg(1, 2))
    assert len(seen) == 13  # 12 bytes of record: 0..11 written is a cut, 12 is done
    assert seen[0:12] == [before] * 12
    assert seen[12] != before
    # A torn record is dropped and said so; the board appends again after the repair.
    k = setup()
    k.fs.budget = 5
    try:
        k.peg(1, 2)
    except PowerCut:
        pass
    k.fs.budget = -1
    k2 = Keeper("st", k.fs, Clock())
    assert k2.notice.endswith(" 5 damaged bytes") and k2.snapshot() == before
    k2.peg(1, 2)
    assert Keeper("st", k2.fs, Clock()).snapshot() == k2.snapshot()


def test_cut_inside_a_fold_loses_nothing_and_says_nothing():
    setup = with_journal([0, 1, 0, 1, 1])
    before = setup().snapshot()
    cuts = 0
    for budget in range(500):
        k, done = cut_once(setup, lambda k: k.fold(), budget)
        cuts += not done
        k2 = Keeper("st", k.fs, Clock())
        assert k2.snapshot() == before and k2.notice == "", (budget, k2.notice)
        # The board goes on after the cut: appends, folds, and reloads the same.
        k2.peg(0, 2)
        k2.fold()
        assert Keeper("st", k2.fs, Clock()).snapshot() == k2.snapshot(), budget
        assert "st/game.jnl" not in k2.fs.files
        if done:
            break
    assert done and cuts == 5 * 12 + 1  # the records appended to the log, then the removal


def test_cut_inside_an_append_that_fills_the_journal():
    # 16 pegs fill the journal (8 + 16 * 12 = 200 bytes): the 17th folds them first.
    setup = with_journal([0, 1] * 8, early=True)
    k = setup()
    assert k._log.jsize == 200
    before = k.snapshot()
    seen = cut_each_unit(setup, lambda k: k.peg(1, 2))
    after = seen[-1]
    assert after != before
    first = seen.index(after)
    assert seen[0:first] == [before] * first and seen[first:] == [after]
    assert first == 16 * 12 + 1 + 20  # the fold (appends, removal), then a new journal


def test_a_cut_rewrite_leaves_no_journal_to_replay():
    # undo_to rewrites the log whole; a journal it has not yet removed holds records the
    # new file numbers past, so it can never be replayed on top of it.
    setup = with_journal([0, 1, 0, 1, 1])
    before = setup().snapshot()
    k = setup()
    k.undo_to(len(k.game.events) - 4)
    after = k.snapshot()
    assert after != before
    seen_after = 0
    for budget in range(5000):  # as cut_each_unit, checking each at once (a small heap)
        k = setup()
        k.fs.budget = budget
        try:
            k.undo_to(len(k.game.events) - 4)
            done = True
        except PowerCut:
            done = False
            stale = "st/game.jnl" in k.fs.files and "st/game.log.tmp" not in k.fs.files
        k.fs.budget = -1
        s = Keeper("st", k.fs, Clock()).snapshot()
        assert s in (before, after), budget
        seen_after += s == after
        if done:
            break
    assert done and stale and seen_after == 2  # cut before the journal's removal, and done


def test_cut_inside_a_new_game_keeps_the_journal_in_the_game_kept():
    setup = with_journal([0, 1, 0])
    before = setup().snapshot()
    seen = cut_each_unit(setup, lambda k: k.new_game())
    after = seen[-1]
    for s in seen:
        assert s in (before, after)
    k = setup()
    k.new_game()
    k.restore_game()
    assert k.snapshot()[0] == before[0]  # the journal's pegs came back with the game
    assert Keeper("st", k.fs, Clock()).snapshot()[0] == before[0]


def journal_game():
    """(log bytes, journal bytes, snapshots, journal record ends): the recorded game, its
    last 12 events in the journal; snapshots[i] is the state with i journal records."""
    k = keeper()
    record_game(k, seed=7, want=0, keep=False)
    k.new_game()
    record_game(k, seed=12345, want=120, keep=False)
    k.fold()
    snaps = [k.snapshot()]
    while k._log.jsize + 12 <= 200 and len(snaps) < 13:
        if k.game.over:
            k.undo()
        else:
            k.peg(k.game.dealer, 1)
        snaps.append(k.snapshot())
    return k.fs.files["st/game.log"], k.fs.files["st/game.jnl"], snaps


def test_journal_cut_at_every_byte_and_every_byte_flipped():
    log, jnl, snaps = journal_game()
    ends = [8]
    while ends[-1] < len(jnl):
        ends.append(ends[-1] + jnl[ends[-1]])
    assert len(ends) == len(snaps) >= 12
    for size in sweep(len(jnl) + 1):
        fs = FakeFS({"st/game.log": log, "st/game.jnl": jnl[0:size]})
        k = Keeper("st", fs, Clock())
        n = sum(1 for e in ends[1:] if e <= size)
        assert k.snapshot() == snaps[n], size
        # A cut anywhere else tore a record (or the header written with the first one).
        assert (k.notice == "") == (size in ends or size == 0), (size, k.notice)
        k.peg(0, 1) if not k.game.over else k.undo()
        assert Keeper("st", fs, Clock()).snapshot() == k.snapshot(), size
    record = 0
    for i in sweep(len(jnl)):
        while ends[record] <= i:
            record += 1
        for mask in (0xFF, 0x01):
            bad = bytearray(jnl)
            bad[i] ^= mask
            fs = FakeFS({"st/game.log": log, "st/game.jnl": bytes(bad)})
            k = Keeper("st", fs, Clock())
            if i < 8:  # the journal's header: set aside, the log alone stands
                assert k.snapshot() == snaps[0] and fs.files["st/game.bad1"] == bytes(bad)
            else:
                assert k.snapshot() == snaps[record - 1], (i, mask)
                assert k.notice.startswith("recovered "), k.notice


def test_a_journal_after_a_gap_or_without_its_log_is_never_replayed():
    log, jnl, snaps = journal_game()
    ends = [8]
    while ends[-1] < len(jnl):
        ends.append(ends[-1] + jnl[ends[-1]])
    # The log lost its last record (damage): the journal carries on a record that is gone.
    short = log[0 : len(log) - 1]
    k = Keeper("st", FakeFS({"st/game.log": short, "st/game.jnl": jnl}), Clock())
    assert k.notice.startswith("recovered ") and "damaged bytes" in k.notice
    alone = Keeper("st", FakeFS({"st/game.log": short}), Clock())  # what the log keeps
    assert k.snapshot() == alone.snapshot() and k.snapshot() != snaps[0]
    k.peg(0, 1)
    assert Keeper("st", k.fs, Clock()).snapshot() == k.snapshot()
    # No log at all: the journal is set aside, the board starts fresh.
    fs = FakeFS({"st/game.jnl": jnl})
    k = Keeper("st", fs, Clock())
    assert "journal" in k.notice and fs.files["st/game.bad1"] == jnl
    assert k.game.events == [] and "st/game.jnl" not in fs.files
    k.peg(0, 2)
    assert Keeper("st", fs, Clock()).snapshot() == k.snapshot()


def test_cut_inside_a_new_game():
    late_game = late_game_loader()
    before = late_game().snapshot()
    seen = cut_each_unit(late_game, lambda k: k.new_game())
    after = seen[-1]
    assert after != before
    for s in seen:
        assert s in (before, after)
    # The new file is written whole as game.log.tmp; renaming the old game.log to game.prev
    # (kept for restore_game) commits it: with no game.log, start-up takes the whole tmp.
    # A cut between the two renames shows the new game, and so does the uncut run.
    assert seen.count(after) == 2


def test_cut_inside_a_restore_of_the_last_game():
    # A new game started by mistake, then brought back (issue 11 item 9): at every cut the
    # board holds either the new (empty) game or the old one whole, never a mix.
    late_game = late_game_loader()
    old = late_game().snapshot()[0]  # the old game's pegs, counts and events

    def new_game():
        k = late_game()
        k.new_game()
        return k

    empty = new_game().snapshot()
    restored = 0
    for budget in range(5000):  # as cut_each_unit, checking each at once (a small heap)
        k, done = cut_once(new_game, lambda k: k.restore_game(), budget)
        s = Keeper("st", k.fs, Clock()).snapshot()
        assert s == empty or s[0] == old, budget
        restored += s[0] == old
        if done:
            break
    assert done and restored >= 1 and budget > 100  # the whole file was written: many cuts


def test_cut_inside_a_settings_write():
    late_game = late_game_loader()
    before = late_game().snapshot()
    seen = cut_each_unit(late_game, lambda k: k.set_setting("muggins", 1))
    after = seen[-1]
    assert after != before and seen[0] == before
    # Old settings until settings.txt.tmp is whole; from then on the new ones (with no
    # settings.txt yet, a whole .tmp is taken as the file, see atomic.take_tmp).
    first_new = seen.index(after)
    assert seen[0:first_new] == [before] * first_new
    assert seen[first_new:] == [after] * (len(seen) - first_new)
    # New from the moment the checksum is whole: without its final newline, with it (cut
    # at the rename), and done.
    assert len(seen) - first_new == 3


def test_cut_while_repairing_a_torn_log():
    data, snaps, ends, _fresh = recorded()
    torn = data[0 : ends[100] + 5]
    for budget in range(0, ends[100] + 40, 7):
        fs = FakeFS({"st/game.log": torn})
        fs.budget = budget
        try:
            Keeper("st", fs, Clock())
        except PowerCut:
            pass
        fs.budget = -1
        assert Keeper("st", fs, Clock()).snapshot() == snaps[100 - HEADER_RECORDS + 1]


def test_real_files_in_a_temp_folder():
    data, snaps, ends, fresh = recorded()
    folder = temp_folder()
    try:
        ops = FileOps()
        # Real writes are slow (fsync on the PC), so a systematic subset: every 7th byte
        # (which walks through every offset within a record) and every byte of the last 3
        # records. The fake file system above takes every byte.
        sizes = set(range(ends[HEADER_RECORDS - 1], len(data) + 1, 7))
        sizes.update(range(ends[-4], len(data) + 1))
        for size in sorted(sizes):
            if not ends[HEADER_RECORDS - 1] <= size <= len(data):
                continue
            ops.write(folder + "/game.log", data[0:size])
            k = Keeper(folder, ops, Clock())
            assert k.snapshot() == snaps[events_within(ends, size)], size
            k.peg(1, 1) if not k.game.over else k.undo()
            assert Keeper(folder, ops, Clock()).snapshot() == k.snapshot()
            k.fold()  # the journal's record into the log, the journal removed
            assert Keeper(folder, ops, Clock()).snapshot() == k.snapshot()
        # (and the checkpoint of some log above: a stale one for the logs written after it,
        # which the snapshots show was never used for them)
        assert sorted(ops.listdir(folder)) == ["game.ckp", "game.log"]
        ops.write(folder + "/game.log", b"junk")
        k = Keeper(folder, ops, Clock())
        assert k.snapshot() == fresh
        assert sorted(ops.listdir(folder)) == ["game.bad1", "game.ckp", "game.log"]
        assert ops.read(folder + "/game.bad1") == b"junk"
        k.set_setting("target", 61)
        assert Keeper(folder, ops, Clock()).game.target == 61
    finally:
        remove_folder(folder)


def test_file_ops_name_errors_by_the_platforms_errno():
    # FileOps tells a missing file and an existing folder by errno names, not by numbers:
    # here on the real file system of CPython and of the MicroPython unix port (issue 10).
    import errno
    import os

    folder = temp_folder()
    try:
        ops = FileOps()
        missing = folder + "/nothing.log"
        assert ops.read(missing) is None
        assert not ops.exists(missing)
        ops.mkdir(folder)  # already there: no error
        ops.mkdir(folder + "/sub")
        ops.mkdir(folder + "/sub")
        assert ops.listdir(folder) == ["sub"]
        for op in (lambda: ops.remove(missing), lambda: ops.rename(missing, missing + "2")):
            try:
                op()
                raise AssertionError("no OSError for a missing file")
            except OSError as e:
                assert e.errno == errno.ENOENT, e.errno
        ops.write(missing, b"x")
        assert ops.read(missing) == b"x"
        ops.remove(missing)
    finally:
        if ops.exists(folder + "/sub"):
            os.rmdir(folder + "/sub")
        remove_folder(folder)
