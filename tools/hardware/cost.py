"""What 5 assembled boards cost at JLCPCB, from the BOM KiKit writes and the parts' prices.

    est = estimate("build/hardware/picopeg-bom.csv", boards=5); print(report(est))

Part prices are the SOURCING table of tools/hardware/kicadgen/parts.py (LCSC, 100+ tier); the
house's fees below are its published standard-PCBA price list as read on the date given. Both
change: the order page has the final figure. Solder joints are counted from the footprints' pads.
SPDX-License-Identifier: MIT
"""

import csv
import math
import re
from pathlib import Path

from tools.hardware.kicadgen import parts

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

FP_DIR = ROOT / "hardware" / "kicad" / "lib" / "picopeg.pretty"
PRICES_READ = "2026-12-01"
PCB_5_USD = 28.00  # 5 bare boards, 280 x 102 mm, 2 layers, 1.6 mm, HASL (lead-free), green
SETUP_USD = 25.00  # standard PCBA setup (top side)
STENCIL_USD = 7.86  # the standard assembly's stencil
EXTENDED_FEE_USD = 3.00  # loading fee per unique extended part
JOINT_USD = 0.0017  # per solder joint
MIN_BUY = 20  # LCSC's usual minimum for small passives: the house buys at least this many


def pads(footprint):
    """Copper pads (solder joints) of a footprint in the project library."""
    name = footprint.split(":")[-1]
    text = (FP_DIR / (name + ".kicad_mod")).read_text()
    return len(re.findall(r'\(pad "[^"]+" (?:smd|thru_hole)', text))


def bom_lines(bom_csv):
    """[(lcsc, qty, footprint)] of the BOM KiKit wrote (lines split at 100 refs merged)."""
    out = {}
    with open(bom_csv, newline="") as f:
        for row in csv.DictReader(f):
            n = len(row["Designator"].split(","))
            key = (row["LCSC"], row["Footprint"])
            out[key] = out.get(key, 0) + n
    return [(lcsc, n, fp) for (lcsc, fp), n in out.items()]


def estimate(bom_csv, boards=5):
    """{name: USD} for `boards` assembled boards, plus the hand-soldered parts."""
    by_lcsc = {v[0]: v for v in parts.SOURCING.values() if v[0]}
    parts_usd = joints = 0.0
    extended = 0
    for lcsc, qty, fp in bom_lines(bom_csv):
        _code, lib, price = by_lcsc[lcsc]
        parts_usd += max(qty * boards, MIN_BUY) * price
        joints += qty * boards * pads(fp)
        extended += lib == "extended"
    tht = sum(v[2] for p in parts.all_parts() if p["bom"]
              for v in [parts.SOURCING[p["mpn"]]] if v[1] == "tht")  # fmt: skip
    est = {
        "bare boards (5)": PCB_5_USD,
        "assembly setup": SETUP_USD,
        "stencil": STENCIL_USD,
        "extended-part fees (%d parts)" % extended: extended * EXTENDED_FEE_USD,
        "solder joints (%d)" % joints: joints * JOINT_USD,
        "placed parts": parts_usd,
        "hand-soldered parts (%d sets)" % boards: tht * boards,
    }
    est["total"] = sum(est.values())
    return est


def report(est):
    lines = ["Estimated cost, 5 boards (JLCPCB prices of %s, USD, no shipping):" % PRICES_READ]
    for name, usd in est.items():
        lines.append("  %-34s %8.2f" % (name, usd))
    per = est["total"] / 5
    lines.append("  %-34s %8.2f" % ("per board", math.ceil(per * 100) / 100))
    return "\n".join(lines)
