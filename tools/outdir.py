"""A build's output folder, cleaned only when the build made it.

    outdir.claim(Path("build/web"), "make web")   # BuildError if it holds anything else

`make build` (python -m tools.flash build --out DIR) removes what is no longer part of the
image and `make web` replaces its whole site, so each may only write into a folder that is its
own: one that is absent or empty (the build then writes its stamp into it first, so a build
cut short still owns the folder), or one holding the stamp a build wrote. Anything else, such as an
--out that names a folder of someone's notes, is refused with one line naming the folder and
what is in it, and nothing in it is touched.
SPDX-License-Identifier: MIT
"""

import shutil
from pathlib import Path

from tools.flashing.errors import BuildError

STAMP = ".picopeg-build"  # the stamp: this folder is a build's output, replaced on each build
SHOWN = 4  # names listed in the refusal before "and N more"


def claim(folder, what, legacy=()):
    """Make `folder` this build's (stamped) or raise BuildError; `legacy` are files that
    together mark an output written before builds stamped their folders."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise BuildError(f"{folder} is a file, not a folder: give --out a folder for {what}")
    stamp = folder / STAMP
    if stamp.is_file():
        return
    if folder.is_dir():
        names = sorted(folder.iterdir())
        if names and not (legacy and all((folder / n).is_file() for n in legacy)):
            raise BuildError(
                f"will not clean {folder}, which {what} did not make: it holds "
                f"{contents(names)}; give --out an empty or new folder"
            )
    folder.mkdir(parents=True, exist_ok=True)
    stamp.write_text(f"made by {what}: everything in this folder is replaced on each build\n")


def contents(paths):
    """'notes/, todo.md' (folders end in /), at most SHOWN names and how many more."""
    shown = [p.name + ("/" if p.is_dir() else "") for p in paths[:SHOWN]]
    more = len(paths) - SHOWN
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def empty(folder, keep=STAMP):
    """Remove everything in a claimed folder but its stamp."""
    for path in Path(folder).iterdir():
        if path.name == keep:
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
