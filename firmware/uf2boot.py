"""The UF2 on a Pico that `make flash` set up before: the old firmware files move aside.

The PicoPeg UF2 (tools/uf2) carries the firmware frozen into flash. MicroPython runs a frozen
``main.py`` instead of ``/main.py``, and main.py puts the frozen modules first on
``sys.path``, so the files that an earlier ``make flash`` copied into the filesystem no longer
run. This moves them out of the way, keeping their paths, into ``/old-firmware``: every
``.py``, ``.mpy`` and half-copied ``.part`` file except the games (``/state``), the mip
libraries (``/lib``) and a ``boot.py``, so the filesystem holds the games and not a second,
older firmware that someone could mistake for the running one. Nothing is deleted (a later
``make flash`` on stock MicroPython removes ``/old-firmware`` as stale firmware); the games,
the settings and ``/errors.log`` are not touched. An already clean filesystem costs one
``listdir`` of the root.

    notice = set_aside(os)      # "" or "moved 63 old firmware files to /old-firmware"
SPDX-License-Identifier: MIT
"""

OLD = "old-firmware"
KEEP = ("state", "lib", "boot.py", OLD)  # in the root: never moved
CODE = (".py", ".mpy", ".part")
_DIR = 0x4000  # S_IFDIR in os.stat()[0], on MicroPython and CPython alike


def _join(folder, name):
    return folder + name if folder.endswith("/") else folder + "/" + name


def _is_dir(os, path):
    return os.stat(path)[0] & _DIR != 0


def old_files(os, root="/"):
    """The old firmware files under root, as sorted paths relative to it ("ui/score.mpy")."""
    found = []
    pending = [""]
    while pending:
        rel = pending.pop()
        folder = _join(root, rel) if rel else root
        for name in os.listdir(folder):
            if not rel and name in KEEP:
                continue
            sub = _join(rel, name) if rel else name
            if _is_dir(os, _join(root, sub)):
                pending.append(sub)
            else:
                for ext in CODE:
                    if name.endswith(ext):
                        found.append(sub)
                        break
    return sorted(found)


def _makedirs(os, root, rel):
    path = root
    for part in rel.split("/"):
        path = _join(path, part)
        try:
            os.mkdir(path)
        except OSError:  # it exists (littlefs says EEXIST; nothing else is likely here)
            pass


def _remove_empty_dirs(os, root, files):
    """rmdir the folders the moved files leave empty, deepest first."""
    dirs = set()
    for rel in files:
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    for rel in sorted(dirs, key=len, reverse=True):
        try:
            os.rmdir(_join(root, rel))
        except OSError:  # not empty: it holds something that is not code
            pass


def set_aside(os, root="/"):
    """Move the old firmware files under root into root/old-firmware; a notice, or ""."""
    files = old_files(os, root)
    if not files:
        return ""
    target = _join(root, OLD)
    moved = 0
    for rel in files:
        if "/" in rel:
            _makedirs(os, target, rel.rsplit("/", 1)[0])
        else:
            _makedirs(os, root, OLD)
        try:
            os.rename(_join(root, rel), _join(target, rel))
            moved += 1
        except OSError:  # it stays where it is; the frozen modules still come first
            pass
    _remove_empty_dirs(os, root, files)
    return "moved {} old firmware files to /{}".format(moved, OLD)
