"""`make hardware`: check the board and write everything a board house needs, with kicad-cli.

    python tools/hardware/build_hardware.py [--out build/hardware]

Writes, one step per line: ERC and DRC reports (the build fails on any error or unrouted
net), Gerbers and drill files zipped for upload, the BOM with manufacturer part numbers,
the pick-and-place file, the schematic as PDF and a rendered picture of the board.
SPDX-License-Identifier: MIT
"""

import argparse
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KICAD = ROOT / "hardware" / "kicad"
SCH = KICAD / "picopeg.kicad_sch"
PCB = KICAD / "picopeg.kicad_pcb"
GERBER_LAYERS = "F.Cu,B.Cu,F.Paste,F.SilkS,B.SilkS,F.Mask,B.Mask,Edge.Cuts"
BOM_FIELDS = "Reference,${QUANTITY},Value,Footprint,Manufacturer,MPN"
BOM_LABELS = "Designator,Qty,Value,Footprint,Manufacturer,MPN"


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
    g = out / "gerbers"
    return [
        ("ERC", ["sch", "erc", "--severity-error", "--exit-code-violations",
                 "-o", out / "erc.rpt", SCH]),
        ("DRC with schematic parity", ["pcb", "drc", "--schematic-parity", "--severity-error",
                                       "--exit-code-violations", "-o", out / "drc.rpt", PCB]),
        ("Gerbers", ["pcb", "export", "gerbers", "-l", GERBER_LAYERS, "-o", g, PCB]),
        ("drill files", ["pcb", "export", "drill", "--excellon-separate-th", "-o", f"{g}/", PCB]),
        ("zip of Gerbers and drill files", lambda: zip_dir(g, out / "picopeg-gerbers.zip")),
        ("BOM", ["sch", "export", "bom", "--fields", BOM_FIELDS, "--labels", BOM_LABELS,
                 "--group-by", "Value,Footprint,MPN", "--exclude-dnp",
                 "-o", out / "picopeg-bom.csv", SCH]),
        ("pick-and-place", ["pcb", "export", "pos", "--format", "csv", "--units", "mm",
                            "--side", "front", "--use-drill-file-origin",
                            "-o", out / "picopeg-pos.csv", PCB]),
        ("schematic PDF", ["sch", "export", "pdf", "-o", out / "picopeg-schematic.pdf", SCH]),
        ("board render", ["pcb", "render", "--side", "top", "--background", "opaque",
                          "--zoom", "2.1", "-w", "2400", "-h", "900",
                          "-o", out / "picopeg-board.png", PCB]),
    ]  # fmt: skip


def zip_dir(folder, dest):
    """Zip the files of folder (flat, sorted) into dest."""
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(folder.iterdir()):
            z.write(f, f.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check the board and write its manufacturing files.")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "hardware")
    args = ap.parse_args(argv)
    if not shutil.which("kicad-cli"):
        raise SystemExit("kicad-cli not found: install KiCad 9 (see .ci/run)")
    out = args.out.resolve()
    shutil.rmtree(out, ignore_errors=True)
    (out / "gerbers").mkdir(parents=True)
    todo = steps(out)
    for i, (name, run) in enumerate(todo, 1):
        start = time.monotonic()
        print("[%d/%d] %s ..." % (i, len(todo), name), end=" ", flush=True)
        if callable(run):
            run()
        else:
            kicad(*[str(a) for a in run])
        print("%.1f s" % (time.monotonic() - start), flush=True)
    print("wrote", out.relative_to(ROOT) if out.is_relative_to(ROOT) else out)
    for f in sorted(out.iterdir()):
        if f.is_file():
            print("  %-26s %8d bytes" % (f.name, f.stat().st_size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
