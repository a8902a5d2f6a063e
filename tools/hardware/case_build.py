"""Write the case: STL and STEP of the base, top plate and keypad mount, and a picture.

    .venv-hw/bin/python tools/hardware/case_build.py [OUT]   (make hardware: build/hardware/case)

The picture (case.png) is the assembled case seen from above at an angle, drawn from the
STL triangles with a flat shading (no display needed).
SPDX-License-Identifier: MIT
"""

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a file: the tools package, from the root

from tools.hardware import board_geometry, case_model  # noqa: E402


def numbers(geo):
    """Hole numbers every five, where the silkscreen has them (tools/hardware/kicadgen/silk.py)."""
    from tools.hardware.kicadgen import silk

    return [(t, xy) for t, xy, _size in silk.texts() if t.isdigit()]


def build(geo=None, engrave=True):
    geo = geo or board_geometry.read()
    leds = board_geometry.leds(geo)
    holes = board_geometry.mounting_holes(geo)
    nums = ()  # engraved numbers: build123d found no font here (see hardware/README.md)
    return {
        "base": case_model.base(geo, leds, holes),
        "plate": case_model.plate(geo, leds, holes, nums),
        "keypad_mount": case_model.keypad_mount(),
    }


def main(argv=None):
    from build123d import export_step, export_stl

    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else HERE.parents[1] / "build" / "hardware" / "case")
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    solids = build()
    for name, solid in solids.items():
        export_stl(solid, str(out / (name + ".stl")))
        export_step(solid, str(out / (name + ".step")))
        print("  %-13s STL + STEP  (%.0f s)" % (name, time.monotonic() - start), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
