"""Copy the symbols, footprints and 3D models PicoPeg uses from KiCad's stock libraries.

The project library (hardware/kicad/lib/picopeg.kicad_sym, picopeg.pretty/ and
picopeg.3dshapes/) makes the schematic and board generators, and the board's STEP and
render, independent of the KiCad libraries installed on a machine: run this once when a
part changes, commit the result. Derived symbols (`extends`) are flattened. Each footprint
keeps only the 3D model it shows, gzip-compressed (.stpz, which KiCad reads) and referred to
through ${KIPRJMOD}: about 0.6 MB in the repository instead of Debian's kicad-packages3d
(330 MB to download, 4.7 GB installed) on every CI machine.
Usage: python -m tools.hardware.kicadgen.vendor_libs [--symbols DIR] [--footprints DIR]
[--models DIR]. The stock libraries are found from $KICAD9_SYMBOL_DIR, $KICAD9_FOOTPRINT_DIR
and $KICAD9_3DMODEL_DIR, else next to the kicad-cli on PATH. KiCad's libraries are CC-BY-SA
4.0 with the design exception.
SPDX-License-Identifier: MIT
"""

import argparse
import gzip
import os
import shutil
from pathlib import Path

from tools.hardware.kicadgen import sexpr
from tools.hardware.kicadgen.sexpr import Atom

ROOT = Path(__file__).resolve().parents[3]

LIB_DIR = ROOT / "hardware" / "kicad" / "lib"
LIB_NAME = "picopeg"

# (stock library, symbol) pairs; the project library keeps the symbol's name.
SYMBOLS = [
    ("Device", "C"),
    ("Device", "C_Polarized"),
    ("Device", "R"),
    ("Device", "LED"),
    ("Device", "D_Schottky"),
    ("Device", "Polyfuse"),
    ("Device", "D_TVS"),
    ("Device", "D_Zener"),
    ("LED", "WS2812B"),
    ("MCU_Module", "RaspberryPi_Pico"),
    ("74xGxx", "74AHCT1G125"),
    ("Transistor_FET", "AO3401A"),
    ("Connector", "USB_C_Receptacle_PowerOnly_6P"),
    ("Connector", "TestPoint"),
    ("Connector_Generic", "Conn_01x08"),
    ("Connector_Generic", "Conn_01x04"),
    ("Mechanical", "MountingHole"),
    ("Mechanical", "Fiducial"),
    ("power", "+5V"),
    ("power", "+3V3"),
    ("power", "GND"),
    ("power", "PWR_FLAG"),
]

# Fixes to stock symbols: (symbol, pin name) -> electrical type. The Pico symbol marks AGND
# as a power output like one of its GND pins, so tying AGND to GND (as the Pico datasheet
# allows) would be an ERC power-output conflict; it is a ground return.
PIN_TYPE_FIXES = {("RaspberryPi_Pico", "AGND"): "passive"}

FOOTPRINTS = [
    ("LED_SMD", "LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm"),
    ("LED_SMD", "LED_0603_1608Metric"),
    ("Capacitor_SMD", "C_0603_1608Metric"),
    ("Capacitor_THT", "CP_Radial_D10.0mm_P5.00mm"),
    ("Resistor_SMD", "R_0603_1608Metric"),
    ("Package_TO_SOT_SMD", "SOT-23-5"),
    ("Package_TO_SOT_SMD", "SOT-23"),
    ("Diode_SMD", "D_SOD-123"),
    ("Fuse", "Fuse_1210_3225Metric"),
    ("Diode_SMD", "D_SMA"),
    ("Diode_SMD", "D_SOD-923"),
    ("Connector_USB", "USB_C_Receptacle_GCT_USB4125-xx-x-0190_6P_TopMnt_Horizontal"),
    ("Connector_PinHeader_2.54mm", "PinHeader_1x08_P2.54mm_Horizontal"),
    ("Connector_PinHeader_2.54mm", "PinHeader_1x04_P2.54mm_Vertical"),
    ("TestPoint", "TestPoint_THTPad_D1.5mm_Drill0.7mm"),
    ("MountingHole", "MountingHole_3.2mm_M3"),
    ("Fiducial", "Fiducial_1mm_Mask2mm"),
    ("Module", "RaspberryPi_Pico_Common_THT"),
]


