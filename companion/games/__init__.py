"""The games the companion knows, by name.

Adding a game means adding its subpackage (exporting GAME) and naming it in
GAME_MODULES; nothing else changes.
"""

from __future__ import annotations

import importlib
from typing import Sequence

from companion.errors import RecordError
from companion.games.base import Game
from companion.games.jsonl import is_blank, parse_line

GAME_MODULES: dict[str, str] = {
    "bux": "companion.games.bux",
    "cats": "companion.games.cats",
    "grow": "companion.games.grow",
    "match": "companion.games.match",
}


def find_game(name: str) -> Game:
    """Return the game registered under `name`.

    Raises:
        ValueError: for a game the companion does not know.
    """
    module = GAME_MODULES.get(name)
    if module is None:
        raise ValueError(f"unsupported game: {name!r} (known: {', '.join(sorted(GAME_MODULES))})")
    return importlib.import_module(module).GAME


def game_of_record(lines: Sequence[str | bytes]) -> Game:
    """Return the game a record's first (setup) line names, for any reader (replay, import, audit).

    Raises:
        RecordError: line 1, for an empty record, a first line that is not a
            JSON object, or one that names no game or a game the companion does not know.
    """
    if not lines or all(is_blank(line) for line in lines):
        raise RecordError("empty record: the first line must be a setup", line=1)
    if is_blank(lines[0]):
        raise RecordError("blank line: every line must be one JSON object", line=1)
    try:
        first = parse_line(lines[0])
    except RecordError as error:
        raise error.at_line(1)
    name = first.get("game")
    known = ", ".join(sorted(GAME_MODULES))
    if name is None:
        raise RecordError(f"setup: the first line must say which game it records (\"game\": one of {known})", line=1)
    if not isinstance(name, str) or name not in GAME_MODULES:
        raise RecordError(f"setup: unknown game {name!r} (known: {known})", line=1)
    return find_game(name)
