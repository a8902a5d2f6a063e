"""One simulator at a time on a board's folder: a lock file holding the owner's process id.

Two simulators on one saved game would each load the log, append their own entries and
overwrite each other's settings: entries would be lost. So whatever opens a folder on disk
(the interactive board, the line mode, a script with --state-dir) takes its lock first:

    lock = take("/home/pat/.cache/picopeg/sim")   # BoardInUse if a live process holds it
    ...
    lock.release()                                 # only removes a lock that is still ours

The file is ``sim.lock``: ``<pid> <host>``. A lock whose process has died (a crash, a kill,
a closed terminal) is stale: the next simulator takes it over and says so. A lock from
another host (a shared home folder) cannot be checked from here and is respected.

Two simulators started at once against the same dead owner must not both take it over, so
nothing is decided on a look alone. On CPython under Linux or macOS the lock file is held
with the operating system's own lock (``fcntl.flock``, released by the OS when the process
dies): only one process can hold it, and a second gets "in use" at once. Every process (and
the MicroPython unix port and Windows, which have no flock) reads the owner and writes its
own id only inside a short critical section, ``sim.lock.take``, a folder made with
``mkdir`` (atomic: exactly one process makes it). The lock file is rewritten in place, never
removed and re-made while another may look at it; release removes it while still holding it.
A critical section left by a process killed inside it (a few microseconds long) is cleared
after TORN_S.

Who a process is and whether it still runs: procs.py. Where MicroPython has no /proc (macOS)
a process cannot name itself: it respects others' locks and takes none.
SPDX-License-Identifier: MIT
"""

import os
import time

from tools.simulator.procs import pid_alive, this_host, this_pid

try:
    import fcntl
except ImportError:  # Windows, MicroPython: the critical section alone
    fcntl = None

NAME = "sim.lock"
SECTION = ".take"  # sim.lock.take: the folder that is the critical section
TORN_S = 10  # a lock without its pid, or a critical section, older than this was left by a crash
WAIT_S = 2  # how long to wait for another process's critical section before refusing


class BoardInUse(Exception):
    """Another live simulator has the folder; args[0] says which and what to do."""


class Lock:
    """A folder's lock, held by this process (with its OS lock's descriptor, where it has one)."""

    def __init__(self, folder, path, pid, took_over=None, fd=None):
        self.folder = folder
        self.path = path
        self.pid = pid
        self.took_over = took_over  # the dead owner's pid, when a stale lock was taken
        self.fd = fd

    def release(self):
        """Remove the lock file if it is still this process's, then let go of the OS lock."""
        with _Section(self.path):  # (entered or not: a lock of ours is removed either way)
            if self.pid > 0 and read_owner(self.path) == (self.pid, this_host()):
                try:
                    os.remove(self.path)  # while still held: no one takes a removed file
                except OSError:
                    pass
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def read_owner(path):
    """(pid, host) from a lock file; (0, '?') if it cannot be read; None if there is none."""
    try:
        with open(path) as f:
            words = f.read().split()
    except OSError:
        return None if not exists(path) else (0, "?")
    try:
        return int(words[0]), words[1] if len(words) > 1 else "?"
    except (ValueError, IndexError):
        return 0, "?"  # torn or empty: its writer died at once, or is writing it now


def exists(path):
    """True if path names a file or folder (MicroPython has no os.path)."""
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _age(path):
    """Seconds since path was written (0 if it cannot be told)."""
    try:
        return time.time() - os.stat(path)[8]
    except OSError:
        return 0


def _os_lock(path):
    """The lock file's descriptor, held with flock; None where there is no flock; False if
    another process holds it."""
    if fcntl is None:
        return None
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    return fd


def _same_file(fd, path):
    """True if the descriptor is still the file at path (its owner may have removed it)."""
    try:
        return os.fstat(fd).st_ino == os.stat(path).st_ino
    except OSError:
        return False


