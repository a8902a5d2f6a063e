"""CI's helpers: enable_backports.sh (KiCad 9 from Debian backports, for .ci/run) and
mpy_typeshed.py (the MicroPython stubs as a typeshed, for `make typecheck`).

SPDX-License-Identifier: MIT
"""
