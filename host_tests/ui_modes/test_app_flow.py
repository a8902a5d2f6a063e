# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The one-way data flow of the UI (issue 13): a mode returns what happened and never touches
the controller or the view; the controller applies it; only the project's own errors are
refusals, so a bug is never shown as a refused key."""

from app_support import board, board_in, refused, state
from modes import MODE_PEGGING, MODE_SCORE, MODE_VERIFY
from ui import RESTARTED, SETTINGS, goto, next_mode
from view import SIG_ERROR, SIG_OK, SIG_UNDO


def test_outcome_flags_pack_a_signal_and_a_mode_in_one_small_int():
    flags = SIG_UNDO | RESTARTED | goto(MODE_VERIFY)
    assert flags & 7 == SIG_UNDO and flags & RESTARTED and not flags & SETTINGS
    assert next_mode(flags) == MODE_VERIFY and next_mode(SIG_OK) == -1
    assert next_mode(goto(MODE_SCORE)) == MODE_SCORE  # mode 0 is a mode too
    assert flags < 256  # a small int: no allocation on MicroPython


def test_modes_are_built_on_the_keeper_alone():
    h = board()
    for m in range(6):
        h.to_mode(m)
        mode = h.app.ctl.mode
        assert mode.keeper is h.keeper
        assert not hasattr(mode, "ctl") and not hasattr(mode, "view") and not hasattr(mode, "k")


def test_a_mode_left_is_let_go_before_the_next_one_loads():
    """While the next mode's module loads, the controller holds no reference to the mode it
    left, so the heap holds one mode's code at a time (make heap: the 192 KB game)."""
    h = board()
    h.to_mode(MODE_VERIFY)
    ctl = h.app.ctl
    left = ctl.mode
    load = ctl._load
    held = []

    def watching(m, name):
        held.append(ctl.mode is left or left in ctl._modes)
        return load(m, name)

    ctl._load = watching
    h.hold("D", 1000)  # on to the pegging helper
    assert h.view.mode == MODE_PEGGING and held == [False], held


def test_a_mode_says_where_to_go_and_the_controller_goes():
    h = board_in(MODE_PEGGING)
    h.press("#")  # the helper returns goto(MODE_SCORE)
    assert h.view.mode == MODE_SCORE and h.app.ctl.mode_id == MODE_SCORE


def test_a_bug_in_a_mode_is_not_shown_as_a_refused_key():
    h = board()
    mode = h.app.ctl.mode

    def broken(k, how, now):
        raise ValueError("a bug, not a refusal")

    mode.key = broken
    try:
        h.press("A")
        raise AssertionError("the bug was caught as a refusal")
    except ValueError as e:
        assert str(e) == "a bug, not a refusal"
    assert h.view.signal != SIG_ERROR


def test_an_oserror_of_a_bug_reaches_the_error_log_not_the_refusal():
    """Only the keeper's own file operations are refusals (StorageError, "flash write
    failed"); an OSError from anywhere else is a bug: App.fail logs it (issue 22)."""
    h = board()
    mode = h.app.ctl.mode

    def broken(k, how, now):
        raise OSError(5)  # not a file operation of the keeper: a driver's, a bug's

    mode.key = broken
    caught = None
    try:
        h.press("A")
    except OSError as e:
        caught = e
    assert caught is not None and caught.args[0] == 5, "the OSError was caught as a refusal"
    assert h.view.signal != SIG_ERROR and "flash write failed" not in " ".join(h.lines)
    h.app.fail(caught)  # as app.run's guard does with it
    log = h.board.fs.read(h.board.log_path)
    assert log is not None and b"OSError" in log


def test_the_helpers_engine_follows_the_log_after_a_failed_write():
    # A flash write that fails (OSError) is refused and changes nothing: the helper's engine
    # is a cache of the log, rebuilt from it, so it shows the count before the card.
    h = board_in(MODE_PEGGING)
    h.press("5")
    before = state(h)
    h.board.fs.fail_with = OSError(28)
    h.board.fs.budget = 0
    h.press("A")
    h.board.fs.budget = -1
    h.board.fs.fail_with = None
    assert h.view.signal == SIG_ERROR and "flash write failed" in " ".join(h.lines)
    assert "count 5 A plays" in h.lines and h.keeper.game.scores[:2] == [0, 0]
    h.press("A")  # the write works again: the jack pegs 15 once
    assert h.keeper.game.scores[:2] == [2, 0] and state(h) != before


def test_a_refusal_changes_nothing_and_says_why():
    h = board()
    before = state(h)
    h.type("2C")
    refused(h, *before)
