"""`make uf2`: the firmware frozen into a MicroPython UF2 (make_uf2.py), and its tests (run in
the emulator's venv, on the emulated Pico).
"""
