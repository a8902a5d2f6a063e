"""Pictures of the board in its case and of the assembly's steps, rendered by KiCad.

    render(case_dir, png)             (build_hardware.py: build/hardware/picopeg-case.png)
    render_steps(case_dir, out_dir)   (build/hardware/assembly/1-under.png ...)

KiCad renders the board with its parts' 3D models; the case's STEP files (case_build.py) join
them as the models of one extra footprint at the board's top-left corner, in a copy of the
board in a temporary folder: the base and the plate, in their colours, with the keypad cradle
in front and the display module (a stand-in). The case's coordinates are the board's (x right,
y up, from that corner), its z is from the base's underside, and a footprint's models sit on
the board's top face: so the models are lowered by case_model.TOP_Z. Each assembly step
shows the models that step has put in place. Nothing here is part of the board file.
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
CRADLE_AT = (45.0, -165.0)
# The camera: tilted back and turned a little, as a player sees the board on the table.
VIEW = ["--rotate", "-42,0,-12", "--perspective", "--zoom", "0.9", "--quality", "high",
        "--background", "opaque", "-w", "1800", "-h", "1000"]  # fmt: skip


def _model(path, offset):
    return [Atom("model"), str(path),
            [Atom("offset"), [Atom("xyz"), *offset]],
            [Atom("scale"), [Atom("xyz"), 1, 1, 1]],
            [Atom("rotate"), [Atom("xyz"), 0, 0, 0]]]  # fmt: skip


ALL = ("base", "plate", "display_standin", "keypad_mount", "keypad_standin")


def case_footprint(case_dir, corner, show=ALL):
    """The footprint that carries the case's models (those named in show), at the board's
    top-left corner."""
    case_dir = Path(case_dir).resolve()
    down = -case_model.TOP_Z
    cx, cy = CRADLE_AT
    at = {"keypad_mount": (cx, cy, down), "keypad_standin": (cx, cy, down)}
    models = [_model(case_dir / (n + ".step"), at.get(n, (0, 0, down))) for n in show]
    return [
        Atom("footprint"), "picopeg:Case", [Atom("layer"), "F.Cu"],
        [Atom("uuid"), "0c0a5e00-0000-4000-8000-000000000001"],
        [Atom("at"), *corner],
        [Atom("property"), "Reference", "CASE1", [Atom("at"), 0, 0, 0], [Atom("layer"), "F.Fab"],
         [Atom("hide"), sexpr.YES], [Atom("uuid"), "0c0a5e00-0000-4000-8000-000000000002"],
         [Atom("effects"), [Atom("font"), [Atom("size"), 1, 1], [Atom("thickness"), 0.15]]]],
        [Atom("attr"), Atom("board_only"), Atom("exclude_from_pos_files"),
         Atom("exclude_from_bom")],
        *models,
    ]  # fmt: skip


def board_with_case(case_dir, folder, show=ALL):
    """Write folder/picopeg.kicad_pcb: the board, its library paths made absolute, and the
    case's models named in show."""
    text = PCB.read_text().replace("${KIPRJMOD}/lib/", str(KICAD / "lib") + "/")
    xs, ys = board_geometry.edge_points(sexpr.parse(text))
    end = text.rstrip().rfind(")")
    fp = sexpr.dumps(case_footprint(case_dir, (min(xs), min(ys)), show), indent=1)
    out = Path(folder) / "picopeg.kicad_pcb"
    out.write_text(text[:end] + "\t" + fp + "\n" + text[end:])
    shutil.copyfile(KICAD / "picopeg.kicad_pro", Path(folder) / "picopeg.kicad_pro")
    return out


def render(case_dir, png, show=ALL, view=VIEW):
    """Render the board with the case's models in show to png (about a minute)."""
    with tempfile.TemporaryDirectory() as tmp:
        pcb = board_with_case(case_dir, tmp, show)
        cmd = ["kicad-cli", "pcb", "render", *view, "-o", str(png), str(pcb)]
        res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if res.returncode or not Path(png).exists():
        raise SystemExit("kicad-cli pcb render failed:\n" + res.stdout + res.stderr)
    return png


SMALL = ["--quality", "basic", "--background", "opaque", "-w", "800", "-h", "450"]
# The assembly's steps (hardware/README.md, "Putting it together"): (picture, what is in
# place, camera).
STEPS = (
    ("1-under", (), ["--side", "bottom", "--rotate", "20,0,-10", "--perspective", "--zoom",
                     "2.4", "--pan", "-3.2,-0.9,0", *SMALL]),
    ("2-display", ("display_standin",),
     ["--rotate", "-30,0,-8", "--perspective", "--zoom", "2.5", "--pan", "4,1,0", *SMALL]),
    ("3-base", ("base", "display_standin"),
     ["--rotate", "-55,0,-20", "--perspective", "--zoom", "1.1", *SMALL]),
    ("4-plate", ("base", "plate", "display_standin"),
     ["--rotate", "-42,0,-12", "--perspective", "--zoom", "1.1", *SMALL]),
    ("5-keypad", ("keypad_mount", "keypad_standin"),
     ["--side", "bottom", "--rotate", "20,0,0", "--perspective", "--zoom", "2.4", "--pan",
      "-2.8,4.0,0", *SMALL]),
)  # fmt: skip


def render_steps(case_dir, out_dir):
    """One small picture a step of the assembly, into out_dir (a minute or two)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, show, view in STEPS:
        render(case_dir, out_dir / (name + ".png"), show, view)
    return out_dir
