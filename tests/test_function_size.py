"""Function size: every function in companion/ over MAX_LINES lines says in its docstring why it is one piece.

A long function most often does several jobs, each of which would read (and be tested) better on its own.
Some are one job all the same (a single pass that must read its input once, a drawing whose steps share
every measure); those say so, in a sentence starting with MARKER, so that a reader sees the reason and a
function that only grew is caught here. Lines are counted from `def` to the function's last line, its
docstring left out (explaining a function must not push it over), comments and blank lines counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 60
"""A function longer than this (docstring aside) must give its reason."""
MARKER = "One piece because"
"""The words that open the reason in the docstring of a function over MAX_LINES."""


def _code_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Return a function's lines from `def` (its decorators aside) to its end, without its docstring."""
    lines = node.end_lineno - node.lineno + 1
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        lines -= first.end_lineno - first.lineno + 1
    return lines


def long_functions(source: str, name: str) -> list[str]:
    """Return "name:line function (n lines)" for each function of `source` over MAX_LINES lines whose docstring
    does not give the reason it is one piece (nested functions and methods included)."""
    out = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n = _code_lines(node)
            if n > MAX_LINES and MARKER not in (ast.get_docstring(node) or ""):
                out.append(f"{name}:{node.lineno} {node.name} ({n} lines)")
    return out


def test_every_long_function_says_why_it_is_one_piece():
    """Split a function listed here into functions of one job each, or, if it is one job, say why in its
    docstring: "One piece because ..."."""
    found = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        found += long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "functions over %d lines without a reason (\"%s ...\" in the docstring):\n%s" % (
        MAX_LINES, MARKER, "\n".join(found))


def _function(lines: int, docstring: str) -> str:
    body = "".join(f"    x{i} = {i}\n" for i in range(lines - 1))
    return f'def f():\n    """{docstring}"""\n{body}'


def test_the_check_counts_code_lines_and_reads_the_reason():
    """The check itself: a function one line over is caught, one at the limit is not, its docstring's length
    does not count, and the reason's words let it pass."""
    assert long_functions(_function(MAX_LINES + 1, "Do a thing."), "m.py") == [f"m.py:1 f ({MAX_LINES + 1} lines)"]
    assert long_functions(_function(MAX_LINES, "Do a thing.\n" + "More.\n" * 30), "m.py") == []
    assert long_functions(_function(MAX_LINES + 1, f"Do a thing. {MARKER} it reads its input once."), "m.py") == []
    method = "class C:\n    def g(self):\n" + "".join(f"        y{i} = {i}\n" for i in range(MAX_LINES))
    assert long_functions(method, "m.py") == [f"m.py:2 g ({MAX_LINES + 1} lines)"]
