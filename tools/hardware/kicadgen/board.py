"""Build picopeg.kicad_pcb with KiCad's own pcbnew Python module from the schematic netlist.

Run with a Python that can `import pcbnew` (Debian's kicad package ships it for the system
python3); tools/hardware/gen_kicad.py does this for you:
    python3 -m kicadgen.board NETLIST OUT.kicad_pcb
Footprints come from the project library, placed and routed as kicadgen.layout says; a
+5V pour on F.Cu and a GND pour on B.Cu carry the power, and are filled before saving.
SPDX-License-Identifier: MIT
"""

import itertools
import math
import sys
from pathlib import Path

import pcbnew

from tools.hardware.kicadgen import layout, netlist, silk, track, wiring

ROOT = Path(__file__).resolve().parents[3]
FP_LIB = ROOT / "hardware" / "kicad" / "lib" / "picopeg.pretty"
ORIGIN = (20.0, 20.0)  # where the board's top-left corner sits on the page
CORNER_R = 3.0
HIDDEN_REFS = ("D", "C")  # the 242 track LEDs/capacitors: refs on the fab layer only


def mm(v):
    return pcbnew.FromMM(v)


def pt(x, y):
    return pcbnew.VECTOR2I(mm(ORIGIN[0] + x), mm(ORIGIN[1] + y))


def drop_pin1_text(fp):
    for item in list(fp.GraphicalItems()):
        if isinstance(item, pcbnew.PCB_TEXT) and item.GetText() == "1":
            fp.Remove(item)


def flip_keeping_pads(fp):
    """Put a footprint on the back with every pad where it was (through-hole parts only)."""
    where = {p.GetNumber(): (p.GetPosition().x, p.GetPosition().y) for p in fp.Pads()}
    fp.Flip(fp.GetPosition(), pcbnew.FLIP_DIRECTION_LEFT_RIGHT)
    for rot in (0, 90, 180, 270):
        fp.SetOrientationDegrees(rot)
        now = {p.GetNumber(): (p.GetPosition().x, p.GetPosition().y) for p in fp.Pads()}
        if all(abs(now[k][0] - v[0]) + abs(now[k][1] - v[1]) < 100 for k, v in where.items()):
            return
    raise SystemExit("%s: no back-side orientation keeps its pads" % fp.GetReference())


