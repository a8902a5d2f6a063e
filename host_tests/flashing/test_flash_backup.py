"""`make backup`, `make restore` and `make logs` on a fake Pico."""

import pytest
from fake_pico import FakePico
from flash_support import STATE

from tools import flash
from tools.flashing import link
from tools.flashing.backup import backup, default_folder, restore
from tools.flashing.errors import BackupError

GAME_B = {
    "/state/game.log": b"G 1 2 121 0\nP B 31\n",
    "/state/settings.txt": b"players=3\n",
    "/errors.log": b"",
}


def connect(pico):
    pico.reboot()
    return link.connect("fake", factory=pico.factory)


def main(argv, pico, capsys):
    status = flash.main(argv + ["--port", "fake"], connect=lambda port: connect(pico))
    return status, capsys.readouterr()


def test_backup_copies_the_state_folder_and_the_error_log(tmp_path):
    files = {**STATE, "/state/pegging.txt": b"1 3 0 0\n", "/state/sub/x.bin": bytes(range(256)),
             "/app.mpy": b"M\x06 firmware is not backed up"}  # fmt: skip
    lines = []
    copied = backup(connect(FakePico(files)), tmp_path / "b", log=lines.append)
    expected = {p: d for p, d in files.items() if p.startswith("/state/") or p == "/errors.log"}
    assert copied == sorted(expected)
    for path, data in expected.items():
        assert (tmp_path / "b" / path.lstrip("/")).read_bytes() == data
    assert sorted(p.relative_to(tmp_path / "b").as_posix()
                  for p in (tmp_path / "b").rglob("*") if p.is_file()) == sorted(
        p.lstrip("/") for p in expected)  # fmt: skip
    assert lines[0].startswith("reading 1/5 errors.log (")
    assert lines[-1] == f"backed up 5 files to {tmp_path / 'b'} (each checked by sha256)"


def test_nothing_to_back_up_makes_no_folder(tmp_path):
    lines = []
    assert backup(connect(FakePico({"/app.mpy": b"M"})), tmp_path / "b", log=lines.append) == []
    assert lines == ["nothing to back up: the board has no /state files and no /errors.log yet"]
    assert not (tmp_path / "b").exists()


def test_a_used_backup_folder_is_refused(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "keep.txt").write_text("mine")
    with pytest.raises(BackupError, match="already exists and is not empty: choose another"):
        backup(connect(FakePico(STATE)), tmp_path / "b")


def test_restore_makes_the_state_the_backup_and_saves_the_boards_first(tmp_path):
    backup(connect(FakePico(STATE)), tmp_path / "a", log=lambda s: None)
    pico = FakePico({**GAME_B, "/state/pegging.txt": b"1 9 9 9\n", "/app.mpy": b"M\x06"})
    lines = []
    restore(connect(pico), tmp_path / "a", tmp_path / "before", log=lines.append)
    state = {p: bytes(d) for p, d in pico.fs.files.items() if p != "/app.mpy"}
    assert state == STATE  # pegging.txt, not in the backup, is gone: it belonged to game B
    assert bytes(pico.fs.files["/app.mpy"]) == b"M\x06"
    saved = tmp_path / "before"
    assert (saved / "state" / "game.log").read_bytes() == GAME_B["/state/game.log"]
    assert (saved / "state" / "pegging.txt").read_bytes() == b"1 9 9 9\n"
    assert "removing /state/pegging.txt (not in the backup)" in lines
    assert lines[-1] == f"restored 3 files from {tmp_path / 'a'} (each checked by sha256)"


def test_restore_onto_a_blank_board_makes_the_state_folder(tmp_path):
    backup(connect(FakePico(STATE)), tmp_path / "a", log=lambda s: None)
    pico = FakePico()
    restore(connect(pico), tmp_path / "a", tmp_path / "before", log=lambda s: None)
    assert {p: bytes(d) for p, d in pico.fs.files.items()} == STATE
    assert not (tmp_path / "before").exists()  # nothing was there to save


def test_restore_refuses_a_folder_that_is_not_a_backup(tmp_path, capsys):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "notes.txt").write_text("hi")
    pico = FakePico(GAME_B)
    status, got = main(["restore", "--from", str(tmp_path / "x")], pico, capsys)
    assert status == 1
    assert got.err == f"error: {tmp_path / 'x'} is not a PicoPeg backup (no state/ files, " \
        "no errors.log)\n"  # fmt: skip
    assert pico.execs == []  # refused before touching the board


def test_backup_and_restore_commands_reset_the_board(tmp_path, capsys):
    pico = FakePico(STATE)
    status, got = main(["backup", "--to", str(tmp_path / "b")], pico, capsys)
    assert status == 0
    assert got.out.splitlines()[-1] == "reset: the board is running its firmware again"
    pico.fs.files["/state/game.log"] = bytearray(b"changed")
    backups = tmp_path / "backups"
    argv = ["restore", "--from", str(tmp_path / "b"), "--backups", str(backups)]
    status, got = main(argv, pico, capsys)
    assert status == 0
    assert bytes(pico.fs.files["/state/game.log"]) == STATE["/state/game.log"]
    assert got.out.splitlines()[-1] == "reset: the board is starting with the restored games"
    assert pico.resets == 2
    (saved,) = backups.iterdir()
    assert saved.name.endswith("-before-restore")
    assert (saved / "state" / "game.log").read_bytes() == b"changed"


def test_logs_prints_the_error_log_or_says_there_is_none(capsys):
    status, got = main(["logs"], FakePico(STATE), capsys)
    assert status == 0
    assert got.out.splitlines()[:2] == STATE["/errors.log"].decode().splitlines()
    status, got = main(["logs", "--no-reset"], FakePico({"/state/game.log": b"x"}), capsys)
    assert got.out == "no errors logged\n"


def test_the_default_backup_folder_is_a_timestamp():
    assert default_folder("backups", now=0).parent.name == "backups"
    assert len(default_folder("backups", now=0).name) == len("20250101-120000")
