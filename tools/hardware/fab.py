"""JLCPCB order files with KiKit (`kikit fab jlcpcb`), the hand-soldered parts and the cost.

    .venv-hw/bin/python -m tools.hardware.fab OUT      (run by build_hardware.py)

KiKit writes the Gerbers and drill files (zipped), the BOM (Comment, Designator, Footprint,
LCSC) and the placement file (Designator, Mid X, Mid Y, Layer, Rotation), both from the
board's auxiliary origin, its bottom-left corner, which KiKit's JLCPCB Gerbers use too.
Rotations are corrected per footprint by hardware/jlcpcb/rotations.csv (KiKit's correction
patterns). The through-hole parts are marked "exclude from position files" on the board, so
KiKit leaves them out; this tool lists them in picopeg-hand-soldered.csv. Every placed part
must have an LCSC code (`--missingError`). Needs KiKit, so the Python with KiCad's pcbnew.
SPDX-License-Identifier: MIT
"""

import csv
import subprocess
import sys
from pathlib import Path

from tools.hardware import buy_list, cost
from tools.hardware.kicadgen import parts

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

KICAD = ROOT / "hardware" / "kicad"
PCB = KICAD / "picopeg.kicad_pcb"
SCH = KICAD / "picopeg.kicad_sch"
ROTATIONS = ROOT / "hardware" / "jlcpcb" / "rotations.csv"


def kikit_cli():
    """The kikit command of this interpreter's environment."""
    exe = Path(sys.executable).parent / "kikit"
    if not exe.exists():
        raise SystemExit("no KiKit here: run `make hw-venv` (requirements-hardware.txt)")
    return str(exe)


def run_kikit(out):
    cmd = [kikit_cli(), "fab", "jlcpcb", "--no-drc", "--assembly", "--schematic", str(SCH),
           "--field", "LCSC", "--correctionpatterns", str(ROTATIONS), "--missingError",
           "--nametemplate", "picopeg-{}", str(PCB), str(out)]  # fmt: skip
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if res.returncode:
        raise SystemExit("kikit fab jlcpcb failed:\n" + res.stdout + res.stderr)


def hand_soldered():
    """[(refs, qty, value, MPN, manufacturer, unit price)] of the through-hole BOM parts."""
    groups = {}
    for p in parts.all_parts():
        if p["bom"] and parts.SOURCING[p["mpn"]][1] == "tht":
            groups.setdefault((p["value"], p["mpn"], p["mfr"]), []).append(p["ref"])
    out = []
    for (value, mpn, mfr), refs in sorted(groups.items(), key=lambda g: g[1][0]):
        out.append((",".join(refs), len(refs), value, mpn, mfr, parts.SOURCING[mpn][2]))
    return out


def write_hand_soldered(path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Designator", "Qty", "Value", "MPN", "Manufacturer", "Unit price USD"])
        for row in hand_soldered():
            w.writerow(row)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else ROOT / "build" / "hardware").resolve()
    out.mkdir(parents=True, exist_ok=True)
    run_kikit(out)
    write_hand_soldered(out / "picopeg-hand-soldered.csv")
    buy_list.write_csv(out / "picopeg-buy-list.csv")  # the whole shopping, per board
    est = cost.estimate(out / "picopeg-bom.csv", boards=5)
    (out / "picopeg-cost.txt").write_text(cost.report(est) + "\n")
    print(cost.report(est))
    return 0


if __name__ == "__main__":
    sys.exit(main())
