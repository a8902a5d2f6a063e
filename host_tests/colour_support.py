"""Colour-vision deficiency and colour difference, for the tests of the board's palettes
(board/test_palette.py, on CPython and MicroPython) and of the web page's colours
(web/test_web_colours.py).

The CVD check uses the Machado, Oliveira & Fernandes (2009) simulation matrices at severity
1.0 (protanopia, deuteranopia, tritanopia; the published supplementary tables, as also used
by colorspacious and colour-science), applied to linear RGB. LED drive values are PWM duty,
i.e. already linear light, so they go in as value / 255, then through sRGB's linear-RGB ->
XYZ (D65) matrix.

Two measures. The main one is the distance between CIE 1976 u'v' chromaticities: it does
not change with intensity, and a side is shown both bright (front peg) and dim (back peg),
so it must be told apart by hue alone (a just-noticeable step is about 0.004). That is the
measure that catches red vs green: to a protanope a dim green is a bright red. The second is
CIELAB delta-E 1976 at full drive, the usual "how different do they look" number.
"""

NORMAL = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
TRITANOPIA = (
    (1.255528, -0.076749, -0.178779),
    (-0.078411, 0.930809, 0.147602),
    (0.004733, 0.691367, 0.303900),
)
MIN_UV = 0.03  # chromaticity distance, about 7x a just-noticeable difference
MIN_DELTA_E = 30.0  # CIELAB, about 13x a just-noticeable difference (2.3)


def xyz(rgb, cvd):
    """CIE XYZ (D65) of an LED drive colour as seen with the cvd simulation matrix."""
    lin = [c / 255 for c in rgb]
    sim = []
    for row in cvd:
        v = row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]
        sim.append(0.0 if v < 0 else (1.0 if v > 1 else v))
    return (
        0.4124 * sim[0] + 0.3576 * sim[1] + 0.1805 * sim[2],
        0.2126 * sim[0] + 0.7152 * sim[1] + 0.0722 * sim[2],
        0.0193 * sim[0] + 0.1192 * sim[1] + 0.9505 * sim[2],
    )


def uv(rgb, cvd):
    x, y, z = xyz(rgb, cvd)
    d = x + 15 * y + 3 * z
    return (4 * x / d, 9 * y / d)


def lab(rgb, cvd):
    x, y, z = xyz(rgb, cvd)

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def uv_distance(c1, c2, cvd):
    a = uv(c1, cvd)
    b = uv(c2, cvd)
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def delta_e(c1, c2, cvd):
    a = lab(c1, cvd)
    b = lab(c2, cvd)
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2) ** 0.5
