"""The registry of the games' table readers: each known game's `table` subpackage (companion/games/<game>/table/).

A game whose table the camera can follow has a `table` subpackage exposing
`READER = TableReader(...)`: the interpreter that turns what the tracker saw
(cards in zones, appearing, moving, vanishing) and what the tablet typed into
proposed record lines for that game. The camera loop (companion/live.py) asks
this registry for the game being played and names no game; a game without a
reader is played by entry on the tablet and phones only.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable, Mapping

from companion.errors import CompanionError
from companion.games import game_modules, game_parts
from companion.table.stage import DemoScript


@dataclass(frozen=True)
class TableReader:
    """One game's table reader: `interpreter(seats, **options)` -> an object with observe/tick/enter_bid/status."""

    name: str
    """The game's name, as its rules engine knows it."""
    interpreter: Callable[..., Any]
    demo: DemoScript | None = None
    """How the game looks on the table, for the self-playing demo (None: it cannot be filmed yet)."""


def readers() -> Mapping[str, TableReader]:
    """Return game name -> its table reader, for every known game whose `table` subpackage exposes READER."""
    return _readers(tuple(game_modules().values()))


@cache
def _readers(modules: tuple[str, ...]) -> Mapping[str, TableReader]:
    found = {}
    for name in game_parts(modules, "table"):
        reader = getattr(importlib.import_module(name), "READER", None)
        if reader is not None:
            found[reader.name] = reader
    return found


def reader_for(game: str) -> TableReader:
    """Return the game's table reader.

    Raises:
        CompanionError: for a game the camera cannot follow yet (it is played by entry on the tablet).
    """
    reader = readers().get(game)
    if reader is None:
        known = ", ".join(sorted(readers())) or "none"
        raise CompanionError(f"the camera cannot follow a game of {game!r} yet (it follows: {known}); enter its moves on the tablet")
    return reader
