"""A new BUX game: the companion deals each spread (3 playing cards) when the table asks it to."""

from __future__ import annotations

from typing import Optional, Sequence

from companion.games.base import Chance, NewGame
from companion.games.bux.state import PLAYING_CARDS, SHAPE, SUIT, VALUE

SPREAD = 3


def new_setup(players: Sequence[str], first: Optional[str], rng: Chance) -> NewGame:
    """Deal 3 random playing cards to each spread; the dealer reads which and takes exactly those from the deck.

    Better at a real table: deal by hand and pass the cards dealt (serve --setup).
    """
    cards = list(PLAYING_CARDS)
    rng.shuffle(cards)
    spreads = {name: cards[SPREAD * i: SPREAD * i + SPREAD] for i, name in enumerate(players)}
    note = ["The companion dealt. Dealer only: take exactly these cards (suit shape value) from the deck into each spread:"]
    note += [f"  {name}: " + ", ".join(f"{SUIT[c]} {SHAPE[c]} {VALUE[c]}" for c in sorted(spreads[name])) for name in players]
    return NewGame({"type": "setup", "game": "bux", "players": list(players), "first": first or players[0], "spreads": spreads},
                   tuple(note))
