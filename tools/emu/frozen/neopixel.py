"""WS2812 ("NeoPixel") driver frozen into the emulator firmware build.

The official RPI_PICO firmware freezes micropython-lib's ``neopixel``; micropython-lib is a git
submodule that no reachable package registry ships, so this module implements the same
documented API (``docs/library/neopixel.rst`` in the MicroPython sources: ``NeoPixel(pin, n,
*, bpp=3, timing=1)``, ``len``, item get/set, ``fill``, ``write``) on the same primitive,
``machine.bitstream``. Written from that documentation, not copied.
"""

from machine import bitstream

# (high_0, low_0, high_1, low_1) in ns, as machine.bitstream() takes them.
_TIMING_800KHZ = (400, 850, 800, 450)
_TIMING_400KHZ = (800, 1700, 1600, 900)


class NeoPixel:
    # Byte position of R, G, B, W within one pixel on the wire (WS2812 sends G, R, B).
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.pin.init(pin.OUT)
        if timing == 1:
            self.timing = _TIMING_800KHZ
        elif timing == 0:
            self.timing = _TIMING_400KHZ
        else:
            self.timing = timing

    def __len__(self):
        return self.n

    def __setitem__(self, index, value):
        base = index * self.bpp
        order = self.ORDER
        buf = self.buf
        for k in range(self.bpp):
            buf[base + order[k]] = value[k]

    def __getitem__(self, index):
        base = index * self.bpp
        order = self.ORDER
        buf = self.buf
        return tuple(buf[base + order[k]] for k in range(self.bpp))

    def fill(self, value):
        buf = self.buf
        order = self.ORDER
        bpp = self.bpp
        for k in range(bpp):
            byte = value[k]
            for base in range(order[k], len(buf), bpp):
                buf[base] = byte

    def write(self):
        bitstream(self.pin, 0, self.timing, self.buf)
