# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Scorekeeper settings: the file's round trip, when changes take effect, damaged files."""

from scorekeeper import Keeper, SettingsError
from support import raises

from tools.board.testkit import Clock, FakeFS, keeper


def reload(k):
    """A new Keeper on the same files: the board after a power cycle."""
    return Keeper("st", k.fs, Clock())


def test_settings_round_trip_and_file_text():
    k = keeper()
    s = k.settings.copy()
    s.set("players", 3)
    s.set("muggins", 1)
    s.set("game_points", (1, 2, 4, 6))
    s.set("app.brightness", 40)
    s.set("app.palette", 2)
    assert k.set_settings(s) is True
    text = k.fs.read("st/settings.txt").decode()
    lines = text.split("\n")
    assert lines[0:2] == ["picopeg-settings 1", "players=3"]
    # The rules in ruletable.RULES's order (the settings mode's), then the app's keys sorted.
    assert lines[5:9] == ["five_keep=3", "muggins=1", "triple_skunk=0", "game_points=1,2,4,6"]
    assert lines[11:16] == ["three_go=0", "show=0", "short_claim=0", "app.brightness=40",
                            "app.palette=2"]  # fmt: skip
    assert lines[16].startswith("crc=") and lines[17] == ""
    k2 = reload(k)
    assert k2.settings.encode() == s.encode()
    assert (k2.settings.players, k2.game.sides, k2.settings.extra["app.palette"]) == (3, 3, 2)


def test_settings_wait_for_the_next_game_once_points_are_pegged():
    k = keeper()
    k.peg(0, 2)
    assert k.set_setting("target", 61) is False
    assert (k.settings_pending, k.game.target) == (True, 121)
    k = reload(k)
    assert (k.settings_pending, k.game.target, k.settings.target) == (True, 121, 61)
    k.new_game()
    assert (k.settings_pending, k.game.target) == (False, 61)


def test_settings_that_contradict_are_refused_and_not_saved():
    k = keeper()
    assert str(raises(SettingsError, k.set_setting, "partners", 1)) == (
        "partnerships need 4 players"
    )
    raises(SettingsError, k.set_setting, "players", 5)
    raises(SettingsError, k.set_setting, "colour", 1)
    assert k.fs.read("st/settings.txt") is None


def test_corrupt_settings_file_is_set_aside():
    fs = FakeFS()
    k = keeper(fs)
    k.set_setting("players", 3)
    data = bytearray(fs.files["st/settings.txt"])
    data[30] ^= 0x04
    fs.files["st/settings.txt"] = bytes(data)
    k2 = Keeper("st", fs, Clock())
    assert k2.notice == (
        "settings unreadable (settings file is damaged (checksum)): set aside as "
        "settings.bad1; using defaults"
    )
    assert k2.settings.players == 2 and fs.files["st/settings.bad1"] == bytes(data)
    assert k2.game.sides == 3  # the game in the log keeps its own settings
    fs.files["st/settings.txt"] = b"\x00\xff garbage"
    assert "set aside as settings.bad2" in Keeper("st", fs, Clock()).notice


def test_hand_edited_settings_without_a_checksum():
    fs = FakeFS({"st/settings.txt": b"picopeg-settings 1\r\ntarget=61\r\nmuggins=1\r\n"})
    k = Keeper("st", fs, Clock())
    assert (k.notice, k.settings.target, k.settings.muggins, k.game.target) == ("", 61, 1, 61)


def test_settings_files_with_bad_values_are_set_aside():
    for text, why in (
        (b"picopeg-settings 1\nplayers=two\n", "'two' is not a whole number"),
        (b"picopeg-settings 1\nplayers=5\n", "players cannot be 5: choose one of 2, 3, 4"),
        (b"picopeg-settings 1\nplayers\n", "settings line 'players' has no '='"),
        (b"picopeg-settings 2\nplayers=2\n", "settings file version 2 is not supported"),
        (b"picopeg-settings 1\npartners=1\n", "partnerships need 4 players"),
        (b"\xff\xfe", "settings file is not text"),
    ):
        fs = FakeFS({"st/settings.txt": text})
        k = Keeper("st", fs, Clock())
        assert k.notice == (
            "settings unreadable ({}): set aside as settings.bad1; using defaults".format(why)
        )
        assert fs.files["st/settings.bad1"] == text and "st/settings.txt" not in fs.files
