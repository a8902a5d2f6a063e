# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Settings, statistics and moving between modes, played through the keypad."""

from app_support import A_FRONT, B_FRONT, DARK, board, board_in, quiet, refused, state, text
from modes import MODE_SCORE, MODE_SETTINGS, MODE_STATS, MODE_VERIFY

# -- settings and statistics ---------------------------------------------------------


def test_settings_change_rules_and_board_options_and_keep_them():
    h = board_in(MODE_SETTINGS)
    assert h.lines[1:4] == ["players", "= 2", "(1 of 17)"]
    h.press("D")  # players 3: no peg yet, so the game follows at once
    assert h.keeper.game.sides == 3 and "= 3" in h.lines
    h.press("B")  # partners
    before = state(h)
    h.press("D")  # partnerships need 4 players
    refused(h, *before)
    assert "partnerships need 4" in text(h)
    for _ in range(12):  # to brightness (item 14)
        h.press("B")
    assert h.lines[1:4] == ["brightness", "= 5", "(14 of 17)"]
    h.press("D")  # 5 -> 6: global scale 84, so a front peg is 255 * 84 / 255 = 84
    h.power_cut()
    assert h.view.mode == MODE_SETTINGS and h.view.brightness == 6
    h.to_mode(MODE_SCORE)
    h.type("2A")
    quiet(h)
    assert h.led(2) == (0, 0, 84)


def test_settings_rules_changed_mid_game_wait_for_the_next_game():
    h = board()
    h.type("2A")
    h.to_mode(MODE_SETTINGS)
    h.press("B")
    h.press("B")  # game to
    h.press("D")
    assert "= 61" in h.lines and "rules: next game" in h.lines
    assert h.keeper.game.target == 121
    # The board's own options apply at once, and say so, even with rules waiting (item 8).
    for _ in range(11):  # game to (3) -> brightness (14)
        h.press("B")
    h.press("D")
    assert h.lines[1:3] == ["applies now", "brightness"] and h.view.brightness == 6
    h.hold("#", 3100)
    assert h.keeper.game.target == 61


def test_settings_five_card_game_sets_61_and_keeps_three_or_four():
    # Issue 11 item 3: choosing the five-card game sets the game to 61 (still changeable);
    # the hand keeps 3 (Hoyle) unless the setting says 4 (the rulebook's reading), and the
    # scorekeeper's impossible-count check follows: 24 is no 3-card hand, but a 4-card one.
    h = board_in(MODE_SETTINGS)
    for _ in range(3):
        h.press("B")
    h.press("D")  # 5-card game: on
    assert h.keeper.game.cfg.five_card == 1 and h.keeper.game.target == 61
    assert h.lines[1:3] == ["applies now:", "game to 61"]
    h.press("B")
    assert h.lines[1:3] == ["5-card keeps", "= 3 (Hoyle)"]
    h.hold("D", 3200)
    h.type("#24B")
    assert "no 3-card hand" in text(h) and h.keeper.game.scores[1] == 0
    h.to_mode(MODE_SETTINGS)
    for _ in range(4):
        h.press("B")
    h.press("D")
    assert "= 4 (rulebook)" in h.lines
    h.hold("D", 3200)  # nothing was pegged: the game started again under it, in the play
    h.type("#24B")
    assert h.keeper.game.scores[1] == 24


