"""Draw hardware/wiring.svg, the no-PCB (LED strip) wiring diagram, from hardware/pins.csv.

    python -m tools.hardware.gen_wiring          regenerate the SVG
    python -m tools.hardware.gen_wiring --check  exit 1 if it is stale

Left: the Pico seen from above (USB at the top) with every pin numbered and the used ones
named. Right: what each used pin goes to (buffer and strip, keypad, display, status LED)
and the 5 V supply. Bottom: the strip cut into four streets of 30 plus the game LED, wired
serpentine so the chain runs in hole order, with 5 V injected at the start of each street.
SPDX-License-Identifier: MIT
"""

import argparse
import itertools
import sys
from pathlib import Path

from tools import genfile
from tools.hardware import pinmap

ROOT = Path(__file__).resolve().parents[2]

SVG = ROOT / "hardware" / "wiring.svg"
W, H = 1100, 990
PICO_X, PICO_Y, PICO_W, PITCH = 190, 90, 150, 19
COLOURS = {"5V": "#d62728", "GND": "#222222", "3V3": "#ff7f0e", "DATA": "#2ca02c",
           "KEY": "#1f77b4", "I2C": "#9467bd", "LED": "#8c564b"}  # fmt: skip
# Pico pins that are not GPIOs (Raspberry Pi Pico datasheet pinout).
PICO_POWER = {3: "GND", 8: "GND", 13: "GND", 18: "GND", 23: "GND", 28: "GND", 33: "AGND",
              30: "RUN", 35: "ADC_VREF", 36: "3V3(OUT)", 37: "3V3_EN", 38: "GND",
              39: "VSYS", 40: "VBUS"}  # fmt: skip


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Svg:
    def __init__(self):
        self.parts = []

    def add(self, text):
        self.parts.append(text)

    def text(self, x, y, s, size=12, anchor="start", colour="#000", weight="normal"):  # noqa: PLR0917
        attrs = 'x="%g" y="%g" font-size="%g" text-anchor="%s" fill="%s" font-weight="%s"'
        self.add("<text %s>%s</text>" % (attrs % (x, y, size, anchor, colour, weight), esc(s)))

    def line(self, pts, colour, width=2):
        p = " ".join("%g,%g" % xy for xy in pts)
        self.add(
            '<polyline points="%s" fill="none" stroke="%s" stroke-width="%g"/>'
            % (p, colour, width)
        )

    def box(self, x, y, w, h, title, fill="#f4f4f4"):  # noqa: PLR0917
        self.add('<rect x="%g" y="%g" width="%g" height="%g" rx="6" fill="%s" stroke="#444"/>'
                 % (x, y, w, h, fill))  # fmt: skip
        self.text(x + w / 2, y - 6, title, 13, "middle", weight="bold")

    def dot(self, x, y, colour, r=3.5):
        self.add('<circle cx="%g" cy="%g" r="%g" fill="%s"/>' % (x, y, r, colour))

    def source(self):
        svg = '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d"'
        head = svg % (W, H, W, H) + ' font-family="sans-serif">'
        body = ['<rect width="100%" height="100%" fill="white"/>', *self.parts]
        return "\n".join([head, *body, "</svg>"]) + "\n"


def pin_xy(n):
    """Pin n's dot on the Pico drawing: 1-20 down the left side, 21-40 up the right."""
    if n <= 20:
        return PICO_X, PICO_Y + 20 + (n - 1) * PITCH
    return PICO_X + PICO_W, PICO_Y + 20 + (40 - n) * PITCH


def draw_pico(svg, by_pin):
    svg.box(PICO_X, PICO_Y, PICO_W, 20 * PITCH + 20, "Raspberry Pi Pico (top view)", "#e8f5e9")
    svg.add('<rect x="%g" y="%g" width="30" height="16" fill="#bbb"/>' % (PICO_X + 60, PICO_Y - 2))
    svg.text(PICO_X + 75, PICO_Y + 28, "USB", 10, "middle")
    for n in range(1, 41):
        x, y = pin_xy(n)
        left = n <= 20
        name = by_pin.get(n, PICO_POWER.get(n, ""))
        gp = [g for g, p in pinmap.PICO_PIN.items() if p == n]
        label = ("GP%d" % gp[0]) if gp else name
        svg.dot(x, y, "#333", 3)
        text = "%d %s" % (n, label) if left else "%s %d" % (label, n)
        svg.text(x + (8 if left else -8), y + 4, text, 10, "start" if left else "end")


