"""What a game's table reader hands the camera loop: proposed record lines and attention items.

Shared by every game's reader (companion/games/<game>/table/): a reader never
applies a move; it proposes lines, and the caller submits them to the engine,
which stays the one judge. Whatever the camera sees that the game cannot
explain becomes an Attention item; an item whose cause has gone is Cleared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence, Union


@dataclass(frozen=True)
class Proposal:
    """A record line the table implies. `confirm`: show it for a one-tap confirm instead of submitting."""

    line: dict
    message: str
    confirm: bool = False
    evidence: Mapping = field(default_factory=dict)
    say: Mapping = field(default_factory=dict)
    """The message to word in the reader's language: {"id", "params"} from the game's table wording; {} if none."""


@dataclass(frozen=True)
class Attention:
    """Something the camera saw that the game cannot explain (or that only a person can settle)."""

    key: str
    """Stable identity of the problem, so the same one is raised once and cleared when it goes away."""
    message: str
    cards: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    evidence: Mapping = field(default_factory=dict)
    say: Mapping = field(default_factory=dict)
    """The message to word in the reader's language: {"id", "params"} from the game's table wording; {} if none."""


@dataclass(frozen=True)
class Cleared:
    """An attention item whose cause has gone (the table matches the game again)."""

    key: str


Output = Union[Proposal, Attention, Cleared]


def default_seats(players: Sequence[str]) -> dict[str, str]:
    """Return the default seating: the n-th player in turn order at seat plate n (zone "seat:n")."""
    return {player: f"seat:{i + 1}" for i, player in enumerate(players)}
