"""High Card's state and moves: frozen values, cards as deck codes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.cards.decks import load_deck

DECK = load_deck("high")
CARDS: tuple[str, ...] = DECK.codes("number")
VALUE: Mapping[str, int] = {c: DECK.card(c)["value"] for c in CARDS}
HAND: int = DECK.data["hand"]
MIN_PLAYERS: int = DECK.data["players"]["min"]
MAX_PLAYERS: int = DECK.data["players"]["max"]


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    hands: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class Play:
    player: str
    card: str


@dataclass(frozen=True)
class HighState:
    players: tuple[str, ...]
    hands: tuple[frozenset[str], ...]
    trick: tuple[tuple[str, str], ...]
    """(player, card) played so far in the open trick, in order."""
    last_trick: tuple[tuple[str, str], ...]
    points: tuple[int, ...]
    to_move: int