def signal_colour(signal):
    if signal.startswith("KEY"):
        return COLOURS["KEY"]
    if signal.startswith("I2C"):
        return COLOURS["I2C"]
    return COLOURS["DATA"] if signal == "LED_DATA" else COLOURS["LED"]


def draw_stubs(svg, rows):
    """A coloured stub and signal name off every used Pico pin, plus the power pins."""
    stubs = [(pinmap.PICO_PIN[r["gpio"]], r["signal"], signal_colour(r["signal"])) for r in rows]
    stubs += [(39, "VSYS <- 5V via Schottky", COLOURS["5V"]), (38, "GND", COLOURS["GND"]),
              (36, "3V3 (display VCC)", COLOURS["3V3"])]  # fmt: skip
    for n, name, colour in stubs:
        x, y = pin_xy(n)
        dx = -45 if n <= 20 else 45
        svg.line([(x, y), (x + dx, y)], colour, 3)
        svg.dot(x + dx, y, colour)
        svg.text(x + dx + (-6 if dx < 0 else 6), y + 4, name, 11, "end" if dx < 0 else "start",
                 colour, "bold")  # fmt: skip


def pin_ref(rows, signal):
    r = pinmap.by_signal(rows)[signal]
    return "%s (GP%d, pin %d)" % (signal, r["gpio"], pinmap.PICO_PIN[r["gpio"]])


def draw_parts(svg, rows):
    """Boxes listing what each part's pins connect to, using the same net names."""
    x, w = 570, 510
    boxes = [
        ("LED data buffer: 74AHCT125 (one gate used) or 74AHCT1G125", [
            ("A (input)", pin_ref(rows, "LED_DATA"), COLOURS["DATA"]),
            ("Y (output)", "330 ohm resistor -> strip DIN at hole 1", COLOURS["DATA"]),
            ("VCC", "+5V", COLOURS["5V"]),
            ("GND and /OE", "GND (unused gates of a 125: inputs to GND)", COLOURS["GND"]),
        ]),
        ("4x4 keypad (8-wire ribbon: rows, then columns)", [
            ("%d  %s" % (i + 1, "R%d" % i if i < 4 else "C%d" % (i - 4)),
             pin_ref(rows, "KEY_ROW%d" % i if i < 4 else "KEY_COL%d" % (i - 4)), COLOURS["KEY"])
            for i in range(8)
        ]),
        ("SSD1306 I2C display (optional), 4.7k pull-ups to 3V3", [
            ("GND", "GND", COLOURS["GND"]), ("VCC", "3V3(OUT), pin 36", COLOURS["3V3"]),
            ("SCL", pin_ref(rows, "I2C_SCL"), COLOURS["I2C"]),
            ("SDA", pin_ref(rows, "I2C_SDA"), COLOURS["I2C"]),
        ]),
        ("Status LED", [("anode", "1k resistor -> " + pin_ref(rows, "STATUS_LED"), COLOURS["LED"]),
                        ("cathode", "GND", COLOURS["GND"])]),
        ("5 V supply (USB-C or barrel jack, 2 A or more)", [
            ("+5V", "1.1 A fuse -> +5V of each street's strip start (4 injection points)",
             COLOURS["5V"]),
            ("+5V", "1000 uF across +5V/GND at the strip start", COLOURS["5V"]),
            ("+5V", "Schottky diode (e.g. 1N5817) -> VSYS, pin 39", COLOURS["5V"]),
            ("GND", "strip GND, buffer GND, Pico GND (pin 38): all common", COLOURS["GND"]),
        ]),
    ]  # fmt: skip
    y = 80
    for title, lines in boxes:
        h = 12 + 18 * len(lines)
        svg.box(x, y, w, h, title)
        for i, (pin, what, colour) in enumerate(lines):
            ly = y + 20 + 18 * i
            svg.dot(x + 14, ly - 4, colour)
            svg.text(x + 26, ly, pin, 11, colour=colour, weight="bold")
            svg.text(x + 110, ly, what, 11)
        y += h + 34


