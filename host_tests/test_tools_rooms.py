"""The tools' rooms have no way back (issue 22): no module under tools/ imports host_tests (the
tests import the tools, never the other way round), no room imports a module that imports it
back, and no tool puts a folder on sys.path where `python -m` from the repository root finds it
anyway: the few that must (run as files, on MicroPython, on the emulated Pico, in the
emulator's own venv) are listed below with the reason, and every other tool runs with -m."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TOOLS = REPO / "tools"

# The files that set sys.path themselves, and why no `python -m` can do it for them.
SETS_ITS_PATH = {
    "tools/fwpath.py": "the one place a tool run with -m puts firmware/ on sys.path",
    "tools/sim.py": "run as a file (docs, make sim), and on MicroPython, which has no -m here",
    "tools/count.py": "run as a file: README's `.venv/bin/python tools/count.py`",
    "tools/club.py": "run as a file: the club's scripts call `tools/club.py --db FILE ...`",
    "tools/board/fullgame.py": "run by make heap on MicroPython, with the compiled dirs given",
    "tools/rules/gen_cribtable.py": "run as a file: the generated firmware module names it",
    "tools/rules/gen_totals.py": "run as a file: the generated firmware module names it",
    "tools/rules/gen_showtable.py": "run as a file: the generated firmware module names it",
    "tools/rules/show_enumeration.py": "run as a file: prints both distributions",
    "tools/uf2/make_uf2.py": "stdlib only, run by any python3; imports tools/emu's by name",
    "tools/emu/board_files.py": "tools/emu runs in its own venv; its modules import by name",
    "tools/emu/pico_figures.py": "tools/emu runs in its own venv; its modules import by name",
    "tools/emu/tests/conftest.py": "pytest of tools/emu's by-name modules",
    "tools/uf2/tests/conftest.py": "pytest of tools/uf2's and tools/emu's by-name modules",
}


def python_files():
    return sorted(p for p in TOOLS.rglob("*.py") if "__pycache__" not in p.parts)


def rel(path):
    return path.relative_to(REPO).as_posix()


def imported_names(tree):
    """Every module name an import statement names, at any depth (functions too)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (node.module + "." + a.name for a in node.names)


def sets_sys_path(tree):
    """True if the code (not a string of code for another interpreter) changes sys.path."""
    for node in ast.walk(tree):
        target = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("insert", "append", "extend"):
                target = node.func.value
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            target = next((t for t in targets if isinstance(t, (ast.Subscript, ast.Attribute))),
                          None)  # fmt: skip
            target = target.value if isinstance(target, ast.Subscript) else target
        if target is not None and ast.unparse(target) == "sys.path":
            return True
    return False


def test_no_tool_imports_host_tests():
    test_modules = {p.stem for p in (REPO / "host_tests").glob("*.py")} | {"host_tests"}
    own = {p.stem for p in (REPO / "firmware").rglob("*.py")}
    own |= {p.stem for p in TOOLS.rglob("*.py")}
    found = []
    for path in python_files():
        for name in imported_names(ast.parse(path.read_text())):
            top = name.split(".")[0]
            if top in test_modules and top not in own:
                found.append((rel(path), name))
    assert found == []
    assert test_modules - own >= {"host_tests", "fake_pico", "support", "app_support"}  # seen


def test_only_the_listed_tools_set_sys_path():
    setting = {rel(p) for p in python_files() if sets_sys_path(ast.parse(p.read_text()))}
    unlisted = sorted(setting - set(SETS_ITS_PATH))
    assert unlisted == [], "run it with python -m tools.X, or list it here with the reason"
    assert sorted(set(SETS_ITS_PATH) - setting) == []  # a listed one that no longer does


def test_the_check_sees_each_way_of_setting_sys_path():
    for code in ("sys.path.insert(0, p)", "sys.path.append(p)", "sys.path[:0] = [p]",
                 "sys.path += [p]", "def f():\n    sys.path.insert(0, p)"):  # fmt: skip
        assert sets_sys_path(ast.parse(code)), code
    for code in ("print(sys.path)", "x.insert(0, p)", "S = 'sys.path.insert(0, p)'"):
        assert not sets_sys_path(ast.parse(code)), code


def module_of(path):
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_room_imports_a_module_that_imports_it_back():
    """The import graph of the tools package (imports inside functions too) has no cycle."""
    modules = {module_of(p): p for p in python_files() if (p.parent / "__init__.py").exists()}
    graph = {}
    for name, path in modules.items():
        edges = set()
        for target in imported_names(ast.parse(path.read_text())):
            while target and target not in modules:
                target = target.rpartition(".")[0]  # tools.a.b.NAME -> tools.a.b
            if target and target != name and not name.startswith(target + "."):
                edges.add(target)  # (a module's own package is not a way back)
        graph[name] = edges
    cycles = []
    state = {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                cycles.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert cycles == []
    assert "tools.simulator.errors" in graph["tools.simulator.expect"]  # the circle, broken
    assert "tools.simulator.script" not in graph["tools.simulator.expect"]


@pytest.mark.parametrize("module", ["tools.flash", "tools.web.build", "tools.export"])
def test_the_tools_run_with_python_m_from_the_repository_root(module):
    done = subprocess.run([sys.executable, "-m", module, "--help"], cwd=REPO,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ")
