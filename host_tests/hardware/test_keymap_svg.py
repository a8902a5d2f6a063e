"""The README's key map picture is current and names every key of the real keypad."""

import subprocess
import sys
from pathlib import Path

from keypad import KEYS

ROOT = Path(__file__).resolve().parents[2]


def test_keymap_picture_is_current():
    done = subprocess.run(
        [sys.executable, "-m", "tools.hardware.gen_keymap", "--check"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_keymap_picture_draws_the_keypad_in_its_order():
    svg = (ROOT / "docs" / "img" / "keymap.svg").read_text(encoding="utf-8")
    legends = [line.split(">")[1].split("<")[0] for line in svg.splitlines()
               if 'font-size="34"' in line]  # fmt: skip
    assert "".join(legends) == KEYS  # "123A456B789C*0#D", row by row as on the keypad
