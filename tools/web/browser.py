"""The browser tests' and benchmark's kit: the site served as `make web-serve` serves it, and
Debian's headless Chromium driven by Selenium (nothing downloads a browser).

    reason = missing()                  # "" when chromium, chromedriver and selenium are here
    with Site(Path("build/web")) as site, Browser() as b:
        b.open(site.url)                # and wait until the board has drawn its first frame
        b.tap("2A")                     # real clicks on the keys, then wait for the scan
        b.rgb(2), b.display(), b.lit()
        site.stop()                     # the network is gone: only the service worker is left

Chromium runs with a fresh profile and with its background connections off (the machine
reaches no network but the package registries). The driver's path is given, so Selenium
Manager (which would look for, and download, a browser and a driver) is never run.
SPDX-License-Identifier: MIT
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.child import Child

CHROMIUM = os.environ.get("PICOPEG_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("PICOPEG_CHROMEDRIVER", "/usr/bin/chromedriver")
SERVE = Path(__file__).resolve().parent / "serve.py"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--disable-features=Translate,MediaRouter,OptimizationHints",
)
BOOT_S = 20  # generous: two shared cores under a full `make test`


def missing():
    """Why the browser tests cannot run here ("" if they can)."""
    for path, pkg in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return f"{path} not found (apt-get install {pkg})"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (make venv)"
    return ""


class Site(Child):
    """tools/web/serve.py on a free port of 127.0.0.1, as `make web-serve` runs it."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.proc = None
        self.url = ""

    def start(self):
        cmd = [sys.executable, str(SERVE), "--dir", str(self.folder), "--port", "0"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if "http://" not in line:
            self.stop()
            raise RuntimeError(f"web-serve did not start: {line!r}")
        self.url = line.split()[4]  # "PicoPeg in the browser: http://127.0.0.1:N/ ..."
        return self

    def stop(self):
        """Stop serving: from now on the network is gone for the page."""
        Child.stop(self)


class Browser:
    """Headless Chromium at a window size, with a profile of its own."""

    def __init__(self, width=1280, height=900, mobile=False, *, profile=None, args=(), prefs=None):
        """args: more Chromium flags; prefs: profile preferences (e.g. site data blocked)."""
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self._own_profile = profile is None
        self.profile = profile or tempfile.mkdtemp(prefix="picopeg-chromium-")
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for flag in FLAGS:
            opts.add_argument(flag)
        opts.add_argument(f"--user-data-dir={self.profile}")
        opts.add_argument(f"--window-size={width},{height}")
        for flag in args:
            opts.add_argument(flag)
        if prefs:
            opts.add_experimental_option("prefs", prefs)
        if mobile:
            metrics = {"width": width, "height": height, "pixelRatio": 2.0, "touch": True}
            opts.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(executable_path=CHROMEDRIVER)
        self.driver = webdriver.Chrome(options=opts, service=service)
        self.driver.set_script_timeout(30)

    def quit(self):
        try:
            self.driver.quit()
        finally:
            if self._own_profile:
                shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.quit()

    # -- the page ------------------------------------------------------------------------

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def open(self, url):
        self.driver.get(url)
        self.wait_booted()

    def reload(self):
        self.driver.refresh()
        self.wait_booted()

    def wait_booted(self):
        """Until the firmware has drawn its first frame on the page."""
        self.wait_for("return window.picopeg && window.picopeg.view.frames > 0", BOOT_S)

    def wait_for(self, script, timeout=10.0, *args):
        end = time.monotonic() + timeout
        while True:
            value = self.js(script, *args)
            if value:
                return value
            if time.monotonic() > end:
                raise TimeoutError(f"page never said yes to: {script}\n{self.console()}")
            time.sleep(0.02)

    def console(self):
        try:
            return "\n".join(e["message"] for e in self.driver.get_log("browser"))
        except Exception:  # logs are a help for a failure message, never a failure
            return ""

    def status(self):
        return self.js("return window.picopeg.status()")

    def wait_idle(self, settle_ms=120):
        """Until every key event has been scanned, then settle_ms more for the frame."""
        self.wait_for("return window.picopeg.idle()")
        time.sleep(settle_ms / 1000)

    def key(self, legend):
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, f'button[data-key="{legend}"]')

    def tap(self, legends, wait=True):
        """A real click on each key (Selenium's pointer down and up), waiting for each to be
        scanned (wait=False: a board that is off or stopped takes none: just click)."""
        for ch in legends:
            if ch != " ":
                self.key(ch).click()
                if wait:
                    self.wait_idle(0)
        if wait:
            self.wait_idle()
        else:
            time.sleep(0.3)

    def hold(self, legend, ms):
        """Press a key with the pointer and keep it down for ms."""
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).click_and_hold(self.key(legend)).perform()
        time.sleep(ms / 1000)
        ActionChains(self.driver).release().perform()
        self.wait_idle()

    def rgbs(self):
        """Each hole's data-rgb, hole 1 first, as (r, g, b)."""
        text = self.js(
            "return [...document.querySelectorAll('[data-hole]')]"
            ".sort((a, b) => a.dataset.hole - b.dataset.hole).map(e => e.dataset.rgb).join(';')"
        )
        return [tuple(int(v) for v in part.split(",")) for part in text.split(";")]

    def rgb(self, hole):
        return self.rgbs()[hole - 1]

    def lit(self):
        return [i + 1 for i, c in enumerate(self.rgbs()) if c != (0, 0, 0)]

    def display(self):
        return self.js("return document.querySelector('[data-display]').textContent")

    def storage(self):
        """The page's localStorage, key -> value."""
        return self.js(
            "const o = {}; for (let i = 0; i < localStorage.length; i++) {"
            " const k = localStorage.key(i); o[k] = localStorage.getItem(k); } return o;"
        )
