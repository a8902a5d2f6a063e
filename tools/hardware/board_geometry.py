"""What the case needs from the board file: outline, mounting holes, LEDs, connectors.

Pure Python (no CAD): reads hardware/kicad/picopeg.kicad_pcb, the one source of positions.
Board coordinates as in holes.csv: mm from the board's top-left corner, x right, y down.
SPDX-License-Identifier: MIT
"""

import re
from pathlib import Path

from tools.hardware.kicadgen import sexpr

ROOT = Path(__file__).resolve().parents[2]

PCB = ROOT / "hardware" / "kicad" / "picopeg.kicad_pcb"


def _xy(node):
    at = sexpr.find(node, "at")
    return float(at[1]), float(at[2]), float(at[3]) if len(at) > 3 else 0.0


def edge_points(tree):
    """([x], [y]) of the board outline's points (Edge.Cuts lines and arcs), KiCad's mm."""
    xs, ys = [], []
    for kind in ("gr_line", "gr_arc"):
        for g in sexpr.find_all(tree, kind):
            if sexpr.find(g, "layer")[1] != "Edge.Cuts":
                continue
            for key in ("start", "mid", "end"):
                p = sexpr.find(g, key)
                if p:
                    xs.append(float(p[1]))
                    ys.append(float(p[2]))
    return xs, ys


def _cutouts(tree, ox, oy):
    """[(x0, y0, x1, y1)] of the rectangles cut out of the board (Edge.Cuts gr_rect)."""
    out = []
    for g in sexpr.find_all(tree, "gr_rect"):
        if sexpr.find(g, "layer")[1] == "Edge.Cuts":
            a, b = sexpr.find(g, "start"), sexpr.find(g, "end")
            xs, ys = sorted((float(a[1]), float(b[1]))), sorted((float(a[2]), float(b[2])))
            out.append((round(xs[0] - ox, 4), round(ys[0] - oy, 4), round(xs[1] - ox, 4),
                        round(ys[1] - oy, 4)))  # fmt: skip
    return out


def read(pcb=PCB):
    """{"outline": (x0, y0, x1, y1), "parts": {ref: (x, y, rot, side)}, "cutouts": [(x0, y0,
    x1, y1)]} in board mm."""
    tree = sexpr.parse(Path(pcb).read_text())
    xs, ys = edge_points(tree)
    ox, oy = min(xs), min(ys)
    parts = {}
    for fp in sexpr.find_all(tree, "footprint"):
        ref = next(p[2] for p in sexpr.find_all(fp, "property") if p[1] == "Reference")
        x, y, rot = _xy(fp)
        side = "back" if sexpr.find(fp, "layer")[1] == "B.Cu" else "front"
        parts[ref] = (round(x - ox, 4), round(y - oy, 4), rot, side)
    outline = (0.0, 0.0, round(max(xs) - ox, 4), round(max(ys) - oy, 4))
    return {"outline": outline, "parts": parts, "cutouts": _cutouts(tree, ox, oy)}


def cutouts(geo):
    return geo["cutouts"]


def leds(geo):
    """{hole: (x, y)} of the track LEDs D1..D121."""
    out = {}
    for ref, (x, y, _rot, _side) in geo["parts"].items():
        m = re.fullmatch(r"D(\d+)", ref)
        if m and int(m.group(1)) <= 121:
            out[int(m.group(1))] = (x, y)
    return out


def mounting_holes(geo):
    return sorted((x, y) for ref, (x, y, _r, _s) in geo["parts"].items() if ref[0] == "H")
