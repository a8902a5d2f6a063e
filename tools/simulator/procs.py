"""Who this process is and whether another still runs, on CPython and MicroPython (lock.py).

CPython has os.getpid and os.kill (OpenProcess on Windows, where os.kill would end the
process). The MicroPython unix port has neither: its pid comes from /proc/self/stat, and a
process is alive while /proc/PID exists; without /proc (macOS) it cannot know (0, None).
SPDX-License-Identifier: MIT
"""

import os
import sys

_UPY = sys.implementation.name == "micropython"


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