def stock_dir(env, sub):
    """Where KiCad's stock libraries are: $env, else <prefix of kicad-cli>/share/kicad/sub."""
    if os.environ.get(env):
        return Path(os.environ[env])
    cli = shutil.which("kicad-cli")
    if not cli:
        raise SystemExit("kicad-cli not on PATH and $%s not set" % env)
    return Path(cli).resolve().parent.parent / "share" / "kicad" / sub


def flatten(symbols, name):
    """The symbol `name` with any `extends` chain resolved into one self-contained symbol."""
    sym = symbols[name]
    parent_ref = sexpr.find(sym, "extends")
    if parent_ref is None:
        return sym
    parent = flatten(symbols, parent_ref[1])
    own = {p[1]: p for p in sexpr.find_all(sym, "property")}
    out = [Atom("symbol"), name]
    for item in parent[2:]:
        if isinstance(item, list) and item[0] == "property":
            out.append(own.pop(item[1], item))
        elif isinstance(item, list) and item[0] == "symbol":
            unit = list(item)
            unit[1] = name + item[1][len(parent[1]) :]
            out.append(unit)
        else:
            out.append(item)
    # Properties only the child has go after the inherited ones, before the units.
    first_unit = next(i for i, x in enumerate(out) if isinstance(x, list) and x[0] == "symbol")
    out[first_unit:first_unit] = list(own.values())
    return out


def fix_pins(sym):
    """Apply PIN_TYPE_FIXES to a (flattened) symbol in place."""
    for unit in sexpr.find_all(sym, "symbol"):
        for pin in sexpr.find_all(unit, "pin"):
            fix = PIN_TYPE_FIXES.get((sym[1], sexpr.find(pin, "name")[1]))
            if fix:
                pin[1] = Atom(fix)
    return sym


def vendor_symbols(sym_dir):
    by_lib = {}
    for lib, name in SYMBOLS:
        by_lib.setdefault(lib, []).append(name)
    out = [
        Atom("kicad_symbol_lib"),
        [Atom("version"), Atom("20241209")],
        [Atom("generator"), "picopeg_vendor_libs"],
        [Atom("generator_version"), "9.0"],
    ]
    for lib, names in by_lib.items():
        print("  symbols from %s: %s" % (lib, ", ".join(names)), flush=True)
        tree = sexpr.parse((sym_dir / (lib + ".kicad_sym")).read_text())
        symbols = {s[1]: s for s in sexpr.find_all(tree, "symbol")}
        for name in names:
            out.append(fix_pins(flatten(symbols, name)))
    (LIB_DIR / (LIB_NAME + ".kicad_sym")).write_text(sexpr.dumps(out) + "\n")


MODEL_VAR = "${KICAD9_3DMODEL_DIR}/"
MODEL_DIR = LIB_NAME + ".3dshapes"


# Shown models swapped for another of the stock library's: footprint -> (model, z offset).
# The Pico hangs under this board 2.5 mm off it (its headers' plastic) with the headers' short
# ends through the board: the Pico H model's long pins would stand through the face plate in
# every picture, so the bare Pico's model is shown, 2.5 mm off the board.
MODEL_SWAPS = {"RaspberryPi_Pico_Common_THT": ("Module.3dshapes/RaspberryPi_Pico.step", 2.5)}


def swap_model(name, footprint):
    """Apply MODEL_SWAPS to the footprint's shown model, in place."""
    swap = MODEL_SWAPS.get(name)
    if not swap:
        return footprint
    for item in footprint:
        if (
            isinstance(item, list)
            and item
            and item[0] == "model"
            and sexpr.find(item, "hide") is None
        ):
            item[1] = MODEL_VAR + swap[0]
            xyz = sexpr.find(sexpr.find(item, "offset"), "xyz")
            xyz[3] = swap[1]
    return footprint


