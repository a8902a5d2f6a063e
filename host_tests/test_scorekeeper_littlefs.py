# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The scorekeeper on littlefs, the Pico's own file system (MicroPython only: vfs.VfsLfs2 on a
RAM block device). The default FileOps renames onto an existing file there; and a power cut
between any two flash operations (program or erase) leaves the state before or after.

Under CPython there is no littlefs, so this file defines no tests there.
"""

from scorekeeper import HAND, FileOps, Keeper
from sk_support import Clock

try:
    import vfs
except ImportError:  # CPython
    vfs = None


class CutBlocks:
    """A RAM block device that stops writing after `budget` program/erase operations."""

    def __init__(self, blocks=24, size=4096):
        self.size = size
        self.blocks = blocks
        self.data = bytearray(blocks * size)
        self.budget = -1

    def _spend(self):
        if self.budget == 0:
            raise OSError(5)  # the power is gone: nothing more reaches the flash
        if self.budget > 0:
            self.budget -= 1

    def readblocks(self, n, buf, off=0):
        # Byte by byte: littlefs may read while a finaliser runs with the heap locked (a
        # file left open by the simulated cut), and a slice would need to allocate.
        a = n * self.size + off
        data = self.data
        for i in range(len(buf)):
            buf[i] = data[a + i]

    def writeblocks(self, n, buf, off=None):
        self._spend()
        a = n * self.size + (off or 0)
        self.data[a : a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.size
        if op == 6:
            self._spend()
            a = arg * self.size
            self.data[a : a + self.size] = b"\xff" * self.size
        return 0


MOUNT = "/lfs"
FOLDER = MOUNT + "/state"


def mount(dev, fresh=False):
    if fresh:
        vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), MOUNT)


def unmount():
    vfs.umount(MOUNT)


def reboot(dev):
    """Power back on: remount from what the flash holds and load the keeper."""
    dev.budget = -1
    unmount()
    mount(dev)
    return Keeper(FOLDER, FileOps(), Clock()).snapshot()


def cut_everywhere(prepare, action):
    """Cut the power after 0, 1, 2, ... flash operations of action; return the states seen
    after each reboot, plus the states before and after the uncut action."""
    seen = []
    budget = 0
    while True:
        dev = CutBlocks()
        mount(dev, fresh=True)
        try:
            k = Keeper(FOLDER, FileOps(), Clock())
            prepare(k)
            before = k.snapshot()
            dev.budget = budget
            try:
                action(k)
                done = True
            except OSError:
                done = False
            seen.append(reboot(dev))
        finally:
            unmount()
        if done:
            return seen, before, seen[-1]
        budget += 1


def play(k, events):
    for i in range(events):
        if i % 7 == 6:
            k.pass_deal()
        else:
            k.peg(i % 2, 1)


if vfs is not None:

    def test_keeper_on_littlefs_renames_onto_the_old_log():
        dev = CutBlocks()
        mount(dev, fresh=True)
        try:
            k = Keeper(FOLDER, FileOps(), Clock())
            play(k, 60)
            k.new_game()  # rename onto the existing game.log
            k.peg(1, 12, HAND)
            k.set_setting("muggins", 1)
            k.set_setting("app.brightness", 20)  # rename onto the existing settings.txt
            assert sorted(FileOps().listdir(FOLDER)) == ["game.log", "settings.txt"]
            assert reboot(dev) == k.snapshot()
        finally:
            unmount()

    def check_cuts(action):
        # A short log lives inline in littlefs's metadata; a long one has its own block.
        for events in (5, 80, 200):
            seen, before, after = cut_everywhere(lambda k, n=events: play(k, n), action)
            assert after != before and len(seen) >= 2
            for s in seen:
                assert s in (before, after)

    def test_power_cut_between_flash_operations_of_an_append():
        check_cuts(lambda k: k.peg(1, 2))

    def test_power_cut_between_flash_operations_of_an_undo():
        check_cuts(lambda k: k.undo())

    def test_power_cut_between_flash_operations_of_a_new_game():
        check_cuts(lambda k: k.new_game())

    def test_power_cut_between_flash_operations_of_a_settings_write():
        check_cuts(lambda k: k.set_setting("target", 61))
