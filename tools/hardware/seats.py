"""What the players see from their seats: each LED through its hole, and the display.

    .venv-hw/bin/python -m tools.hardware.seats      (make seats; make hardware runs it too)

prints one line a seat: `seat NAME min_visible PCT hidden_columns N`, PCT the share of the
least-visible LED's lit area seen from that seat (in whole per cent, rounded), N the display's
columns with any pixel hidden. The seats: two players facing the board's long sides (front: the
keypad's side, where the display's text stands upright; back: across the table), eyes 400 mm
above the table and 450 mm from the board's centre line, and a third and fourth at the ends,
450 mm from the board's centre. Computed on the case as built (case_build: the base and the
face plate, tessellated) and the board file's placement: a lit point is seen when the straight
line from it to the eye meets no triangle of the case. An LED's lit area is its reflector's
opening, a 3.93 mm disc on the package's top (the WS2812B's 3D model in the project library);
the display's pixels are the centres of its 128 x 64 grid on the glass.
SPDX-License-Identifier: MIT
"""

import sys

import numpy as np

EYE_HEIGHT, EYE_DISTANCE = 400.0, 450.0
LIT_R = 3.93 / 2
SAMPLE = 0.2  # mm between lit points
MARGIN = 0.5  # mm past the farthest a line of sight travels sideways under the case's top


def seats(geo):
    """{name: eye (x, y, z)} in model mm (the table at z = 0)."""
    x0, y0, x1, y1 = geo["outline"]
    cx, cy = (x0 + x1) / 2, -(y0 + y1) / 2
    d, h = EYE_DISTANCE, EYE_HEIGHT
    return {"front": (cx, cy - d, h), "back": (cx, cy + d, h), "left": (cx - d, cy, h),
            "right": (cx + d, cy, h)}  # fmt: skip


def disc_points(centre, radius=LIT_R, step=SAMPLE):
    """Points on a grid over a horizontal disc (equal weights)."""
    n = int(radius / step) + 1
    g = np.arange(-n, n + 1) * step
    xs, ys = np.meshgrid(g, g)
    keep = xs**2 + ys**2 <= radius**2
    z = np.full(keep.sum(), centre[2])
    return np.column_stack([xs[keep] + centre[0], ys[keep] + centre[1], z])


def triangles(solids, tolerance=0.05):
    """(n, 3, 3) array of the solids' surface triangles."""
    from tools.hardware import case_print

    tris = []
    for solid in solids:
        tris += case_print.triangles_of(solid, tolerance)
    return np.array(tris, dtype=float)


def near(tris, x0, y0, x1, y1):
    """The triangles whose footprint meets the box (x0, y0)-(x1, y1)."""
    lo, hi = tris.min(axis=1), tris.max(axis=1)
    keep = (hi[:, 0] >= x0) & (lo[:, 0] <= x1) & (hi[:, 1] >= y0) & (lo[:, 1] <= y1)
    return tris[keep]


def blocked(points, eye, tris, chunk=256):
    """Boolean per point: does the segment from it to the eye cross a triangle?"""
    if len(tris) == 0:
        return np.zeros(len(points), bool)
    parts = [_blocked(points[i : i + chunk], eye, tris) for i in range(0, len(points), chunk)]
    return np.concatenate(parts)


def _blocked(points, eye, tris, eps=1e-9):
    """Moller-Trumbore, every point's segment against every triangle at once."""
    d = np.asarray(eye) - points  # (n, 3)
    a, e1, e2 = tris[:, 0], tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0]  # (m, 3)
    p = np.cross(d[:, None, :], e2[None, :, :])  # (n, m, 3)
    det = np.einsum("mk,nmk->nm", e1, p)
    ok = np.abs(det) > eps
    inv = np.where(ok, 1.0 / np.where(ok, det, 1.0), 0.0)
    s = points[:, None, :] - a[None, :, :]
    u = np.einsum("nmk,nmk->nm", s, p) * inv
    q = np.cross(s, e1[None, :, :])
    v = np.einsum("nk,nmk->nm", d, q) * inv
    t = np.einsum("mk,nmk->nm", e2, q) * inv
    hit = ok & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 1e-4) & (t < 1)
    return hit.any(axis=1)


