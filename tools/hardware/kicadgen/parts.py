"""PicoPeg's components: symbol, footprint, value, manufacturer part and the net on each pin.

This is the circuit. The schematic generator draws it (labels on pins, power symbols, the
LED chain wired DOUT -> DIN); the board is built from the netlist KiCad exports from that
schematic, so the two always agree. Pins are keyed by number, or by name for symbols whose
pin names say what they are (the Pico, the USB-C receptacle). A pin with no entry gets a
no-connect flag. D1..D121 are the track LEDs, numbered as the holes they light.
SPDX-License-Identifier: MIT
"""

from tools.hardware import pinmap
from tools.hardware.kicadgen import track

LIB = "picopeg"
# J2's pins, 1 to 8: the keypad's lines in reverse, so that none crosses another on the board
# (kicadgen/layout.py); the silkscreen names each pin.
KEYPAD_J2 = ("KEY_COL3", "KEY_COL2", "KEY_COL1", "KEY_COL0",
             "KEY_ROW3", "KEY_ROW2", "KEY_ROW1", "KEY_ROW0")  # fmt: skip

# Current budget figures the parts are chosen for (hardware/README.md tables them).
FUSE_HOLD_MA = 2000  # SMD1210P200TF: holds 2 A, trips at 4 A (firmware/supply.py agrees)
FUSE_TRIP_MA = 4000

C100N = ("C", "100n", "C_0603_1608Metric", "CL10B104KB8NNNC", "Samsung Electro-Mechanics")

# JLCPCB/LCSC order code, library ("basic" parts need no feeder fee), unit price (USD, the
# quantity this order buys) and where the price comes from: "seen" when a public BOM or parts
# list read it (dated 2024-2026, hardware/README.md), else "estimate". Every code was matched
# to its MPN in public sources (LCSC datasheet and part-page names carry the code, e.g.
# ..._SN74AHCT1G125DBVR_C7484.pdf). tools/hardware/cost.py sums them for the assembled cost.
# Keyed by MPN; every part in the BOM must have an entry.
SOURCING = {
    "CL10B104KB8NNNC": ("C1591", "basic", 0.0016, "estimate"),
    "CL10A105KB8NNNC": ("C15849", "basic", 0.0050, "seen"),
    "CL10A106KP8NNNC": ("C19702", "basic", 0.0067, "estimate"),
    "WS2812B-B": ("C114586", "extended", 0.0950, "estimate"),  # WS2812B-B/T C2761795: 0.09
    "0603WAF5101T5E": ("C23186", "basic", 0.0010, "estimate"),
    "0603WAF3300T5E": ("C23138", "basic", 0.0010, "seen"),
    "0603WAF1001T5E": ("C21190", "basic", 0.0010, "estimate"),
    "0603WAF4701T5E": ("C23162", "basic", 0.0010, "estimate"),
    "0603WAF1002T5E": ("C25804", "basic", 0.0010, "seen"),
    "0603WAF1003T5E": ("C25803", "basic", 0.0010, "estimate"),
    "SMD1210P200TF": ("C20808", "extended", 0.2200, "seen"),
    "AO3401A": ("C15127", "basic", 0.0230, "estimate"),
    "B5819W SL": ("C8598", "basic", 0.0280, "seen"),
    "SN74AHCT1G125DBVR": ("C7484", "extended", 0.0680, "estimate"),
    "KT-0603R": ("C2286", "basic", 0.0059, "seen"),
    "SMAJ5.0A-13-F": ("C87074", "extended", 0.0656, "seen"),
    "ESD9B5V": ("C2905646", "extended", 0.0120, "estimate"),
    # GCT's own part, the one KiCad's footprint is drawn for (hardware/parts/usb4125.md);
    # the 1.90 mm shell stakes pass through the 1.6 mm board and solder on the back.
    "USB4125-GF-A-0190": ("C5246813", "extended", 0.8500, "seen"),
    # Through-hole, soldered by hand (tools/hardware/fab.py lists them apart).
    # No LCSC code: bought with the other hand-soldered parts (any distributor).
    "UVR1C102MPD": ("", "tht", 0.3500, "estimate"),
    "SC0915": ("", "tht", 4.0000, "estimate"),
    # Würth's WR-PHD angled header by its numbering (6130xx11021); any 1x8 right-angle fits.
    "61300811021": ("", "tht", 0.3000, "estimate"),
    "61300411121": ("", "tht", 0.2000, "estimate"),
}


def part(ref, sym, value, fp, mpn, mfr, nets, at, bom=True, desc=""):  # noqa: PLR0917
    """One component: a row of the parts table (its LCSC code from SOURCING)."""
    lcsc = SOURCING[mpn][0] if bom else ""
    return {
        "ref": ref, "sym": sym, "value": value, "fp": fp, "mpn": mpn, "mfr": mfr,
        "nets": nets, "at": at, "bom": bom, "desc": desc, "lcsc": lcsc,
    }  # fmt: skip


def chain_in(hole):
    """Net feeding the DIN of hole's LED."""
    return "LED_DIN" if hole == 1 else "DIN%03d" % hole


