# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The scorekeeper on littlefs, the Pico's own file system (MicroPython only: vfs.VfsLfs2 on a
RAM block device). The default FileOps renames onto an existing file there; and a power cut
between any two flash operations (program or erase) leaves the state before or after.

Under CPython there is no littlefs: there these tests are reported as skipped.
"""

from scorekeeper import HAND, FileOps, Keeper, StorageError
from support import skip_unless

from tools.board.testkit import LFS_MOUNT, Clock, RAMBlocks, mount_lfs, unmount_lfs

try:
    import vfs
except ImportError:  # CPython
    vfs = None


FOLDER = LFS_MOUNT + "/state"


def needs_littlefs():
    skip_unless(vfs is not None, "littlefs (vfs.VfsLfs2) is MicroPython's: not on CPython")


def reboot(dev):
    """Power back on: remount from what the flash holds and load the keeper."""
    dev.budget = -1
    unmount_lfs()
    mount_lfs(dev)
    return Keeper(FOLDER, FileOps(), Clock()).snapshot()


def cut_everywhere(prepare, action):
    """Cut the power after 0, 1, 2, ... flash operations of action; return the states seen
    after each reboot, plus the states before and after the uncut action."""
    seen = []
    budget = 0
    while True:
        dev = RAMBlocks()
        mount_lfs(dev, fresh=True)
        try:
            k = Keeper(FOLDER, FileOps(), Clock())
            prepare(k)
            before = k.snapshot()
            dev.budget = budget
            try:
                action(k)
                done = True
            except StorageError:  # the keeper's file operations' own error (never OSError)
                done = False
            seen.append(reboot(dev))
        finally:
            unmount_lfs()
        if done:
            return seen, before, seen[-1]
        budget += 1


def play(k, events):
    for i in range(events):
        if i % 7 == 6:
            k.pass_deal()
        else:
            k.peg(i % 2, 1)


def test_keeper_on_littlefs_renames_onto_the_old_log():
    needs_littlefs()
    dev = RAMBlocks()
    mount_lfs(dev, fresh=True)
    try:
        k = Keeper(FOLDER, FileOps(), Clock())
        play(k, 60)
        k.new_game()  # the old game.log becomes game.prev, the new one takes its name
        k.peg(1, 12, HAND)
        k.reset_match()  # rename onto the existing game.log
        k.set_setting("muggins", 1)
        k.set_setting("app.brightness", 20)  # rename onto the existing settings.txt
        # (game.ckp: the checkpoint a fold of the 60 events wrote, of the game now in game.prev)
        want = ["game.ckp", "game.log", "game.prev", "settings.txt"]
        assert sorted(FileOps().listdir(FOLDER)) == want
        assert reboot(dev) == k.snapshot()
    finally:
        unmount_lfs()


def check_cuts(action):
    # A short log lives inline in littlefs's metadata; a long one has its own block.
    for events in (5, 80, 200):
        seen, before, after = cut_everywhere(lambda k, n=events: play(k, n), action)
        assert after != before and len(seen) >= 2
        for s in seen:
            assert s in (before, after)


def test_power_cut_between_flash_operations_of_an_append():
    needs_littlefs()
    check_cuts(lambda k: k.peg(1, 2))


def test_power_cut_between_flash_operations_of_an_undo():
    needs_littlefs()
    check_cuts(lambda k: k.undo())


def test_power_cut_between_flash_operations_of_a_new_game():
    needs_littlefs()
    check_cuts(lambda k: k.new_game())


def test_power_cut_between_flash_operations_of_a_settings_write():
    needs_littlefs()
    check_cuts(lambda k: k.set_setting("target", 61))


def check_same(action):
    """action changes nothing a player sees: every cut leaves the state as it was."""
    for events in (5, 80, 200):
        seen, before, after = cut_everywhere(lambda k, n=events: play(k, n), action)
        assert after == before and len(seen) >= 2
        for s in seen:
            assert s == before


def test_power_cut_between_flash_operations_of_a_fold():
    needs_littlefs()
    check_same(lambda k: k.fold())


def test_power_cut_between_flash_operations_of_an_append_that_folds():
    # 16 pegs fill the journal (200 bytes): the 17th append folds them into the log first.
    needs_littlefs()

    def full(k, n):
        play(k, n)
        k.fold()
        for i in range(16):
            k.peg(i % 2, 1)

    for events in (5, 80):
        seen, before, after = cut_everywhere(lambda k, n=events: full(k, n), lambda k: k.peg(1, 2))
        assert after != before and len(seen) >= 3
        for s in seen:
            assert s in (before, after)


def test_an_append_to_the_journal_erases_no_block():
    # The point of the journal: littlefs keeps it inline in the folder's metadata, so an
    # append is a metadata commit, not a copy of the log's last block to an erased one.
    needs_littlefs()
    dev = RAMBlocks()
    mount_lfs(dev, fresh=True)
    try:
        k = Keeper(FOLDER, FileOps(), Clock())
        play(k, 200)
        k.fold()
        erases = dev.erases
        for i in range(16):  # one journal's worth: 8 + 16 * 12 = 200 bytes
            k.peg(i % 2, 1)
        appended = dev.erases - erases
        erases = dev.erases
        k.fold()
        folded = dev.erases - erases
        assert reboot(dev) == k.snapshot()
    finally:
        unmount_lfs()
    # At most the folder's metadata compactions (a commit is a 256-byte page; a block holds
    # 16), against one block copy per append into the log itself.
    assert appended <= 4, appended
    assert 1 <= folded <= 3, folded
