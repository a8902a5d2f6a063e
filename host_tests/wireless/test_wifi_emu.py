"""The Pico W's files on the emulated Pico (tools/emu: a plain RP2040, MicroPython's rp2 port
without a radio), forced on as `make flash WIFI=on` puts them: the board boots the game as
before and says it has no radio; nothing of the server is imported. (A plain Pico flashed
as usual gets none of them: test_flash_emu.py. The radio itself cannot be emulated.)

Skipped (failed under PICOPEG_CI=1) unless the emulator is set up, as test_flash_emu.py; slow
(a few minutes of the emulated RP2040). The board runs a time of its own clock (emulated
seconds: device_run.run_for), which a loaded machine slows no more than the board.
"""

import json
import os
import subprocess

import pytest
from ci_gate import need
from emu_support import EMU_PY, FIRMWARE_UF2, WHY
from flash_support import MPY_CROSS, real_image

from tools.flashing import wireless

pytestmark = pytest.mark.slow
# Emulated seconds from the USB console's first moment: the app's boot to its first frame
# takes about a second of the board's time (tools/emu/README.md); 4 s leaves room. (A fresh
# board's first write waits for the first key or the idle fold 5 s on, app.FOLD_MS: the
# keeper's writes on the emulated board are tools/emu/tests/test_board_powercut.py's.)
SECONDS = float(os.environ.get("PICOPEG_EMU_BOOT_S", "4"))

WATCH = """
import asyncio, json, sys
from pathlib import Path
from tools.emu import device_run, fs_image
files = fs_image.tree_files(Path(sys.argv[1]), "/", suffixes=None)
w = asyncio.run(device_run.watch_boot(files, float(sys.argv[2])))
print(json.dumps({"console": w.console, "frames": w.frames,
                  "lit": sum(1 for p in w.pixels if any(p)), "files": sorted(w.files)}))
"""


def test_a_board_with_the_w_files_and_no_radio_boots_the_game_and_says_so(tmp_path):
    need(WHY)
    root = tmp_path / "fs"
    image = real_image()  # every module, the W's too (forced on)
    for path, src in image.files.items():
        (root / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        (root / path.lstrip("/")).write_bytes(src.read_bytes())
    site = {"index.html": b"<!doctype html><title>PicoPeg</title>", "live.js": b"//"}
    try:
        extra = wireless.files(MPY_CROSS, log=lambda s: None, site=site)
    except Exception as e:  # microdot from the registry: offline, the boot needs only /www
        extra = {wireless.SITE + "/" + n: d for n, d in site.items()}
        print("microdot not fetched:", e)
    for path, data in extra.items():
        (root / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        (root / path.lstrip("/")).write_bytes(data)
    env = dict(os.environ, PICOPEG_EMU_UF2=FIRMWARE_UF2)
    cmd = [str(EMU_PY), "-c", WATCH, str(root), str(SECONDS)]
    # device_run.run_for bounds the wait by an hour of host time; this stops a hung emulator.
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False,
                          timeout=4000)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert "PicoPeg: no Wi-Fi radio on this board" in got["console"], got["console"]
    assert "Traceback" not in got["console"], got["console"]
    assert got["frames"] > 0 and got["lit"] > 0  # the game is on the LEDs
    assert "/errors.log" not in got["files"]
    assert "/wifi.json" not in got["files"]  # no radio: no passphrase drawn either
