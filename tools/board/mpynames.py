"""The names (qstrs) a set of .mpy files make MicroPython intern when they load: every entry
of each file's qstr table that is not one of the firmware's static names, once, in file
order. `make heap` interns them before its game (fullgame.take_qstr_pool), so that the
qstr pools the firmware needs are all there before the heap is in pieces.

    python -m tools.board.mpynames build/device [--game] [--skip live] > names.txt

--game keeps only the modules the scripted game of fullgame.py imports (played here, on
CPython, on the firmware's sources): what a plain board loads, not the Pico W's Wi-Fi.

Reads the .mpy format of MicroPython 1.22 and later (version 6: a file's qstrs first, each
a varint `len << 1`, then its bytes and a NUL; `index << 1 | 1` for a static qstr).
SPDX-License-Identifier: MIT
"""

import argparse
import sys
from pathlib import Path

MPY_VERSION = 6


def _varint(data, i):
    value = 0
    while True:
        byte = data[i]
        i += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, i


def mpy_names(data):
    """The non-static qstrs of one .mpy file's table, in order."""
    if data[:2] != b"M" + bytes([MPY_VERSION]):
        raise ValueError(f"not a version {MPY_VERSION} .mpy file")
    n_qstr, i = _varint(data, 4)
    _n_obj, i = _varint(data, i)
    names = []
    for _ in range(n_qstr):
        value, i = _varint(data, i)
        if not value & 1:
            length = value >> 1
            names.append(data[i : i + length].decode())
            i += length + 1
    return names


def folder_names(folder, skip=(), only=None):
    """Every .mpy under folder but those in the sub-folders `skip` (and, given `only`, a set
    of relative paths, but those not in it): their names, once each."""
    root = Path(folder)
    seen = {}
    for path in sorted(root.rglob("*.mpy")):
        rel = path.relative_to(root)
        if rel.parts[0] in skip or (only is not None and rel.as_posix() not in only):
            continue
        try:
            names = mpy_names(path.read_bytes())
        except (ValueError, IndexError) as e:
            raise SystemExit(f"{path}: {e}") from None
        for name in names:
            seen.setdefault(name, None)
    return list(seen)


def game_modules():
    """The firmware's modules the scripted game imports (fullgame.play on CPython), as paths
    of their .mpy files relative to the image (``modes/score.mpy``, ``ui/__init__.mpy``).
    Records every import with an audit hook: for a command line only (it stays installed)."""
    import tempfile

    firmware = Path(__file__).resolve().parents[2] / "firmware"
    seen = set()
    sys.addaudithook(lambda event, args: event == "import" and seen.add(args[0]))
    from tools.board.fullgame import play
    from tools.board.pcboard import Harness

    with tempfile.TemporaryDirectory() as tmp:
        play(Harness(tmp + "/state", display=True))
    paths = set()
    for module in seen:
        base = module.replace(".", "/")
        for rel in (base + ".py", base + "/__init__.py"):
            if (firmware / rel).exists():
                paths.add(rel[:-3] + ".mpy")
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path, help="folders of .mpy files")
    parser.add_argument("--skip", action="append", default=[], help="a sub-folder to leave out")
    parser.add_argument("--game", action="store_true", help="the first folder: only the "
                        "firmware modules the scripted game imports")  # fmt: skip
    args = parser.parse_args(argv)
    only = game_modules() if args.game else None
    names = {}
    for i, folder in enumerate(args.folders):
        for name in folder_names(folder, args.skip, only if i == 0 else None):
            names.setdefault(name, None)
    # One a line: the few names with a line break in them are left to be interned at load.
    sys.stdout.write("".join(n + "\n" for n in names if "\n" not in n and "\r" not in n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
