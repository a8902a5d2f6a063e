"""`make web-bench`: the web board's figures beside the terminal simulator's (printed only).

    python -m tools.web.bench --site build/web

- the site's bytes (and gzipped, as a server would send them), the wasm's, the firmware's;
- navigation to the first drawn board: a new browser profile (nothing cached: "cold"), and
  again with the service worker serving every file, in headless Chromium on this machine,
  with where the time goes (MicroPython instantiated, the firmware written, the App booted);
- key to frame in the browser: a digit's pointer down on an idle board to the first frame
  (or display text) the board then draws (and to the animation frame that paints it), and
  a side key's up to the display showing the new score;
- the terminal simulator (`make sim`): its launch to the first board drawn in an 80x24
  pseudo-terminal, and a key event to its next frame (in process, under Textual's test
  driver).
SPDX-License-Identifier: MIT
"""

import argparse
import gzip
import os
import pty
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tools.web import browser

HERE = Path(__file__).resolve().parent
TOOLS = HERE.parent
REPO = TOOLS.parent

GOAL_BOARD_MS = 1500
GOAL_KEY_MS = 50
GOAL_SITE_KB = 2048
COLD_RUNS = 3
WARM_RUNS = 5
KEY_RUNS = 20

FIRST_BOARD = (
    "const p = window.picopeg; if (!p || !p.view.firstPaintAt) return null;"
    " return [p.marks.wasm, p.marks.firmware, p.marks.booted, p.view.firstFrameAt,"
    " p.view.firstPaintAt];"
)

# Press a key's button with a pointer event and time the page's response: resolves with
# [ms to the response in the DOM, ms to the animation frame that paints it]. The response is
# the first frame or display text the board writes ("any": the board is idle, so whatever
# it draws next is the key's doing), or the first change of the display text ("display").
KEY_TO_FRAME = """
const [legend, down, what, done] = arguments;
const v = window.picopeg.view;
const el = document.querySelector(`[data-key="${legend}"]`);
const disp = document.querySelector('[data-display]');
const before = disp.textContent;
const orig = v.leds.bind(v);
const origShow = v.show.bind(v);
let t0 = 0;
const finish = () => {
  const t1 = performance.now();
  v.leds = orig; v.show = origShow;
  requestAnimationFrame(() => done([t1 - t0, performance.now() - t0]));
};
v.leds = (hex) => { orig(hex); if (what === 'any') finish(); };
v.show = (text) => {
  origShow(text);
  if (what === 'any' || disp.textContent !== before) finish();
};
t0 = performance.now();
el.dispatchEvent(new PointerEvent(down ? 'pointerdown' : 'pointerup',
  {bubbles: true, pointerId: 3, button: 0, isPrimary: true}));
"""


POINTER = """
const [legend, down] = arguments;
document.querySelector(`[data-key="${legend}"]`).dispatchEvent(new PointerEvent(
  down ? 'pointerdown' : 'pointerup', {bubbles: true, pointerId: 3, button: 0, isPrimary: true}));
"""


def site_bytes(site):
    files = [p for p in Path(site).iterdir() if p.is_file() and not p.name.startswith(".")]
    total = sum(p.stat().st_size for p in files)
    zipped = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    return (
        len(files),
        total,
        zipped,
        (Path(site) / "micropython.wasm").stat().st_size,
        (Path(site) / "firmware.pack").stat().st_size,
    )


def first_board(b, url):
    b.driver.get(url)
    return b.wait_for(FIRST_BOARD, browser.BOOT_S)


def browser_figures(site_dir):
    cold, warm = [], []
    with browser.Site(site_dir) as site:
        for _ in range(COLD_RUNS):
            with browser.Browser() as b:
                cold.append(first_board(b, site.url))
        with browser.Browser() as b:
            first_board(b, site.url)
            b.wait_for("return navigator.serviceWorker.ready.then(() => caches.keys())"
                       ".then(k => k.length > 0)", 20)  # fmt: skip
            for _ in range(WARM_RUNS):
                warm.append(first_board(b, site.url))
            served = b.js("return !!navigator.serviceWorker.controller")
            keys = key_figures(b)
    return cold, warm, served, keys


def key_figures(b):
    b.js("localStorage.clear()")
    b.reload()
    b.wait_idle()
    digit, side = [], []
    for i in range(KEY_RUNS):
        digit.append(b.driver.execute_async_script(KEY_TO_FRAME, "2", True, "any"))
        b.js(POINTER, "2", False)
        b.wait_idle(0)
        if i % 2:  # every other time: A takes the 2 (a peg written), measured to the display
            b.js(POINTER, "A", True)
            b.wait_idle(0)
            side.append(b.driver.execute_async_script(KEY_TO_FRAME, "A", False, "display"))
            b.wait_idle(1500)  # the accepted flash is over: the board is idle again
        else:
            b.tap("*")  # clears what was typed
            time.sleep(0.3)
    return digit, side


