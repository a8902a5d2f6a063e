"""A small, lossless S-expression reader and KiCad-style writer.

KiCad files are S-expressions. Unquoted tokens are read as `Atom` (a str subclass) so that
keywords and numbers are written back exactly as they were read; plain `str` values are
written quoted. Python ints and floats are written as KiCad writes numbers.

We use this instead of kiutils 1.4.8 (last release 2024), which drops KiCad 9 syntax such as
`(hide yes)` and `exclude_from_sim` when it reads the stock libraries.
SPDX-License-Identifier: MIT
"""


class Atom(str):
    """An unquoted token: a keyword, a number or yes/no."""

    __slots__ = ()


YES = Atom("yes")
NO = Atom("no")


def parse(text):
    """Parse one S-expression (the whole file) into nested lists."""
    stack = [[]]
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "(":
            stack.append([])
            i += 1
        elif c == ")":
            done = stack.pop()
            stack[-1].append(done)
            i += 1
        elif c == '"':
            j = i + 1
            out = []
            while text[j] != '"':
                if text[j] == "\\":
                    j += 1
                    out.append({"n": "\n", "t": "\t"}.get(text[j], text[j]))
                else:
                    out.append(text[j])
                j += 1
            stack[-1].append("".join(out))
            i = j + 1
        elif c.isspace():
            i += 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in '()"':
                j += 1
            stack[-1].append(Atom(text[i:j]))
            i = j
    if len(stack) != 1 or len(stack[0]) != 1:
        raise ValueError("unbalanced S-expression")
    return stack[0][0]


def fmt_num(value):
    """A number as KiCad writes it: at most 6 decimals, no trailing zeros."""
    if isinstance(value, bool):
        raise TypeError("use YES/NO atoms, not bool")
    if isinstance(value, int):
        return str(value)
    text = ("%.6f" % value).rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _atom(value):
    if isinstance(value, Atom):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return fmt_num(value)


def dumps(node, indent=0):
    """Write a node with KiCad's layout: lists of atoms on one line, others one per line."""
    if not isinstance(node, list):
        return _atom(node)
    atoms = [x for x in node if not isinstance(x, list)]
    if len(atoms) == len(node):
        return "(" + " ".join(_atom(x) for x in node) + ")"
    pad = "\t" * (indent + 1)
    head = []
    parts = []
    for item in node:
        if isinstance(item, list) or parts:
            parts.append(pad + dumps(item, indent + 1))
        else:
            head.append(_atom(item))
    return "(" + " ".join(head) + "\n" + "\n".join(parts) + "\n" + "\t" * indent + ")"


def find(node, key):
    """First child list whose head is key, or None."""
    for item in node:
        if isinstance(item, list) and item and item[0] == key:
            return item
    return None


def find_all(node, key):
    """All child lists whose head is key."""
    return [x for x in node if isinstance(x, list) and x and x[0] == key]
