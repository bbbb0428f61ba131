"""Grow Your Assets moves: small frozen values named after the record's `type` field.

A move says what happened at the table. Chance is part of the move: the cards
removed for two players (Setup.removed), the cards turned up (Draw.cards) and
every roll of the dice (Roll.dice, Tiebreak.rolls), so a record alone replays a
game. Sealed bids arrive as one RevealBids carrying every player's bid: until
then the tablet holds them and the engine never sees them. Reading and writing
them as JSON lives in record.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.games.house import NO_HOUSE_RULES, HouseRules


@dataclass(frozen=True)
class Setup:
    """The table: players in seating order, and (two players only) the 8 cards removed unseen."""

    players: tuple[str, ...]
    removed: tuple[str, ...] = ()
    rules: HouseRules = field(default_factory=lambda: NO_HOUSE_RULES)
    """House rules the table switched (issue 36): {name: value}, only values that differ from the deck's default."""


@dataclass(frozen=True)
class Draw:
    """A round starts: as many cards as players are turned face up from the deck, in this order."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class RevealBids:
    """Everyone's sealed bid, revealed together: {player: token points}."""

    bids: Mapping[str, int]


@dataclass(frozen=True)
class Tiebreak:
    """Each still-tied player's roll of the two dice: {player: (die, die)}; higher total picks earlier."""

    rolls: Mapping[str, tuple[int, int]]


@dataclass(frozen=True)
class Pick:
    """The next picker takes a card from the row.

    `stack` places a red or blue card: any card of the player's stack of that
    colour to join it, or None to start a new stack. Green and gold take none.
    """

    player: str
    card: str
    stack: str | None = None


@dataclass(frozen=True)
class Roll:
    """One roll of the two dice for the next warning check of the card being resolved."""

    player: str
    dice: tuple[int, int]


@dataclass(frozen=True)
class Act:
    """The picker takes the card's action.

    steal: take `card` from player `from_` (red/blue: into the stack holding
    `stack`, or a new one when None). shift: move own red/blue `card` into the
    stack holding `stack` (None: a new stack); `from_` is the player themself.
    """

    player: str
    card: str
    from_: str
    stack: str | None = None


@dataclass(frozen=True)
class Decline:
    """The picker does not take the card's action (every action is optional)."""

    player: str


@dataclass(frozen=True)
class Break:
    """A player switches their blue token for five black ones (allowed at any time)."""

    player: str


Move = Setup | Draw | RevealBids | Tiebreak | Pick | Roll | Act | Decline | Break
