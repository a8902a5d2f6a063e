"""Read a KiCad S-expression netlist (`kicad-cli sch export netlist`).

SPDX-License-Identifier: MIT
"""

from tools.hardware.kicadgen import sexpr


def read(text):
    """(components, nets): components as dicts (ref, value, footprint, path, fields, in_bom),
    nets as {name: [(ref, pin), ...]}."""
    tree = sexpr.parse(text)
    comps = []
    for comp in sexpr.find_all(sexpr.find(tree, "components"), "comp"):
        fields = {}
        props = {}
        for prop in sexpr.find_all(comp, "property"):
            value = sexpr.find(prop, "value")
            props[sexpr.find(prop, "name")[1]] = value[1] if value else ""
        block = sexpr.find(comp, "fields")
        for field in sexpr.find_all(block or [], "field"):
            fields[sexpr.find(field, "name")[1]] = field[2] if len(field) > 2 else ""
        sheet = sexpr.find(sexpr.find(comp, "sheetpath"), "tstamps")[1]
        comps.append(
            {
                "ref": sexpr.find(comp, "ref")[1],
                "value": sexpr.find(comp, "value")[1],
                "footprint": sexpr.find(comp, "footprint")[1],
                "path": sheet + sexpr.find(comp, "tstamps")[1],
                "fields": fields,
                "in_bom": "exclude_from_bom" not in props,
                "sheetfile": props.get("Sheetfile", ""),
            }
        )
    nets = {}
    for net in sexpr.find_all(sexpr.find(tree, "nets"), "net"):
        name = sexpr.find(net, "name")[1]
        nets[name] = [
            (sexpr.find(n, "ref")[1], sexpr.find(n, "pin")[1]) for n in sexpr.find_all(net, "node")
        ]
    return comps, nets