def led_parts():
    """D1..D121 (WS2812B) and their decoupling capacitors C1..C121, in an 11 x 11 grid."""
    out = []
    for hole in range(1, track.HOLES + 1):
        row, col = divmod(hole - 1, LED_COLS)
        x = LED_X0 + col * LED_DX
        y = LED_Y0 + row * LED_DY
        dout = chain_in(hole + 1) if hole < track.HOLES else None
        nets = {"1": "+5V", "2": dout, "3": "GND", "4": chain_in(hole)}
        out.append(
            part("D%d" % hole, "WS2812B", "WS2812B", "LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm",
                 "WS2812B-B", "Worldsemi", nets, (x, y), desc="hole %d" % hole)
        )  # fmt: skip
        sym, value, fp, mpn, mfr = C100N
        cap = {"1": "+5V", "2": "GND"}
        out.append(part("C%d" % hole, sym, value, fp, mpn, mfr, cap, (x + 12.7, y + 10.16)))
    return out


LED_COLS = 11
LED_X0, LED_Y0, LED_DX, LED_DY = 294.64, 45.72, 25.4, 30.48


def pico_nets():
    """Pico pins by name: GPIOs from pins.csv, power, and ground."""
    nets = {"GND": "GND", "AGND": "GND", "3V3": "+3V3", "VSYS": "VSYS"}
    for row in pinmap.read_pins():
        g = row["gpio"]
        name = "GPIO%d" % g if g < 26 else "GPIO%d_ADC%d" % (g, g - 26)
        nets[name] = row["signal"]
    return nets


