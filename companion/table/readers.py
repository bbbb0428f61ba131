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
from typing import Any, Callable, Iterable, Mapping, Protocol, runtime_checkable

from companion.errors import CompanionError
from companion.games import game_modules, game_parts
from companion.table.stage import DemoScript


class TableInterpreter(Protocol):
    """What every game's interpreter offers the camera loop (companion.live.LiveTable).

    observe() takes the tracker's changes and snapshots, tick() re-checks the table every few
    frames; both return Proposal / Attention / Cleared items (companion.table.outputs).
    """

    def observe(self, items: Iterable[Any], state: Any) -> list: ...

    def tick(self, state: Any, now: float, *, settled: bool = True, unread: frozenset[str] | None = None) -> list: ...

    def status(self, state: Any) -> str: ...


@runtime_checkable
class TypedBids(Protocol):
    """Optional: a game whose camera moves wait for an amount typed on the tablet (BUX's price of a draw).

    A separate protocol, not three methods every interpreter must fake: most games' bids
    never meet the camera (Grow's are sealed on the phones and revealed as a typed move).
    The loop asks isinstance(interpreter, TypedBids) and, for a game without, has no
    pending bid and refuses a bid entry.
    """

    def enter_bid(self, state: Any, *, winner: str | None = None, price: int | None = None,
                  all_passed: bool = False, keep: bool = False) -> list: ...

    def pending_bid(self, state: Any) -> dict | None: ...

    def forget_bid(self) -> None: ...


@dataclass(frozen=True)
class TableReader:
    """One game's table reader: `interpreter(seats, **options)` -> a TableInterpreter (and TypedBids, if the game has them)."""

    name: str
    """The game's name, as its rules engine knows it."""
    interpreter: Callable[..., Any]
    demo: DemoScript | None = None
    """How the game looks on the table, for the self-playing demo (None: it cannot be filmed yet)."""
    positions: bool = False
    """The reader tells piles within a zone apart by where the cards lie (Grow's stacks): the loop then hands
    it the tracker's whole view (a TableSnapshot with positions) every tick, since a card moved within its
    zone is no tracker change."""
    word: Callable[[dict, str], str] | None = None
    """(a stored camera sentence, language) -> the sentence (companion.table.messages.word_said with the game's
    table and rules wordings): how a shared screen words the camera's attention items; None: their English message."""


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