class Builder:
    def __init__(self, board):
        self.board = board
        self.fps = {}

    def net(self, name):
        return self.board.FindNet(name)

    def add_nets(self, nets):
        for name in sorted(nets):
            self.board.Add(pcbnew.NETINFO_ITEM(self.board, name))

    def add_footprint(self, comp, nets_by_pad, place):
        lib, name = comp["footprint"].split(":")
        fp = pcbnew.FootprintLoad(str(FP_LIB), name)
        fp.SetFPID(pcbnew.LIB_ID(lib, name))
        fp.SetReference(comp["ref"])
        fp.SetValue(comp["value"])
        fp.SetPath(pcbnew.KIID_PATH(comp["path"]))
        fp.SetSheetfile(Path(comp["sheetfile"]).name)  # netlists give it relative to the cwd
        fp.SetSheetname("")
        for key in ("MPN", "Manufacturer", "LCSC"):
            if comp["fields"].get(key):
                fp.SetField(key, comp["fields"][key])
                fp.GetFieldByName(key).SetVisible(False)
                fp.GetFieldByName(key).SetLayer(pcbnew.F_Fab)
        fp.SetExcludedFromBOM(not comp["in_bom"])
        x, y, rot = place
        self.board.Add(fp)
        fp.SetPosition(pt(x, y))
        fp.SetOrientationDegrees(rot)
        ref = comp["ref"]
        if ref[0] in HIDDEN_REFS and ref[1:].isdigit() and int(ref[1:]) <= track.HOLES:
            fp.Reference().SetVisible(False)
            drop_pin1_text(fp)  # the outline's corner marks pin 1; the "1" sat on neighbours
        if ref[0] == "H" or ref[:3] == "FID" or ref in silk.HIDDEN_REFS:  # edge, no room: F.Fab
            fp.Reference().SetVisible(False)
        if ref in silk.REF_AT:
            fp.Reference().SetPosition(pt(*silk.REF_AT[ref]))
            fp.Reference().SetTextAngleDegrees(0)
        if ref in layout.BACK_SIDE:
            flip_keeping_pads(fp)
        elif ref in layout.MIRRORED:  # under the board, mirrored: its pads move
            fp.Flip(fp.GetPosition(), pcbnew.FLIP_DIRECTION_LEFT_RIGHT)
        if ref in layout.NOT_PLACED:  # through-hole, fiducials: not in the placement file
            fp.SetAttributes(fp.GetAttributes() | pcbnew.FP_EXCLUDE_FROM_POS_FILES)
        if ref in layout.NO_MODEL:
            fp.Models().clear()
        for pad in fp.Pads():
            name = nets_by_pad.get((ref, pad.GetNumber()))
            if name:
                pad.SetNet(self.net(name))
        self.fps[ref] = fp

    def pad_xy(self, ref, number):
        for pad in self.fps[ref].Pads():
            if pad.GetNumber() == number:
                p = pad.GetPosition()
                return (pcbnew.ToMM(p.x) - ORIGIN[0], pcbnew.ToMM(p.y) - ORIGIN[1])
        raise KeyError("%s has no pad %s" % (ref, number))

    def pad_net(self, ref, number):
        for pad in self.fps[ref].Pads():
            if pad.GetNumber() == number:
                return pad.GetNet()
        raise KeyError("%s has no pad %s" % (ref, number))

    def resolve(self, points):
        """Turn a layout point list into absolute (x, y) points."""
        out = []
        for p in points:
            if p[0] == "NET":
                continue
            if p[0] == "H":
                out.append((p[1], out[-1][1]))
            elif p[0] == "V":
                out.append((out[-1][0], self.pad_xy(p[1], p[2])[1]))
            elif isinstance(p[0], str):
                out.append(self.pad_xy(*p))
            else:
                out.append(p)
        return out

    def first_net(self, points):
        for p in points:
            if p[0] == "NET":
                return self.pad_net(*p[1:])
            if isinstance(p[0], str) and p[0] not in ("H", "V"):
                return self.pad_net(*p)
        raise ValueError("route %r touches no pad" % (points,))

    def add_track(self, layer, width, points):
        net = self.first_net(points)
        pts = self.resolve(points)
        for a, b in itertools.pairwise(pts):
            t = pcbnew.PCB_TRACK(self.board)
            t.SetStart(pt(*a))
            t.SetEnd(pt(*b))
            t.SetWidth(mm(width))
            t.SetLayer(self.board.GetLayerID(layer))
            t.SetNet(net)
            self.board.Add(t)

    def add_via(self, xy, pad):
        v = pcbnew.PCB_VIA(self.board)
        self.board.Add(v)
        v.SetPosition(pt(*xy))
        v.SetViaType(pcbnew.VIATYPE_THROUGH)
        v.SetLayerPair(pcbnew.F_Cu, pcbnew.B_Cu)
        v.SetWidth(mm(0.6))
        v.SetDrill(mm(0.3))
        v.SetNet(self.pad_net(*pad))

    def add_zone(self, net, layer):
        z = pcbnew.ZONE(self.board)
        z.SetLayer(layer)
        z.SetNet(self.net(net))
        out = z.Outline()
        out.NewOutline()
        for x, y in (
            (0, 0),
            (track.BOARD_W, 0),
            (track.BOARD_W, track.BOARD_H),
            (0, track.BOARD_H),
        ):
            p = pt(x, y)
            out.Append(p.x, p.y)
        z.SetLocalClearance(mm(0.3))
        z.SetMinThickness(mm(0.25))
        z.SetThermalReliefGap(mm(0.5))
        z.SetThermalReliefSpokeWidth(mm(0.5))
        z.SetPadConnection(pcbnew.ZONE_CONNECTION_THT_THERMAL)
        z.SetAssignedPriority(0)
        self.board.Add(z)

    def add_outline(self):
        """Rectangle with rounded corners on Edge.Cuts."""
        w, h, r = track.BOARD_W, track.BOARD_H, CORNER_R
        k = r * (1 - 0.5**0.5)  # arc midpoint inset from the corner
        lines = [
            ((r, 0), (w - r, 0)),
            ((w, r), (w, h - r)),
            ((w - r, h), (r, h)),
            ((0, h - r), (0, r)),
        ]
        arcs = [
            ((0, r), (k, k), (r, 0)),
            ((w - r, 0), (w - k, k), (w, r)),
            ((w, h - r), (w - k, h - k), (w - r, h)),
            ((r, h), (k, h - k), (0, h - r)),
        ]
        for a, b in lines:
            s = pcbnew.PCB_SHAPE(self.board, pcbnew.SHAPE_T_SEGMENT)
            s.SetStart(pt(*a))
            s.SetEnd(pt(*b))
            self._edge(s)
        for a, m, b in arcs:
            s = pcbnew.PCB_SHAPE(self.board, pcbnew.SHAPE_T_ARC)
            s.SetArcGeometry(pt(*a), pt(*m), pt(*b))
            self._edge(s)
        x0, y0, x1, y1 = layout.display_cutout()  # the display module sits in this hole
        s = pcbnew.PCB_SHAPE(self.board, pcbnew.SHAPE_T_RECT)
        s.SetStart(pt(x0, y0))
        s.SetEnd(pt(x1, y1))
        self._edge(s)

    def _edge(self, shape):
        shape.SetLayer(pcbnew.Edge_Cuts)
        shape.SetWidth(mm(0.1))
        self.board.Add(shape)

    def add_keepout(self, xy, radius):
        """A rule area on both copper layers: no pour, tracks or vias within radius of xy."""
        z = pcbnew.ZONE(self.board)
        z.SetIsRuleArea(True)
        z.SetDoNotAllowCopperPour(True)
        z.SetDoNotAllowTracks(True)
        z.SetDoNotAllowVias(True)
        z.SetDoNotAllowPads(False)
        z.SetDoNotAllowFootprints(False)
        layers = pcbnew.LSET()
        layers.AddLayer(pcbnew.F_Cu)
        layers.AddLayer(pcbnew.B_Cu)
        z.SetLayerSet(layers)
        out = z.Outline()
        out.NewOutline()
        n = 48
        r = radius / math.cos(math.pi / n)  # the polygon's flats stay outside the circle
        for i in range(n):
            a = 2 * math.pi * i / n
            p = pt(xy[0] + r * math.cos(a), xy[1] + r * math.sin(a))
            out.Append(p.x, p.y)
        self.board.Add(z)

    def add_text(self, text, xy, size, layer=pcbnew.F_SilkS, thickness=None):
        t = pcbnew.PCB_TEXT(self.board)
        t.SetText(text)
        t.SetPosition(pt(*xy))
        t.SetLayer(layer)
        if layer == pcbnew.B_SilkS:
            t.SetMirrored(True)
        t.SetTextSize(pcbnew.VECTOR2I(mm(size), mm(size)))
        t.SetTextThickness(mm(thickness or size * 0.15))
        self.board.Add(t)


