"""Generate PicoPeg's KiCad 9 project (hardware/kicad/) and hardware/holes.csv.

    python -m tools.hardware.gen_kicad          regenerate everything
    python -m tools.hardware.gen_kicad --check  regenerate into a temporary folder and exit 1
                                                if the committed files differ

Steps: the hole geometry (kicadgen.track) -> holes.csv; the circuit (kicadgen.parts) -> the
schematic; `kicad-cli sch export netlist`; the netlist and layout (kicadgen.layout) -> the
board, built and zone-filled by KiCad's pcbnew module. Needs kicad-cli on PATH and a Python
that can `import pcbnew` (found automatically; override with $PICOPEG_KICAD_PYTHON).
SPDX-License-Identifier: MIT
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.hardware.kicadgen import sch_build, sexpr, track

ROOT = Path(__file__).resolve().parents[2]

KICAD_DIR = ROOT / "hardware" / "kicad"
HOLES_CSV = ROOT / "hardware" / "holes.csv"
NAME = "picopeg"
GENERATED = (NAME + ".kicad_sch", NAME + ".kicad_pcb", NAME + ".kicad_pro", "sym-lib-table",
             "fp-lib-table")  # fmt: skip
LIB_TABLE = """({kind}_lib_table
\t(version 7)
\t(lib (name "picopeg")(type "KiCad")(uri "${{KIPRJMOD}}/lib/picopeg.{ext}")(options "")(descr "PicoPeg parts, copied from KiCad's libraries by tools/hardware/kicadgen/vendor_libs.py"))
)
"""  # noqa: E501


def step(n, text):
    print("[%d/4] %s" % (n, text), flush=True)


def pcbnew_python():
    """A Python interpreter that can import KiCad's pcbnew module."""
    env = os.environ.get("PICOPEG_KICAD_PYTHON")
    cands = [env] if env else [sys.executable, getattr(sys, "_base_executable", None)]
    if not env:  # every python3 on PATH: KiCad's module lives in the distribution's Python
        for folder in os.environ.get("PATH", "").split(os.pathsep):
            cands.append(shutil.which("python3", path=folder))
    for exe in filter(None, cands):
        ok = subprocess.run([exe, "-c", "import pcbnew"], capture_output=True, check=False)
        if ok.returncode == 0:
            return exe
    raise SystemExit("no Python with KiCad's pcbnew module found (install KiCad 9)")


def generate(out_dir, holes_csv):
    """Write holes.csv and the KiCad project files into out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    step(1, "hole geometry -> %s" % holes_csv.name)
    holes_csv.write_text(track.holes_csv())
    step(2, "schematic -> %s.kicad_sch" % NAME)
    sch = out_dir / (NAME + ".kicad_sch")
    sch.write_text(sexpr.dumps(sch_build.build()) + "\n")
    (out_dir / "sym-lib-table").write_text(LIB_TABLE.format(kind="sym", ext="kicad_sym"))
    (out_dir / "fp-lib-table").write_text(LIB_TABLE.format(kind="fp", ext="pretty"))
    step(3, "netlist (kicad-cli sch export netlist)")
    with tempfile.TemporaryDirectory() as tmp:
        net = Path(tmp) / (NAME + ".net")
        cmd = ["kicad-cli", "sch", "export", "netlist", "-o", str(net), str(sch)]
        subprocess.run(cmd, check=True, capture_output=True)
        step(4, "board (pcbnew: place, route, fill zones) -> %s.kicad_pcb" % NAME)
        pcb = out_dir / (NAME + ".kicad_pcb")
        run = [pcbnew_python(), "-m", "tools.hardware.kicadgen.board", str(net), str(pcb)]
        subprocess.run(run, check=True, cwd=ROOT)  # KiCad's python: -m finds tools from ROOT
    (out_dir / (NAME + ".kicad_prl")).unlink(missing_ok=True)  # per-user view state


def check():
    """Regenerate into a temporary folder; list and count files that differ."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        generate(tmp / "kicad", tmp / "holes.csv")
        pairs = [(tmp / "holes.csv", HOLES_CSV)] + [
            (tmp / "kicad" / f, KICAD_DIR / f) for f in GENERATED
        ]
        stale = [
            dst for src, dst in pairs if not dst.exists() or src.read_bytes() != dst.read_bytes()
        ]
    for path in stale:
        print(
            "stale:",
            path.relative_to(ROOT),
            "(run `make kicad`; a new KiCad release can also"
            " change the board file: regenerate and commit)",
            file=sys.stderr,
        )
    return len(stale)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Generate the PicoPeg KiCad project.")
    ap.add_argument("--check", action="store_true", help="exit 1 if generated files are stale")
    args = ap.parse_args(argv)
    if not shutil.which("kicad-cli"):
        raise SystemExit("kicad-cli not found: install KiCad 9")
    start = time.monotonic()
    if args.check:
        bad = check()
        print("%s in %.0f s" % ("stale" if bad else "up to date", time.monotonic() - start))
        return 1 if bad else 0
    generate(KICAD_DIR, HOLES_CSV)
    print("done in %.0f s" % (time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
