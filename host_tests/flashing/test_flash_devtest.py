"""`make device-test`: which tests go to the board, and running them there: on UnixPico (real
MicroPython, real littlefs, the .mpy files as the Pico gets them), flashed first."""

import re
import shutil
from pathlib import Path

import pytest
import upy_board
from ci_gate import need
from fake_pico import FakePico
from flash_support import MPY_CROSS, STATE, flash_board, plain_image

from tools import flash
from tools.flashing import link
from tools.flashing.devtest import FOLDER, device_test, rules_tests
from tools.flashing.errors import FlashError

HOST_TESTS = Path(__file__).resolve().parents[1]
FIRMWARE_MODULES = {p.stem for p in (HOST_TESTS.parent / "firmware").iterdir()} - {"cribbage"}
needs_upy = pytest.mark.usefixtures("unix_port")


@pytest.fixture
def unix_port():
    need(upy_board.missing())  # skip on a developer's machine without it; fail in CI


@pytest.fixture(scope="module")
def image():
    return plain_image()


def imported_names(path):
    return set(re.findall(r"^\s*(?:from|import)\s+(\w+)", path.read_text(), re.M))


def test_the_rules_tests_are_the_marked_files_that_need_only_cribbage():
    tests, helpers = rules_tests(HOST_TESTS)
    names = {t.stem for t in tests}
    # Read off the files' imports by hand: the rules engine's tests.
    assert names >= {"test_cards", "test_discard", "test_pegging", "test_play", "test_say",
                     "test_show", "test_show_rules", "test_verify"}  # fmt: skip
    assert {h.name for h in helpers} == {"rulebook.py", "show_support.py", "support.py"}
    for path in tests + helpers:
        assert not imported_names(path) & FIRMWARE_MODULES, path.name
    marked = [p for p in HOST_TESTS.glob("*/test_*.py") if p.read_text().startswith("# upy: run")]
    assert len(marked) > len(tests)  # the folders by area were searched
    for path in marked:
        if path.stem not in names:  # left out: it needs more than cribbage (through helpers)
            uses = set(imported_names(path))
            for helper in uses & {p.stem for p in HOST_TESTS.glob("*_support.py")}:
                uses |= imported_names(HOST_TESTS / f"{helper}.py")
            assert uses & (FIRMWARE_MODULES | {"tools", "vfs"}), path.name


@pytest.mark.slow
@needs_upy
def test_the_rules_tests_pass_on_the_board_and_leave_nothing_behind(image):
    with upy_board.UnixPico(STATE) as pico:
        flash_board(pico, image)
        before = pico.listing()
        pico.reboot()
        lines = []
        passed, failed = device_test(
            link.connect("upy", factory=pico.factory), HOST_TESTS, MPY_CROSS, log=lines.append
        )
        assert failed == 0
        expected = sum(
            len(re.findall(r"^def test_", t.read_text(), re.M)) for t in rules_tests(HOST_TESTS)[0]
        )
        assert passed == expected
        assert lines[-1] == f"device-test: {passed} passed, 0 failed (" + (
            f"{len(rules_tests(HOST_TESTS)[0])} modules on the board)"
        )
        assert "micropython test_show: " in "\n".join(lines)
        assert pico.listing() == before  # the temporary folder is gone


def small_suite(root):
    """upy_run.py and support.py, and in an area's folder a passing and failing test, one that
    crashes on import and one that needs more than cribbage."""
    (root / "engine").mkdir(parents=True)
    for name in ("upy_run.py", "support.py"):
        shutil.copy(HOST_TESTS / name, root / name)
    (root / "engine" / "test_a.py").write_text(
        "# upy: run\nfrom cribbage import parse_card\n\n"
        "def test_ace():\n    assert parse_card('AC') == 0\n\n"
        "def test_wrong():\n    assert parse_card('KS') == 50\n"
    )
    (root / "engine" / "test_b.py").write_text(
        "# upy: run\nimport cribbage\n\nraise MemoryError('heap')\n"
    )
    (root / "engine" / "test_c.py").write_text(
        "# upy: run\nimport scorekeeper\n\ndef test_x():\n    pass\n"
    )
    return root


@needs_upy
def test_failures_and_crashes_are_counted_reported_and_cleaned_up(image, tmp_path):
    suite = small_suite(tmp_path / "suite")
    with upy_board.UnixPico() as pico:
        flash_board(pico, image)
        pico.reboot()
        lines = []
        board = link.connect("upy", factory=pico.factory)
        passed, failed = device_test(board, suite, MPY_CROSS, log=lines.append)
        assert (passed, failed) == (1, 2)  # test_wrong fails, test_b crashes; test_c not sent
        assert "FAIL test_a.test_wrong" in lines
        assert "micropython test_b: crashed before reporting (counted as 1 failure)" in lines
        assert not any("test_c" in line for line in lines)
        assert not [p for p in pico.listing() if p.startswith(FOLDER)]


@needs_upy
def test_device_test_exit_status_follows_the_results(image, tmp_path, capsys):
    suite = small_suite(tmp_path / "suite")
    with upy_board.UnixPico() as pico:
        flash_board(pico, image)
        pico.reboot()
        connect = lambda port: link.connect(port, factory=pico.factory)  # noqa: E731
        argv = ["device-test", "--port", "upy", "--mpy-cross", MPY_CROSS, "--tests"]
        assert flash.main([*argv, str(suite)], connect=connect) == 1
        assert pico.resets == 2  # the flash's, then device-test's restart of the app
        (suite / "engine" / "test_a.py").write_text(
            "# upy: run\nimport cribbage\n\ndef test_ok():\n    pass\n"
        )
        (suite / "engine" / "test_b.py").unlink()
        pico.reboot()
        assert flash.main([*argv, str(suite)], connect=connect) == 0
    assert "device-test: 1 passed, 0 failed (1 modules on the board)" in capsys.readouterr().out


def test_without_cribbage_on_the_board_it_says_to_flash_first():
    pico = FakePico()
    board = link.connect("fake", factory=pico.factory)
    with pytest.raises(FlashError, match=r"^the cribbage package is not on the board: run make"):
        device_test(board, HOST_TESTS, MPY_CROSS)
