"""Write the case: each printed part's STL in its print orientation, and STEP files as assembled.

    .venv-hw/bin/python -m tools.hardware.case_build [OUT]   (make hardware: build/hardware/case)

Printed (STL, lying as it prints: case_print.py measures the support each needs): the base and
the face plate whole (base.stl, plate.stl: beds of 300 x 300 mm and up) and each cut in two for
a 220 x 220 mm bed (base_left/right.stl, plate_left/right.stl, joined by dovetails:
case_split.py), and the keypad cradle. STEP (as assembled, for the pictures case_render.py
draws with KiCad, and for a CAD program): the base, plate and cradle, and the display module
and keypad as stand-ins (not printed).
SPDX-License-Identifier: MIT
"""

import sys
import time
from pathlib import Path

from tools.hardware import (
    board_geometry,
    case_features,
    case_keypad,
    case_model,
    case_print,
    case_split,
)

HERE = Path(__file__).resolve().parent

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


# How each printed part lies on the bed (case_print.ORIENTATIONS); host_tests/hw/test_case.py
# checks that each is the one of the six that needs least support, and the figures below.
PRINT_AS = {
    "base": "as modelled",  # floor on the bed: only the cable openings' roofs bridge
    "plate": "upside down",  # face on the bed: the engraving's floors and pockets bridge
    # Standing on the player's edge: lying flat, the tail's channel's 24 mm roof would bridge.
    "keypad_mount": "front down",
}
# Support needed in that orientation (mm2), at most: the README states these.
OVERHANG_MAX = {"base": 100, "plate": 450, "keypad_mount": 200}
# The dovetails' places (model y, mm): the base's in its floor, the plate's between streets 2
# and 3 and in front of the track, clear of the holes and of the screws on the seam.
BASE_TABS = (-20.0, -51.0, -82.0)
PLATE_TABS = (-33.0, -62.0)


def build(geo=None, engrave=True):
    """The printed parts as assembled (model coordinates, case_model)."""
    geo = geo or board_geometry.read()
    leds = board_geometry.leds(geo)
    holes = board_geometry.mounting_holes(geo)
    texts = engraved_texts() if engrave else ()
    return {
        "base": case_model.base(geo, holes),
        "plate": case_model.plate(geo, leds, holes, texts),
        "keypad_mount": case_keypad.keypad_mount(),
    }


def pieces(solids):
    """{name: solid} of the two-piece base and plate, as assembled."""
    out = {}
    base_l, base_r = case_split.split(solids["base"], BASE_TABS, 0.0, case_model.FLOOR,
                                      case_split.BASE_SEAM_X)  # fmt: skip
    z0 = case_model.PLATE_Z
    plate_l, plate_r = case_split.split(solids["plate"], PLATE_TABS, z0, z0 + case_model.PLATE_T,
                                        case_split.PLATE_SEAM_X)  # fmt: skip
    out.update(base_left=base_l, base_right=base_r, plate_left=plate_l, plate_right=plate_r)
    return out


def print_pose(name, solid):
    """The solid as it lies on the bed (a piece lies as its part does)."""
    part = name.split("_")[0] if name.startswith(("base_", "plate_")) else name
    return case_print.on_bed(case_print.oriented(solid, PRINT_AS[part]))


def picture_props(geo=None):
    """Solids only the picture shows (case_render.py): the keypad in its cradle, the display."""
    geo = geo or board_geometry.read()
    return {
        "keypad_standin": case_keypad.keypad_standin(),
        "display_standin": case_features.display_standin(geo, case_model.TOP_Z),
    }


def export(out, solids=None):
    """Write every STL and STEP into out (solids: build()'s, to reuse them)."""
    from build123d import export_step, export_stl

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    solids = solids or build()
    for name, solid in solids.items():
        export_step(solid, str(out / (name + ".step")))
    for name, solid in {**solids, **pieces(solids)}.items():
        export_stl(print_pose(name, solid), str(out / (name + ".stl")))
        print("  %-13s STL  (%.0f s)" % (name, time.monotonic() - start), flush=True)
    for name, solid in picture_props().items():  # STEP only: nothing to print
        export_step(solid, str(out / (name + ".step")))
    return out


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    export(Path(args[0] if args else HERE.parents[1] / "build" / "hardware" / "case"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
