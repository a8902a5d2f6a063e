"""The repository stands alone: it cites no file a clone does not hold (the rules it follows
are written in it: docs/DESIGN.md, docs/DEVELOPING.md, docs/RULES.md), and nothing in it is
named after an issue number (a file, a folder or a test is named by what it checks)."""

import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# Spelled in pieces, so this file does not match itself.
OUTSIDE = re.compile("|".join(("CONVEN" + r"TIONS\b", "GUIDE" + ": ", r"\.\./" + "shared",
                               "shared" + "/reference")))  # fmt: skip
ISSUE_NAMED = re.compile(r"issue[_-]?\d|(^|[/_])item\d", re.IGNORECASE)
TEST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+test(_\w*)", re.MULTILINE)


def tracked():
    done = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    return [p for p in done.stdout.decode().split("\0") if p and (REPO / p).is_file()]


def text_of(path):
    try:
        return (REPO / path).read_text()
    except UnicodeDecodeError:
        return ""  # a picture, a font, a log fixture


def test_no_citation_of_a_file_outside_the_repository():
    found = [p for p in tracked() if OUTSIDE.search(text_of(p))]
    assert found == []


def test_nothing_is_named_after_an_issue_number():
    assert [p for p in tracked() if ISSUE_NAMED.search(p)] == []
    tests = []
    for path in tracked():
        if path.startswith("host_tests/") and path.endswith(".py"):
            # A test function's name is the word after "def test" (parsing every test file
            # took a second; the names are all that is looked at).
            tests += [f"{path}::test{rest}" for rest in TEST_DEF.findall(text_of(path))
                      if ISSUE_NAMED.search(rest)]  # fmt: skip
    assert tests == []


def test_the_checks_see_what_they_look_for():
    assert OUTSIDE.search("as " + "CONVEN" + "TIONS 20 says") and not OUTSIDE.search("DESIGN")
    assert OUTSIDE.search("docs in ../sh" + "ared/ref")
    for name in ("host_tests/sim_issue11/a.sim", "test_app_issue11.py", "_item3_x", "item01_a"):
        assert ISSUE_NAMED.search(name), name
    assert not ISSUE_NAMED.search("host_tests/simulator/slips/counting_order.sim")
    source = "class T:\n    def test_item3_x(self):\nasync  def test_issue_4():\n def testing():"
    assert TEST_DEF.findall(source) == ["_item3_x", "_issue_4"]
