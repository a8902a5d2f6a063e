"""Assemble a MicroPython typeshed for mypy from the installed micropython-*-stubs packages.

micropython-rp2-stubs ships the device modules (machine, neopixel, rp2, time, ...) as
top-level ``.pyi`` files, and micropython-stdlib-stubs a reduced copy of typeshed's
``stdlib`` for MicroPython. mypy finds the stdlib only through its typeshed, and does not
take top-level ``.pyi`` files from site-packages; the stubs' documentation therefore points
mypy (``--custom-typeshed-dir``) at a typeshed-shaped folder, which is what this builds:

    build/mpy-typeshed/stdlib/  the stdlib stubs + the rp2 stubs, with VERSIONS extended
    build/mpy-typeshed/stubs/   the stdlib package's third-party stubs (mypy-extensions)

    python tools/ci/mpy_typeshed.py build/mpy-typeshed  # `make typecheck` runs this

SPDX-License-Identifier: MIT
"""

import os
import shutil
import sys
import sysconfig
import tempfile

from tools import outdir

DISTS = ("micropython_rp2_stubs", "micropython_stdlib_stubs")


def dist_info(site, prefix):
    for name in sorted(os.listdir(site)):
        if name.startswith(prefix + "-") and name.endswith(".dist-info"):
            return os.path.join(site, name)
    raise SystemExit("mpy_typeshed: {} is not installed (make venv)".format(prefix))


def top_level(info):
    """The top-level names a distribution installed, from its RECORD."""
    names = set()
    with open(os.path.join(info, "RECORD")) as f:
        for line in f:
            top = line.split(",", 1)[0].split("/", 1)[0]
            if top and not top.endswith((".dist-info", ".pth")) and top != "__pycache__":
                names.add(top)
    return sorted(names)


def copy(src, dst):
    if os.path.isdir(src):
        shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copy2(src, dst)


def build(out, site):
    """The typeshed in `out`: assembled in a temporary folder, then put in place by
    tools/outdir.py, which refuses an `out` this tool did not make."""
    with tempfile.TemporaryDirectory() as tmp:
        added = assemble(tmp, site)
        outdir.replace(out, tmp, "make typecheck", "OUT", log=print)
    return added


def assemble(out, site):
    stdlib = os.path.join(out, "stdlib")
    copy(os.path.join(site, "stdlib"), stdlib)
    copy(os.path.join(site, "stubs"), os.path.join(out, "stubs"))
    listed = set()
    with open(os.path.join(stdlib, "VERSIONS")) as f:
        for line in f:
            if ":" in line and not line.startswith("#"):
                listed.add(line.split(":", 1)[0].strip())
    added = []
    for top in top_level(dist_info(site, DISTS[0])) + ["_mpy_shed"]:
        target = os.path.join(stdlib, top)
        if os.path.exists(target):
            os.remove(target) if os.path.isfile(target) else shutil.rmtree(target)
        copy(os.path.join(site, top), target)
        module = top[:-4] if top.endswith(".pyi") else top
        if module not in listed:
            added.append(module)
    with open(os.path.join(stdlib, "VERSIONS"), "a") as f:
        f.write("# MicroPython (added by tools/ci/mpy_typeshed.py)\n")
        for module in added:
            f.write("{}: 3.0-\n".format(module))
    return added


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.join("build", "mpy-typeshed")
    site = sysconfig.get_paths()["purelib"]
    dist_info(site, DISTS[1])
    try:
        added = build(out, site)
    except outdir.Refused as e:
        raise SystemExit(f"mpy_typeshed: {e}") from None
    print("mpy_typeshed: {} ({} MicroPython modules)".format(out, len(added)))


if __name__ == "__main__":
    main(sys.argv)
