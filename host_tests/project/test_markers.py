"""The slow marks: what `make test-fast` leaves out is named right (CPython only)."""

import importlib

import conftest


def test_every_test_named_slow_in_conftest_exists():
    # A renamed test would otherwise quietly join the fast loop.
    for module, names in conftest.SLOW.items():
        tests = importlib.import_module(module[: -len(".py")])
        for name in names:
            assert callable(getattr(tests, name, None)), (module, name)
