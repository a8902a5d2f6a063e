"""Lay out parts.py on the schematic sheet: symbols, pin labels, chain wires, power flags.

SPDX-License-Identifier: MIT
"""

from tools.hardware.kicadgen import parts, track
from tools.hardware.kicadgen.schematic import POWER_NETS, Sheet, load_library, pin_list
from tools.hardware.kicadgen.sexpr import NO, YES

NOTES = """PicoPeg: electronic cribbage board (Raspberry Pi Pico, 121 WS2812B LEDs).
Track LEDs D1..D121 light holes 1..121 (121 = game hole) and are chained in hole order:
LED_DIN -> D1 DIN, D1 DOUT -> D2 DIN, ... Each has a 100 nF capacitor C1..C121.
5 V enters on J1 (USB-C, power only), through F1 (1.1 A hold) and Q1 (reverse polarity),
feeds the LEDs and, through D122, the Pico's VSYS. U1 lifts the 3.3 V LED data to 5 V.
Firmware LED current budget 500 mA by default: see hardware/README.md (power budget).
Pin numbers come from hardware/pins.csv (tools/hardware/gen_pins.py writes firmware/pins.py)."""


def pin_end(at, px, py):
    """Schematic point of a pin end of a symbol placed unrotated at `at`."""
    return (round(at[0] + px, 4), round(at[1] - py, 4))


def resolve_nets(p, pins):
    """{pin number: net or None} for part p, checking every key names a real pin."""
    known = {n for n, *_ in pins} | {name for _, name, *_ in pins}
    unknown = set(p["nets"]) - known
    if unknown:
        raise ValueError("%s has no pins %s" % (p["ref"], sorted(unknown)))
    out = {}
    for number, name, *_ in pins:
        out[number] = p["nets"].get(number, p["nets"].get(name))
    return out


def chain_wired(hole):
    """True if hole's DOUT is wired straight to the next LED on the same grid row."""
    return hole < track.HOLES and hole % parts.LED_COLS != 0


def draw_part(sheet, p, net_types):
    lib = sheet.lib[p["sym"]]
    pins = pin_list(lib)
    nets = resolve_nets(p, pins)
    values = {"Value": p["value"], "Footprint": parts.LIB + ":" + p["fp"]}
    fields = [("MPN", p["mpn"]), ("Manufacturer", p["mfr"])] if p["mpn"] else []
    if p["lcsc"]:
        fields.append(("LCSC", p["lcsc"]))
    if p["desc"]:
        fields.append(("Note", p["desc"]))
    sheet.symbol(
        p["ref"], p["sym"], p["at"], values=values, fields=fields, in_bom=YES if p["bom"] else NO
    )
    done = set()
    for number, _name, kind, px, py, angle in pins:
        net = nets[number]
        if net is not None:
            net_types.setdefault(net, set()).add(kind)
        end = pin_end(p["at"], px, py)
        if end in done:
            continue  # stacked pins (USB-C's second VBUS/GND) share one connection point
        done.add(end)
        away = (angle + 180) % 360
        hole = int(p["ref"][1:]) if p["sym"] == "WS2812B" else 0
        if hole and (
            (number == "2" and chain_wired(hole)) or (number == "4" and chain_wired(hole - 1))
        ):
            continue  # drawn as a wire by draw_chain
        if net is None:
            sheet.no_connect(end)
        elif net in POWER_NETS:
            sheet.power(POWER_NETS[net], end, away)
        else:
            sheet.label(net, end, away)


def draw_chain(sheet):
    for hole in range(1, track.HOLES):
        if chain_wired(hole):
            row, col = divmod(hole - 1, parts.LED_COLS)
            x = parts.LED_X0 + col * parts.LED_DX
            y = parts.LED_Y0 + row * parts.LED_DY
            sheet.wire((x + 7.62, y), (x + parts.LED_DX - 7.62, y))


def draw_flags(sheet, net_types):
    """PWR_FLAG on each net whose power inputs have no power output to drive them."""
    x, y = 40.64, 101.6
    for net in sorted(net_types):
        kinds = net_types[net] | ({"power_in"} if net in POWER_NETS else set())
        if "power_in" in kinds and "power_out" not in kinds:
            sheet.flag((x, y))
            if net in POWER_NETS:
                sheet.power(POWER_NETS[net], (x, y), 90)
            else:
                sheet.label(net, (x, y), 90)
            x += 20.32


def build():
    """The finished schematic tree."""
    sheet = Sheet(load_library())
    net_types = {}
    for p in parts.all_parts():
        draw_part(sheet, p, net_types)
    draw_chain(sheet)
    draw_flags(sheet, net_types)
    sheet.text(NOTES, (20.32, 20.32), 1.5)
    sheet.text("LED chain: D1..D121 = holes 1..121", (parts.LED_X0 - 10.16, 27.94), 2.0)
    return sheet.tree("PicoPeg cribbage board")
