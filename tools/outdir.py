"""The one way any tool empties, replaces or removes a folder: only a folder it made.

    outdir.claim(out, "make web", "--out")       # Refused, naming what out holds, if not ours
    outdir.prune(out, keep, log)                 # remove the rest of a claimed folder, by name
    outdir.empty(out, log)                       # all of it but the stamp
    python -m tools.outdir clean build           # make clean: what the builds made, no more

An output path is typed by a person, and a mistyped one must never cost them their files. So a
tool writes into a folder only when the folder is absent or empty (it then writes its stamp
there first, so a build cut short still owns it), or holds the stamp a build of this project
wrote: a file named `.picopeg-build` whose one line says which build made the folder and that
it replaces everything in it, which no folder holds by chance. Anything else is refused with
one line naming the folder and what is in it, before anything is touched; a tool checks its
inputs before it claims its output, so a build that cannot run removes nothing. What a build
removes from its own folder is named in its output. `clean` (make clean) removes the stamped
folders under a build folder and keeps, and names, everything else.
SPDX-License-Identifier: MIT
"""

import os
import shutil
import sys
from pathlib import Path

STAMP = ".picopeg-build"
STAMP_END = ": everything in this folder is replaced on each build"  # "made by make web" first
SHOWN = 4  # names listed in a refusal (and in a log line) before "and N more"


class Refused(Exception):
    """The folder is not this project's output; str(e) says which and what it holds."""


def is_ours(folder):
    """True if `folder` holds the stamp a build of this project wrote."""
    try:
        with open(Path(folder) / STAMP) as f:
            line = f.readline().rstrip("\n")
    except (OSError, UnicodeDecodeError):
        return False
    return line.startswith("made by ") and line.endswith(STAMP_END)


def claim(folder, what, option="--out"):
    """Make `folder` this build's (stamped), or raise Refused and touch nothing."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise Refused(f"{folder} is a file, not a folder: give {option} a folder for {what}")
    if is_ours(folder):
        return
    names = sorted(folder.iterdir()) if folder.is_dir() else []
    if names:
        raise Refused(
            f"will not clean {folder}, which {what} did not make: it holds {contents(names)}; "
            f"give {option} an empty or new folder"
        )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / STAMP).write_text(f"made by {what}{STAMP_END}\n")


def contents(paths, shown=SHOWN):
    """'notes/, todo.md' (folders end in /), at most `shown` names and how many more."""
    names = [p.name + ("/" if p.is_dir() else "") for p in paths[:shown]]
    more = len(paths) - shown
    return ", ".join(names) + (f" and {more} more" if more > 0 else "")


def prune(folder, keep, log=print, what="build"):
    """Remove every file of the claimed `folder` but `keep` (paths) and the stamp, then the
    folders left empty; log the files removed, by name. Return their relative paths."""
    folder = Path(folder)
    if not is_ours(folder):
        raise Refused(f"will not remove anything from {folder}: no build of this project made it")
    keep = {Path(p) for p in keep} | {folder / STAMP}
    removed = []
    for dirpath, _dirs, files in os.walk(folder, topdown=False):
        for name in sorted(files):
            path = Path(dirpath) / name
            if path not in keep:
                removed.append(path.relative_to(folder).as_posix())
                path.unlink()
        if Path(dirpath) != folder and not os.listdir(dirpath):
            os.rmdir(dirpath)
    if removed:
        shown = ", ".join(sorted(removed)[:SHOWN])
        more = f" and {len(removed) - SHOWN} more" if len(removed) > SHOWN else ""
        log(f"{what}: removed from {folder}, no longer built: {shown}{more}")
    return removed


def empty(folder, log=print, what="build"):
    """Remove everything in the claimed `folder` but its stamp, naming how much it was."""
    folder = Path(folder)
    if not is_ours(folder):
        raise Refused(f"will not remove anything from {folder}: no build of this project made it")
    gone = prune(folder, (), lambda _line: None, what)
    if gone:
        log(f"{what}: cleared {folder} for this build ({len(gone)} files of the last one)")
    return gone


def replace(folder, staged, what, option="--out", log=print):
    """Make `folder` hold what the finished `staged` folder holds: claim it (Refused touches
    nothing), move the staged files in, and prune what the build no longer makes (named)."""
    folder, staged = Path(folder), Path(staged)
    claim(folder, what, option)
    placed = set()
    for dirpath, _dirs, files in os.walk(staged):
        for name in files:
            src = Path(dirpath) / name
            dest = folder / src.relative_to(staged)
            if dest.is_dir() and not dest.is_symlink():  # a folder the last build made
                shutil.rmtree(dest)
                log(f"{what}: removed {dest}/ from {folder}: a file of that name now")
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(src, dest)
            placed.add(dest)
    return prune(folder, placed, log, what)


def clean(build, log=print):
    """make clean: remove each folder under `build` a build stamped (and `build` itself if
    that leaves it empty); keep everything else and name it. Return (removed, kept)."""
    build = Path(build)
    removed, kept = [], []

    def walk(folder):
        """True if something under `folder` was removed."""
        if is_ours(folder):
            shutil.rmtree(folder)
            removed.append(folder)
            return True
        emptied = False
        for path in sorted(folder.iterdir()):
            if path.is_dir() and not path.is_symlink():
                emptied = walk(path) or emptied
            else:
                kept.append(path)
        if emptied and not any(folder.iterdir()):
            folder.rmdir()  # it held only build outputs, now gone
        return emptied

    if build.is_dir():
        walk(build)
    shown = [p.relative_to(build.parent).as_posix() for p in removed + kept]
    if removed:
        log("clean: removed " + ", ".join(shown[: len(removed)]))
    if kept:
        names = shown[len(removed) :]
        more = f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
        log(f"clean: kept {', '.join(names[:SHOWN])}{more}: no build of this project made them")
    return removed, kept


def main(argv):
    """The Makefile's uses: clean BUILD; claim FOLDER WHAT OPTION (the folder this build's);
    fresh FOLDER WHAT OPTION (claimed and emptied)."""
    if len(argv) == 2 and argv[0] == "clean":
        clean(argv[1])
        return 0
    if len(argv) == 4 and argv[0] in ("claim", "fresh"):
        try:
            claim(argv[1], argv[2], option=argv[3])
            if argv[0] == "fresh":
                empty(argv[1], what=argv[2])
        except Refused as e:
            print(f"{argv[2]}: {e}", file=sys.stderr)
            return 1
        return 0
    print(__doc__.split("\n\n")[0], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
