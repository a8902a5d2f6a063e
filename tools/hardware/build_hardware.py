"""`make hardware`: check the board and write everything a board house and a printer need.

    .venv-hw/bin/python -m tools.hardware.build_hardware [--out build/hardware] [--no-case]
                                                         [--pictures]

Writes, one step per line: ERC and DRC reports at every severity (the build fails on any
item at all, warnings included, or an unrouted net), the JLCPCB order files from KiKit
(Gerbers and drill zipped, BOM with LCSC codes, placement; tools/hardware/fab.py), the
hand-soldered parts, the cost of 5 boards, the schematic as PDF, a render of the board, a
STEP model of the assembled board with every part's model (board_step.py), the case
(case_build.py: STL and STEP), what the players see from their seats (seats.py: one line a
seat), a render of the board in its case and the assembly's steps (case_render.py), all in
--out. Tracked files stay as they are: only --pictures copies the two renders over the
README's pictures, docs/img/board.png and case.png. Runs in .venv-hw (`make hw-venv`): KiKit
needs KiCad's pcbnew module.
SPDX-License-Identifier: MIT
"""

import argparse
import os
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
    """Build and write the case; return its solids (for the seats)."""
    from tools.hardware import case_build

    solids = case_build.build()
    case_build.export(out / "case", solids)
    return solids


def seats(solids):
    """Print what each seat sees of the LEDs and the display (seats.py)."""
    from tools.hardware import seats as seat_tool

    print()
    for line in seat_tool.lines(seat_tool.report(solids)):
        print("  " + line)


def case_picture(out):
    """Render the board in its case, and the assembly's steps, into out."""
    from tools.hardware import case_render

    case_render.render(out / "case", out / "picopeg-case.png")
    case_render.render_steps(out / "case", out / "assembly")


def cpu_seconds():
    """CPU seconds this process and the children it waited for have used (user + system)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def load_average():
    """The machine's 1-minute load average (0.0 where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


PICTURES = (("board.png", "picopeg-board.png"), ("case.png", "picopeg-case.png"))
ASSEMBLY_DIR = "assembly"  # one picture a step of hardware/README.md's assembly


def publish_pictures(out, docs_img=None):
    """Copy this build's renders over the README's pictures (--pictures only)."""
    docs_img = docs_img or DOCS_IMG
    steps_dir = out / ASSEMBLY_DIR
    steps = sorted(steps_dir.glob("*.png")) if steps_dir.is_dir() else []
    for name, picture in [*PICTURES, *[("assembly-" + p.name, ASSEMBLY_DIR + "/" + p.name)
                                       for p in steps]]:  # fmt: skip
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
    # Wall time depends on what else the machine runs; CPU time is the build's own work, about
    # its wall time on an idle machine. The load averages say how busy the machine was.
    began, began_cpu, loads = time.monotonic(), cpu_seconds(), [load_average()]
    todo = steps(out)
    made = {}
    if not args.no_case:
        todo.append(("case (build123d): STL and STEP", lambda: made.update(case(out) or {})))
        todo.append(("what the players see from their seats", lambda: seats(made)))
        todo.append(("pictures of the board in its case and of the assembly (KiCad)",
                     lambda: case_picture(out)))  # fmt: skip
    for i, (name, run) in enumerate(todo, 1):
        start, start_cpu = time.monotonic(), cpu_seconds()
        print("[%d/%d] %s ..." % (i, len(todo), name), end=" ", flush=True)
        if callable(run):
            run()
        else:
            kicad(*[str(a) for a in run])
        loads.append(load_average())
        print("%.1f s (CPU %.1f s)" % (time.monotonic() - start, cpu_seconds() - start_cpu),
              flush=True)  # fmt: skip
    if args.pictures:
        publish_pictures(out)
    print("wrote", out.relative_to(ROOT) if out.is_relative_to(ROOT) else out)
    for f in sorted(out.iterdir()):
        if f.is_file():
            print("  %-26s %8d bytes" % (f.name, f.stat().st_size))
    wall, cpu = (time.monotonic() - began) / 60, (cpu_seconds() - began_cpu) / 60
    print("done in %.1f minutes, CPU %.1f minutes; load average %.1f to %.1f"
          % (wall, cpu, min(loads), max(loads)))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
