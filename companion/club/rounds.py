"""A night's rounds as the store holds them, for the seating: who sat together, the standing, the next round.

The seating itself is pure (companion/club/seating.py); this module reads a
store (either backend, never writing) for what it needs: every game of the
night is one table of an earlier round (its setup line names its players),
and the night's standings (companion/club/stats.py) give the swiss order.
"""

from __future__ import annotations

import datetime as dt
from typing import Sequence

from companion.club.nights import in_nights
from companion.club.seating import Seating, player_limits, seat_round
from companion.club.stats import standings


def night_tables(store, night: dt.date, until: dt.date | None = None) -> list[tuple[str, ...]]:
    """Return the players of every game created on `night` (to `until` if given: an evening past midnight), oldest first."""
    tables = []
    for info in store.games():
        if not in_nights(info["created"], night, until or night):
            continue
        first = next(iter(store.iter_events(info["game_id"])), None)
        try:
            data = first.data if first is not None else None
        except ValueError:  # a damaged payload or one that is not JSON: the audit reports it; it names nobody here
            data = None
        players = data.get("players") if isinstance(data, dict) else None
        if isinstance(players, list) and all(isinstance(p, str) for p in players):
            tables.append(tuple(players))
    return tables


def night_standing(store, night: dt.date, roster: dict[str, str] | None = None, until: dt.date | None = None) -> list[str]:
    """Return the night's players, best first (the standings' order: wins, finished games, name)."""
    return [p["name"] for p in standings(store, roster, night, until or night)["players"]]


def next_round(store, game: str, present: Sequence[str], *, mode: str = "random", seed: int = 0,
               tables: int | None = None, night: dt.date | None = None, until: dt.date | None = None,
               roster: dict[str, str] | None = None) -> Seating:
    """Return the next round's seating of `present` for `game` on `night` (today, on this machine's clock, by default).

    `until` (a later date) takes the games up to it too: an evening that runs past midnight.

    Raises:
        CompanionError: in one sentence, for an unknown game or mode, or players that cannot be seated.
    """
    night = night or dt.date.today()
    standing = night_standing(store, night, roster, until) if mode == "swiss" else []
    return seat_round(list(present), night_tables(store, night, until), player_limits(game), mode=mode, standing=standing,
                      seed=seed, tables=tables)