def reach(tris, eyes, z):
    """How far sideways a line of sight from height z travels before it is above every
    triangle (the case's top), at the steepest of the eyes' angles over the board, plus
    MARGIN: nothing farther from a lit point can stand in its way."""
    top = tris[:, :, 2].max()
    steepest = max(np.hypot(ex, ey) / (ez - top) for ex, ey, ez in eyes)  # a generous bound
    return (top - z) * steepest + MARGIN


def led_views(geo, tris, led_top, eyes):
    """{hole: (its lit points, the triangles that can stand between them and any eye)}."""
    from tools.hardware import board_geometry

    out = {}
    high = tris[tris[:, :, 2].max(axis=1) > led_top]  # below the LEDs' tops nothing blocks
    r = LIT_R + reach(high, [(ex - x0, ey - y0, ez) for ex, ey, ez in eyes
                             for x0, y0 in ((0.0, 0.0), (280.0, -102.0))], led_top)  # fmt: skip
    for hole, (bx, by) in board_geometry.leds(geo).items():
        x, y = bx, -by
        out[hole] = (disc_points((x, y, led_top)), near(high, x - r, y - r, x + r, y + r))
    return out


def ahead(tris, centre, eye):
    """The triangles with a corner on the eye's side of the line through the lit area's far
    edge, across the line of sight: the others lie behind every lit point."""
    d = np.array(eye[:2]) - np.array(centre[:2])
    d /= np.hypot(*d)
    along = (tris[:, :, :2] - np.array(centre[:2])) @ d
    return tris[along.max(axis=1) >= -LIT_R]


def led_shares(views, eye):
    """{hole: share of its lit area seen from eye}."""
    out = {}
    for hole, (pts, local) in views.items():
        out[hole] = 1.0 - blocked(pts, eye, ahead(local, pts.mean(axis=0), eye)).mean()
    return out


def pixel_grid(active):
    """(64, 128, 3) centres of the display's pixels: rows toward the player it faces."""
    from tools.hardware import case_features as cf

    x0, y0, x1, y1, z = active
    cols = x0 + (np.arange(cf.OLED_COLUMNS) + 0.5) * (x1 - x0) / cf.OLED_COLUMNS
    rows = y1 - (np.arange(cf.OLED_ROWS) + 0.5) * (y1 - y0) / cf.OLED_ROWS
    xs, ys = np.meshgrid(cols, rows)
    return np.stack([xs, ys, np.full(xs.shape, z)], axis=-1)


def hidden_columns(tris, eye, active):
    """How many of the display's columns have a pixel the case hides from eye."""
    grid = pixel_grid(active)
    x0, y0, x1, y1, z = active
    r = reach(tris, [eye], z) if tris[:, :, 2].max() > z else 0.0
    local = near(tris, x0 - r, y0 - r, x1 + r, y1 + r)
    hid = blocked(grid.reshape(-1, 3), eye, local).reshape(grid.shape[:2])
    return int(hid.any(axis=0).sum())


def report(solids, geo=None):
    """[(seat, least share, hidden columns)] for the case's solids {"base": ..., "plate": ...}."""
    from tools.hardware import board_geometry, case_features, case_model

    geo = geo or board_geometry.read()
    tris = triangles([solids["base"], solids["plate"]])
    active = case_features.oled_active(geo, case_model.TOP_Z)
    eyes = seats(geo)
    views = led_views(geo, tris, case_model.TOP_Z + case_model.LED_TOP, list(eyes.values()))
    out = []
    for name, eye in eyes.items():
        shares = led_shares(views, eye)
        out.append((name, min(shares.values()), hidden_columns(tris, eye, active)))
    return out


def lines(rows):
    return ["seat %s min_visible %d hidden_columns %d" % (name, round(share * 100), cols)
            for name, share, cols in rows]  # fmt: skip


def main(argv=None):
    from tools.hardware import case_build

    print("building the case (about a minute) ...", file=sys.stderr, flush=True)
    for line in lines(report(case_build.build(engrave=True))):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
