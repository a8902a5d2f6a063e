"""`make backup` and `make restore`: the board's games and settings, and its error log.

    copied = backup(link, Path("backups/20250101-120000"))   # /state/... and /errors.log
    restore(link, Path("backups/20250101-120000"))           # back onto the board, verified

A backup folder mirrors the board: `state/` holds /state (game.log, settings.txt,
pegging.txt, ...) and `errors.log` is /errors.log. Every copy is checked by sha256 against
the board. A restore first backs up what the board has now (nothing is ever lost), then makes
/state exactly the backup's and verifies it.
SPDX-License-Identifier: MIT
"""

import hashlib
import posixpath
import time
from pathlib import Path

from tools.flashing import device
from tools.flashing.errors import BackupError, FlashError
from tools.flashing.report import step

STATE = "/state"
LOG = "/errors.log"
ROOTS = (STATE, LOG)


def default_folder(base="backups", now=None):
    return Path(base) / time.strftime("%Y%m%d-%H%M%S", time.localtime(now))


def local_path(folder, board_path):
    """/state/game.log -> folder/state/game.log; /errors.log -> folder/errors.log."""
    return Path(folder) / board_path.lstrip("/")


def backup(link, folder, log=print):
    """Copy /state and /errors.log into `folder`; return the board paths copied."""
    folder = Path(folder)
    if folder.exists() and any(folder.iterdir()):
        raise BackupError(f"{folder} already exists and is not empty: choose another BACKUP=")
    link.doing = "listing /state and /errors.log"
    files, _ = device.tree(link, roots=ROOTS)
    if not files:
        log("nothing to back up: the board has no /state files and no /errors.log yet")
        return []
    for i, path in enumerate(sorted(files), 1):
        link.doing = step(i, len(files), "reading", path)
        log(step(i, len(files), "reading", path, files[path].size))
        data = device.read_file(link, path)
        if hashlib.sha256(data).hexdigest() != files[path].sha256:
            raise FlashError(f"{path} read back differently from the board: try again")
        target = local_path(folder, path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    log(f"backed up {len(files)} files to {folder} (each checked by sha256)")
    return sorted(files)


def backup_files(folder):
    """{board path: local file} of a backup folder; BackupError if it is not one."""
    folder = Path(folder)
    if not folder.is_dir():
        raise BackupError(f"no backup folder {folder}: give BACKUP=backups/<timestamp>")
    found = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_file() and (rel.startswith("state/") or rel == "errors.log"):
            found["/" + rel] = path
    if not found:
        raise BackupError(f"{folder} is not a PicoPeg backup (no state/ files, no errors.log)")
    return found


def restore(link, folder, safety_folder, log=print):
    """Make the board's /state (and /errors.log, if backed up) the backup's; verify."""
    wanted = backup_files(folder)
    log(f"saving what the board has now to {safety_folder} first")
    backup(link, safety_folder, log)
    files, dirs = device.tree(link, roots=ROOTS)
    extra = [p for p in files if p.startswith(STATE + "/") and p not in wanted]
    need_dirs = {posixpath.dirname(p) for p in wanted} - {"/"} - dirs
    device.make_dirs(link, _with_parents(need_dirs))
    for i, (path, local) in enumerate(sorted(wanted.items()), 1):
        data = local.read_bytes()
        link.doing = step(i, len(wanted), "restoring", path)
        log(step(i, len(wanted), "restoring", path, len(data)))
        device.write_file(link, path, data)
    if extra:
        log(f"removing {', '.join(sorted(extra))} (not in the backup)")
        device.remove_files(link, extra)
    link.doing = "verifying the restored files"
    after, _ = device.tree(link, roots=ROOTS)
    for path, local in wanted.items():
        digest = hashlib.sha256(local.read_bytes()).hexdigest()
        if path not in after or after[path].sha256 != digest:
            raise FlashError(f"{path} differs on the board after restoring: restore again")
    log(f"restored {len(wanted)} files from {folder} (each checked by sha256)")


def _with_parents(dirs):
    found: set[str] = set()
    for d in dirs:
        parts = d.strip("/").split("/")
        found.update("/" + "/".join(parts[: i + 1]) for i in range(len(parts)))
    return found
