"""Each board part's box in the case's model coordinates, to check the case clears them.

    for centre, size in boxes(case_model.TOP_Z, case_model.BOARD_Z): ...

A front part's box is its 3D model's bounding box (the project library's STEP, read with
build123d) placed as the board file places the footprint, grown to its courtyard; a back
part's is its courtyard under the board, as tall as its model (or its datasheet height where
the generic model is shorter: C122). Parts without a model (test points, holes, fiducials,
J3: the display module stands there, case_features.display_standin) have none.
SPDX-License-Identifier: MIT
"""

import gzip
import math
import tempfile
from pathlib import Path

from tools.hardware import board_geometry
from tools.hardware.kicadgen import sexpr

LIB = board_geometry.ROOT / "hardware" / "kicad" / "lib"
HEIGHT = {"C122": 16.0}  # UVR1C102MPD: 10 x 16 mm (KiCad's generic model is 10 mm tall)
LEAD_TIP = 1.5  # a back part's trimmed leads above the board's top


def model_box(path, cache={}):  # noqa: B006 - a cache of the models read, by file
    """((x0, y0, z0), (x1, y1, z1)) of a .stpz model in its own frame (y up)."""
    if path not in cache:
        from build123d import import_step

        with tempfile.TemporaryDirectory() as tmp:
            step = Path(tmp) / "m.step"
            step.write_bytes(gzip.decompress(Path(path).read_bytes()))
            b = import_step(str(step)).bounding_box()
        cache[path] = ((b.min.X, b.min.Y, b.min.Z), (b.max.X, b.max.Y, b.max.Z))
    return cache[path]


def _turn(x, y, deg):
    """A footprint-frame point (y down) on the board, for the footprint's rotation."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return x * c + y * s, -x * s + y * c


def _courtyard(fp):
    """Footprint-frame points of its courtyard (lines, rectangles, polygons), or []."""
    pts = []
    for kind in ("fp_line", "fp_rect"):
        for g in sexpr.find_all(fp, kind):
            if sexpr.find(g, "layer")[1].endswith("CrtYd"):
                for key in ("start", "end"):
                    p = sexpr.find(g, key)
                    pts.append((float(p[1]), float(p[2])))
    for g in sexpr.find_all(fp, "fp_poly"):
        if sexpr.find(g, "layer")[1].endswith("CrtYd"):
            pts += [(float(q[1]), float(q[2])) for q in sexpr.find_all(sexpr.find(g, "pts"), "xy")]
    for g in sexpr.find_all(fp, "fp_circle"):
        if sexpr.find(g, "layer")[1].endswith("CrtYd"):
            c, e = sexpr.find(g, "center"), sexpr.find(g, "end")
            r = math.dist((float(c[1]), float(c[2])), (float(e[1]), float(e[2])))
            pts += [(float(c[1]) + dx * r, float(c[2]) + dy * r)
                    for dx, dy in ((-1, -1), (1, 1))]  # fmt: skip
    return pts


def _model(fp):
    """(path, offset) of the footprint's shown model, or None."""
    for m in sexpr.find_all(fp, "model"):
        if sexpr.find(m, "hide") is None:
            path = m[1].replace("${KIPRJMOD}/lib/", str(LIB) + "/")
            off = sexpr.find(sexpr.find(m, "offset"), "xyz")
            return path, (float(off[1]), float(off[2]), float(off[3]))
    return None


def boxes(top_z, board_z, pcb=board_geometry.PCB):
    """[(centre (x, y, z), size (dx, dy, dz))] of every part with a model, model mm."""
    return list(boxes_by_ref(top_z, board_z, pcb).values())


def boxes_by_ref(top_z, board_z, pcb=board_geometry.PCB):
    """{ref: (centre (x, y, z), size (dx, dy, dz))} of every part with a model, model mm. A
    back part's leads, where its model has them through the board, end LEAD_TIP above the
    board's top: the assembly trims them so (hardware/README.md)."""
    tree = sexpr.parse(Path(pcb).read_text())
    xs, ys = board_geometry.edge_points(tree)
    ox, oy = min(xs), min(ys)
    out = {}
    for fp in sexpr.find_all(tree, "footprint"):
        ref = next(p[2] for p in sexpr.find_all(fp, "property") if p[1] == "Reference")
        model = _model(fp)
        if model is None:
            continue
        at = sexpr.find(fp, "at")
        fx, fy = float(at[1]) - ox, float(at[2]) - oy
        rot = float(at[3]) if len(at) > 3 else 0.0
        back = sexpr.find(fp, "layer")[1] == "B.Cu"
        (x0, y0, z0), (x1, y1, z1) = model_box(model[0])
        local = list(_courtyard(fp))
        mz = model[1][2]  # the model's height off the board
        if not back:  # the model's frame: y up, offset from the footprint's origin
            (mx, my, _mz) = model[1]
            local += [(mx + x, -(my + y)) for x in (x0, x1) for y in (y0, y1)]
        pts = [_turn(x, y, rot) for x, y in local]
        bx = [fx + p[0] for p in pts]
        by = [-(fy + p[1]) for p in pts]  # model y is up
        z0, z1 = z0 + mz, max(z1 + mz, HEIGHT.get(ref, 0.0))
        lo, hi = (board_z - z1, min(board_z - z0, top_z + LEAD_TIP)) if back else (
            top_z + z0, top_z + z1)  # fmt: skip
        centre = ((min(bx) + max(bx)) / 2, (min(by) + max(by)) / 2, (lo + hi) / 2)
        out[ref] = (centre, (max(bx) - min(bx), max(by) - min(by), hi - lo))
    return out