def sim_first_board(runs=3):
    """`tools/sim.py` launched in an 80x24 pty until the first hole glyph is drawn (ms)."""
    out = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as state:
            t0 = time.monotonic()
            pid, fd = pty.fork()
            if pid == 0:  # the child: the simulator itself
                os.environ.update({"TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"})
                os.execv(sys.executable, [sys.executable, str(TOOLS / "sim.py"),
                                          "--state-dir", state])  # fmt: skip
            _set_size(fd, 24, 80)
            seen, ms = b"", None
            end = t0 + 30
            while time.monotonic() < end:
                ready, _, _ = select.select([fd], [], [], 0.5)
                if not ready:
                    continue
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
                if "○".encode() in seen and "●".encode() in seen:
                    ms = (time.monotonic() - t0) * 1000
                    break
            os.write(fd, b"q")
            _reap(pid, fd)
            out.append(ms)
    return out


def _set_size(fd, rows, cols):
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def _reap(pid, fd):
    import signal

    end = time.monotonic() + 5
    while time.monotonic() < end:
        done, _status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        try:
            os.read(fd, 65536)
        except OSError:
            pass
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)


def sim_key_to_frame(runs=KEY_RUNS):
    """A key typed in the simulator (a Textual key event) to the board's next LED frame (ms)."""
    import asyncio

    from textual import events

    from tools.simulator.tui import SimApp

    async def settle(app):
        while app.live.busy:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)

    async def go(state):
        app = SimApp(state, str(REPO / "hardware" / "holes.csv"))
        times = []
        async with app.run_test(size=(80, 24)):
            await asyncio.sleep(0.3)
            for _ in range(runs):
                writes = app.live.board.writes
                t0 = time.monotonic()
                app.post_message(events.Key("2", "2"))
                while app.live.board.writes == writes and time.monotonic() - t0 < 2:
                    await asyncio.sleep(0.001)
                times.append((time.monotonic() - t0) * 1000)
                await settle(app)
                app.post_message(events.Key("asterisk", "*"))
                await settle(app)
        return times

    with tempfile.TemporaryDirectory() as state:
        return asyncio.run(go(state))


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def report(site_dir):
    n, total, zipped, wasm, fw = site_bytes(site_dir)
    print(f"site: {n} files, {total / 1024:.0f} KB ({zipped / 1024:.0f} KB gzipped); "
          f"MicroPython wasm {wasm / 1024:.0f} KB, firmware {fw / 1024:.0f} KB"
          f"   goal < {GOAL_SITE_KB} KB")  # fmt: skip
    cold, warm, served, (digit, side) = browser_figures(site_dir)
    for name, runs in (("cold (new profile, nothing cached)", cold),
                       ("service worker (after one visit)", warm)):  # fmt: skip
        wasm_ms, fw_ms, boot_ms, frame_ms, paint_ms = (med([r[i] for r in runs]) for i in range(5))
        print(f"first drawn board, {name}: {paint_ms:.0f} ms, median of {len(runs)}"
              f"   goal < {GOAL_BOARD_MS} ms")  # fmt: skip
        print(
            f"    MicroPython ready {wasm_ms:.0f} ms, firmware written {fw_ms:.0f}, App booted "
            f"{boot_ms:.0f}, frame in the DOM {frame_ms:.0f}, painted {paint_ms:.0f}"
        )
    if not served:
        print("    (the service worker did not control the page: the second figure is HTTP's)")
    dom = [d[0] for d in digit]
    paint = [d[1] for d in digit]
    print(
        f"key to frame, digit down -> the board's next frame: median {med(dom):.1f} ms, "
        f"max {max(dom):.1f} (painted: median {med(paint):.1f}, max {max(paint):.1f}), "
        f"{len(dom)} keys   goal < {GOAL_KEY_MS} ms"
    )
    sd = [s[0] for s in side]
    print(
        f"side key up -> the new score on the display: median {med(sd):.1f} ms, "
        f"max {max(sd):.1f}, {len(sd)} keys (a peg written to storage first)"
    )
    sim_boot = sim_first_board()
    sim_key = sim_key_to_frame()
    print(
        f"terminal simulator (make sim): launch to the first board drawn in an 80x24 pty "
        f"{med(sim_boot):.0f} ms (median of {len(sim_boot)}); key to frame "
        f"median {med(sim_key):.1f} ms, max {max(sim_key):.1f} ({len(sim_key)} keys, "
        "a Textual key event to the frame; it holds each key 3 ticks of 20 ms)"
    )
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores while measuring)")


def main(argv=None):
    ap = argparse.ArgumentParser(description="the web board's figures")
    ap.add_argument("--site", default=str(REPO / "build" / "web"))
    args = ap.parse_args(argv)
    reason = browser.missing()
    if reason:
        print(f"make web-bench: {reason}", file=sys.stderr)
        return 1
    report(args.site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
