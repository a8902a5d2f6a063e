"""The emulated Pico (rp2040py running a real MicroPython rp2 firmware): its build, the board
as a player has it, and the runs of the firmware and the tests on it. Runs in its own venv,
build/emu/venv (tools/emu/setup.sh), where the project is installed too; README.md here.
"""
