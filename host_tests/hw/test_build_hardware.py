"""`make hardware` (tools/hardware/build_hardware.py) writes into its --out folder only; the
README's pictures (tracked files) change only with --pictures. The steps are stood in for
(each writes its file into --out), so this runs in a second."""

import pytest

from tools.hardware import build_hardware as bh


@pytest.fixture
def stand_ins(monkeypatch, tmp_path):
    """Steps that write their pictures into --out, and a docs/img of our own."""
    docs = tmp_path / "docs-img"
    docs.mkdir()
    for name, _picture in bh.PICTURES:
        (docs / name).write_bytes(b"tracked")

    def board(out):
        (out / "picopeg-board.png").write_bytes(b"new board")

    def case_picture(out):
        (out / "picopeg-case.png").write_bytes(b"new case")

    monkeypatch.setattr(bh, "steps", lambda out: [("board render", lambda: board(out))])
    monkeypatch.setattr(bh, "case", lambda out: None)
    monkeypatch.setattr(bh, "seats", lambda solids: None)
    monkeypatch.setattr(bh, "case_picture", case_picture)
    monkeypatch.setattr(bh, "DOCS_IMG", docs)
    return docs


def test_tracked_pictures_stay_unless_asked(stand_ins, tmp_path):
    out = tmp_path / "out"
    assert bh.main(["--out", str(out)]) == 0
    assert (out / "picopeg-case.png").read_bytes() == b"new case"  # the build made them ...
    assert {p.read_bytes() for p in stand_ins.iterdir()} == {b"tracked"}  # ... docs/img kept
    assert bh.main(["--out", str(out), "--pictures"]) == 0
    assert (stand_ins / "board.png").read_bytes() == b"new board"
    assert (stand_ins / "case.png").read_bytes() == b"new case"


def test_pictures_need_the_case(stand_ins, tmp_path):
    with pytest.raises(SystemExit):
        bh.main(["--out", str(tmp_path / "out"), "--no-case", "--pictures"])


def test_cpu_time_counts_the_tools_it_runs():
    # The build's CPU figure must include kicad-cli's, which runs as a child: a child that
    # spends 0.5 s of its own CPU time shows in it, however busy the machine is (to within
    # the clock ticks os.times counts in: 0.01 s a field).
    import subprocess
    import sys

    burn = "import time\nwhile time.process_time() < 0.5: pass"
    before = bh.cpu_seconds()
    subprocess.run([sys.executable, "-c", burn], check=True)
    assert bh.cpu_seconds() - before >= 0.45
