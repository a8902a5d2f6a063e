"""Helpers shared by tests that run under both pytest and the MicroPython unix port."""


def raises(exc_type, fn, *args, **kwargs):
    """Call fn and return the exc_type it raises; fail if it raises nothing (or another type)."""
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError("expected {} from {}".format(exc_type.__name__, fn))
