"""What to copy, delete and keep, from the image's hashes and the board's.

    plan = make_plan(image.hashes(), image.dirs(), files, dirs)   # files, dirs: device.tree()
    plan.copy      # new or changed (sha256 differs), main.py last: it is what boots
    plan.delete    # stale firmware: .py/.mpy (and half-written .part) files not in the image
    plan.keep      # never touched: /state/... (the games), /errors.log, /lib/... (mip), boot.py,
                   # /www/... and /wifi.json (a Pico W's page and network: wireless.py, wifi.py)
    plan.foreign   # other files that are not firmware (left alone, reported)

A board file is "firmware" if it is code (.py, .mpy) outside the protected paths: a stale
`app.py` would even shadow `app.mpy` (MicroPython imports .py first), so it must go.
SPDX-License-Identifier: MIT
"""

from dataclasses import dataclass, field

# The keeper's folder; micropython-lib drivers (ssd1306, microdot); a Pico W's page (wireless.py)
PROTECTED_DIRS = ("/state", "/lib", "/www")
# The error log; boot.py; a Pico W's network settings (firmware/radio.py: make wifi writes it)
# and its paired phones (firmware/live/phones.py, with its write in progress)
PROTECTED_FILES = ("/errors.log", "/boot.py", "/wifi.json", "/phones.txt", "/phones.txt.tmp")
# Listed without a hash: the protected folders, the Wi-Fi's password and the paired phones'
# tokens (no digest of them leaves the board, not even one).
UNHASHED = PROTECTED_DIRS + ("/wifi.json", "/phones.txt", "/phones.txt.tmp")
CODE_SUFFIXES = (".py", ".mpy", ".part")  # .part: a copy cut short (device.TEMP_SUFFIX)
MAIN = "/main.py"


def is_protected(path):
    """True for paths `make flash` never deletes (or hashes)."""
    if path in PROTECTED_FILES:
        return True
    return any(path == d or path.startswith(d + "/") for d in PROTECTED_DIRS)


def is_firmware(path):
    return not is_protected(path) and path.endswith(CODE_SUFFIXES)


@dataclass
class Plan:
    copy: list = field(default_factory=list)
    same: list = field(default_factory=list)
    delete: list = field(default_factory=list)  # files, removed after the copies
    blockers: list = field(default_factory=list)  # files where the image needs a folder
    keep: list = field(default_factory=list)
    foreign: list = field(default_factory=list)
    mkdirs: list = field(default_factory=list)
    rmdirs: list = field(default_factory=list)  # emptied folders, deepest first
    conflicts: list = field(default_factory=list)  # folders where the image needs a file

    @property
    def up_to_date(self):
        return not (self.copy or self.delete or self.blockers or self.mkdirs or self.rmdirs)


def make_plan(image_hashes, image_dirs, device_files, device_dirs):
    """The Plan that makes the board's firmware equal to the image (see the module doc)."""
    plan = Plan()
    for path in sorted(image_hashes):
        on_board = device_files.get(path)
        if path in device_dirs:
            plan.conflicts.append(path)
        elif on_board is not None and on_board.sha256 == image_hashes[path]:
            plan.same.append(path)
        else:
            plan.copy.append(path)
    if MAIN in plan.copy:  # last: a board cut off half-way still boots the old main.py
        plan.copy.remove(MAIN)
        plan.copy.append(MAIN)
    for path in sorted(device_files):
        if path in image_hashes:
            continue
        if is_protected(path):
            plan.keep.append(path)
        elif path in image_dirs:
            plan.blockers.append(path)
        elif path.endswith(".part") and path[: -len(".part")] in plan.copy:
            continue  # the copy below writes this very file and renames it away
        elif is_firmware(path):
            plan.delete.append(path)
        else:
            plan.foreign.append(path)
    plan.mkdirs = sorted(image_dirs - device_dirs, key=lambda d: (d.count("/"), d))
    plan.rmdirs = _emptied_dirs(device_dirs, image_dirs, plan.keep + plan.foreign)
    return plan


def _emptied_dirs(device_dirs, image_dirs, remaining_files):
    """Folders left empty by the plan (not protected, not needed), deepest first."""
    removed: list[str] = []
    kept: set[str] = set()
    for d in sorted(device_dirs, key=lambda d: (-d.count("/"), d)):
        inside = d + "/"
        if (
            is_protected(d)
            or d in image_dirs
            or any(f.startswith(inside) for f in remaining_files)
            or any(k.startswith(inside) for k in kept)
        ):
            kept.add(d)
        else:
            removed.append(d)
    return removed


def mismatches(image_hashes, device_files):
    """Image paths missing on the board or hashing differently there."""
    return sorted(
        path
        for path, digest in image_hashes.items()
        if device_files.get(path) is None or device_files[path].sha256 != digest
    )
