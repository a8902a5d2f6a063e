"""The emulated Pico's venv for the tests that use it (make flash, make export, the Pico W's
boot on it): where it is, and whether its firmware is built. Such a test calls need(WHY)
(ci_gate.py): skipped here without the emulator, failed in CI.

Building the firmware takes a while and no test does it: tools/emu/setup.sh builds it once
and caches it ($PICOPEG_EMU_CACHE or ~/.cache/picopeg/emu).
"""

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EMU = REPO / "tools" / "emu"
EMU_PY = REPO / "build" / "emu" / "venv" / "bin" / "python"


class EmuPythonError(subprocess.CalledProcessError):
    """emu_python's code failed: the message ends with its stderr (a traceback), which a
    CalledProcessError keeps but does not show."""

    def __str__(self):
        return super().__str__() + "\n" + (self.stderr or "")[-3000:]


def emu_python(code):
    """Run `code` in the emulator's venv (the project installed in it); its stdout."""
    done = subprocess.run([str(EMU_PY), "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)  # fmt: skip
    if done.returncode:
        raise EmuPythonError(done.returncode, done.args, done.stdout, done.stderr)
    return done.stdout.strip()


def cached_firmware():
    """(the cached firmware's path, ""), or ("", why the emulated Pico cannot run)."""
    if not EMU_PY.exists():
        return "", "no emulator venv (build/emu/venv): run tools/emu/setup.sh"
    try:
        found = emu_python(
            "from tools.emu import firmware_build; print(firmware_build.cached_firmware() or '')"
        )
    except (subprocess.SubprocessError, OSError) as e:
        return "", f"the emulator venv does not run ({e}): run tools/emu/setup.sh"
    if not found:
        return "", "the emulator's firmware is not built yet (tools/emu/setup.sh builds it once)"
    return found, ""


FIRMWARE_UF2, WHY = cached_firmware()
