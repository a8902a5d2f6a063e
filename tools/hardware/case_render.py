"""A picture of the board in its case, rendered by KiCad (kicad-cli pcb render).

    render(case_dir, png)       (build_hardware.py: build/hardware/picopeg-case.png)

KiCad renders the board with its parts' 3D models; the case's STEP files (case_build.py) join
them as the models of one extra footprint at the board's top-left corner, in a copy of the
board in a temporary folder: the base and the plate, in their colours, with the keypad cradle
in front, the BOOTSEL pin and the display module (a stand-in). The case's coordinates are
the board's (x right, y up, from that corner), its z is
from the base's underside, and a footprint's models sit on the board's top face: so the
models are lowered by case_model.TOP_Z. Nothing here is part of the board file.
SPDX-License-Identifier: MIT
"""

import shutil
import subprocess
import tempfile
from pathlib import Path

from tools.hardware import board_geometry, case_model
from tools.hardware.kicadgen import sexpr
from tools.hardware.kicadgen.sexpr import Atom

ROOT = Path(__file__).resolve().parents[2]
KICAD = ROOT / "hardware" / "kicad"
PCB = KICAD / "picopeg.kicad_pcb"
# Where the keypad cradle stands in the picture: in front of the board's left end, where the
# keypad's ribbon leaves the base (model mm, as case_model; z on the table).
CRADLE_AT = (52.0, -160.0)
# The camera: tilted back and turned a little, as a player sees the board on the table.
VIEW = ["--rotate", "-42,0,-12", "--perspective", "--zoom", "0.9", "--quality", "high",
        "--background", "opaque", "-w", "1800", "-h", "1000"]  # fmt: skip


def _model(path, offset):
    return [Atom("model"), str(path),
            [Atom("offset"), [Atom("xyz"), *offset]],
            [Atom("scale"), [Atom("xyz"), 1, 1, 1]],
            [Atom("rotate"), [Atom("xyz"), 0, 0, 0]]]  # fmt: skip


def case_footprint(case_dir, corner):
    """The footprint that carries the case's models, at the board's top-left corner."""
    case_dir = Path(case_dir).resolve()
    down = -case_model.TOP_Z
    cx, cy = CRADLE_AT
    return [
        Atom("footprint"), "picopeg:Case", [Atom("layer"), "F.Cu"],
        [Atom("uuid"), "0c0a5e00-0000-4000-8000-000000000001"],
        [Atom("at"), *corner],
        [Atom("property"), "Reference", "CASE1", [Atom("at"), 0, 0, 0], [Atom("layer"), "F.Fab"],
         [Atom("hide"), sexpr.YES], [Atom("uuid"), "0c0a5e00-0000-4000-8000-000000000002"],
         [Atom("effects"), [Atom("font"), [Atom("size"), 1, 1], [Atom("thickness"), 0.15]]]],
        [Atom("attr"), Atom("board_only"), Atom("exclude_from_pos_files"),
         Atom("exclude_from_bom")],
        _model(case_dir / "base.step", (0, 0, down)),
        _model(case_dir / "plate.step", (0, 0, down)),
        _model(case_dir / "bootsel_pin.step", (0, 0, down)),
        _model(case_dir / "display_standin.step", (0, 0, down)),
        _model(case_dir / "keypad_mount.step", (cx, cy, down)),
        _model(case_dir / "keypad_standin.step", (cx, cy, down)),
    ]  # fmt: skip


def board_with_case(case_dir, folder):
    """Write folder/picopeg.kicad_pcb: the board, its library paths made absolute, and the case."""
    text = PCB.read_text().replace("${KIPRJMOD}/lib/", str(KICAD / "lib") + "/")
    xs, ys = board_geometry.edge_points(sexpr.parse(text))
    end = text.rstrip().rfind(")")
    fp = sexpr.dumps(case_footprint(case_dir, (min(xs), min(ys))), indent=1)
    out = Path(folder) / "picopeg.kicad_pcb"
    out.write_text(text[:end] + "\t" + fp + "\n" + text[end:])
    shutil.copyfile(KICAD / "picopeg.kicad_pro", Path(folder) / "picopeg.kicad_pro")
    return out


def render(case_dir, png):
    """Render the board in its case to png (about a minute)."""
    with tempfile.TemporaryDirectory() as tmp:
        pcb = board_with_case(case_dir, tmp)
        cmd = ["kicad-cli", "pcb", "render", *VIEW, "-o", str(png), str(pcb)]
        res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if res.returncode or not Path(png).exists():
        raise SystemExit("kicad-cli pcb render failed:\n" + res.stdout + res.stderr)
    return png
