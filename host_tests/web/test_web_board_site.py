"""The board's copy of the web page (`python -m tools.web.build --board OUT`, issue 19): a flat
folder that holds every file the live view loads and nothing only the web board needs (no
wasm, no firmware, no service worker, no web.js); its index.html is the page, marked as the
board's and preloading no file that is not there; and, like every build, it cleans only a
folder it made."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools.flashing.errors import BuildError
from tools.web import build as web_build

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "tools" / "web" / "site"
IMPORT = re.compile(r"""(?:from\s+|import\s*\(\s*)["']\./([\w.-]+)["']""")


@pytest.fixture(scope="module")
def board_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("board") / "site"
    web_build.build_board(out, log=lambda *a: None)
    return out


def refs(html):
    """Every file index.html names (href, src), less anchors and data: URLs."""
    names = re.findall(r'(?:href|src)="([^"#:]+)"', html)
    return {n for n in names if n and not n.startswith(("http", "data"))}


def live_graph(folder):
    """The modules the live view loads: main.js's imports, but not its web-board branch."""
    todo, seen = ["main.js"], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for dep in IMPORT.findall((folder / name).read_text()):
            if not (name == "main.js" and dep == "web.js"):  # the web board's: not the board's
                todo.append(dep)
    return seen


def test_the_board_copy_is_flat_and_holds_nothing_of_the_web_boards_engine(board_site):
    names = {p.name for p in board_site.iterdir() if p.name != ".picopeg-build"}
    assert all((board_site / n).is_file() for n in names)  # flat: no folders
    for absent in ("micropython.wasm", "micropython.mjs", "firmware.pack", "sw.js", "web.js",
                   "storage.js", "tablock.js", "offline.js"):  # fmt: skip
        assert absent not in names
    # what it holds is the site's own files, byte for byte (the same page as make web)
    for name in names - {"index.html", "keymap.svg"} - set(web_build.BOARD_ASSETS):
        assert (board_site / name).read_bytes() == (SITE / name).read_bytes(), name


def test_everything_the_live_view_loads_is_in_it(board_site):
    html = (board_site / "index.html").read_text()
    assert '<html lang="en" data-site="board">' in html
    names = {p.name for p in board_site.iterdir()}
    assert refs(html) <= names, refs(html) - names
    graph = live_graph(board_site)
    assert {
        "main.js",
        "live.js",
        "livepair.js",
        "liveentry.js",
        "scores.js",
        "board.js",
        "history.js",
    } <= graph
    assert graph <= names, graph - names
    # it preloads exactly the live view's modules, so they load side by side, not in a chain
    preloaded = set(re.findall(r'rel="modulepreload" href="([^"]+)"', html))
    assert preloaded == graph
    manifest = (board_site / "manifest.webmanifest").read_text()
    assert set(re.findall(r'"src": "([^"]+)"', manifest)) <= names


def test_the_same_page_but_for_its_preloads(board_site):
    """The board's index.html is make web's, less the lines that preload the web board."""
    web = web_build.page(REPO / "hardware" / "holes.csv")
    board = (board_site / "index.html").read_text()
    drop = re.compile(r'^<link rel="(module)?preload".*\n', re.M)
    assert drop.sub("", board).replace(' data-site="board"', "") == drop.sub("", web)


def test_it_refuses_a_folder_it_did_not_make(tmp_path):
    (tmp_path / "notes.txt").write_text("mine\n")
    with pytest.raises(BuildError, match="will not clean"):
        web_build.build_board(tmp_path, log=lambda *a: None)
    assert (tmp_path / "notes.txt").read_text() == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_the_command_line_builds_it_and_says_its_size(tmp_path):
    out = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "tools.web.build", "--board", str(out)],
                       cwd=REPO, capture_output=True, text=True, check=True)  # fmt: skip
    total = sum(p.stat().st_size for p in out.iterdir() if p.name != ".picopeg-build")
    assert f"{total / 1024:.0f} KB" in r.stdout and (out / "index.html").is_file()
    (out / "stale.js").write_text("old")  # a rebuild replaces the folder's files
    subprocess.run([sys.executable, "-m", "tools.web.build", "--board", str(out)], cwd=REPO,
                   capture_output=True, check=True)  # fmt: skip
    assert not (out / "stale.js").exists()
