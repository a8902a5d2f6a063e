# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The boot path (issue 22: the make flash Pico's boot under 600 ms): the board's first frame
comes before what only the keys' actions and the text need (the controller), and after the
keypad's decoder (the keys are read from that frame on: bootkeys.py), and a fresh board's new
game is written to flash after that frame; nothing is lost if the power
goes before it is written (no game was on flash)."""

from app import App
from scorekeeper.events import CORRECTION
from scorekeeper.keeper import SETTINGS_NAME, Keeper

from tools.board.memfs import MemFS
from tools.board.pcboard import PCBoard

FOLDER = "state"
LOG = FOLDER + "/game.log"


class WatchedBoard(PCBoard):
    """A PC board that notes, at its first LED frame, what was on flash and whether the
    controller and the keypad's decoder were there yet."""

    def __init__(self, fs, made):
        super().__init__(FOLDER, fs=fs)
        self.first = None
        self.made = made

    def leds_write(self, frame):
        if self.first is None:
            self.first = (sorted(self.fs.files), "Controller" in self.made,
                          "KeyDecoder" in self.made, bytes(frame), list(self.made))  # fmt: skip
        super().leds_write(frame)


def boot(fs):
    """The App on a WatchedBoard, the controller and the keypad's decoder noting when they
    are made (their modules' import comes with it: app.py imports them there)."""
    import keypad
    import scorekeeper.match
    import scorekeeper.stats
    import ui.control

    made = []
    patched = []
    for module, name in ((ui.control, "Controller"), (keypad, "KeyDecoder"),
                         (scorekeeper.match, "Match"), (scorekeeper.stats, "Stats")):  # fmt: skip
        cls = getattr(module, name)

        class Noted(cls):
            def __init__(self, *args, _name=name, **kw):
                made.append(_name)
                super().__init__(*args, **kw)

        patched.append((module, name, cls))
        setattr(module, name, Noted)
    try:
        board = WatchedBoard(fs, made)
        return App(board), board
    finally:
        for module, name, cls in patched:
            setattr(module, name, cls)


def test_a_fresh_board_shows_its_game_before_it_writes_it_or_makes_the_controller():
    fs = MemFS()
    app, board = boot(fs)
    files, control, keypad, frame, _made = board.first
    assert LOG not in files  # the new game's log comes after the frame ...
    assert not control  # ... and so does the controller
    assert keypad  # the keypad's decoder is there: the keys are read from the frame on
    assert LOG in fs.files and not app.keeper.unsaved  # ... in the boot, before any key
    # The frame is the new game's, as a board with the game on flash shows it.
    again, board2 = boot(fs)
    assert board2.first[3] == frame and again.keeper.game.scores[:2] == [0, 0]


def test_a_restored_board_shows_its_game_before_the_controller_loads():
    fs = MemFS()
    k = Keeper(FOLDER, fs, lambda: 0)
    k.peg(0, 5)
    k.peg(1, 7)
    app, board = boot(fs)
    assert not board.first[1] and app.keeper.game.scores[:2] == [5, 7]
    lit = [i for i in range(0, len(board.first[3]), 3) if any(board.first[3][i : i + 3])]
    assert lit  # the restored pegs are on the first frame


def test_the_match_and_stats_are_unpacked_after_the_first_frame_and_before_any_key():
    # The keeper loads the log's match and stats records packed (load.Loaded.totals): their
    # modules are read after the first frame (on the make flash Pico, ~40 ms sooner), and
    # the app unpacks them with the modes, so that no key's write waits for them.
    fs = MemFS()
    k = Keeper(FOLDER, fs, lambda: 0)
    k.peg(0, 121, CORRECTION)  # A wins: the match record has A's game and its points
    k.new_game()
    app, board = boot(fs)
    made_at_frame = board.first[4]
    assert "Match" not in made_at_frame and "Stats" not in made_at_frame
    assert app.keeper._totals is False  # unpacked in the boot, after the frame
    m = app.keeper.match
    assert m.games[:2] == [1, 0] and m.points[0] > 0 and m.points[1] == 0


def test_an_unsaved_new_game_waits_for_its_first_write():
    fs = MemFS()
    k = Keeper(FOLDER, fs, lambda: 0, write_new=False)
    assert k.unsaved and LOG not in fs.files and k.game.scores[:2] == [0, 0]
    # The power goes now: the next boot starts a fresh game again, with nothing to repair.
    k2 = Keeper(FOLDER, fs, lambda: 0, write_new=False)
    assert k2.notice == "" and LOG not in fs.files
    k2.peg(1, 3)  # the first commit writes the whole log, its new game's start first
    assert not k2.unsaved and LOG in fs.files
    back = Keeper(FOLDER, fs, lambda: 0)
    assert back.game.scores[:2] == [0, 3] and back.game.first_dealer == k2.game.first_dealer


def test_a_saved_setting_is_the_new_games_whether_written_at_once_or_after():
    for write_new in (True, False):
        fs = MemFS()
        Keeper(FOLDER, fs, lambda: 0).set_setting("players", 3)
        fs.files.pop(LOG)  # settings saved, no game: the board starts one under them
        k = Keeper(FOLDER, fs, lambda: 0, write_new=write_new)
        k.fold()  # (a no-op when it was written at once)
        assert FOLDER + "/" + SETTINGS_NAME in fs.files
        assert Keeper(FOLDER, fs, lambda: 0).game.sides == 3, write_new


def test_a_blank_flash_gets_its_folder_with_the_first_write():
    made = []

    class Watched(MemFS):
        def mkdir(self, folder):
            made.append((folder, sorted(self.files)))

    fs = Watched()
    k = Keeper(FOLDER, fs, lambda: 0, write_new=False)
    assert made == []  # nothing written, no folder made: the board's first frame comes first
    k.set_setting("players", 3)  # the first write makes it, before it writes its file
    assert made == [(FOLDER, [])] and FOLDER + "/" + SETTINGS_NAME in fs.files
    k.fold()
    assert len(made) == 1 and Keeper(FOLDER, fs, lambda: 0).game.sides == 3
