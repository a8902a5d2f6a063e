# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""scorekeeper.evlist.EventList: the game's events in 8 bytes each (the Pico's idle heap,
issue 14), read back exactly as the tuples that went in, with a list's reading API.

The witness is a plain list of the same tuples, changed by the same appends and pops.
"""

import gc

from scorekeeper import events
from scorekeeper.events import CARD, CORRECTION, GO, GO_CODE, HAND, PLAY
from scorekeeper.evlist import EventList
from scorekeeper.game import Game
from scorekeeper.settings import Settings
from support import micropython_only

SAMPLE = [
    events.peg(0, 2, PLAY, 0),
    events.card(51, 1, 0, PLAY, 17),
    events.card(GO_CODE, 0, 1, GO, 65535),
    events.deal(1, 300),
    events.peg(1, 29, HAND, 4),
    events.peg(0, -12, CORRECTION, 9),
    events.card(0, 3, 15, PLAY, 1),
]


def test_same_events_back():
    evs, witness = EventList(), []
    for ev in SAMPLE:
        evs.append(ev)
        witness.append(ev)
        assert len(evs) == len(witness) and evs[-1] == witness[-1]
    assert list(evs) == witness and evs == witness and evs[:-1] == witness[:-1]
    assert evs[:3] == witness[:3] and evs[2] == witness[2] and evs[-3] == witness[-3]
    assert [len(ev) for ev in evs] == [5, 6, 6, 5, 5, 5, 6]  # a CARD event keeps its code
    assert evs + [SAMPLE[0]] == witness + [SAMPLE[0]]
    while witness:
        assert evs.pop() == witness.pop() and list(evs) == witness
        assert (evs[-1] if evs else None) == (witness[-1] if witness else None)
    assert not evs and evs == [] and len(evs) == 0


def test_last_is_the_last_event_standing():
    """Game.last after appends and pops (read back by value: caches key on the keeper's
    revision, host_tests/keeper/test_scorekeeper_persist.py, never on a tuple's identity)."""
    g = Game(Settings())
    ev = events.peg(0, 2)
    g.apply(ev)
    assert g.last == ev
    g.apply(events.peg(1, 1))
    assert g.last == events.peg(1, 1)
    g.pop()
    assert g.last == ev
    g.pop()
    assert g.last is None


def test_index_errors():
    evs = EventList(SAMPLE[:2])
    for i in (2, -3):
        try:
            evs[i]
        except IndexError:
            continue
        raise AssertionError("no IndexError for {}".format(i))
    assert evs[-2] == SAMPLE[0] and evs[1] == SAMPLE[1]


def test_compact_on_micropython():
    """220 pegs held as EventList take under a third of what the list of tuples took (the
    board restored from its log keeps every event of the game)."""
    micropython_only("heap sizes are MicroPython's")

    def cost(make):
        gc.collect()
        before = gc.mem_free()
        held = make()
        gc.collect()
        used = before - gc.mem_free()
        del held
        return used

    def tuples():
        return [(events.PEG, i & 1, PLAY, 1 + (i & 3), i) for i in range(220)]

    def compact():
        evs = EventList()
        for i in range(220):
            evs.append((events.PEG, i & 1, PLAY, 1 + (i & 3), i))
        return evs

    assert cost(compact) * 3 < cost(tuples), (cost(compact), cost(tuples))


def test_card_kind_matches_events():
    """evlist keeps its own copy of events.CARD (it imports nothing of the package)."""
    from scorekeeper import evlist

    assert evlist._CARD == CARD
