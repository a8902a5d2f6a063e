"""Write the case: STL and STEP of the base, top plate and keypad mount.

    .venv-hw/bin/python tools/hardware/case_build.py [OUT]   (make hardware: build/hardware/case)

The base, plate and cradle are printed; keypad_standin.step (STEP only) is the keypad in its
cradle for the picture, which case_render.py draws with KiCad from these STEP files.
SPDX-License-Identifier: MIT
"""

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a file: the tools package, from the root

from tools.hardware import board_geometry, case_model  # noqa: E402

# What the plate engraves of the board's silkscreen (tools/hardware/kicadgen/silk.py), and its
# font size in mm (an em: DejaVu's digits and capitals are 0.73 of it, so the numbers are
# 2.6 mm tall): the hole numbers every five, START, GAME and the name.
ENGRAVED = {"START": 3.2, "GAME": 3.2, "PicoPeg": 10.0}
NUMBER_MM = 3.5


def engraved_texts():
    """[(text, (x, y) board mm, height mm)] for the top plate, where the silkscreen has them."""
    from tools.hardware.kicadgen import silk

    out = []
    for text, at, _size in silk.texts():
        if text.isdigit():
            out.append((text, at, NUMBER_MM))
        elif text in ENGRAVED:
            out.append((text, at, ENGRAVED[text]))
    return out


def build(geo=None, engrave=True):
    geo = geo or board_geometry.read()
    leds = board_geometry.leds(geo)
    holes = board_geometry.mounting_holes(geo)
    texts = engraved_texts() if engrave else ()
    return {
        "base": case_model.base(geo, leds, holes),
        "plate": case_model.plate(geo, leds, holes, texts),
        "keypad_mount": case_model.keypad_mount(),
    }


def picture_props():
    """Solids only the picture shows (case_render.py): the keypad in its cradle."""
    return {"keypad_standin": case_model.keypad_standin()}


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
    for name, solid in picture_props().items():  # STEP only: nothing to print
        export_step(solid, str(out / (name + ".step")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
