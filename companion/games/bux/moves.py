"""BUX moves: small frozen values named after the record's `type` field.

A move says what happened at the table, in the players' words. Chance is part of
the move (Draw.cards is the order the cards were turned over), so a record alone
replays a game. Reading and writing them as JSON lives in record.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.games.house import NO_HOUSE_RULES, HouseRules


@dataclass(frozen=True)
class Setup:
    """The deal: seating order (clockwise), who plays first, each player's 3-card spread, and the house rules chosen."""

    players: tuple[str, ...]
    first: str
    spreads: Mapping[str, tuple[str, ...]]
    rules: HouseRules = field(default_factory=lambda: NO_HOUSE_RULES)


@dataclass(frozen=True)
class Draw:
    """The player to move turns cards over and the 3 playing cards are settled.

    Exactly one of these settles a normal draw: `winner` with `price` (a bid won),
    `all_passed` (everyone passed: the cards are discarded) or `keep` (a player with
    no cards keeps them free). A draw that ends on the third timer card of a deck
    carries none of them.
    """

    player: str
    cards: tuple[str, ...]
    winner: str | None = None
    price: int | None = None
    all_passed: bool = False
    keep: bool = False


@dataclass(frozen=True)
class Sell:
    """The player to move sells one or more matching 3-card sets to the game."""

    player: str
    sets: tuple[tuple[str, ...], ...]  # as the record says: the rules refuse a set that is not 3 cards


@dataclass(frozen=True)
class Swap:
    """The player to move gives one spread card and takes an unprotected card from another."""

    player: str
    give: str
    take: str
    from_: str


@dataclass(frozen=True)
class Broke:
    """The player to move has no chips, takes 100 from the bank and passes."""

    player: str


Move = Setup | Draw | Sell | Swap | Broke
