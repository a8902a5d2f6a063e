"""Regenerate the README's picture of the simulator: docs/img/sim.svg, and sim.png too when
``rsvg-convert`` (Debian's librsvg2-bin) is installed.

    .venv/bin/python -m tools.simulator.screenshot [--out docs/img]

A game in progress, played by script on a fresh board in a temporary folder, then opened in
the interactive simulator at 80x24 on a stopped clock (the same picture every run), with
points typed and not yet pegged blinking ahead of both pegs.
SPDX-License-Identifier: MIT
"""

import argparse
import asyncio
import os
import re
import shutil
import subprocess
import tempfile

from scorekeeper.fileops import FileOps

from tools.simulator.script import Runner
from tools.simulator.tui import SimApp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GAME = """
type 2B 2A
press B
press #
type 8# 6# 4#
press #
type 2A 3B
press A
press #
type 12# 7# 2#
press #
type 3B
press A
press #
type 10# 16# 5#
press #
type 2A 2B
press A
press #
type 9# 14# 4#
press #
type 2B
"""
SIZE = (80, 24)


class StoppedClock:
    """A clock that moves only when told to."""

    def __init__(self, ms):
        self.ms = ms

    def __call__(self):
        return self.ms


async def shoot(state_dir):
    """The simulator on state_dir, '3' typed and held in its blink's on phase; the SVG."""
    clock = StoppedClock(1_000_000)
    app = SimApp(state_dir, os.path.join(ROOT, "hardware", "holes.csv"), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        live = app.live
        live.key("3")
        while live.busy or (clock.ms >> 8) & 1:  # the preview blinks: 256 ms on, 256 off
            clock.ms += 20
            live.tick()
        app.tick()
        await pilot.pause(0.2)
        return app.export_screenshot(title="make sim")


def offline(svg):
    """Rich's SVG asks a font CDN for Fira Code; keep only the local() fonts, so viewing the
    picture never reaches the internet (it falls back to the viewer's monospace font)."""
    return re.sub(r',\s*url\("[^"]*"\) format\("[^"]*"\)', "", svg)


def to_png(svg_path, png_path):
    """rsvg-convert keeps the terminal's spaces only as plain spaces with xml:space."""
    with open(svg_path) as f:
        svg = f.read().replace("&#160;", " ").replace("<svg ", '<svg xml:space="preserve" ', 1)
    fixed = svg_path + ".tmp"
    with open(fixed, "w") as f:
        f.write(svg)
    try:
        subprocess.run(["rsvg-convert", fixed, "-o", png_path], check=True)
    finally:
        os.remove(fixed)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", default=os.path.join(ROOT, "docs", "img"))
    out = p.parse_args().out
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        # The panel names the board's folder: show the default one, not a temporary path.
        os.environ["HOME"] = home
        state_dir = os.path.join(home, ".cache", "picopeg", "sim")
        os.makedirs(state_dir)
        Runner(state_dir, FileOps()).run(GAME.split("\n"), "screenshot game")
        svg = offline(asyncio.run(shoot(state_dir)))
    svg_path = os.path.join(out, "sim.svg")
    with open(svg_path, "w") as f:
        f.write(svg)
    print("wrote " + svg_path)
    if shutil.which("rsvg-convert"):
        to_png(svg_path, os.path.join(out, "sim.png"))
        print("wrote " + os.path.join(out, "sim.png"))
    else:
        print("no rsvg-convert (apt-get install librsvg2-bin): the PNG is not updated")


if __name__ == "__main__":
    main()
