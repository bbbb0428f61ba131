"""A new cat auction: the deal is secret, so the setup names only the seats; each player enters their own hand."""

from __future__ import annotations

from typing import Optional, Sequence

from companion.games.base import Chance, NewGame


def new_setup(players: Sequence[str], first: Optional[str], rng: Chance) -> NewGame:
    """Return the setup line; nothing for the dealer to read (the hands are dealt at the table and entered on phones)."""
    return NewGame({"type": "setup", "game": "cats", "players": list(players), "first": first or players[0]})
