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

# Current budget figures the parts are chosen for (hardware/README.md tables them).
FUSE_HOLD_MA = 1100  # Bourns MF-MSMF110-2: holds 1.1 A, trips at 2.2 A
FUSE_TRIP_MA = 2200

C100N = ("C", "100n", "C_0603_1608Metric", "CL10B104KB8NNNC", "Samsung Electro-Mechanics")


def part(ref, sym, value, fp, mpn, mfr, nets, at, bom=True, desc=""):  # noqa: PLR0917
    """One component: a row of the parts table."""
    return {
        "ref": ref, "sym": sym, "value": value, "fp": fp, "mpn": mpn, "mfr": mfr,
        "nets": nets, "at": at, "bom": bom, "desc": desc,
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
                 "WS2812B-V5", "Worldsemi", nets, (x, y), desc="hole %d" % hole)
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
    yageo = "Yageo"
    return [
        # 5 V in: USB-C (power only, 5.1k CC pull-downs ask any USB-C source for 5 V),
        # polyfuse, then a P-MOSFET whose body diode blocks reverse polarity.
        part("J1", "USB_C_Receptacle_PowerOnly_6P", "USB-C power",
             "USB_C_Receptacle_GCT_USB4125-xx-x_6P_TopMnt_Horizontal", "USB4125-GF-A", "GCT",
             {"VBUS": "VBUS", "GND": "GND", "SHIELD": "GND", "CC1": "CC1", "CC2": "CC2"},
             (40.64, 63.5)),
        part("R5", "R", "5.1k", r0603, "RC0603FR-075K1L", yageo, {"1": "CC1", "2": "GND"},
             (81.28, 50.8)),
        part("R6", "R", "5.1k", r0603, "RC0603FR-075K1L", yageo, {"1": "CC2", "2": "GND"},
             (96.52, 50.8)),
        part("F1", "Polyfuse", "1.1A hold", "Fuse_1812_4532Metric", "MF-MSMF110-2", "Bourns",
             {"1": "VBUS", "2": "VBUS_F"}, (119.38, 50.8)),
        part("Q1", "AO3401A", "AO3401A", "SOT-23", "AO3401A", "Alpha & Omega Semiconductor",
             {"G": "GND", "D": "VBUS_F", "S": "+5V"}, (144.78, 50.8),
             desc="reverse-polarity protection"),
        part("C122", "C_Polarized", "1000u 16V", "CP_Radial_D10.0mm_P5.00mm", "UVR1C102MPD",
             "Nichicon", {"1": "+5V", "2": "GND"}, (172.72, 50.8)),
        part("D122", "D_Schottky", "MBR0520", "D_SOD-123", "MBR0520LT1G", "onsemi",
             {"K": "VSYS", "A": "+5V"}, (203.2, 50.8), desc="5 V to the Pico's VSYS"),
        # The Pico and what hangs off its pins.
        part("A1", "RaspberryPi_Pico", "Raspberry Pi Pico", "RaspberryPi_Pico_Common_THT",
             "SC0915", "Raspberry Pi", pico_nets(), (81.28, 172.72)),
        part("U1", "74AHCT1G125", "74AHCT1G125", "SOT-23-5", "SN74AHCT1G125DBVR",
             "Texas Instruments",
             {"1": "GND", "2": "LED_DATA", "3": "GND", "4": "LED_BUF", "5": "+5V"},
             (195.58, 134.62), desc="3.3 V to 5 V buffer for the LED data"),
        part("C123", *C100N, {"1": "+5V", "2": "GND"}, (170.18, 114.3)),
        part("R1", "R", "330", r0603, "RC0603FR-07330RL", yageo,
             {"1": "LED_BUF", "2": "LED_DIN"}, (233.68, 134.62)),
        part("R4", "R", "1k", r0603, "RC0603FR-071KL", yageo,
             {"1": "STATUS_LED", "2": "STATUS_A"}, (195.58, 190.5)),
        part("D123", "LED", "green", "LED_0603_1608Metric", "LTST-C191KGKT", "Lite-On",
             {"A": "STATUS_A", "K": "GND"}, (228.6, 203.2), desc="status LED"),
        # Off-board controls: 4x4 keypad (rows then columns) and the optional SSD1306.
        part("J2", "Conn_01x08", "Keypad 4x4", "PinHeader_1x08_P2.54mm_Vertical",
             "61300811121", "Wurth Elektronik",
             {str(i + 1): n for i, n in enumerate(
                 ["KEY_ROW0", "KEY_ROW1", "KEY_ROW2", "KEY_ROW3",
                  "KEY_COL0", "KEY_COL1", "KEY_COL2", "KEY_COL3"])},
             (50.8, 279.4)),
        part("J3", "Conn_01x04", "SSD1306 I2C", "PinHeader_1x04_P2.54mm_Vertical",
             "61300411121", "Wurth Elektronik",
             {"1": "GND", "2": "+3V3", "3": "I2C_SCL", "4": "I2C_SDA"}, (121.92, 279.4),
             desc="GND VCC SCL SDA, the common 0.96 inch module order"),
        part("R2", "R", "4.7k", r0603, "RC0603FR-074K7L", yageo,
             {"1": "+3V3", "2": "I2C_SDA"}, (167.64, 276.86)),
        part("R3", "R", "4.7k", r0603, "RC0603FR-074K7L", yageo,
             {"1": "+3V3", "2": "I2C_SCL"}, (190.5, 276.86)),
        # Test points and mounting holes: on the board, not in the BOM.
        *[part("TP%d" % (i + 1), "TestPoint", net, "TestPoint_THTPad_D1.5mm_Drill0.7mm",
               "", "", {"1": net}, (40.64 + 25.4 * i, 355.6), bom=False)
          for i, net in enumerate(["+5V", "GND", "+3V3", "LED_DIN", "LED_DATA"])],
        *[part("H%d" % (i + 1), "MountingHole", "M3", "MountingHole_3.2mm_M3", "", "", {},
               (40.64 + 15.24 * i, 386.08), bom=False) for i in range(6)],
    ]  # fmt: skip


def all_parts():
    """Every component, main circuit first."""
    return main_parts() + led_parts()