def draw_strip(svg):
    """The four streets and the game LED, with data direction and power injection."""
    top, dy, x0, step, gap = 760, 56, 200, 26, 14
    svg.text(W / 2, top - 30, "LED strip: four streets of 30 plus the game LED, chained in hole"
             " order (data: green, 5 V injection: red)", 14, "middle", weight="bold")  # fmt: skip
    ends = []
    for street in range(4):
        y = top + (3 - street) * dy  # street 1 nearest the player (bottom)
        xs = [x0 + i * step + (i // 5) * gap for i in range(30)]
        if street % 2:
            xs.reverse()
        for i, x in enumerate(xs):
            svg.add('<rect x="%g" y="%g" width="14" height="14" fill="#fff8d0" stroke="#444"/>'
                    % (x - 7, y - 7))  # fmt: skip
            if i % 5 == 4:
                svg.text(x, y + 22, str(street * 30 + i + 1), 9, "middle")
        arrow = "->" if street % 2 == 0 else "<-"
        svg.text(20, y + 4, "street %d %s" % (street + 1, arrow), 12)
        svg.line([(xs[0] - 20, y - 16), (xs[0] - 7, y - 4)], COLOURS["5V"], 2)
        svg.text(xs[0] - 22, y - 18, "+5V", 9, "middle", COLOURS["5V"])
        ends.append((xs[0], xs[-1], y))
    for (_, last, y), (first, _, ny) in itertools.pairwise(ends):
        side = last + (18 if last > first - 1 and last > 400 else -18)
        svg.line([(last + (7 if side > last else -7), y), (side, y), (side, ny),
                  (first + (7 if side > first else -7), ny)], COLOURS["DATA"], 2)  # fmt: skip
    first, last, y = ends[-1]  # street 4 ends at the left; the game LED sits beyond it
    gx, gy = first - 60 if first < last else last - 60, y + dy / 2
    end = min(first, last)
    svg.line([(end - 7, y), (gx, y), (gx, gy - 7)], COLOURS["DATA"], 2)
    svg.add(
        '<rect x="%g" y="%g" width="14" height="14" fill="#ffe08a" stroke="#444"/>'
        % (gx - 7, gy - 7)
    )
    svg.text(gx - 12, gy + 4, "121 (game)", 10, "end")
    s1 = ends[0]
    svg.line(
        [(s1[0] - 40, s1[2] + 30), (s1[0] - 40, s1[2]), (s1[0] - 7, s1[2])], COLOURS["DATA"], 2
    )
    svg.text(s1[0] - 40, s1[2] + 44, "DIN from buffer (330 ohm)", 10, "middle", COLOURS["DATA"])


def source():
    rows = pinmap.read_pins()
    svg = Svg()
    svg.text(W / 2, 30, "PicoPeg strip build: wiring (generated from hardware/pins.csv)", 18,
             "middle", weight="bold")  # fmt: skip
    by_pin = {pinmap.PICO_PIN[r["gpio"]]: r["signal"] for r in rows}
    draw_pico(svg, by_pin)
    draw_stubs(svg, rows)
    draw_parts(svg, rows)
    draw_strip(svg)
    return svg.source()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Generate hardware/wiring.svg from pins.csv.")
    ap.add_argument("--check", action="store_true", help="exit 1 if wiring.svg is stale")
    args = ap.parse_args(argv)
    if not genfile.refresh({SVG: source()}, args.check):
        print("wiring.svg is up to date")
        return 0
    if args.check:
        print("stale: hardware/wiring.svg (run `make pins`)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
