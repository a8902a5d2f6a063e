"""`make flash` on a Pico W: the web server library and the page, beside the firmware.

    if wants_wifi(info, force):                          # a Pico W (or --wifi: forced)
        install(link, files(mpy_cross, log=print))       # copy what differs, by hash

On a Pico W (its MicroPython names the board "... Pico W with RP2040", or "Pico 2 W") the
board gets microdot (issue 19: PyPI, pinned by version and hash, tools/flashing/weblib.py)
compiled with mpy-cross into /lib/microdot/, and the page's board copy (python -m
tools.web.build --board: the live view's flat folder, no wasm) into /www (hal.SITE_DIR), the
only folder the board's server serves. A plain Pico gets neither, nor the firmware's
modules only the W runs (W_ONLY: the live server, the radio): its flash and its heap are as
before issue 19. Each file is compared by SHA-256 (hashed on the board) and copied only if it
differs; files in those two folders that are not wanted any more are removed.
SPDX-License-Identifier: MIT
"""

import tempfile
from pathlib import Path

from tools.flashing import device
from tools.flashing.report import listing, size, step
from tools.flashing.wonly import W_ONLY, w_only  # noqa: F401 - make flash's, from one place

LIB = "/lib/microdot"
SITE = "/www"  # firmware/hal.py SITE_DIR


def is_pico_w(machine):
    """True for a board MicroPython calls a Pico W (the same test as firmware/hal.py's)."""
    return " W with " in machine


def files(mpy_cross, log=print, cache=None, site=None):
    """{board path: bytes}: microdot's pinned files compiled, and the page's board copy.
    DriverError if microdot cannot be fetched; site: {name: bytes} instead of building it."""
    from tools.flashing import image, weblib

    out = {}
    source = weblib.fetch(cache, log=log)
    with tempfile.TemporaryDirectory(prefix="picopeg-microdot-") as tmp:
        for rel in weblib.FILES:  # microdot/__init__.py, ...: /lib/microdot/__init__.mpy
            name = rel[:-3] + ".mpy"
            target = Path(tmp) / name
            image.compile_module(mpy_cross, source / rel, "lib/" + rel, target)
            out["/lib/" + name] = target.read_bytes()
    if site is None:
        from tools.web.build import build_board

        with tempfile.TemporaryDirectory(prefix="picopeg-site-") as tmp:
            folder = Path(tmp) / "www"
            names = build_board(folder, log=lambda s: None)  # {name: size}, its stamp left out
            site = {name: (folder / name).read_bytes() for name in names}
    for name, data in sorted(site.items()):
        out[SITE + "/" + name] = data
    return out


def install(link, wanted, log=print):
    """Make /lib/microdot and /www on the board hold exactly `wanted` (hash-compared)."""
    from tools.flashing.driver import sha256

    link.doing = "hashing the Wi-Fi files"
    have, _dirs = device.tree(link, roots=[LIB, SITE])
    copy = [p for p in sorted(wanted) if p not in have or have[p].sha256 != sha256(wanted[p])]
    stale = sorted(p for p in have if p not in wanted)
    device.make_dirs(link, ["/lib", LIB, SITE])
    copied = 0
    for i, path in enumerate(copy, 1):
        data = wanted[path]
        link.doing = step(i, len(copy), "copying", path)
        log(step(i, len(copy), "copying", path, len(data)))
        device.write_file(link, path, data)
        copied += len(data)
    if stale:
        log(f"removing {listing(stale)} (no longer wanted)")
        device.remove_files(link, stale)
    link.doing = "verifying the Wi-Fi files"
    have, _dirs = device.tree(link, roots=[LIB, SITE])
    bad = [p for p in sorted(wanted) if p not in have or have[p].sha256 != sha256(wanted[p])]
    if bad:
        from tools.flashing.errors import FlashError

        raise FlashError(f"{listing(bad)} differ on the board after copying: run make flash again")
    log(f"Wi-Fi: microdot in {LIB} and the page in {SITE}: {len(wanted)} files verified "
        f"({len(copy)} copied, {size(copied)})")  # fmt: skip
    return copy
