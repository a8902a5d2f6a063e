"""The tools' rooms have no way back (issue 22): no module under tools/ imports host_tests (the
tests import the tools, never the other way round), and no room imports a module that imports
it back. And nothing CPython runs edits its import path: the venvs install the project
(pyproject.toml: firmware/, the web board's modules and the tools package), so every tool
and test imports by name, from any folder. Only code that runs on MicroPython alone sets its
path (the unix port has no install): the files listed below, and blocks under
`if sys.implementation.name == "micropython":`."""

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TOOLS = REPO / "tools"

# Files that only MicroPython runs, which set their own path, and why.
MICROPYTHON_ONLY = {
    "host_tests/upy_run.py": "runs the tests on the unix port and on the board",
    "host_tests/upy_pico.py": "the flashing tool's snippets on the unix port, as on a Pico",
    "tools/board/heapcheck.py": "make heap on the unix port, with the compiled firmware",
}


def python_files():
    return sorted(p for p in TOOLS.rglob("*.py") if "__pycache__" not in p.parts)


def rel(path):
    return path.relative_to(REPO).as_posix()


@functools.cache
def source(path):
    return path.read_text()


@functools.cache
def tree(path):
    """The parsed module at path, parsed once for all the checks here (some 400 files)."""
    return ast.parse(source(path))


def imported_names(tree):
    """Every module name an import statement names, at any depth (functions too)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (node.module + "." + a.name for a in node.names)


def on_micropython_only(node):
    """True for `if sys.implementation.name == "micropython":` (its body runs there only)."""
    return isinstance(node, ast.If) and ast.unparse(node.test) in (
        "sys.implementation.name == 'micropython'",
        "o.firmware and sys.implementation.name == 'micropython'",
    )


def sets_sys_path(tree):
    """True if code CPython runs (not a string of code for another interpreter, nor a block
    that runs on MicroPython only) changes sys.path."""
    for node in ast.iter_child_nodes(tree):
        if on_micropython_only(node):
            continue
        target = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("insert", "append", "extend", "remove", "clear"):
                target = node.func.value
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            target = next((t for t in targets if isinstance(t, (ast.Subscript, ast.Attribute))),
                          None)  # fmt: skip
            target = target.value if isinstance(target, ast.Subscript) else target
        if target is not None and ast.unparse(target) == "sys.path":
            return True
        if sets_sys_path(node):
            return True
    return False


def cpython_files():
    """Every Python file CPython may run: the tools, the tests, the firmware but main.py."""
    files = list(python_files()) + sorted((REPO / "host_tests").rglob("*.py"))
    files += [p for p in sorted((REPO / "firmware").rglob("*.py")) if p.name != "main.py"]
    return [p for p in files if "__pycache__" not in p.parts]


def test_no_tool_imports_host_tests():
    test_modules = {p.stem for p in (REPO / "host_tests").glob("*.py")} | {"host_tests"}
    own = {p.stem for p in (REPO / "firmware").rglob("*.py")}
    own |= {p.stem for p in TOOLS.rglob("*.py")}
    found = []
    for path in python_files():
        for name in imported_names(tree(path)):
            top = name.split(".")[0]
            if top in test_modules and top not in own:
                found.append((rel(path), name))
    assert found == []
    assert test_modules - own >= {"host_tests", "fake_pico", "support", "app_support"}  # seen


def test_no_cpython_code_edits_its_import_path():
    # Only a file that says sys.path can edit it (formatted code spells it so): the others
    # need no walk of their trees.
    setting = {
        rel(p) for p in cpython_files() if "sys.path" in source(p) and sets_sys_path(tree(p))
    }
    assert sorted(setting - set(MICROPYTHON_ONLY)) == [], (
        "import by name: the project is installed"
    )
    assert sorted(set(MICROPYTHON_ONLY) - setting) == []  # a listed one that no longer does
    assert not (TOOLS / "fwpath.py").exists()


def sets_pythonpath(tree):
    """True if the code gives a child process a PYTHONPATH (an env key or keyword)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(
            isinstance(k, ast.Constant) and k.value == "PYTHONPATH" for k in node.keys
        ):
            return True
        if isinstance(node, ast.keyword) and node.arg == "PYTHONPATH":
            return True
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            if isinstance(node.slice, ast.Constant) and node.slice.value == "PYTHONPATH":
                return True
    return False


def test_no_code_sets_pythonpath():
    """An environment's PYTHONPATH is a path edit too: the venvs have the project instead."""
    found = [
        rel(p) for p in cpython_files() if "PYTHONPATH" in source(p) and sets_pythonpath(tree(p))
    ]
    assert found == []
    for code in ("dict(os.environ, PYTHONPATH=p)", "{'PYTHONPATH': p}", "env['PYTHONPATH'] = p"):
        assert sets_pythonpath(ast.parse(code)), code
    assert not sets_pythonpath(ast.parse('"""PYTHONPATH=old python3 make.py"""'))


def test_the_check_sees_each_way_of_setting_sys_path():
    for code in ("sys.path.insert(0, p)", "sys.path.append(p)", "sys.path[:0] = [p]",
                 "sys.path += [p]", "def f():\n    sys.path.insert(0, p)",
                 "if x:\n    sys.path.insert(0, p)"):  # fmt: skip
        assert sets_sys_path(ast.parse(code)), code
    upy = "if sys.implementation.name == 'micropython':\n    sys.path.insert(0, p)"
    for code in ("print(sys.path)", "x.insert(0, p)", "S = 'sys.path.insert(0, p)'", upy):
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
        for target in imported_names(tree(path)):
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


@pytest.mark.parametrize(
    "module", ["tools.flash", "tools.web.build", "tools.export", "tools.club"]
)
def test_the_tools_run_with_python_m_from_any_folder(module, tmp_path):
    done = subprocess.run([sys.executable, "-m", module, "--help"], cwd=tmp_path,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ")


@pytest.mark.parametrize("script", ["tools/count.py", "tools/sim.py", "tools/club.py"])
def test_the_command_lines_run_as_files_from_any_folder(script, tmp_path):
    done = subprocess.run([sys.executable, str(REPO / script), "--help"], cwd=tmp_path,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ")
