"""The builds clean only folders they made (issue 22): `python -m tools.flash build --out DIR`
and `python -m tools.web.build --out DIR`, pointed at a folder of someone's files, refuse in
one line that names the folder and what is in it, and delete nothing; a folder they made they
clean as before."""

import subprocess
import sys
from pathlib import Path

import pytest

from tools.flashing import outdir
from tools.flashing.errors import BuildError
from tools.web import build as web_build

REPO = Path(__file__).resolve().parents[2]
MPY_CROSS = str(REPO / ".venv" / "bin" / "mpy-cross")
USER_FILES = {"notes/thesis.txt": "chapter one\n", "todo.md": "- finish the thesis\n"}


def users_folder(root):
    """A folder as a person keeps one: a subfolder with their work, a list beside it."""
    for rel, text in USER_FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def untouched(root):
    found = {p.relative_to(root).as_posix(): p.read_text() for p in root.rglob("*") if p.is_file()}
    return found == USER_FILES


def small_firmware(root):
    (root / "pkg").mkdir(parents=True)
    (root / "main.py").write_text("import app\n")
    (root / "app.py").write_text("import pkg.mod\n")
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "mod.py").write_text("VALUE = 42\n")
    return root


def test_flash_build_refuses_a_folder_of_a_users_files_and_deletes_nothing(tmp_path):
    mine = users_folder(tmp_path / "Documents")
    done = subprocess.run(
        [sys.executable, "-m", "tools.flash", "build", "--out", str(mine),
         "--mpy-cross", MPY_CROSS, "--firmware", str(small_firmware(tmp_path / "fw"))],
        capture_output=True, text=True, check=False, cwd=REPO,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == (
        f"error: will not clean {mine}, which make build did not make: it holds notes/, "
        "todo.md; give --out an empty or new folder\n"
    )
    assert untouched(mine)
    assert not (mine / outdir.STAMP).exists()


def test_flash_build_cleans_the_folder_it_made_and_keeps_its_stamp(tmp_path):
    from tools.flashing.image import build

    fw = small_firmware(tmp_path / "fw")
    out = tmp_path / "new" / "device"  # absent: made and stamped
    build(fw, out, MPY_CROSS, log=lambda s: None)
    assert (out / outdir.STAMP).is_file()
    (out / "left over.txt").write_text("a stale file in the build's own folder\n")
    image = build(fw, out, MPY_CROSS, log=lambda s: None)
    assert not (out / "left over.txt").exists()  # its own folder: cleaned as before
    assert (out / outdir.STAMP).is_file()
    assert sorted(image.files) == ["/app.mpy", "/main.py", "/pkg/__init__.mpy", "/pkg/mod.mpy"]


def test_flash_build_still_owns_a_build_folder_made_before_the_stamp(tmp_path):
    from tools.flashing.image import STAMPS, build

    fw = small_firmware(tmp_path / "fw")
    out = tmp_path / "device"
    out.mkdir()
    (out / STAMPS).write_text("{}")  # what every earlier `make build` left
    (out / "old.mpy").write_bytes(b"M\x06")
    build(fw, out, MPY_CROSS, log=lambda s: None)
    assert not (out / "old.mpy").exists()
    assert (out / outdir.STAMP).is_file()


def test_web_build_refuses_a_folder_of_a_users_files_and_deletes_nothing(tmp_path):
    mine = users_folder(tmp_path / "site")
    with pytest.raises(BuildError) as caught:
        web_build.build(mine, tmp_path / "npm", MPY_CROSS, tmp_path / "device", log=print)
    assert str(caught.value) == (
        f"will not clean {mine}, which make web did not make: it holds notes/, todo.md; "
        "give --out an empty or new folder"
    )
    assert untouched(mine)
    done = subprocess.run(
        [sys.executable, "-m", "tools.web.build", "--out", str(mine),
         "--npm", str(tmp_path / "npm"), "--mpy-cross", MPY_CROSS],
        capture_output=True, text=True, check=False, cwd=REPO,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == "make web: " + str(caught.value) + "\n"
    assert untouched(mine)


def test_web_build_empties_its_own_folder_before_writing_the_site(tmp_path):
    out = tmp_path / "web"
    outdir.claim(out, "make web")
    (out / "old.js").write_text("a file of the last build\n")
    (out / "gone").mkdir()
    with pytest.raises(BuildError, match="make web runs npm ci first"):
        web_build.build(out, tmp_path / "npm", MPY_CROSS, tmp_path / "device", log=print)
    assert sorted(p.name for p in out.iterdir()) == [outdir.STAMP]


@pytest.mark.parametrize(
    ("names", "listed"),
    [
        (["a.txt"], "a.txt"),
        (["b/", "a.txt"], "a.txt, b/"),
        ([f"f{i}.txt" for i in range(7)], "f0.txt, f1.txt, f2.txt, f3.txt and 3 more"),
    ],
)
def test_the_refusal_lists_what_the_folder_holds(tmp_path, names, listed):
    for name in names:
        if name.endswith("/"):
            (tmp_path / name).mkdir()
        else:
            (tmp_path / name).write_text("x")
    with pytest.raises(BuildError) as caught:
        outdir.claim(tmp_path, "make web")
    assert f"it holds {listed};" in str(caught.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(n.rstrip("/") for n in names)


def test_an_out_that_is_a_file_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    with pytest.raises(BuildError, match=r"notes.txt is a file, not a folder"):
        outdir.claim(path, "make build")
    assert path.read_text() == "mine\n"


def test_an_empty_folder_is_claimed_and_stamped(tmp_path):
    outdir.claim(tmp_path, "make web")
    assert [p.name for p in tmp_path.iterdir()] == [outdir.STAMP]
    outdir.claim(tmp_path, "make web")  # and is its own from then on
