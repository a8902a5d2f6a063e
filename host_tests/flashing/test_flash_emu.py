"""`make flash` into the emulated Pico (tools/emu: rp2040py running a real MicroPython rp2
firmware), over socket://: the copies verified, nothing copied the second time, the flash
image's files read back by littlefs itself, and the board booting the app after the reset.

Skipped (failed under PICOPEG_CI=1) unless the emulator is set up (tools/emu/setup.sh:
build/emu/venv) and its firmware is already built and cached ($PICOPEG_EMU_CACHE or
~/.cache/picopeg/emu): building it takes a while, and this test never does. It is slow
(about 5 minutes: the emulated RP2040 runs some 40 times slower than a Pico), so it is
marked `slow`. Its waits are in the board's emulated time (emu.py serve --clock), which a
loaded machine slows no more than the board, bounded by generous wall-time limits.
"""

import ast
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time

import pytest
from ci_gate import need
from emu_support import EMU_PY, FIRMWARE_UF2, REPO, WHY, emu_python
from flash_support import MPY_CROSS

from tools import flash
from tools.flashing import link
from tools.flashing.image import build
from tools.flashing.wireless import w_only

# Emulated seconds from make flash's reset to the check: MicroPython's boot and the app's take
# about a second of the board's time (tools/emu/README.md: power-on to the first LED frame);
# 4 s leaves room. (A fresh board's first write, state/game.log, waits for the first key or
# the idle fold 5 s on, app.FOLD_MS: tools/emu/tests/test_board_powercut.py checks the make
# build image's writes on the emulated board, so this test does not wait for it.)
BOOT_S = float(os.environ.get("PICOPEG_EMU_BOOT_S", "4"))
WALL_S = 1800  # the most any wait here may take of the host's time (a loaded host is slow)
LISTENING = re.compile(r"listening on 127\.0\.0\.1:(\d+)")
CLOCK = re.compile(r"^emu: emulated time ([0-9.]+) s")
pytestmark = pytest.mark.slow


class EmulatedClock:
    """The served board's emulated time, from the `emu: emulated time T s` lines of emu.py
    serve --clock, read on a thread (which also keeps the pipe from filling)."""

    def __init__(self, stream):
        self.seconds = 0.0
        self.log = []  # the other lines, for a failure's message
        self._changed = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            match = CLOCK.match(line)
            with self._changed:
                if match:
                    self.seconds = float(match.group(1))
                else:
                    self.log.append(line)
                self._changed.notify_all()

    def run(self, seconds):
        """Wait until the board has run `seconds` more of its own time."""
        with self._changed:
            target = self.seconds + seconds
            if not self._changed.wait_for(lambda: self.seconds >= target, WALL_S):
                ran = seconds - (target - self.seconds)
                raise AssertionError(
                    f"the emulated Pico ran {ran:.2f} of {seconds} emulated s in {WALL_S} s: "
                    + "".join(self.log[-20:])
                )


@pytest.fixture
def emulated_pico(tmp_path):
    """socket://127.0.0.1:PORT of a fresh emulated Pico; the flash image dumped on exit."""
    need(WHY)
    dump = tmp_path / "fs.img"
    proc = subprocess.Popen(
        [str(EMU_PY), "-m", "tools.emu.emu", "serve", "--clock", "--dump-fs", str(dump)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=dict(os.environ, PICOPEG_EMU_UF2=FIRMWARE_UF2),
    )  # fmt: skip
    try:
        port = None
        deadline = time.monotonic() + WALL_S
        while port is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            match = LISTENING.search(line)
            port = match and match.group(1)
        assert port, "the emulator did not start listening"
        yield f"socket://127.0.0.1:{port}", dump, proc, EmulatedClock(proc.stdout)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # rp2040py writes --dump-fs on SIGTERM
            try:
                proc.wait(timeout=120)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def booted_modules(url):
    """Interrupt what runs on the board and list its modules (mpremote directly, no tool)."""
    from mpremote.transport_serial import SerialTransport

    t = SerialTransport(url, baudrate=115200)
    try:
        t.enter_raw_repl(soft_reset=False)  # Ctrl-C: the app stops and the REPL stays
        out = t.exec(
            "import sys, os\nprint(sorted(sys.modules))\nprint(os.listdir('/'))\n"
            "print(os.listdir('/state'))"
        )
        t.exit_raw_repl()
    finally:
        t.close()
    modules, files, state = out.decode().strip().splitlines()
    return ast.literal_eval(modules), ast.literal_eval(files), ast.literal_eval(state)


def test_flash_the_emulated_pico_then_it_boots_the_app(
    emulated_pico, tmp_path, capsys, monkeypatch
):
    url, dump, proc, clock = emulated_pico
    # The emulated Pico is ~20x slower than a real one (more when the machine is busy): give
    # it the patience a slow board asks for, so a loaded machine does not read as a lost board.
    monkeypatch.setenv(link.PATIENCE_VAR, "8")
    firmware = tmp_path / "firmware"  # a snapshot: the test runs for minutes
    shutil.copytree(REPO / "firmware", firmware, ignore=shutil.ignore_patterns("__pycache__"))
    # A plain Pico: the image less the Pico W's modules (tools/flashing/wireless.py).
    image = build(firmware, tmp_path / "img", MPY_CROSS, log=lambda s: None).without(w_only)
    argv = ["flash", "--port", url, "--mpy-cross", MPY_CROSS, "--firmware", str(firmware),
            "--out", str(tmp_path / "img")]  # fmt: skip
    assert flash.main(argv) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"^board: MicroPython 1\.\d+\.\d+ on Raspberry Pi Pico with RP2040", out, re.M
    )
    total = len(image.files)
    assert len(re.findall(rf"^copying \d+/{total} ", out, re.M)) == total
    assert f"verified: all {total} firmware files on the board match the build (sha256)" in out
    assert flash.main(argv) == 0
    out = capsys.readouterr().out
    assert "up to date: all " in out and "\ncopying " not in out
    clock.run(BOOT_S)  # the reset make flash asked for, the boot, the app's first moves
    modules, files, state = booted_modules(url)
    assert {"app", "hal", "asyncio", "ui.control", "scorekeeper.keeper"} <= set(modules)
    assert "state" in files  # make flash made it for its mark
    # make flash's reset left the mark (app.FLASHED) and the boot took it: no "recovered"
    assert "flashed" not in state
    assert "errors.log" not in files  # and nothing went wrong
    # Nothing of the Pico W's (issue 19): no files, and no module of it loaded.
    assert "www" not in files and "wifi.json" not in files
    wifi = {"wifi", "radio", "network", "microdot", "ui.wifiopts", "live"}
    assert not [m for m in modules if m in wifi or m.startswith("live.")], modules
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=120)
    on_flash = json.loads(emu_python(
        "import hashlib, json\nfrom tools.emu import fs_image\n"
        f"files = fs_image.read_image(open({str(dump)!r}, 'rb').read())\n"
        "print(json.dumps({p: hashlib.sha256(d).hexdigest() for p, d in files.items()}))"
    ))  # fmt: skip
    for path, digest in image.hashes().items():
        assert on_flash.get(path) == digest, path
    assert not [p for p in on_flash if p.startswith(("/www", "/lib/microdot")) or w_only(p)]
