"""A new Grow Your Assets game: with two players, two random cards of each colour leave the deck unseen."""

from __future__ import annotations

from typing import Optional, Sequence

from companion.games.base import Chance, NewGame
from companion.games.grow.state import COLOUR, COLOURS, GAME_CARDS, REMOVED_PER_COLOUR_TWO_PLAYERS


def new_setup(players: Sequence[str], first: Optional[str], rng: Chance) -> NewGame:
    """Return the setup; the cards removed for two players are told to the dealer only (the sheet: face down, unseen).

    `first` is not used: the sheet has every player bid at once.
    """
    removed = [card for colour in COLOURS
               for card in rng.sample([c for c in GAME_CARDS if COLOUR[c] == colour], REMOVED_PER_COLOUR_TWO_PLAYERS)] if len(players) == 2 else []
    note = ("Dealer only: take these cards out of the deck face down, unseen by the players:", "  " + ", ".join(sorted(removed))) if removed else ()
    return NewGame({"type": "setup", "game": "grow", "players": list(players), "removed": removed}, note)
