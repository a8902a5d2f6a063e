"""Everything a person buys for one PicoPeg, beyond the assembled board: one list, quantities.

    rows()                      [(item, qty per board, what it is for, part or example)]
    markdown()                  the table in hardware/README.md (a test keeps them equal)
    write_csv(path)             build/hardware/picopeg-buy-list.csv (fab.py)

The hand-soldered parts come from the circuit (kicadgen/parts.py, as fab.hand_soldered), so the
list cannot miss one; the rest is what the case (case_model.py) and the firmware assume.
SPDX-License-Identifier: MIT
"""

import csv

from tools.hardware import screws
from tools.hardware.kicadgen import layout, parts

# What each hand-soldered MPN is, for a buyer (the BOM's value says it for the board).
HAND_NAMES = {
    "SC0915": "Raspberry Pi Pico (no headers)",
    "UVR1C102MPD": "1000 uF 16 V radial capacitor, 10 x 16 mm",
    "61300811021": "8-pin 2.54 mm right-angle (90 degree) male header (any will do)",
    "61300411121": "4-pin 2.54 mm male header (the display module brings its own)",
}
PICO_HEADER = (
    "61302011121",
    "20-pin 2.54 mm male header, for the Pico: short ends through "
    "the board (or a Pico H, SC0917, its pins trimmed 1.5 mm above the board)",
    2,
)
SCREWS = len(layout.MOUNT_HOLES)
OTHER = [
    ("4x4 membrane keypad, 69 x 77 mm, 8-way tail with a 2.54 mm socket", 1,
     "entering points (J2, through the extension)",
     "the common 16-key membrane keypad (Parallax 27899 and its clones)"),
    ("8-way 2.54 mm Dupont extension cable, female to male, 20-30 cm", 1,
     "the keypad's tail (male end) to J2 (female end): the tail alone, turned back under the "
     "cradle, does not reach", ""),
    ("0.96 inch SSD1306 I2C OLED module, 128 x 64, pins GND VCC SCL SDA", 1,
     "the optional display, in the face plate's window",
     "27.3 x 27.8 mm modules, header pointing away from the glass"),
    ("4-way 2.54 mm Dupont jumper wires, female to female, 10 cm", 1,
     "the display module's pins to J3", ""),
    ("ST2.9 x 13 mm pan-head tapping screw", SCREWS,
     "plate, board and base post at each mounting hole", screws.SCREW),
    ("USB-C cable and a 5 V, 2 A (or more) USB-C charger or power bank", 1,
     "power (J1)", "a USB-A charger works too, with an A-to-C cable"),
    ("micro-USB data cable", 1, "flashing the Pico (make flash, or the UF2)", ""),
    ("PLA or PETG filament", 1, "the case: about 0.2 kg of one 1 kg spool",
     "base, face plate, keypad cradle"),
]  # fmt: skip


def rows():
    """[(item, qty, for, part)] per board, the hand-soldered parts first."""
    out = []
    for p in parts.all_parts():
        if p["bom"] and parts.SOURCING[p["mpn"]][1] == "tht":
            name = HAND_NAMES[p["mpn"]]
            out.append((name, 1, p["ref"] + " (hand-soldered)", "%s %s" % (p["mfr"], p["mpn"])))
            if p["ref"] == "A1":
                mpn, what, qty = PICO_HEADER
                out.append((what, qty, "A1's pins (hand-soldered)", "Wurth Elektronik " + mpn))
    return out + [(item, qty, use, part) for item, qty, use, part in OTHER]


def markdown():
    lines = ["| Item | Qty | For | Part (or what to look for) |", "|---|---|---|---|"]
    for item, qty, use, part in rows():
        lines.append("| %s | %d | %s | %s |" % (item, qty, use, part))
    return "\n".join(lines)


def write_csv(path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Item", "Qty per board", "For", "Part"])
        w.writerows(rows())
