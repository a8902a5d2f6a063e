"""The board simulator's modules; the command is tools/sim.py (docs/SIMULATOR.md).

Runs on both CPython and MicroPython: script, expect, run, report, geom, glyph, fs (the
scripted and line modes). CPython only: live, tui, panels (the interactive board, Textual).
SPDX-License-Identifier: MIT
"""
