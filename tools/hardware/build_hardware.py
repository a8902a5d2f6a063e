"""`make hardware`: check the board and write everything a board house and a printer need.

    .venv-hw/bin/python -m tools.hardware.build_hardware [--out build/hardware] [--no-case]
                                                         [--pictures]

Writes, one step per line: ERC and DRC reports at every severity (the build fails on any
item at all, warnings included, or an unrouted net), the JLCPCB order files from KiKit
(Gerbers and drill zipped, BOM with LCSC codes, placement; tools/hardware/fab.py), the
hand-soldered parts, the cost of 5 boards, the schematic as PDF, a render of the board, a
STEP model of the assembled board with every part's model (board_step.py), the case
(case_build.py: STL and STEP) and a render of the board in its case (case_render.py), all in
--out. Tracked files stay as they are: only --pictures copies the two renders over the
README's pictures, docs/img/board.png and case.png. Runs in .venv-hw (`make hw-venv`): KiKit
needs KiCad's pcbnew module.
SPDX-License-Identifier: MIT
"""

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools import outdir

ROOT = Path(__file__).resolve().parents[2]
KICAD = ROOT / "hardware" / "kicad"
SCH = KICAD / "picopeg.kicad_sch"
PCB = KICAD / "picopeg.kicad_pcb"
DOCS_IMG = ROOT / "docs" / "img"  # the README's pictures: make hardware refreshes them


def kicad(*args):
    """Run kicad-cli; raise with its output if it fails."""
    res = subprocess.run(["kicad-cli", *args], capture_output=True, text=True, check=False)
    if res.returncode:
        raise SystemExit(
            "kicad-cli %s failed:\n%s%s" % (" ".join(args[:3]), res.stdout, res.stderr)
        )
    return res.stdout


def steps(out):
    """[(name, kicad-cli arguments or a callable)] in the order they run."""
    return [
        ("ERC, every severity", ["sch", "erc", "--severity-all", "--exit-code-violations",
                                 "-o", out / "erc.rpt", SCH]),
        ("DRC, every severity, schematic parity", [
            "pcb", "drc", "--schematic-parity", "--severity-all", "--exit-code-violations",
            "-o", out / "drc.rpt", PCB]),
        ("JLCPCB files (KiKit): Gerbers, BOM, placement, cost", lambda: fab(out)),
        ("schematic PDF", ["sch", "export", "pdf", "-o", out / "picopeg-schematic.pdf", SCH]),
        ("board render", ["pcb", "render", "--side", "top", "--background", "opaque",
                          "--zoom", "2.1", "-w", "2400", "-h", "900",
                          "-o", out / "picopeg-board.png", PCB]),
        ("STEP of the assembled board, every part's model in it", lambda: board_step(out)),
    ]  # fmt: skip


def fab(out):
    from tools.hardware import fab as fab_tool

    fab_tool.main([str(out)])


def board_step(out):
    from tools.hardware import board_step as step

    missing = step.missing_parts(step.export(out))
    if missing:
        raise SystemExit("no 3D model in the STEP for %s" % ", ".join(missing))


def case(out):
    from tools.hardware import case_build

    case_build.main([str(out / "case")])


def case_picture(out):
    """Render the board in its case into out."""
    from tools.hardware import case_render

    case_render.render(out / "case", out / "picopeg-case.png")


PICTURES = (("board.png", "picopeg-board.png"), ("case.png", "picopeg-case.png"))


def publish_pictures(out, docs_img=None):
    """Copy this build's two renders over the README's pictures (--pictures only)."""
    docs_img = docs_img or DOCS_IMG
    for name, picture in PICTURES:
        shutil.copyfile(out / picture, docs_img / name)
        print("  refreshed", docs_img.relative_to(ROOT) / name if docs_img.is_relative_to(ROOT)
              else docs_img / name)  # fmt: skip


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check the board and write its manufacturing files.")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "hardware")
    ap.add_argument("--no-case", action="store_true", help="skip the case (the slow part)")
    ap.add_argument(
        "--pictures",
        action="store_true",
        help="also refresh the README's pictures, docs/img/board.png and case.png",
    )
    args = ap.parse_args(argv)
    if args.pictures and args.no_case:
        ap.error("--pictures needs the case's render: leave out --no-case")
    if not shutil.which("kicad-cli"):
        raise SystemExit("kicad-cli not found: install KiCad 9 (see .ci/run)")
    out = args.out.resolve()
    try:  # only a folder make hardware made (tools/outdir.py), emptied for this build
        outdir.claim(out, "make hardware")
        outdir.empty(out, what="hardware")
    except outdir.Refused as e:
        raise SystemExit(f"make hardware: {e}") from None
    began = time.monotonic()
    todo = steps(out)
    if not args.no_case:
        todo.append(("case (build123d): STL and STEP", lambda: case(out)))
        todo.append(("picture of the board in its case (KiCad)", lambda: case_picture(out)))
    for i, (name, run) in enumerate(todo, 1):
        start = time.monotonic()
        print("[%d/%d] %s ..." % (i, len(todo), name), end=" ", flush=True)
        if callable(run):
            run()
        else:
            kicad(*[str(a) for a in run])
        print("%.1f s" % (time.monotonic() - start), flush=True)
    if args.pictures:
        publish_pictures(out)
    print("wrote", out.relative_to(ROOT) if out.is_relative_to(ROOT) else out)
    for f in sorted(out.iterdir()):
        if f.is_file():
            print("  %-26s %8d bytes" % (f.name, f.stat().st_size))
    print("done in %.1f minutes" % ((time.monotonic() - began) / 60))
    return 0


if __name__ == "__main__":
    sys.exit(main())
