"""PicoPeg's PC tools, one room (package) per concern; the map is in docs/DEVELOPING.md.

    count.py, sim.py, flash.py   the command lines: count.py and sim.py run as files
                 (.venv/bin/python tools/sim.py, and on MicroPython too); the others,
                 like every tool, with `python -m tools.flash`
    board/       the PC stand-in for the board (PCBoard, Harness), MemFS, the shared test kit
    hardware/    pins, wiring, key map and the KiCad project, generated from hardware/*.csv
    rules/       the rules' generated tables (show, totals, crib) and the full enumeration
    bench/       the benchmarks (`make bench`)
    club/        the club night hub (`make club`, tools/club.py; docs/CLUB.md)
    flashing/, simulator/, ci/   the flashing tool, the simulator, CI's helpers
    emu/, uf2/   the emulated Pico and the UF2: run in their own venv (tools/emu/README.md)
    web/         the board in the browser (`make web`, docs/WEB.md); web/py: the web board's
                 modules, top-level in the browser as the firmware's are on the Pico

Imports are absolute (``from tools.board.pcboard import Harness``), and the firmware's modules
are top-level (``from scorekeeper import Keeper``), as on the Pico: the venvs install the
project (pyproject.toml), which puts firmware/ and the repository root on the path, so no tool
edits sys.path. Tools never import host_tests, and no room imports one that imports it back
(host_tests/project/test_tools_rooms.py).
SPDX-License-Identifier: MIT
"""
