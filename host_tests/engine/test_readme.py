"""The README's engine example runs, and each result written in its comments is what the code
gives (a comment that starts with a Python literal, up to an optional ':' note; '...' in a
string stands for the middle)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_python():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "the README has no python example"
    return blocks[0]


def expected_value(comment):
    """The literal a comment starts with (e.g. "29, 16" or "3: a run"), or None."""
    try:
        return True, ast.literal_eval(comment.split(":")[0].strip())
    except (ValueError, SyntaxError):
        return False, None


def test_readme_engine_example_gives_what_its_comments_say():
    namespace = {}
    checked = 0
    for line in readme_python().splitlines():
        code, _, comment = line.partition("  # ")
        if not code.strip():
            continue
        has_value, value = expected_value(comment) if comment else (False, None)
        if has_value and not code.lstrip().startswith(("import", "s =")):
            got = eval(code, namespace)
            if isinstance(value, str) and "..." in value:  # an elided string: its two ends
                head, _, tail = value.partition("...")
                assert got.startswith(head.rstrip()) and got.endswith(tail.lstrip()), line
            else:
                assert got == value, line
            checked += 1
        else:
            exec(code, namespace)
    assert checked >= 4  # the totals, the peg points and the verdict are all checked


def test_the_simulator_picture_fetches_nothing_when_viewed():
    # Rich's SVG export names a font CDN; screenshot.offline keeps only the local() fonts.
    from tools.simulator.screenshot import offline

    rich_like = 'src: local("F"),\n    url("https://cdn.example/F.woff2") format("woff2");'
    assert offline(rich_like) == 'src: local("F");'
    svg = (Path(__file__).resolve().parents[2] / "docs" / "img" / "sim.svg").read_text()
    assert 'url("http' not in svg
