"""WS2812 ("NeoPixel") driver, frozen into the emulator's firmware and the PicoPeg UF2.

The official RPI_PICO firmware freezes micropython-lib's ``neopixel``. micropython-lib is a
git submodule that Debian's ``micropython`` source (the pinned source these images are built
from, tools/emu/recipe.py) leaves out, and that no package registry this build can reach
ships, so this module is carried here. It is derived from micropython-lib's
``micropython/drivers/led/neopixel/neopixel.py`` (the same API and wire order on the same
``machine.bitstream``; the timing tuples written out as constants), under that file's MIT
licence, whose notice follows and goes with every copy:

    NeoPixel driver for MicroPython
    MIT license; Copyright (c) 2016 Damien P. George, 2021 Jim Mussared

    Permission is hereby granted, free of charge, to any person obtaining a copy of this
    software and associated documentation files (the "Software"), to deal in the Software
    without restriction, including without limitation the rights to use, copy, modify,
    merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
    permit persons to whom the Software is furnished to do so, subject to the following
    conditions:

    The above copyright notice and this permission notice shall be included in all copies
    or substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
    INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
    PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
    HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
    CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR
    THE USE OR OTHER DEALINGS IN THE SOFTWARE.
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
