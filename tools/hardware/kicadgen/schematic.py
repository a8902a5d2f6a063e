"""Draw parts.py as a KiCad 9 schematic (one A2 sheet).

Every pin gets what its net calls for: a power symbol for +5V/+3V3/GND, a local label for
other nets, a no-connect flag when unused; the LED chain is wired DOUT -> DIN along each
row of the 11 x 11 LED grid. PWR_FLAGs go on nets that have power inputs but no power
output, so ERC is clean. UUIDs are derived from names, so the output is reproducible.
SPDX-License-Identifier: MIT
"""

import uuid
from pathlib import Path

from tools.hardware.kicadgen import parts, sexpr
from tools.hardware.kicadgen.sexpr import NO, YES, Atom

ROOT = Path(__file__).resolve().parents[3]
SYM_LIB = ROOT / "hardware" / "kicad" / "lib" / "picopeg.kicad_sym"
PROJECT = "picopeg"
POWER_NETS = {"+5V": "+5V", "+3V3": "+3V3", "GND": "GND"}
_NS = uuid.UUID("6d1f0c52-9a36-4c1e-8f4a-7c3b2a9e0b11")


def uid(*key):
    return str(uuid.uuid5(_NS, "/".join(str(k) for k in key)))


def A(*items):
    """A list node whose head is a keyword."""
    return [Atom(items[0]), *items[1:]]


def font(hide=False, justify=None):
    eff = A("effects", A("font", A("size", 1.27, 1.27)))
    if justify:
        eff.append(A("justify", *[Atom(j) for j in justify]))
    if hide:
        eff.append(A("hide", YES))
    return eff


def load_library():
    tree = sexpr.parse(SYM_LIB.read_text())
    return {s[1]: s for s in sexpr.find_all(tree, "symbol")}


def pin_list(sym):
    """[(number, name, type, x, y, angle)] of a library symbol (lib coordinates, y up)."""
    out = []

    def walk(node):
        for item in node:
            if isinstance(item, list) and item and item[0] == "pin":
                at = sexpr.find(item, "at")
                out.append(
                    (sexpr.find(item, "number")[1], sexpr.find(item, "name")[1], str(item[1]),
                     float(at[1]), float(at[2]), int(float(at[3])))
                )  # fmt: skip
            elif isinstance(item, list):
                walk(item)

    walk(sym)
    return out


def snap(v):
    return round(v, 4) + 0.0


class Sheet:
    """Collects schematic items; `tree()` returns the finished kicad_sch node."""

    def __init__(self, library):
        self.lib = library
        self.used = []
        self.items = []
        self.root = uid("root")
        self.pwr = 0

    def symbol(self, ref, name, at, rot=0, *, values=None, fields=(), in_bom=None):
        """Place library symbol `name`; values override its properties, fields add hidden ones."""
        if name not in self.used:
            self.used.append(name)
        lib = self.lib[name]
        x, y = at
        node = A("symbol", A("lib_id", parts.LIB + ":" + name), A("at", snap(x), snap(y), rot))
        node += [A("unit", 1), A("exclude_from_sim", NO)]
        if in_bom is None:
            in_bom = sexpr.find(lib, "in_bom")[1]
        node += [A("in_bom", in_bom), A("on_board", sexpr.find(lib, "on_board")[1])]
        node += [A("dnp", NO), A("uuid", uid("sym", ref))]
        for prop in sexpr.find_all(lib, "property"):
            key = prop[1]
            if key.startswith("ki_"):
                continue
            text = ref if key == "Reference" else (values or {}).get(key, prop[2])
            pat = sexpr.find(prop, "at")
            px, py = float(pat[1]), float(pat[2])
            node.append(
                A("property", key, text, A("at", snap(x + px), snap(y - py), int(float(pat[3])))),
            )
            node[-1].append(sexpr.find(prop, "effects"))
        for key, text in fields:
            node.append(A("property", key, text, A("at", snap(x), snap(y), 0), font(hide=True)))
        for number in sorted({p[0] for p in pin_list(lib)}):
            node.append(A("pin", number, A("uuid", uid("pin", ref, number))))
        path = A("path", "/" + self.root, A("reference", ref), A("unit", 1))
        node.append(A("instances", A("project", PROJECT, path)))
        self.items.append(node)

    def power(self, net, at, away):
        """A power symbol for net at a pin end, its body pointing `away` (degrees)."""
        self.pwr += 1
        pin_angle = pin_list(self.lib[net])[0][5]
        rot = (away - pin_angle) % 360
        self.symbol("#PWR%03d" % self.pwr, net, at, rot)

    def flag(self, at):
        """A PWR_FLAG hanging 5.08 mm below `at`."""
        self.pwr += 1
        below = (at[0], at[1] + 5.08)
        self.wire(at, below)
        self.symbol("#FLG%03d" % self.pwr, "PWR_FLAG", below, 180)

    def label(self, net, at, away):
        justify = ("left", "bottom") if away in (0, 90) else ("right", "bottom")
        node = A("label", net, A("at", snap(at[0]), snap(at[1]), away), font(justify=justify))
        node.append(A("uuid", uid("label", net, at)))
        self.items.append(node)

    def no_connect(self, at):
        self.items.append(
            A("no_connect", A("at", snap(at[0]), snap(at[1])), A("uuid", uid("nc", at)))
        )

    def wire(self, a, b):
        pts = A("pts", A("xy", snap(a[0]), snap(a[1])), A("xy", snap(b[0]), snap(b[1])))
        stroke = A("stroke", A("width", 0), A("type", Atom("default")))
        self.items.append(A("wire", pts, stroke, A("uuid", uid("wire", a, b))))

    def text(self, body, at, size=1.27):
        eff = A(
            "effects", A("font", A("size", size, size)), A("justify", Atom("left"), Atom("top"))
        )
        node = A("text", body, A("exclude_from_sim", NO), A("at", at[0], at[1], 0), eff)
        node.append(A("uuid", uid("text", body)))
        self.items.append(node)

    def lib_symbols(self):
        out = A("lib_symbols")
        for name in self.used:
            sym = list(self.lib[name])
            sym[1] = parts.LIB + ":" + name
            out.append(sym)
        return out

    def tree(self, title):
        block = A("title_block", A("title", title), A("rev", "1"), A("company", "PicoPeg"))
        block.append(
            A(
                "comment",
                1,
                "Generated by tools/hardware/gen_kicad.py from tools/hardware/kicadgen/",
            )
        )
        head = A("kicad_sch", A("version", Atom("20250114")), A("generator", "picopeg_gen_kicad"))
        head += [A("generator_version", "9.0"), A("uuid", self.root), A("paper", "A2"), block]
        tail = [A("sheet_instances", A("path", "/", A("page", "1"))), A("embedded_fonts", NO)]
        return head + [self.lib_symbols()] + self.items + tail
