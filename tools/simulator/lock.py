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

Runs on CPython (Linux, macOS, Windows) and on the MicroPython unix port, which has no
getpid, kill or exclusive create: there the pid comes from /proc/self/stat, a process is
alive while /proc/PID exists, and the file is written after looking (a race of a few
microseconds between two simulators started at once, which CPython's O_EXCL closes). Where
MicroPython has no /proc (macOS) it cannot name itself: it respects others' locks, takes none.
SPDX-License-Identifier: MIT
"""

import os
import sys
import time

NAME = "sim.lock"
TORN_S = 10  # a lock file still without its pid after this long was torn by a crash
_UPY = sys.implementation.name == "micropython"


class BoardInUse(Exception):
    """Another live simulator has the folder; args[0] says which and what to do."""


def this_pid():
    if not _UPY:
        return os.getpid()
    try:
        with open("/proc/self/stat") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError):
        return 0  # no /proc: this process cannot be named (nor checked by others)


def this_host():
    if not _UPY:
        import socket

        return socket.gethostname() or "?"
    try:
        with open("/proc/sys/kernel/hostname") as f:
            return f.read().strip() or "?"
    except OSError:
        return "?"


def pid_alive(pid):
    """True if process pid runs on this host; None if that cannot be known here."""
    if pid <= 0:
        return None
    if _UPY:
        try:
            os.stat("/proc/{}".format(pid))
            return True
        except OSError:
            return False if _has_proc() else None
    if sys.platform == "win32":
        return _windows_alive(pid)
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process is there
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def _has_proc():
    try:
        os.stat("/proc/self")
        return True
    except OSError:
        return False


def _windows_alive(pid):
    """OpenProcess and its exit code (os.kill on Windows would end the process)."""
    import ctypes

    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return kernel32.GetLastError() == 5  # access denied: it exists
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return None
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


class Lock:
    """A folder's lock, held by this process."""

    def __init__(self, folder, path, pid, took_over=None):
        self.folder = folder
        self.path = path
        self.pid = pid
        self.took_over = took_over  # the dead owner's pid, when a stale lock was taken

    def release(self):
        """Remove the lock file if it is still this process's."""
        if self.pid > 0 and read_owner(self.path) == (self.pid, this_host()):
            try:
                os.remove(self.path)
            except OSError:
                pass


def read_owner(path):
    """(pid, host) from a lock file; (0, '?') if it cannot be read; None if there is none."""
    try:
        with open(path) as f:
            words = f.read().split()
    except OSError:
        return None if not _exists(path) else (0, "?")
    try:
        return int(words[0]), words[1] if len(words) > 1 else "?"
    except (ValueError, IndexError):
        return 0, "?"  # torn or empty: its writer died at once, or is writing it now


def _exists(path):
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


def _create(path, text):
    """Write a new lock file; False if one appeared first."""
    if _UPY:
        if _exists(path):
            return False
        with open(path, "w") as f:
            f.write(text)
        return True
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return True


def take(folder):
    """Lock folder for this process, taking over a stale lock; BoardInUse if it is held."""
    path = folder + "/" + NAME
    pid, host = this_pid(), this_host()
    mine = "{} {}\n".format(pid, host)
    took_over = None
    for _ in range(2):  # a second try after removing a stale lock
        if pid == 0 and not _exists(path):
            return Lock(folder, path, 0)  # cannot name itself: holds nothing (see above)
        if pid > 0 and _create(path, mine):
            return Lock(folder, path, pid, took_over)
        owner = read_owner(path)
        if owner is None:
            continue  # released between the two looks
        opid, ohost = owner
        alive = pid_alive(opid) if ohost == host else None
        if opid == 0 and _age(path) > TORN_S:
            alive = False
        if alive is False or (pid > 0 and (opid, ohost) == (pid, host)):
            took_over = opid
            try:
                os.remove(path)
            except OSError:
                pass
            continue
        raise BoardInUse(held_message(folder, path, owner, alive))
    raise BoardInUse(held_message(folder, path, (0, "?"), None))


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
