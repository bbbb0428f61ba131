"""A new blue/red match game: the player after the dealer opens, so the dealer is the one seated before `first`."""

from __future__ import annotations

from typing import Optional, Sequence

from companion.games.base import Chance, NewGame


def new_setup(players: Sequence[str], first: Optional[str], rng: Chance) -> NewGame:
    """Return the setup line naming the dealer (the seat before `first`; the last seat when nobody is named)."""
    dealer = players[players.index(first) - 1] if first in players else (first or players[-1])
    return NewGame({"type": "setup", "game": "match", "players": list(players), "dealer": dealer})
