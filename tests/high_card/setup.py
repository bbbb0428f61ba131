"""A new High Card game: the companion deals the hands (the dealer reads them off the terminal)."""

from __future__ import annotations

from typing import Optional, Sequence

from companion.games.base import Chance, NewGame
from tests.high_card.state import CARDS, HAND


def new_setup(players: Sequence[str], first: Optional[str], rng: Chance) -> NewGame:
    cards = list(CARDS)
    rng.shuffle(cards)
    hands = {p: cards[HAND * i: HAND * i + HAND] for i, p in enumerate(players)}
    first = first or players[0]
    order = list(players[players.index(first):]) + list(players[:players.index(first)])
    return NewGame({"type": "setup", "game": "high", "players": order, "hands": hands},
                   tuple(f"  {p}: {', '.join(h)}" for p, h in hands.items()))
