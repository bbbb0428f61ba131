"""Where and how a command writes its output. Not a subcommand.

A file's folder must already exist (no folder is created silently): checked
before anything is stored, dealt or written, so a mistyped --out costs
nothing, the command says which folder is missing and stops. A command that
lists things (games, recovered games) prints them one way: with --json one
JSON array (empty when there is nothing), else lines for a person.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterable

from companion.errors import CompanionError


def output_file(path: str | Path, option: str) -> Path:
    """Return `path` as a Path if a file can be written there; else say in a sentence why not.

    Raises:
        CompanionError: if its folder does not exist (or is a file), or the path is a folder.
    """
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        state = "is a file, not a folder" if folder.exists() else "does not exist"
        raise CompanionError(f"cannot write {option} {str(target)!r}: the folder {str(folder)!r} {state} "
                             "(create it first, or choose another place)")
    if target.is_dir():
        raise CompanionError(f"{option} {str(target)!r} is a folder: name a file to write")
    return target


def print_rows(rows: list[dict[str, Any]], *, as_json: bool, none: str, lines: Callable[[dict[str, Any]], Iterable[str]]) -> None:
    """Print a command's list: one JSON array with --json, else each row's `lines`, or the sentence `none` if empty."""
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return
    if not rows:
        print(none)
    for row in rows:
        for line in lines(row):
            print(line)