def build(netlist_path, out_path):
    pcbnew.KIID.SeedGenerator(20260601)  # reproducible UUIDs: same input, same file
    comps, nets = netlist.read(Path(netlist_path).read_text())
    board = pcbnew.NewBoard(str(out_path))
    b = Builder(board)
    tb = board.GetTitleBlock()
    tb.SetTitle("PicoPeg cribbage board")
    tb.SetRevision(silk.REVISION)
    tb.SetDate(silk.DATE)
    tb.SetCompany("PicoPeg")
    b.add_nets(nets)
    by_pad = {node: name for name, nodes in nets.items() for node in nodes}
    places = layout.placements()
    missing = sorted({c["ref"] for c in comps} - set(places))
    if missing:
        raise SystemExit("no placement for %s" % ", ".join(missing))
    print("  placing %d footprints" % len(comps), flush=True)
    for comp in comps:
        b.add_footprint(comp, by_pad, places[comp["ref"]])
    b.add_outline()
    print("  routing", flush=True)
    for layer, width, points in layout.routes() + wiring.routes():
        b.add_track(layer, width, points)
    for xy, pad in layout.vias() + wiring.vias():
        b.add_via(xy, pad)
    for text, xy, size in silk.texts():
        b.add_text(text, xy, size)
    for text, xy, size in silk.back_texts():
        b.add_text(text, xy, size, layer=pcbnew.B_SilkS)
    for xy in layout.MOUNT_HOLES:
        b.add_keepout(xy, layout.HOLE_KEEPOUT)
    b.add_zone("+5V", pcbnew.F_Cu)
    b.add_zone("GND", pcbnew.B_Cu)
    ds = board.GetDesignSettings()
    ds.SetAuxOrigin(pt(0, track.BOARD_H))  # pick-and-place origin: bottom-left corner
    pcbnew.SaveBoard(str(out_path), board)
    # Fill from a freshly loaded board: LoadBoard sets up the project's rule engine, without
    # which the filler ignores hole clearances (pours would run into the mounting holes).
    print("  filling zones", flush=True)
    board = pcbnew.LoadBoard(str(out_path))
    if not pcbnew.ZONE_FILLER(board).Fill(board.Zones()):
        raise SystemExit("zone fill failed")
    pcbnew.SaveBoard(str(out_path), board)


if __name__ == "__main__":
    build(sys.argv[1], sys.argv[2])
