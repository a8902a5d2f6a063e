"""Helpers shared by tests that run under both pytest and the MicroPython unix port."""

import sys

ON_MICROPYTHON = sys.implementation.name == "micropython"


class Skipped(Exception):
    """A test that cannot run here (upy_run.py counts it as skipped, not passed)."""


def skip_unless(condition, why):
    """Skip the calling test unless condition holds: pytest reports it as skipped, and so
    does upy_run.py on MicroPython. pytest is used only when it is already running the test
    (so the board, and make device-test's import check, never see an import of it)."""
    if condition:
        return
    pytest = sys.modules.get("pytest")
    if pytest is not None:
        pytest.skip(why)
    raise Skipped(why)


def micropython_only(why):
    """Skip on CPython a test whose point is the device (allocation, littlefs)."""
    skip_unless(ON_MICROPYTHON, why)


def raises(exc_type, fn, *args, **kwargs):
    """Call fn and return the exc_type it raises; fail if it raises nothing (or another type)."""
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError("expected {} from {}".format(exc_type.__name__, fn))


def pegging_snapshot(p):
    """Everything a caller can see of a cribbage.Pegging, to check that an illegal action
    changed nothing."""
    return (
        p.count,
        list(p.pile),
        p.turn,
        list(p.gone),
        list(p.pegged),
        p.over,
        [p.cards_left(s) for s in range(p.players)],
        [p.hand(s) for s in range(p.players)],
        list(p.history),
        len(p.scores),
    )
