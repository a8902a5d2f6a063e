"""PicoPeg's version, and what the board runs it on (the settings page shows both).

    VERSION          "0.1.0": this firmware's release; pyproject.toml has the same (tested)
    about_lines()    ["PicoPeg 0.1.0", "MPy 1.26.1 UF2"]: "UF2" for the image tools/uf2
                     builds, "files" for `make flash`'s files on stock MicroPython

tools/uf2 reads VERSION from this file to name the UF2's board, so the MicroPython banner
says it too ("MicroPython v1.26.1 on ...; PicoPeg 0.1.0, Raspberry Pi Pico with RP2040").
SPDX-License-Identifier: MIT
"""

from compat import IN_UF2, IS_MICROPYTHON, RUNTIME_VERSION

VERSION = "0.1.0"


def about_lines():
    """Two display lines: PicoPeg's version; the MicroPython (or Python) under it, and how."""
    if IS_MICROPYTHON:
        runs = "MPy {} {}".format(RUNTIME_VERSION, "UF2" if IN_UF2 else "files")
    else:
        runs = "Python " + RUNTIME_VERSION
    return ["PicoPeg " + VERSION, runs]
