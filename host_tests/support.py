"""Helpers shared by tests that run under both pytest and the MicroPython unix port."""


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
