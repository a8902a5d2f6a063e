# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The archive of finished games (scorekeeper/archive.py): what a won game leaves when a new
one starts, its bound, power cuts at every byte of the new game's writes, an old board's
files, damage, and a new game taken back."""

from props import sweep
from scorekeeper import CORRECTION, Keeper
from scorekeeper.archive import MAX

from tools.board.testkit import Clock, FakeFS, PowerCut, keeper, v1_log

ARC = "st/games.arc"


def win(k, a, b):
    """Play k's game to a score of a-b (one of them 121) as corrections, a deal between."""
    w = 0 if a == 121 else 1
    if (a, b)[1 - w]:
        k.peg(1 - w, (a, b)[1 - w], CORRECTION)
    k.pass_deal()
    k.peg(w, 121, CORRECTION)


def results(k):
    return [(e.winner, e.scores, e.skunk, e.game_points) for e in k.archive()]


def test_won_games_are_archived_with_their_result():
    k = keeper()
    assert k.archive() == []
    win(k, 121, 80)
    start = k.game.start
    seconds = k.game.seconds
    k.new_game()
    win(k, 50, 121)
    k.new_game()
    k.peg(0, 5)
    k.new_game()  # an abandoned game: not archived
    e = k.archive()
    assert [(x.winner, x.scores, x.skunk, x.game_points) for x in e] == [
        (0, [121, 80], 1, 3),
        (1, [50, 121], 2, 3),
    ]
    assert e[0].start == start and e[0].seconds == seconds > 0
    assert e[0].end >= e[0].start + seconds and e[0].deals == 2
    assert e[1].first_dealer == 1  # the loser of the first game dealt the second
    assert e[0].cfg.target == 121 and e[0].sides == 2


def test_archive_keeps_the_last_games_only():
    k = keeper()
    for i in range(MAX + 6):
        win(k, 121, i)
        k.new_game()
        assert len(k.archive()) == min(i + 1, MAX)
    assert [e.scores[1] for e in k.archive()] == list(range(6, MAX + 6))


def test_an_old_boards_files_load_with_an_empty_archive():
    fs = FakeFS()
    fs.files["st/game.log"] = v1_log([(1, 0, 0, 2, 5), (2, 1, 0, 0, 3)])
    k = Keeper("st", fs, Clock())
    assert k.notice == "" and k.game.scores[:2] == [2, 0]
    assert k.archive() == []
    k.peg(1, 121, CORRECTION)
    k.new_game()
    assert results(k) == [(1, [2, 121], 2, 3)]


def setup():
    """A keeper with three archived games and a fourth just won: its files."""
    k = keeper()
    for i in range(3):
        win(k, 121, 70 + i)
        k.new_game()
    win(k, 100, 121)
    k.fold()
    return dict(k.fs.files), results(k)


def test_a_power_cut_at_every_byte_of_the_new_game():
    files, before = setup()
    after = before + [(1, [100, 121], 0, 2)]
    for budget in sweep(10000):
        fs = FakeFS(dict(files))
        k = Keeper("st", fs, Clock())
        fs.budget = budget
        try:
            k.new_game()
            done = True
        except PowerCut:
            done = False
        fs.budget = -1
        k = Keeper("st", fs, Clock())  # the power comes back
        got = results(k)
        assert got in (before, after), (budget, got)
        if not k.game.over:  # the new game stands: the won one is in the archive
            assert got == after and k.game.scores[:2] == [0, 0], budget
        else:
            assert k.game.scores[:2] == [100, 121]
            k.new_game()  # again: never counted twice
            assert results(k) == after, budget
        if done:
            break
    assert done and budget > 3 * 34  # the cuts fell inside the archive's write, not only the log's


def test_taking_a_new_game_back_takes_its_result_out():
    files, before = setup()
    k = Keeper("st", FakeFS(dict(files)), Clock())
    k.new_game()
    assert len(k.archive()) == 4
    k.restore_game()
    assert k.game.winner == 1 and results(k) == before
    k.undo()  # the winning points taken back, a different ending
    k.peg(0, 21, CORRECTION)
    k.new_game()
    assert results(k) == before + [(0, [121, 0], 2, 3)]


def test_a_damaged_archive_keeps_its_good_records():
    files, before = setup()
    fs = FakeFS(dict(files))
    data = bytearray(fs.files[ARC])
    data[-3] ^= 0x40  # the last record's payload
    fs.files[ARC] = bytes(data)
    k = Keeper("st", fs, Clock())
    assert results(k) == before[:2]
    k.new_game()
    assert results(k) == before[:2] + [(1, [100, 121], 0, 2)]


def test_a_file_of_another_kind_is_set_aside_not_overwritten():
    files, _before = setup()
    fs = FakeFS(dict(files))
    fs.files[ARC] = b"PicoArc\x09future"
    k = Keeper("st", fs, Clock())
    assert k.archive() == []
    k.new_game()
    assert fs.files["st/games.bad1"] == b"PicoArc\x09future"
    assert results(k) == [(1, [100, 121], 0, 2)]


def test_an_interrupted_rename_is_finished_at_start_up():
    files, _before = setup()
    fs = FakeFS(dict(files))
    k = Keeper("st", fs, Clock())
    k.new_game()
    whole = fs.files.pop(ARC)
    fs.files[ARC + ".tmp"] = whole  # the cut fell between the remove and the rename
    k = Keeper("st", fs, Clock())
    assert len(k.archive()) == 4 and ARC + ".tmp" not in fs.files
