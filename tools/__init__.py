"""PicoPeg's PC tools, one room (package) per concern; the map is in docs/DEVELOPING.md.

    count.py, sim.py, flash.py   the command lines: count.py and sim.py run as files
                 (python tools/sim.py, on MicroPython too); the others, like every tool,
                 with `python -m tools.flash` from the repository root
    board/       the PC stand-in for the board (PCBoard, Harness), MemFS, the shared test kit
    hardware/    pins, wiring, key map and the KiCad project, generated from hardware/*.csv
    rules/       the rules' generated tables (show, totals, crib) and the full enumeration
    bench/       the benchmarks (`make bench`)
    club/        the club night hub (`make club`, tools/club.py; docs/CLUB.md)
    flashing/, simulator/, ci/   the flashing tool, the simulator, CI's helpers
    emu/         the emulated Pico: scripts run in their own venv (tools/emu/README.md)
    web/         the board in the browser (`make web`, docs/WEB.md); web/py: the web board's
                 modules, top-level in the browser as the firmware's are on the Pico

Imports are absolute from the repository root (``from tools.board.pcboard import Harness``)
with firmware/ on the path too, as the firmware's modules are top-level on the Pico: a tool
that imports them starts with ``import tools.fwpath``. Tools never import host_tests, and no
room imports one that imports it back (host_tests/test_tools_rooms.py).
SPDX-License-Identifier: MIT
"""
