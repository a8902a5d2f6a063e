"""The web app's icons: a green board with two streets of holes and two lit pegs.

    write_icons(out)      # icon.svg, icon-192.png, icon-512.png (PNG by zlib, no imaging library)

Phones want PNG icons of 192 and 512 px to install a web app; the SVG is for the tab. The
picture keeps to the middle 80 % so a "maskable" crop (a circle, a squircle) loses nothing.
SPDX-License-Identifier: MIT
"""

import struct
import zlib
from pathlib import Path

BG = (21, 23, 26)
PCB = (13, 59, 42)
HOLE = (40, 52, 46)
PEGS = {(1, 2): (40, 110, 255), (0, 4): (255, 150, 20)}  # (row, col): blue A, amber B
ROWS, COLS = 2, 5


def _geometry(size):
    """Board rectangle and hole centres/radius for an icon of size px."""
    pad = size * 0.16
    board = (pad, size * 0.28, size - pad, size * 0.72)
    bw, bh = board[2] - board[0], board[3] - board[1]
    r = bh * 0.14
    centres = {}
    for row in range(ROWS):
        for col in range(COLS):
            cx = board[0] + bw * (col + 0.5) / COLS
            cy = board[1] + bh * (row + 0.5) / ROWS
            centres[(row, col)] = (cx, cy)
    return board, centres, r


def svg():
    size = 512
    board, centres, r = _geometry(size)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">',
        f'<rect width="{size}" height="{size}" rx="96" fill="rgb{BG}"/>',
        f'<rect x="{board[0]:.0f}" y="{board[1]:.0f}" width="{board[2] - board[0]:.0f}" '
        f'height="{board[3] - board[1]:.0f}" rx="24" fill="rgb{PCB}"/>',
    ]
    for key, (cx, cy) in sorted(centres.items()):
        colour = PEGS.get(key, HOLE)
        out.append(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{r:.0f}" fill="rgb{colour}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def png(size):
    """The icon as PNG bytes (RGB, 2x2 supersampled edges: each pixel the mean of the colours
    at its four quarter points)."""
    board, centres, r = _geometry(size)
    across = [x + s for x in range(size) for s in (0.25, 0.75)]  # the samples' x, in order
    # Per sample x: None off the board, else its column and its squared distance from that
    # column's holes (a hole's x depends on its column only).
    cols = []
    for x in across:
        if board[0] <= x < board[2]:
            col = int((x - board[0]) * COLS / (board[2] - board[0]))
            cols.append((col, (x - centres[(0, col)][0]) ** 2))
        else:
            cols.append(None)
    mixed = {}  # four sample colours -> the pixel's 3 bytes
    rows = []
    for y in range(size):
        top, bottom = (
            _samples(y + 0.25, cols, board, centres, r),
            _samples(y + 0.75, cols, board, centres, r),
        )
        row = bytearray([0])  # filter type 0
        for x in range(0, 2 * size, 2):
            four = (top[x], top[x + 1], bottom[x], bottom[x + 1])
            pixel = mixed.get(four)
            if pixel is None:
                pixel = mixed[four] = bytes(sum(c[i] for c in four) // 4 for i in range(3))
            row += pixel
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    )


def _samples(y, cols, board, centres, r):
    """The colour at each sample x (cols: png's per-x column and distance) on the line y: the
    background off the board, a hole's or a peg's colour inside the hole of its cell (only
    that hole can cover the point), the board's elsewhere."""
    if not board[1] <= y < board[3]:
        return [BG] * len(cols)
    row = int((y - board[1]) * ROWS / (board[3] - board[1]))
    dy2 = (y - centres[(row, 0)][1]) ** 2  # a hole's y depends on its row only
    inside = [PEGS.get((row, col), HOLE) for col in range(COLS)]
    rr = r * r
    return [BG if c is None else (inside[c[0]] if c[1] + dy2 <= rr else PCB) for c in cols]


def write_icons(out):
    out = Path(out)
    (out / "icon.svg").write_text(svg())
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))
