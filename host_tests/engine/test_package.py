"""firmware/cribbage/package.json: `mpremote mip install` gets the whole rules package.

mip (on the board, and mpremote's port of it) resolves a relative URL in "urls" against the
directory of the package.json itself, so the file works from any fork or branch:
`mpremote mip install github:OWNER/REPO/firmware/cribbage/package.json`. The install below
runs mpremote's own installer on the local file with a fake board filesystem.
"""

import json
import os
import subprocess

import cribbage
from mpremote import mip

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PACKAGE_DIR = os.path.join(ROOT, "firmware", "cribbage")
PACKAGE_JSON = os.path.join(PACKAGE_DIR, "package.json")
MICROPYTHON = os.environ.get("MICROPYTHON", os.path.join(ROOT, ".venv", "bin", "micropython"))


def load():
    with open(PACKAGE_JSON, encoding="utf-8") as f:
        return json.load(f)


def test_lists_every_module_of_the_package_and_nothing_else():
    modules = sorted(n for n in os.listdir(PACKAGE_DIR) if n.endswith(".py"))
    urls = load()["urls"]
    assert sorted(source for _, source in urls) == modules, "add new modules to package.json"
    assert all(dest == "cribbage/" + source for dest, source in urls)


def test_version_is_the_package_version():
    assert load()["version"] == cribbage.__version__


class FakeBoard:
    """The three filesystem calls mip's installer makes on a board."""

    def __init__(self):
        self.files = {}
        self.dirs = set()

    def fs_exists(self, path):
        return path in self.dirs or path in self.files

    def fs_mkdir(self, path):
        self.dirs.add(path)

    def fs_writefile(self, path, data, progress_callback=None):
        self.files[path] = data


def install(target):
    """Run mpremote's installer on the local package.json into a FakeBoard."""
    board = FakeBoard()
    mip._install_package(
        board, os.path.normpath(PACKAGE_JSON), mip._PACKAGE_INDEX, target, None, False
    )
    return board


def test_mpremote_installs_every_file_into_lib_cribbage(capsys):
    board = install("/lib")
    capsys.readouterr()
    modules = sorted(n for n in os.listdir(PACKAGE_DIR) if n.endswith(".py"))
    assert sorted(board.files) == ["/lib/cribbage/" + n for n in modules]
    assert "/lib/cribbage" in board.dirs
    for name in modules:
        with open(os.path.join(PACKAGE_DIR, name), "rb") as f:
            assert board.files["/lib/cribbage/" + name] == f.read()


def test_github_urls_resolve_next_to_the_package_json():
    # What mip does with a relative entry when given a github: package URL.
    package_url = "github:OWNER/REPO/firmware/cribbage/package.json"
    base = package_url.rpartition("/")[0]
    for _, source in load()["urls"]:
        url = mip._rewrite_url(base + "/" + source, "main")
        assert url.endswith("/OWNER/REPO/main/firmware/cribbage/" + source), url


def test_installed_package_runs_on_micropython_standalone(tmp_path):
    # The package needs nothing outside itself: install it alone into a scratch "board"
    # directory and import it there with the MicroPython unix port.
    board = install("lib")
    for name, data in board.files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    code = (
        "import sys; sys.path[:] = [sys.argv[1]]; import cribbage; "
        "print(cribbage.score_show(['5S', '5C', '5D', 'JH'], '5H').total)"
    )
    out = subprocess.run(
        [MICROPYTHON, "-c", code, str(tmp_path / "lib")],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert out.stdout.strip() == "29"
