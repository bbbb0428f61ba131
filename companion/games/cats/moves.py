"""Cat auction moves: small frozen values named after the record's `type` field.

A move says what happened at the table. Chance is part of the move: the deal
(Setup.hands), the card laid as the lot (Lot.card), the card a cat card turned
up (Play.turned) and the cards a loser drew (Draw.cards), so a record alone
replays a game. JSON reading and writing lives in record.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping


@dataclass(frozen=True)
class Setup:
    """The deal: seating order (turn order), who moves first, and each player's hand.

    `hands` empty means the deal is secret: each player enters their own hand
    afterwards with a Deal move (on their phone).
    """

    players: tuple[str, ...]
    first: str
    hands: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class Lot:
    """The top card of the Prize deck is laid face down as the round's lot.

    `card` None: nobody can see it (the usual case at a real table); the
    round's winner names it later with a Reveal move.
    """

    card: str | None = None


@dataclass(frozen=True)
class Deal:
    """A player says which cards they were dealt (a setup without hands waits for one from each)."""

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Reveal:
    """The round's winner names the face-down lot cards they just took into their hand."""

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Bid:
    """The player to move lays number cards; their sum is the new stake."""

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Play:
    """The player to move plays one cat card.

    `turned` is the card the effect took from a deck: the Bank card of a
    «Random stake» (face up, so always named), the Prize card of «Top up the
    lot» or «Magic frame-up» (face down: None when nobody can name it).
    """

    player: str
    card: str
    turned: str | None = None


@dataclass(frozen=True)
class Pass:
    """The player to move refuses to bid and pays one card of their hand into the lot."""

    player: str
    penalty: str


@dataclass(frozen=True)
class Draw:
    """A loser of the round draws their compensation cards from the Bank, in the order drawn."""

    player: str
    cards: tuple[str, ...]


Move = Setup | Deal | Lot | Bid | Play | Pass | Draw | Reveal
