"""The firmware's modules that only a Pico W runs (wifi.py and what it imports), in one place.

    w_only("/live/server.mpy")       # True: an image path only a Pico W needs (make flash)
    source_names()                   # ("live/", "radio.py", ...): what the UF2 leaves out

`make flash` leaves them off a plain Pico (tools/flashing/wireless.py) and the UF2, which is
for the Pico (docs/WIFI.md), never freezes them (tools/uf2/make_uf2.py): a plain board's
flash and heap stay as before issue 19. Stdlib only, like make_uf2.py, which imports it.
SPDX-License-Identifier: MIT
"""

W_ONLY = ("/live/", "/radio.mpy", "/wifi.mpy", "/ui/wifiopts.mpy")  # image paths


def w_only(path):
    """True for an image path only a Pico W needs."""
    return any(path.startswith(p) if p.endswith("/") else path == p for p in W_ONLY)


def source_names():
    """W_ONLY as paths of firmware/'s sources: a folder ends in "/", a module in ".py"."""
    return tuple(p[1:] if p.endswith("/") else p[1:-4] + ".py" for p in W_ONLY)
