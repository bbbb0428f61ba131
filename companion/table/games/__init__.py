"""The registry of the games' table readers, built from the packages under companion/table/games/.

A game whose table the camera can follow has a package here exposing
`READER = TableReader(...)`: the interpreter that turns what the tracker saw
(cards in zones, appearing, moving, vanishing) and what the tablet typed into
proposed record lines for that game. The camera loop (companion/live.py) asks
this registry for the game being played and names no game; a game without a
reader is played by entry on the tablet and phones only.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable, Mapping

from companion.errors import CompanionError


@dataclass(frozen=True)
class TableReader:
    """One game's table reader: `interpreter(seats, **options)` -> an object with observe/tick/enter_bid/status."""

    name: str
    """The game's name, as its rules engine knows it."""
    interpreter: Callable[..., Any]


@cache
def readers() -> Mapping[str, TableReader]:
    """Return game name -> its table reader, one per package here (imported once)."""
    found = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.ispkg:
            reader = importlib.import_module(f"{__name__}.{module.name}").READER
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