class _Section:
    """sim.lock.take, made with mkdir: one process at a time reads and writes the lock."""

    def __init__(self, path):
        self.path = path + SECTION
        self.held = False

    def __enter__(self):
        """self once inside; None if another process stays inside longer than WAIT_S."""
        waited = 0.0
        while True:
            try:
                os.mkdir(self.path)
                self.held = True
                return self
            except OSError:
                pass
            if _age(self.path) > TORN_S:  # left by a process killed inside it
                try:
                    os.rmdir(self.path)
                except OSError:
                    pass
                continue
            if waited >= WAIT_S:
                return None
            time.sleep(0.005)
            waited += 0.005

    def __exit__(self, *exc):
        if self.held:
            self.held = False
            try:
                os.rmdir(self.path)
            except OSError:
                pass


def _write(path, text, fd):
    """The lock file's new contents, written in place (its OS lock stays on the same file)."""
    if fd is None:
        with open(path, "w") as f:
            f.write(text)
        return
    os.ftruncate(fd, 0)
    os.pwrite(fd, text.encode(), 0)


def take(folder):
    """Lock folder for this process, taking over a stale lock; BoardInUse if it is held."""
    path = folder + "/" + NAME
    pid, host = this_pid(), this_host()
    if pid == 0:  # cannot name itself: holds nothing (see above)
        owner = read_owner(path)
        if owner is None:
            return Lock(folder, path, 0)
        raise BoardInUse(held_message(folder, path, owner, _alive(owner, host, path, 0, False)))
    for _ in range(5):  # again if the file was removed by its owner between open and flock
        existed = exists(path)
        fd = _os_lock(path)
        if fd is False:
            raise BoardInUse(held_message(folder, path, read_owner(path) or (0, "?"), True))
        try:
            with _Section(path) as inside:
                if inside is None:
                    raise BoardInUse(held_message(folder, path, (0, "?"), True))
                if fd is not None and not _same_file(fd, path):
                    os.close(fd)
                    continue
                return Lock(folder, path, pid, _take_over(folder, path, existed, fd), fd)
        except BaseException:
            if fd is not None:
                os.close(fd)
            raise
    raise BoardInUse(held_message(folder, path, (0, "?"), None))


def _take_over(folder, path, existed, fd):
    """Inside the section: write this process's id; return the dead owner's pid (None if
    there was no lock); BoardInUse if its owner may still run."""
    pid, host = this_pid(), this_host()
    owner = read_owner(path)
    took_over = None
    if owner is not None and (existed or owner != (0, "?")):
        alive = _alive(owner, host, path, pid, fd is not None)
        if alive is not False:
            raise BoardInUse(held_message(folder, path, owner, alive))
        took_over = owner[0]
    _write(path, "{} {}\n".format(pid, host), fd)
    return took_over


def _alive(owner, host, path, pid, held):
    """Whether the lock's owner still runs: True, False (take it over) or None (unknown)."""
    opid, ohost = owner
    if pid > 0 and (opid, ohost) == (pid, host):
        return False  # this very process's id: left by an earlier run whose pid came back
    if opid == 0:  # no id written: a writer that died at once, or one that is writing now
        if held:
            return False  # every writer writes inside the section, and none holds the file
        return False if _age(path) > TORN_S else None
    return pid_alive(opid) if ohost == host else None


def held_message(folder, path, owner, alive):
    """What a second simulator says about a folder in use by owner (pid, host), and what to do."""
    pid, host = owner
    who = "pid {} on {}".format(pid, "this computer" if host == this_host() else host)
    if pid <= 0:
        who = "a process that is starting or has not written its id"
    text = (
        "sim.py: the board in {} is open in another simulator ({}): quit that one first, or"
        " give this one its own board with --state-dir DIR".format(folder, who)
    )
    if alive is None:
        text += "; if no simulator is running, remove {}".format(path)
    return text
