"""Everything a person buys for one PicoPeg, beyond the assembled board: one list, quantities.

    rows()                      [(item, qty per board, what it is for, part or example)]
    markdown()                  the table in hardware/README.md (a test keeps them equal)
    write_csv(path)             build/hardware/picopeg-buy-list.csv (fab.py)

The hand-soldered parts come from the circuit (kicadgen/parts.py, as fab.hand_soldered), so the
list cannot miss one; the rest is what the case (case_model.py) and the firmware assume.
SPDX-License-Identifier: MIT
"""

import csv

from tools.hardware.kicadgen import layout, parts

# What each hand-soldered MPN is, for a buyer (the BOM's value says it for the board).
HAND_NAMES = {
    "SC0915": "Raspberry Pi Pico (no headers)",
    "UVR1C102MPD": "1000 uF 16 V radial capacitor, 10 x 16 mm",
    "1x08 R/A 2.54": "8-pin 2.54 mm right-angle (90 degree) male header",
    "61300411121": "4-pin 2.54 mm male header (most display modules come with one)",
}
# Parts any maker's drawer or shop has, with no one part number to name.
GENERIC = {"1x08 R/A 2.54": "cut from a 1x40 right-angle strip"}
PICO_HEADER = ("61302011121", "20-pin 2.54 mm male header, for the Pico (or buy a Pico H, "
               "SC0917, with them fitted)", 2)  # fmt: skip
SCREWS = len(layout.MOUNT_HOLES)
OTHER = [
    ("4x4 membrane keypad, 69 x 77 mm, 8-way ribbon with a 2.54 mm socket", 1,
     "entering points (J2)", "the common 16-key membrane keypad"),
    ("0.96 inch SSD1306 I2C OLED module, 128 x 64, pins GND VCC SCL SDA", 1,
     "the optional display (J3), under the plate's window", "27.3 x 27.8 mm modules"),
    ("M3 x 25 mm pan-head self-tapping screw for plastic", SCREWS,
     "plate, standoff, board and base post at each mounting hole", "DIN 7981 / ISO 7049"),
    ("8-way 2.54 mm Dupont extension, female to male, 10-20 cm", 1,
     "only if the keypad's ribbon does not reach J2", ""),
    ("USB-C cable and a 5 V, 2 A (or more) USB-C charger or power bank", 1,
     "power (J1)", "a USB-A charger works too, with an A-to-C cable"),
    ("micro-USB data cable", 1, "flashing the Pico (make flash, or the UF2)", ""),
    ("PLA or PETG filament", 1, "the case: about 0.3 kg of one 1 kg spool",
     "base, plate, cradle, BOOTSEL pin"),
]  # fmt: skip


def rows():
    """[(item, qty, for, part)] per board, the hand-soldered parts first."""
    out = []
    for p in parts.all_parts():
        if p["bom"] and parts.SOURCING[p["mpn"]][1] == "tht":
            name = HAND_NAMES[p["mpn"]]
            made = "%s %s" % (p["mfr"], p["mpn"]) if p["mfr"] else GENERIC[p["mpn"]]
            out.append((name, 1, p["ref"] + " (hand-soldered)", made))
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
