"""The slow marks: what `make test-fast` leaves out is named right (CPython only)."""

import ast

import conftest


def test_every_test_named_slow_in_conftest_exists():
    # A renamed or moved test would otherwise quietly join the fast loop.
    for path, names in conftest.SLOW.items():
        tree = ast.parse((conftest.HERE / path).read_text())
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        for name in names:  # a parametrized run is named by its test and its parameter
            assert name.split("[")[0] in defined, (path, name)