def test_statistics_pages_and_reset():
    h = board()
    h.hold("*", 1000)
    h.type("121AA")  # A wins at once (a correction, confirmed): B on 0 is double-skunked, 3
    h.to_mode(MODE_STATS)
    assert h.lines[1:4] == ["match: won  pts", "A        1    3", "B        0    0"]
    quiet(h)
    assert h.led(1) == (0, 0, 13) and h.led(2) == DARK  # one game won: a bar of 1 in A's colour
    h.hold("#", 3100)  # a new game: the won one joins the match and the statistics
    h.press("A")
    assert h.lines[1:4] == ["A: 1 games", "won 1", "skunks 1/0"]
    h.press("B")
    assert h.lines[1:4] == ["B: 1 games", "won 0", "skunks 0/1"]
    h.hold("*", 3100)  # issue 20: B's page resets B's statistics only, and says so
    assert h.lines[1:5] == ["B's statistics", "reset", "B: 0 games", "won 0"]
    st = h.keeper.stats
    assert (st.games[:2], st.wins[:2], st.skunks_given[:2]) == ([1, 0], [1, 0], [1, 0])
    h.press("A")
    assert h.lines[1:4] == ["A: 1 games", "won 1", "skunks 1/0"]
    assert h.keeper.match.games[:2] == [1, 0]  # the match is apart
    h.press("#")
    h.hold("*", 3100)
    assert h.keeper.match.games[:2] == [0, 0] and "match reset" in h.lines
    before = state(h)
    h.press("C")  # no side C in a 2-side game
    refused(h, *before)


def test_long_d_cycles_the_modes_hold_d_returns_and_the_mode_survives_a_power_cut():
    h = board()
    seen = [h.view.mode]
    for _ in range(6):
        h.hold("D", 1000)
        seen.append(h.view.mode)
    assert seen == [0, 1, 2, 3, 4, 5, 0]
    h.hold("D", 1000)
    h.power_cut()
    assert h.view.mode == MODE_VERIFY
    h.hold("D", 3200)  # long (next mode), then hold: the scoreboard
    assert h.view.mode == MODE_SCORE
    h.type("2A")
    quiet(h)
    assert h.led(2) == A_FRONT and h.led(3) != B_FRONT


def test_statistics_reset_says_the_game_on_the_board_still_counts():
    # The keeper adds the game under way (or just won) to what the pages show, so a reset
    # right after a win still shows that win: the display says why.
    h = board()
    h.hold("*", 1000)
    h.type("121AA")  # a correction to the game hole: the side key twice
    h.to_mode(MODE_STATS)
    h.hold("*", 3100)
    assert h.lines[1:3] == ["match reset:", "this game counts"]
    assert h.lines[4] == "A        1    3"


def test_a_rules_change_that_starts_the_game_again_starts_it_in_the_play():
    # # started the show; nothing is pegged, so a new player count starts the game again:
    # its first hand is in the play (2 then C is play points, not C's count).
    h = board()
    h.press("#")
    assert "show: B's hand" in h.lines
    h.to_mode(MODE_SETTINGS)
    h.press("D")  # players: 3
    h.hold("D", 3200)
    assert h.keeper.game.sides == 3 and "#: B's hand next" in h.lines
    h.type("2C")
    assert h.keeper.game.last[2] == 0  # events.PLAY


def test_one_table_of_app_settings():
    """appsettings.APP_SETTINGS is the one table: the settings mode lists its rows, in its
    order, after the rules; each default is among its values, and a fresh board shows each
    default in the settings mode and applies the view's own (brightness, palette, LED
    current, keep-awake) with the same values (the view names them so as not to load the
    table at boot)."""
    from appsettings import APP_SETTINGS, default
    from modes.settings import ITEMS
    from supply import led_budget_ma

    h = board_in(MODE_SETTINGS)
    mode = h.app.ctl.mode
    app_items = [item for item in ITEMS if item[0].startswith("app.")]
    assert app_items == [(r[0], r[2], r[3], r[4]) for r in APP_SETTINGS]
    for key, dflt, _label, values, _texts in APP_SETTINGS:
        assert dflt in values and default(key) == dflt
        assert mode.value([item[0] for item in ITEMS].index(key)) == dflt
    v = h.view
    assert (v.brightness, v.palette, v.keep_awake) == (
        default("app.brightness"),
        default("app.palette"),
        default("app.keep_awake"),
    )
    assert v.budget_ma == led_budget_ma(v.supply_ma, default("app.budget"))
    assert "app.mode" not in {r[0] for r in APP_SETTINGS}  # the controller's key, not a setting
