"""The games the companion knows, by name.

Adding a game means adding its subpackage (exporting GAME) and naming it in
GAME_MODULES; nothing else changes.
"""

from __future__ import annotations

import importlib

from companion.games.base import Game

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


def game_of_record(first_line: dict) -> Game:
    """Return the game a record's first (setup) line names.

    Raises:
        ValueError: if the line names no known game.
    """
    return find_game(str(first_line.get("game", "")))
