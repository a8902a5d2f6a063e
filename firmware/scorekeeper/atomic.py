"""Whole-file writes that a power cut cannot tear, and setting damaged files aside.

    write_atomic(fs, path, data)     write path.tmp whole, then rename it onto path
    take_tmp(fs, path, is_good)      at start-up: finish or discard an interrupted write
    set_aside(fs, path)              rename path to the first free name.badN (never delete)

After ``write_atomic`` returns, path holds the new bytes; if the power fails inside it, path
still holds the old bytes, or (only on file systems that cannot rename onto a file, where
FileOps removes path first) path is gone and path.tmp holds the complete new bytes, which
``take_tmp`` then moves into place.
SPDX-License-Identifier: MIT
"""


def tmp_name(path):
    """The temporary file next to path."""
    return path + ".tmp"


def write_atomic(fs, path, data):
    """Replace path's contents with data so that a power cut leaves old or new, never a mix."""
    tmp = tmp_name(path)
    fs.write(tmp, data)
    fs.rename(tmp, path)


def take_tmp(fs, path, is_good):
    """Deal with a path.tmp left by a power cut; return True if it became path.

    With path present, the tmp is an unfinished write and is removed. With path missing, a
    tmp that ``is_good(data)`` accepts is the finished new file (the cut fell between the
    remove and the rename) and is moved into place; a bad one never held committed data.
    """
    tmp = tmp_name(path)
    if not fs.exists(tmp):
        return False
    if not fs.exists(path):
        data = fs.read(tmp)
        if data is not None and is_good(data):
            fs.rename(tmp, path)
            return True
    fs.remove(tmp)
    return False


def set_aside(fs, path):
    """Rename path to stem.bad1 (or .bad2, ...: the first free one); return the new name."""
    stem = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
    n = 1
    while fs.exists("{}.bad{}".format(stem, n)):
        n += 1
    name = "{}.bad{}".format(stem, n)
    fs.rename(path, name)
    return name
