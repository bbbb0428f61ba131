"""Blue/red match moves: small frozen values named after the record's `type` field.

A move says what happened at the table. Chance is part of the move: a draw
names the card that turned up, a deal names every hand, so a record alone
replays. A round may be recorded turn by turn (Deal, Draw, Match, Trade,
Steal, DiscardWild, Discard) or by its result only (Score). JSON reading and
writing live in record.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

SOURCES = ("blue-deck", "red-deck", "blue-discard", "red-discard")


@dataclass(frozen=True)
class Setup:
    """The table: players seated clockwise, who deals round 1, basic or advanced."""

    players: tuple[str, ...]
    dealer: str
    advanced: bool = False


@dataclass(frozen=True)
class Deal:
    """A round dealt on the record: every player's 10 cards (5 blue, 5 red)."""

    hands: Mapping[str, tuple[str, ...]]
    round: int | None = None


@dataclass(frozen=True)
class Draw:
    """The player to move takes `card` from `source` (a deck, or the top of a discard pile).

    Both are None only when no deck and no discard pile holds a card.
    """

    player: str
    source: str | None
    card: str | None


@dataclass(frozen=True)
class Match:
    """The player to move lays one match (two cards) on top of their stacks."""

    player: str
    cards: tuple[str, str]


@dataclass(frozen=True)
class Trade:
    """A Trade card played: with `with_`, the player takes `take` and gives up `give`.

    `with_` is None when no other player holds a numbered card of the Trade's colour.
    """

    player: str
    card: str
    with_: str | None = None
    take: str | None = None
    give: str | None = None


@dataclass(frozen=True)
class Steal:
    """A Steal card played: the thief takes `take` from `from_`, then `draw` is drawn.

    The victim draws; when nobody can be robbed (`from_` None) the thief draws.
    `draw` is None only if the Steal's colour has no card left to draw.
    """

    player: str
    card: str
    from_: str | None = None
    take: str | None = None
    draw: str | None = None


@dataclass(frozen=True)
class DiscardWild:
    """A Wild put in the advanced discard pile; the player draws `draw` from its colour's deck."""

    player: str
    card: str
    draw: str | None = None


@dataclass(frozen=True)
class Discard:
    """The turn-ending discard onto the normal pile of the card's colour."""

    player: str
    card: str


@dataclass(frozen=True)
class Layout:
    """What one player shows at the round's end: matches in the order played, and hand."""

    matches: tuple[tuple[str, str], ...]
    hand: tuple[str, ...]


@dataclass(frozen=True)
class Score:
    """The end of a round: every player's laid-out matches and hand (what the camera reads)."""

    round: int
    players: Mapping[str, Layout]


Move = Setup | Deal | Draw | Match | Trade | Steal | DiscardWild | Discard | Score
