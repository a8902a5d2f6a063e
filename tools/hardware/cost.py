"""What 5 assembled boards cost at JLCPCB, from the BOM KiKit writes and the parts' prices.

    est = estimate("build/hardware/picopeg-bom.csv", boards=5); print(report(est))

Part prices are the SOURCING table of tools/hardware/kicadgen/parts.py, each marked "seen" (a
public BOM or parts list read it) or "estimate", and the report keeps the two apart. The
house's fees below are estimates of its standard-PCBA price list (setup, stencil, a loading
fee per extended part, a fee per joint), not read from its site here. Prices change: the
order page has the final figure. Solder joints are counted from the footprints' pads.
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
    usd = {"seen": 0.0, "estimate": 0.0}
    joints = extended = 0
    for lcsc, qty, fp in bom_lines(bom_csv):
        _code, lib, price, source = by_lcsc[lcsc]
        usd[source] += max(qty * boards, MIN_BUY) * price
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
        "placed parts, prices seen": usd["seen"],
        "placed parts, prices estimated": usd["estimate"],
        "hand-soldered parts (%d sets)" % boards: tht * boards,
    }
    est["total"] = sum(est.values())
    return est


def report(est):
    lines = ["Estimated cost, 5 boards assembled by JLCPCB (USD, no shipping, no tax):"]
    for name, usd in est.items():
        lines.append("  %-34s %8.2f" % (name, usd))
    per = est["total"] / 5
    lines.append("  %-34s %8.2f" % ("per board", math.ceil(per * 100) / 100))
    return "\n".join(lines)
