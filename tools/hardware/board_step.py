"""The STEP model of the assembled board (kicad-cli), checked part by part.

    path = export(out_dir); missing = missing_parts(path)   (run by build_hardware.py)

The 3D models are the project library's own (hardware/kicad/lib/picopeg.3dshapes, copied by
kicadgen/vendor_libs.py), so this needs no kicad-packages3d. kicad-cli leaves a part out of
the STEP, without failing, when its model cannot be read: missing_parts() finds those from the
STEP's assembly (one NEXT_ASSEMBLY_USAGE_OCCURRENCE per part, named by its reference).
SPDX-License-Identifier: MIT
"""

import re
import subprocess
from pathlib import Path

from tools.hardware.kicadgen import sexpr

ROOT = Path(__file__).resolve().parents[2]
PCB = ROOT / "hardware" / "kicad" / "picopeg.kicad_pcb"
NAME = "picopeg-board.step"


def export(out, pcb=PCB, env=None):
    """Write out/picopeg-board.step; return its path. Raises SystemExit if kicad-cli fails."""
    path = Path(out) / NAME
    cmd = ["kicad-cli", "pcb", "export", "step", "--subst-models", "--no-dnp", "-f",
           "-o", str(path), str(pcb)]  # fmt: skip
    res = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    if res.returncode or not path.exists():
        raise SystemExit("kicad-cli pcb export step failed:\n" + res.stdout + res.stderr)
    return path


def parts_with_models(pcb=PCB):
    """References of the footprints that show a 3D model."""
    tree = sexpr.parse(Path(pcb).read_text())
    refs = set()
    for fp in sexpr.find_all(tree, "footprint"):
        shown = [m for m in sexpr.find_all(fp, "model") if sexpr.find(m, "hide") is None]
        if shown:
            refs.add(next(p[2] for p in sexpr.find_all(fp, "property") if p[1] == "Reference"))
    return refs


def step_parts(path):
    """References of the parts placed in a STEP file written by kicad-cli."""
    text = Path(path).read_text(errors="replace")
    return set(re.findall(r"NEXT_ASSEMBLY_USAGE_OCCURRENCE\('[^']*','([^']*)'", text))


def missing_parts(path, pcb=PCB):
    """The parts with a 3D model in the board that the STEP lacks, sorted."""
    return sorted(parts_with_models(pcb) - step_parts(path))
