"""The buy list (tools/hardware/buy_list.py): the whole shopping for one board, and the README's.

Pure Python: the circuit's parts table, the Pico's footprint, hardware/README.md.
"""

import re
from pathlib import Path

from tools.hardware import buy_list
from tools.hardware.kicadgen import layout, parts

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_shows_the_list_itself():
    readme = (ROOT / "hardware" / "README.md").read_text()
    table = readme.split("<!-- buy list:", 1)[1].split("-->", 1)[1].strip().split("\n\n")[0]
    assert table == buy_list.markdown()


def test_every_hand_soldered_part_is_bought_with_what_it_needs():
    rows = buy_list.rows()
    refs = {r[2].split(" ")[0] for r in rows if r[2].endswith(" (hand-soldered)")}
    tht = {
        p["ref"] for p in parts.all_parts() if p["bom"] and parts.SOURCING[p["mpn"]][1] == "tht"
    }
    refs.discard("A1's")  # the Pico's headers: below
    assert refs == tht == set(layout.HAND_SOLDERED)
    # The Pico without headers, and headers for all its pins (the case and the 3D model
    # assume it stands on them): as many pins as its footprint has numbered pads 1-40.
    fp = (ROOT / "hardware" / "kicad" / "lib" / "picopeg.pretty" /
          "RaspberryPi_Pico_Common_THT.kicad_mod").read_text()  # fmt: skip
    pins = {int(n) for n in re.findall(r'\(pad "(\d+)" thru_hole', fp)}
    header = next(r for r in rows if r[2].startswith("A1's pins"))
    assert header[1] * int(re.search(r"(\d+)-pin", header[0]).group(1)) == len(pins) == 40
    screws = next(r for r in rows if "screw" in r[0])
    assert screws[1] == len(layout.MOUNT_HOLES)
    for want in ("keypad", "OLED", "USB-C cable", "micro-USB", "filament"):
        assert any(want in r[0] for r in rows), want
    assert all(r[1] >= 1 for r in rows)
