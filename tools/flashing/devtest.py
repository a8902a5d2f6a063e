"""`make device-test`: the rules tests, run on the Pico by host_tests/upy_run.py.

    passed, failed = device_test(link, Path("host_tests"), "mpy-cross")

The rules tests are the `# upy: run` files that need only the `cribbage` package (through
their helpers too); they run against the cribbage on the board, so `make flash` first. They,
their helpers (support.py, show_support.py) and upy_run.py go to a temporary folder (the
tests precompiled with mpy-cross: compiling 18 KB of source on the Pico would need more heap
than the tests); each module runs in its own call with a clean heap, and the folder is
removed at the end, failures or not.
SPDX-License-Identifier: MIT
"""

import ast
import re
import tempfile
from pathlib import Path

from tools.flashing import device, snippets
from tools.flashing.errors import FlashError
from tools.flashing.image import compile_module

MARKER = "# upy: run"
PACKAGE = "cribbage"
RUNNER = "upy_run.py"
ALWAYS = ("support.py",)  # the brief's helper, copied even when no test imports it
BUILTINS = {"sys", "gc", "math", "time"}  # MicroPython modules the tests may use
FOLDER = "/_picopeg_test"
TEST_TIMEOUT = 600  # seconds a module may run without printing (a slow board, a big test)
RESULT = re.compile(r"micropython (\w+): (\d+) passed, (\d+) failed")


def imports(path):
    """The top-level names of every module `path` imports (anywhere in the file)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def rules_tests(host_tests):
    """(tests, helpers): the marked tests that need only cribbage, and the helper files."""
    host_tests = Path(host_tests)
    helpers = {p.stem: p for p in host_tests.glob("*.py") if not p.name.startswith("test_")}
    memo: dict[Path, set[str] | None] = {}

    def needs(path, seen=()):
        """The helpers `path` needs, or None if it needs anything but cribbage."""
        if path in memo:
            return memo[path]
        found = set()
        for name in imports(path):
            if name == PACKAGE or name in BUILTINS:
                continue
            if name not in helpers or name in seen:
                memo[path] = None
                return None
            sub = needs(helpers[name], (*seen, name))
            if sub is None:
                memo[path] = None
                return None
            found |= sub | {name}
        memo[path] = found
        return found

    tests, used = [], set()
    for path in sorted(host_tests.glob("*/test_*.py"), key=lambda p: p.name):
        if not path.read_text().startswith(MARKER):
            continue
        need = needs(path)
        if need is not None and PACKAGE in imports(path) | _package_users(need, helpers):
            tests.append(path)
            used |= need
    names = sorted(used | {Path(a).stem for a in ALWAYS})
    return tests, [helpers[n] for n in names if n in helpers]


def _package_users(names, helpers):
    return set().union(*(imports(helpers[n]) for n in names)) if names else set()


def staged(tests, helpers, runner, mpy_cross):
    """{board path: bytes}: tests and helpers as .mpy, the runner as source."""
    files = {f"{FOLDER}/{runner.name}": runner.read_bytes()}
    with tempfile.TemporaryDirectory() as tmp:
        for src in list(helpers) + list(tests):
            out = Path(tmp) / (src.stem + ".mpy")
            compile_module(mpy_cross, src, src.name, out)
            files[f"{FOLDER}/{out.name}"] = out.read_bytes()
    return files


def device_test(link, host_tests, mpy_cross, log=print):
    """Copy, run and clean up; return (passed, failed). A crashed module counts as failed."""
    tests, helpers = rules_tests(host_tests)
    link.doing = "looking for the cribbage package"
    found, _ = device.tree(link, roots=[f"/{PACKAGE}/__init__.mpy", f"/{PACKAGE}/__init__.py"])
    if not found:
        raise FlashError("the cribbage package is not on the board: run make flash first")
    files = staged(tests, helpers, Path(host_tests) / RUNNER, mpy_cross)
    _remove_folder(link)
    passed = failed = 0
    try:
        device.make_dirs(link, [FOLDER])
        for i, (path, data) in enumerate(sorted(files.items()), 1):
            link.doing = f"copying {path}"
            log(f"copying {i}/{len(files)} {path.lstrip('/')}")
            device.write_file(link, path, data)
        for test in tests:
            link.doing = f"running {test.stem} on the board"
            p, f = _run_module(link, test.stem, log)
            passed, failed = passed + p, failed + f
    finally:
        _remove_folder(link)
    log(f"device-test: {passed} passed, {failed} failed ({len(tests)} modules on the board)")
    return passed, failed


def _run_module(link, name, log):
    out = link.run(snippets.DEVICE_TEST % (FOLDER, FOLDER, name), timeout=TEST_TIMEOUT)
    lines = [line.rstrip() for line in out.splitlines() if line.strip()]
    result = [RESULT.match(line) for line in lines]
    counts = [m for m in result if m and m.group(1) == name]
    for line in lines:
        if not line.startswith("micropython total:"):
            log(line)
    if "CRASH" in lines or not counts:
        log(f"micropython {name}: crashed before reporting (counted as 1 failure)")
        return 0, 1
    return int(counts[-1].group(2)), int(counts[-1].group(3))


def _remove_folder(link):
    """Remove the temporary folder (and what an interrupted run left in it)."""
    link.doing = f"removing {FOLDER}"
    files, dirs = device.tree(link, roots=[FOLDER])
    device.remove_files(link, list(files))
    device.remove_dirs(link, list(dirs))
