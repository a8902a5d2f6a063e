"""pytest's setup of host_tests: where the tests' helpers come from, the slow tests of the
files that also run on MicroPython, and the browser tests.

The tests are in folders by area (engine/, keeper/, ui_modes/, ...); their helpers
(support.py, fake_pico.py, app_support.py, ...) are top-level modules here, beside this file,
and every test imports them by name (`from support import raises`), as upy_run.py imports
them on MicroPython and on the board: pytest puts the folder of a rootdir conftest.py that is
not in a package on the path, and this is that file. The firmware and the tools come from
the installed project (pyproject.toml).

`make test-fast` (pytest -m "not slow") leaves out the tests marked slow; `make test` runs
them all. Files marked `# upy: run` cannot import pytest (they run on the board too), so
their slow tests are named here (by their path in host_tests/) and marked as pytest collects
them, as are the runs of a few server tests that mostly wait; the other files mark theirs
with @pytest.mark.slow. Every test of a file that drives
Chromium (one that imports tools.web.browser) is slow: starting the browser is the costliest
thing a test does, and the web board's logic is tested without one (web/test_web_board.py).
SPDX-License-Identifier: MIT
"""

from pathlib import Path

import emu_support
import pytest

from tools.web import browser

HERE = Path(__file__).resolve().parent

SLOW = {
    "keeper/test_scorekeeper_powercut.py": {
        "test_cut_at_every_byte",
        "test_flip_every_byte",
        "test_real_files_in_a_temp_folder",
        # A cut at every step of a whole rewrite and of a restore (about 3 s each on CPython);
        # test_cut_inside_a_new_game keeps a rewrite's cut in the edit loop.
        "test_a_cut_rewrite_leaves_no_journal_to_replay",
        "test_cut_inside_a_restore_of_the_last_game",
        # A new game and an append that folds, cut at each step (0.7-1 s each): the edit
        # loop keeps test_cut_inside_a_new_game and test_cut_inside_a_fold_... for them.
        "test_cut_inside_a_new_game_keeps_the_journal_in_the_game_kept",
        "test_cut_inside_an_append_that_fills_the_journal",
    },
    # The traced whole game (3 s of CPU under sys.setprofile); the import-graph half of the
    # one-way rule stays in the edit loop.
    "ui_modes/test_ui_oneway.py": {
        "test_a_whole_game_and_every_key_never_touch_the_controller_or_the_view"
    },
    "board/test_app_power.py": {"test_a_power_cut_between_any_two_steps_resumes_exactly"},
    # Two whole games on the unix port under the heap check (2-3 s of CPU); make heap, in
    # make test, runs the check itself.
    "board/test_heapcheck.py": {"test_more_names_cost_the_heap_check_their_bytes_not_a_pool"},
    # The server's tests that mostly wait on the server's own timers (a stream given up, a
    # line of waiting connections), and the unix port's run of the slowest: 5-7 s each of
    # the edit loop's wall time. Their CPython runs of the same routes stay in it.
    "wireless/test_live_server.py": {
        "test_one_address_with_every_stream_gives_one_up_to_another[python]",
        "test_one_address_with_every_stream_gives_one_up_to_another[micropython]",
        "test_a_post_from_another_site_or_for_another_host_is_refused[micropython]",
        "test_a_paired_phones_entries_change_the_game_as_the_keypad_would[micropython]",
    },
    "wireless/test_live_load.py": {
        "test_over_the_waiting_line_503_comes_at_once_and_nothing_else_breaks[micropython]",
        "test_five_phones_opening_the_page_at_once_all_get_every_file[micropython]",
    },
}


# The edit loop runs each behaviour once. Of a test these files run on both runtimes, it runs
# the CPython run: the files' tests that compare the two runtimes' output, and
# make test-upy-fast, keep MicroPython in the edit loop. Of a test over several terminal
# sizes or terminals, it runs the first (each list starts with its hardest case). make test
# runs them all.
CPYTHON_RUN_ONLY = {
    "simulator/test_sim_script.py",
    "simulator/test_sim_lock.py",
    "simulator/test_sim_setup.py",
    "wireless/test_live_server.py",
}
FIRST_CASE_ONLY = {
    "simulator/test_sim_tui.py": {
        "test_a_terminal_narrower_than_80_gets_the_board_above_the_keypad",
        "test_a_terminal_too_small_says_what_it_needs_and_takes_no_keys_blind",
        "test_at_39_and_60_columns_the_key_line_and_the_legend_are_whole",
    },
    "simulator/test_sim_setup.py": {"test_a_terminal_without_colour_gets_the_letters"},
}


def edit_loop_leaves_out(item, where):
    """Whether the edit loop leaves this run of a test to make test (CPYTHON_RUN_ONLY,
    FIRST_CASE_ONLY)."""
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return False
    if where in CPYTHON_RUN_ONLY and "micropython" in callspec.params.values():
        return True
    first = item.originalname in FIRST_CASE_ONLY.get(where, ())
    return first and any(callspec.indices.values())


def drives_chromium(module):
    return any(value is browser for value in vars(module).values())


def cost_rank(item):
    """0 for a file that runs the emulated Pico (minutes each), 1 for one that drives
    Chromium, 2 for the rest: the longest files start first."""
    module = getattr(item, "module", None)
    if module is None:
        return 2
    if vars(module).get("EMU_PY") is emu_support.EMU_PY:
        return 0
    return 1 if drives_chromium(module) else 2


def pytest_collection_modifyitems(config, items):
    for item in items:
        module = getattr(item, "module", None)
        where = item.path.relative_to(HERE).as_posix()
        if item.name in SLOW.get(where, ()) or (module and drives_chromium(module)):
            item.add_marker(pytest.mark.slow)
        elif edit_loop_leaves_out(item, where):
            item.add_marker(pytest.mark.slow)
    # pytest-xdist hands a worker a file at a time in this order. Its own order (the Makefile
    # turns it off) puts the files with the most tests first, and so the emulated Pico's
    # one-test files last, where one of them was the last 10 minutes of make test on its own:
    # here the files that take minutes go first, then the rest with the most tests first as
    # before, so both workers stay busy to the end. The sort is stable: a file's tests keep
    # their order.
    per_file = {}
    for item in items:
        per_file[item.path] = per_file.get(item.path, 0) + 1
    items.sort(key=lambda item: (cost_rank(item), -per_file[item.path]))