def own_models(footprint, model_dir):
    """Drop the footprint's hidden 3D models; copy the shown ones, compressed, into the project
    library and point the footprint at the copies. Returns the models copied."""
    copied = []
    for item in list(footprint):
        if not (isinstance(item, list) and item and item[0] == "model"):
            continue
        hide = sexpr.find(item, "hide")
        if hide is not None and hide[1] == "yes":
            footprint.remove(item)
            continue
        path = item[1]
        if not path.startswith(MODEL_VAR):
            raise SystemExit("unexpected 3D model path %s" % path)
        src = model_dir / path[len(MODEL_VAR) :]
        name = Path(src.name).with_suffix(".stpz").name
        # mtime=0: the same model always compresses to the same bytes.
        data = gzip.compress(src.read_bytes(), compresslevel=9, mtime=0)
        (LIB_DIR / MODEL_DIR / name).write_bytes(data)
        item[1] = "${KIPRJMOD}/lib/%s/%s" % (MODEL_DIR, name)
        copied.append(name)
    return copied


# Fixes to stock footprints: (footprint, test on a graphic item) -> drop it. The Pico's
# micro-USB outline on its silkscreen (the lines 4.7-13.1 mm from pin 1's column, before
# 3.1 mm along): under this board it lies across J1's shell stakes (silk over their pads),
# and the socket itself is plain to see.
def _pico_usb_outline(item):
    layer = sexpr.find(item, "layer")
    if item[0] != "fp_line" or layer is None or not layer[1].endswith("SilkS"):
        return False
    ends = [sexpr.find(item, k) for k in ("start", "end")]
    return all(4.7 < float(p[1]) < 13.1 and float(p[2]) < 3.1 for p in ends)


FOOTPRINT_FIXES = {"RaspberryPi_Pico_Common_THT": _pico_usb_outline}


def fix_footprint(name, tree):
    """Drop the graphic items FOOTPRINT_FIXES names for this footprint, in place."""
    drop = FOOTPRINT_FIXES.get(name)
    if drop:
        tree[:] = [item for item in tree if not (isinstance(item, list) and drop(item))]
    return tree


def vendor_footprints(fp_dir, model_dir):
    dest = LIB_DIR / (LIB_NAME + ".pretty")
    dest.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(LIB_DIR / MODEL_DIR, ignore_errors=True)
    (LIB_DIR / MODEL_DIR).mkdir()
    for old in dest.glob("*.kicad_mod"):  # footprints no longer used go
        old.unlink()
    for lib, name in FOOTPRINTS:
        tree = sexpr.parse((fp_dir / (lib + ".pretty") / (name + ".kicad_mod")).read_text())
        models = own_models(swap_model(name, fix_footprint(name, tree)), model_dir)
        print("  footprint %s:%s, 3D model %s" % (lib, name, ", ".join(models) or "none"))
        (dest / (name + ".kicad_mod")).write_text(sexpr.dumps(tree) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--symbols", type=Path, help="stock symbol library folder")
    ap.add_argument("--footprints", type=Path, help="stock footprint library folder")
    ap.add_argument("--models", type=Path, help="stock 3D model folder")
    args = ap.parse_args(argv)
    LIB_DIR.mkdir(parents=True, exist_ok=True)
    vendor_symbols(args.symbols or stock_dir("KICAD9_SYMBOL_DIR", "symbols"))
    vendor_footprints(
        args.footprints or stock_dir("KICAD9_FOOTPRINT_DIR", "footprints"),
        args.models or stock_dir("KICAD9_3DMODEL_DIR", "3dmodels"),
    )
    print("vendored %d symbols, %d footprints" % (len(SYMBOLS), len(FOOTPRINTS)))


if __name__ == "__main__":
    main()
