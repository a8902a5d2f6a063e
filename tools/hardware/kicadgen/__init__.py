"""Generators for the PicoPeg KiCad project (schematic, board, library) and their data.

SPDX-License-Identifier: MIT
"""
