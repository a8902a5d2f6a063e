"""Write a generated file, or with ``--check`` say whether the committed one is current.

The generators (tools/gen_*.py) build their files' text in memory; these helpers compare it
with what is on disk, so a stale file is named (exit status 1) and a current one left alone.
SPDX-License-Identifier: MIT
"""

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def is_current(path, text):
    """True when the file at path exists and holds exactly text."""
    path = Path(path)
    if not path.exists():
        return False
    return path.read_text(encoding="utf-8") == text


def write(path, text):
    Path(path).write_text(text, encoding="utf-8")


def relative(path):
    """path relative to the repository when it is inside it (for messages)."""
    path = Path(path).resolve()
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def write_or_check(path, text, check, fix, done=""):
    """Write text to path ("wrote <path><done>"), or with check compare them: print
    "<path> is current<done>" and return 0, or "<path> is stale: <fix>" and return 1."""
    name = relative(path)
    if check:
        if not is_current(path, text):
            print("{} is stale: {}".format(name, fix))
            return 1
        print("{} is current{}".format(name, done))
        return 0
    write(path, text)
    print("wrote {}{}".format(name, done))
    return 0


def main(argv, doc, path, render, fix):
    """The command line of a generator of one file whose only option is --check: its
    docstring's first line is the description; render() makes the text."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the module is stale")
    args = parser.parse_args(argv)
    return write_or_check(path, render(), args.check, fix)


def refresh(outputs, check):
    """The paths of {path: text} whose file is stale; unless check, each is rewritten
    ("wrote <path>") and the current ones are left untouched."""
    stale = [path for path, text in outputs.items() if not is_current(path, text)]
    if not check:
        for path in stale:
            write(path, outputs[path])
            print("wrote", relative(path))
    return stale
