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
    """The icon as PNG bytes (RGB, 2x2 supersampled edges)."""
    board, centres, r = _geometry(size)
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter type 0
        for x in range(size):
            acc = [0, 0, 0]
            for sy in (0.25, 0.75):
                for sx in (0.25, 0.75):
                    c = _colour(x + sx, y + sy, board, centres, r)
                    for i in range(3):
                        acc[i] += c[i]
            row += bytes(v // 4 for v in acc)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    )


def _colour(x, y, board, centres, r):
    if not (board[0] <= x < board[2] and board[1] <= y < board[3]):
        return BG
    col = int((x - board[0]) * COLS / (board[2] - board[0]))
    row = int((y - board[1]) * ROWS / (board[3] - board[1]))
    cx, cy = centres[(row, col)]  # only the hole of this cell can cover the point
    if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
        return PEGS.get((row, col), HOLE)
    return PCB


def write_icons(out):
    out = Path(out)
    (out / "icon.svg").write_text(svg())
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))
