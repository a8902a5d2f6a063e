"""How each printed part lies on the bed: the orientation that needs least support, measured.

    area = overhang(triangles)                 # mm2 needing support, bed at the lowest z
    name, solid = best(part)                   # the axis-aligned orientation with least
    placed = on_bed(solid)                     # moved to the bed's corner, resting on z = 0
    triangles = read_stl(path)                 # what an exported STL holds

Support is needed under a face that faces down and is more than 45 degrees from vertical (its
normal within 45 degrees of straight down), unless it lies on the bed. A bridge (the roof of
a cable opening, an engraving's floor printed face down) counts too: many printers bridge
these without support, so the figure errs high. Measured on the exported STL's triangles.
SPDX-License-Identifier: MIT
"""

import math
import struct

from build123d import Axis, Pos

COS_45 = math.cos(math.radians(45))
ON_BED = 0.01  # mm: a face this close to the lowest point lies on the bed
# The six ways a part can lie: a rotation about x or y (degrees), and the same rotation as a
# map of points (right-handed), to measure all six from one tessellation.
ORIENTATIONS = {
    "as modelled": (Axis.X, 0, lambda x, y, z: (x, y, z)),
    "upside down": (Axis.X, 180, lambda x, y, z: (x, -y, -z)),
    "front down": (Axis.X, 90, lambda x, y, z: (x, -z, y)),
    "back down": (Axis.X, -90, lambda x, y, z: (x, z, -y)),
    "left side down": (Axis.Y, -90, lambda x, y, z: (-z, y, x)),
    "right side down": (Axis.Y, 90, lambda x, y, z: (z, y, -x)),
}


def _tri_area_normal(a, b, c):
    ux, uy, uz = b[0] - a[0], b[1] - a[1], b[2] - a[2]
    vx, vy, vz = c[0] - a[0], c[1] - a[1], c[2] - a[2]
    nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
    length = math.sqrt(nx * nx + ny * ny + nz * nz)
    return length / 2, (nz / length if length else 0.0)


def overhang(triangles):
    """Area (mm2) of the triangles that need support, the bed being the lowest z."""
    bed = min(p[2] for t in triangles for p in t)
    total = 0.0
    for a, b, c in triangles:
        area, nz = _tri_area_normal(a, b, c)
        if nz < -COS_45 and max(a[2], b[2], c[2]) > bed + ON_BED:
            total += area
    return total


def triangles_of(solid, tolerance=0.05):
    """The solid's surface as triangles [((x, y, z), ...)], outward-facing."""
    verts, tris = solid.tessellate(tolerance, 0.2)
    pts = [(v.X, v.Y, v.Z) for v in verts]
    return [(pts[i], pts[j], pts[k]) for i, j, k in tris]


def oriented(solid, name):
    axis, deg, _map = ORIENTATIONS[name]
    return solid.rotate(axis, deg) if deg else solid


def measure(solid):
    """{orientation: overhang mm2} for the six axis-aligned ways to lie."""
    tris = triangles_of(solid)
    out = {}
    for name, (_axis, _deg, turn) in ORIENTATIONS.items():
        out[name] = overhang([tuple(turn(*p) for p in t) for t in tris])
    return out


def best(solid):
    """(name, oriented solid) of the orientation with the least support."""
    areas = measure(solid)
    name = min(areas, key=lambda n: (areas[n], list(ORIENTATIONS).index(n)))
    return name, oriented(solid, name)


def on_bed(solid):
    """The solid moved so that it rests on z = 0 with its corner at x = y = 0."""
    box = solid.bounding_box()
    return Pos(-box.min.X, -box.min.Y, -box.min.Z) * solid


def read_stl(path):
    """[(a, b, c)] of a binary STL file (what build123d's export_stl writes)."""
    data = open(path, "rb").read()
    (n,) = struct.unpack_from("<I", data, 80)
    out = []
    for i in range(n):
        v = struct.unpack_from("<12f", data, 84 + 50 * i)
        out.append((v[3:6], v[6:9], v[9:12]))
    return out
