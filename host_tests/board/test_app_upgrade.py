# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Upgrading a board from log version 2 (issue 22): "the show has begun" moves from the
``app.show`` setting into the game log as a SHOW event; the log is rewritten in this
version (3 then, 4 since issue 18).

The files below were written by the firmware before the change (commit 252a3e0, through its
own tools/board/pcboard.Harness on an in-memory file system), as hex:
  SHOW_BEGUN  keys 2A 3B 1A #: three pegs of the play, then # began the show (app.show=1);
              the pegs still in the journal
  OLD_HAND    keys 2A # 8B 5A 4A #: a whole hand, the deal passed: app.show=1 names the
              first hand, not the current one
  FOLDED      as SHOW_BEGUN, after a minute without a key: the journal folded into the log
Their settings.txt is the same text in all three (SETTINGS).
"""

from binascii import unhexlify

from modes import MODE_SCORE
from scorekeeper.events import SHOW, show
from scorekeeper.log import VERSION
from scorekeeper.settings import decode

from tools.board.pcboard import Harness
from tools.board.testkit import FakeFS

SETTINGS = (
    b"picopeg-settings 1\n"
    b"players=2\n"
    b"partners=0\n"
    b"target=121\n"
    b"five_card=0\n"
    b"muggins=0\n"
    b"triple_skunk=0\n"
    b"stinkhole=0\n"
    b"finish_hand=0\n"
    b"five_keep=3\n"
    b"three_go=0\n"
    b"game_points=2,3,3,3\n"
    b"app.show=1\n"
    b"crc=6713\n"
)
SHOW_BEGUN_GAME_JNL = unhexlify(
    "5069636f4a6e6c020c030050000002000000fc2c0c04005001000300000043ae0c050050000101000100c874"
)
SHOW_BEGUN_GAME_LOG = unhexlify(
    "5069636f506567021600004d000000000000000000000000000000003f8c64010053000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000e25312020047000200790203030300000000ca6a"
)
OLD_HAND_GAME_JNL = unhexlify(
    "5069636f4a6e6c020c030050000002000000fc2c0c040050010208000000dff40c05005000020500"
    "0100eb500c0600500003040000007b92090700440100001e81"
)
OLD_HAND_GAME_LOG = unhexlify(
    "5069636f506567021600004d000000000000000000000000000000003f8c64010053000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000e25312020047000200790203030300000000ca6a"
)
FOLDED_GAME_LOG = unhexlify(
    "5069636f506567021600004d000000000000000000000000000000003f8c64010053000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000e25312020047000200790203030300000000ca6a0c030050000002000000fc2c"
    "0c04005001000300000043ae0c050050000101000100c874"
)


def boot(files):
    """The new firmware's first boot on the old board's files."""
    fs = FakeFS({"st/" + name: data for name, data in files.items()})
    return Harness("st", fs=fs)


def settings_text(h):
    return h.board.fs.files["st/settings.txt"]


def log_version(h):
    return h.board.fs.files["st/game.log"][7]


def test_a_show_begun_by_hash_is_a_show_event_after_the_upgrade():
    for jnl in (SHOW_BEGUN_GAME_JNL, None):
        files = {"game.log": SHOW_BEGUN_GAME_LOG, "settings.txt": SETTINGS}
        if jnl is None:
            files["game.log"] = FOLDED_GAME_LOG
        else:
            files["game.jnl"] = jnl
        h = boot(files)
        g = h.keeper.game
        assert h.keeper.history() == ["A +2 play", "B +3 play", "A +1 go t=1", "show"]
        assert g.in_show and g.counted == 0 and g.scores[:2] == [3, 3]
        assert h.view.mode == MODE_SCORE and "show: B's hand" in h.lines
        assert b"app.show" not in settings_text(h) and h.keeper.notice == ""
        # The log was rewritten in this version before anything was appended: the journal
        # holds only the SHOW event, and both reload as they are.
        assert log_version(h) == VERSION == 6
        h.power_cut()
        assert h.keeper.game.in_show and h.keeper.game.events[-1] == show()
        h.press("*")  # undo takes the show back like any entry: the hand is in its play
        g = h.keeper.game
        assert not g.in_show and g.events[-1][0] != SHOW and "back to the play" in h.lines
        h.power_cut()
        assert not h.keeper.game.in_show and b"app.show" not in settings_text(h)
        h.press("#")  # and # begins it again
        assert h.keeper.game.in_show


def test_an_old_hands_show_setting_is_dropped_and_begins_nothing():
    h = boot({"game.log": OLD_HAND_GAME_LOG, "game.jnl": OLD_HAND_GAME_JNL,
              "settings.txt": SETTINGS})  # fmt: skip
    g = h.keeper.game
    assert h.keeper.history() == ["A +2 play", "B +8 hand", "A +5 hand t=1", "A +4 crib",
                                  "deal B"]  # fmt: skip
    assert g.deals == 1 and not g.in_show and "#: A's hand next" in h.lines
    assert b"app.show" not in settings_text(h) and log_version(h) == VERSION


def test_a_cut_between_the_show_event_and_the_settings_rewrite_is_harmless():
    # The migration writes the event first: a cut before the settings file is rewritten
    # leaves the SHOW event in the log and app.show in the settings. The next boot finds the
    # hand in its show already and only drops the key: one SHOW event, no refusal at boot.
    h = boot({"game.log": FOLDED_GAME_LOG, "settings.txt": SETTINGS})
    h.board.fs.files["st/settings.txt"] = SETTINGS  # as if the rewrite never happened
    h.power_cut()
    kinds = [ev[0] for ev in h.keeper.game.events]
    assert kinds.count(SHOW) == 1 and h.keeper.game.in_show
    assert b"app.show" not in settings_text(h) and h.keeper.notice == ""


def test_the_old_settings_load_as_before():
    # Every other setting of the old file stands: the new file is the old one's settings
    # without app.show (and its checksum line), whatever they were.
    old = SETTINGS.replace(b"muggins=0", b"muggins=1").replace(b"crc=6713\n", b"")
    h = boot({"game.log": FOLDED_GAME_LOG, "settings.txt": old})
    want = decode(old)
    del want.extra["app.show"]
    assert h.keeper.settings.encode() == want.encode() == settings_text(h)
    assert h.keeper.settings.muggins == 1 and b"app.show" not in settings_text(h)


def test_hash_begins_the_show_in_the_log_and_writes_no_settings():
    h = boot({})
    h.type("2A")
    before = settings_text(h) if "st/settings.txt" in h.board.fs.files else None
    renames = h.board.fs.renames
    h.press("#")
    assert h.keeper.game.in_show and h.keeper.history()[-1].startswith("show")
    after = h.board.fs.files.get("st/settings.txt")
    assert after == before and h.board.fs.renames == renames  # no whole-file write at all
