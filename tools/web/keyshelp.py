"""The page's help: docs/KEYMAP.md, every mode's keys, rendered into index.html at build time
(a deployed site has no docs/ folder), each mode's section marked with the name the board's
display gives it (the table of modes, firmware/modes/__init__.py), so the page and the board
say the same.

    html = keys_help(Path("docs/KEYMAP.md"), mode_names(Path("firmware/modes/__init__.py")))

Markdown is rendered by markdown-it-py (CommonMark, with tables). Links to other documents of
the repository are left as their text: on a deployed site they would lead nowhere.
SPDX-License-Identifier: MIT
"""

import ast
import re
from pathlib import Path

from markdown_it import MarkdownIt


class HelpError(ValueError):
    """KEYMAP.md and the firmware's modes do not agree."""


def mode_names(modes_py):
    """The display's names of the modes in the table MODES of firmware/modes/__init__.py,
    read without importing the firmware."""
    for node in ast.parse(Path(modes_py).read_text()).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "MODES" for t in node.targets
        ):
            return tuple(row[1] for row in ast.literal_eval(node.value))
    raise HelpError(f"{modes_py}: no table MODES")


def _unlink(tokens):
    """Drop the links to the repository's own files (keep their text)."""
    for tok in tokens:
        if tok.type != "inline" or not tok.children:
            continue
        kept, skip = [], []
        for child in tok.children:
            if child.type == "link_open":
                href = child.attrGet("href") or ""
                local = "://" not in href and not href.startswith("#")
                skip.append(local)
                if local:
                    continue
            elif child.type == "link_close":
                if skip.pop():
                    continue
            kept.append(child)
        tok.children = kept


def _mark_modes(tokens, names):
    """data-mode="NAME" on each mode's h2 (its heading names the mode as the board does)."""
    found = {}
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.tag == "h2":
            title = tokens[i + 1].content
            for name in names:
                if re.search(r"\b" + re.escape(name) + r"\b", title) and name not in found:
                    tok.attrSet("data-mode", name)
                    found[name] = title
    missing = [n for n in names if n not in found]
    if missing:
        raise HelpError(f"docs/KEYMAP.md has no section for the mode(s) {', '.join(missing)}")


def keys_help(keymap_md, names):
    """The help's HTML: KEYMAP.md less its title, every mode's section marked."""
    text = Path(keymap_md).read_text()
    text = re.sub(r"\A# .*\n", "", text)  # the page has its own heading
    md = MarkdownIt("commonmark").enable("table")
    tokens = md.parse(text)
    _unlink(tokens)
    _mark_modes(tokens, names)
    return md.renderer.render(tokens, md.options, {})