def main_parts():
    """Everything but the track LEDs."""
    r0603 = "R_0603_1608Metric"
    yageo = "UNI-ROYAL"
    return [
        # 5 V in: USB-C (power only, 5.1k CC pull-downs ask any USB-C source for 5 V),
        # polyfuse, then a P-MOSFET whose body diode blocks reverse polarity.
        part("J1", "USB_C_Receptacle_PowerOnly_6P", "USB-C power",
             "USB_C_Receptacle_GCT_USB4125-xx-x-0190_6P_TopMnt_Horizontal",
             "USB4125-GF-A-0190", "GCT",
             {"VBUS": "VBUS", "GND": "GND", "SHIELD": "GND", "CC1": "CC1", "CC2": "CC2"},
             (40.64, 63.5)),
        part("R5", "R", "5.1k", r0603, "0603WAF5101T5E", yageo, {"1": "CC1", "2": "GND"},
             (81.28, 50.8)),
        part("R6", "R", "5.1k", r0603, "0603WAF5101T5E", yageo, {"1": "CC2", "2": "GND"},
             (96.52, 50.8)),
        # Unidirectional: the Zener symbol (KiCad's D_TVS is the bidirectional one), K on VBUS.
        part("D124", "D_Zener", "SMAJ5.0A", "D_SMA", "SMAJ5.0A-13-F", "Diodes Incorporated",
             {"1": "VBUS", "2": "GND"}, (40.64, 238.76), desc="VBUS surge clamp (unidirectional)"),
        part("F1", "Polyfuse", "2A hold", "Fuse_1210_3225Metric", "SMD1210P200TF", "PTTC",
             {"1": "VBUS", "2": "VBUS_F"}, (119.38, 50.8)),
        part("Q1", "AO3401A", "AO3401A", "SOT-23", "AO3401A", "Alpha & Omega Semiconductor",
             {"G": "GND", "D": "VBUS_F", "S": "VBUS_P"}, (144.78, 50.8),
             desc="reverse-polarity protection"),
        # Soft start: Q2's body diode blocks the inrush, its gate ramps down through R10
        # with C124 (gate-drain, the Miller ramp) and C125 (gate-source: off at plug-in).
        part("Q2", "AO3401A", "AO3401A", "SOT-23", "AO3401A", "Alpha & Omega Semiconductor",
             {"G": "Q2_GATE", "D": "+5V", "S": "VBUS_P"}, (60.96, 238.76),
             desc="soft start for the bulk capacitor"),
        part("R9", "R", "100k", r0603, "0603WAF1003T5E", yageo, {"1": "VBUS_P", "2": "Q2_GATE"},
             (81.28, 238.76)),
        part("R10", "R", "10k", r0603, "0603WAF1002T5E", yageo, {"1": "Q2_GATE", "2": "GND"},
             (101.60, 238.76)),
        part("C124", "C", "1u", "C_0603_1608Metric", "CL10A105KB8NNNC",
             "Samsung Electro-Mechanics", {"1": "Q2_GATE", "2": "+5V"}, (121.92, 238.76)),
        part("C125", "C", "10u", "C_0603_1608Metric", "CL10A106KP8NNNC",
             "Samsung Electro-Mechanics", {"1": "VBUS_P", "2": "Q2_GATE"}, (142.24, 238.76)),
        # CC sensing: each CC line through 10k into an ADC input (firmware/supply.py).
        part("R7", "R", "10k", r0603, "0603WAF1002T5E", yageo, {"1": "CC1", "2": "CC1_SENSE"},
             (162.56, 238.76)),
        part("R8", "R", "10k", r0603, "0603WAF1002T5E", yageo, {"1": "CC2", "2": "CC2_SENSE"},
             (182.88, 238.76)),
        part("C122", "C_Polarized", "1000u 16V", "CP_Radial_D10.0mm_P5.00mm", "UVR1C102MPD",
             "Nichicon", {"1": "+5V", "2": "GND"}, (172.72, 50.8)),
        part("D122", "D_Schottky", "B5819W", "D_SOD-123", "B5819W SL", "Changjiang",
             {"K": "VSYS", "A": "+5V"}, (203.2, 50.8), desc="5 V to the Pico's VSYS"),
        # The Pico and what hangs off its pins.
        part("A1", "RaspberryPi_Pico", "Raspberry Pi Pico", "RaspberryPi_Pico_Common_THT",
             "SC0915", "Raspberry Pi", pico_nets(), (81.28, 172.72)),
        part("U1", "74AHCT1G125", "74AHCT1G125", "SOT-23-5", "SN74AHCT1G125DBVR",
             "Texas Instruments",
             {"1": "GND", "2": "LED_DATA", "3": "GND", "4": "LED_BUF", "5": "+5V"},
             (195.58, 134.62), desc="3.3 V to 5 V buffer for the LED data"),
        part("C123", *C100N, {"1": "+5V", "2": "GND"}, (170.18, 114.3)),
        part("R1", "R", "330", r0603, "0603WAF3300T5E", yageo,
             {"1": "LED_BUF", "2": "LED_DIN"}, (233.68, 134.62)),
        part("R4", "R", "1k", r0603, "0603WAF1001T5E", yageo,
             {"1": "STATUS_LED", "2": "STATUS_A"}, (195.58, 190.5)),
        # Red: its 2 V leaves 1.3 mA through R4 from a 3.3 V pin; a green (InGaN, 2.6-3.1 V)
        # would barely light.
        part("D123", "LED", "red", "LED_0603_1608Metric", "KT-0603R", "Hubei KENTO",
             {"A": "STATUS_A", "K": "GND"}, (228.6, 203.2), desc="status LED"),
        # Off-board controls: 4x4 keypad (rows then columns) and the optional SSD1306.
        part("J2", "Conn_01x08", "Keypad 4x4", "PinHeader_1x08_P2.54mm_Horizontal",
             "61300811021", "Wurth Elektronik",
             {str(i + 1): n for i, n in enumerate(KEYPAD_J2)},
             (50.8, 279.4)),
        part("J3", "Conn_01x04", "SSD1306 I2C", "PinHeader_1x04_P2.54mm_Vertical",
             "61300411121", "Wurth Elektronik",
             {"1": "GND", "2": "+3V3", "3": "I2C_SCL", "4": "I2C_SDA"}, (121.92, 279.4),
             desc="GND VCC SCL SDA, the common 0.96 inch module order"),
        part("R2", "R", "4.7k", r0603, "0603WAF4701T5E", yageo,
             {"1": "+3V3", "2": "I2C_SDA"}, (167.64, 276.86)),
        part("R3", "R", "4.7k", r0603, "0603WAF4701T5E", yageo,
             {"1": "+3V3", "2": "I2C_SCL"}, (190.5, 276.86)),
        # Test points and mounting holes: on the board, not in the BOM.
        *[part("TP%d" % (i + 1), "TestPoint", net, "TestPoint_THTPad_D1.5mm_Drill0.7mm",
               "", "", {"1": net}, (40.64 + 25.4 * i, 355.6), bom=False)
          for i, net in enumerate(["+5V", "GND", "+3V3", "LED_DIN", "LED_DATA"])],
        *[part("H%d" % (i + 1), "MountingHole", "M3", "MountingHole_3.2mm_M3", "", "", {},
               (40.64 + 15.24 * i, 386.08), bom=False) for i in range(6)],
        # Two fiducials on the assembly (top) side, for the house's placement camera.
        *[part("FID%d" % (i + 1), "Fiducial", "Fiducial", "Fiducial_1mm_Mask2mm", "", "", {},
               (142.24 + 15.24 * i, 386.08), bom=False) for i in range(2)],
    ] + esd_parts()  # fmt: skip


# ESD clamps at the off-board connectors: one per keypad line (J2) and on SCL, SDA (J3).
ESD_LINES = ["KEY_ROW0", "KEY_ROW1", "KEY_ROW2", "KEY_ROW3",
             "KEY_COL0", "KEY_COL1", "KEY_COL2", "KEY_COL3", "I2C_SCL", "I2C_SDA"]  # fmt: skip
ESD_FIRST = 125  # D125.. (D124 is the VBUS TVS)


def esd_parts():
    return [
        part("D%d" % (ESD_FIRST + i), "D_TVS", "ESD9B5V", "D_SOD-923", "ESD9B5V", "Will Semi",
             {"1": net, "2": "GND"}, (40.64 + 15.24 * i, 320.04), desc="ESD clamp, " + net)
        for i, net in enumerate(ESD_LINES)
    ]  # fmt: skip


def all_parts():
    """Every component, main circuit first."""
    return main_parts() + led_parts()
