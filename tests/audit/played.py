"""Games of Grow, the cat auction and the match game stored as the tablet stores them, a move every 20 to 75 seconds.

Each line goes in as a tablet move at its own time (the audit replays them
through the rules), so reports show real times, the chart's time labels and,
when `cut` stops the game early, a game still in progress.
"""

from __future__ import annotations

import datetime as dt
import importlib
import random

from companion.store.events import MOVE

START = dt.datetime(2026, 11, 28, 19, 30, tzinfo=dt.timezone.utc)


def record_lines(game: str, seed: int, players: int) -> list[dict]:
    """Return a random legal game's record lines (the game's own self-play)."""
    selfplay = importlib.import_module(f"companion.games.{game}.selfplay")
    record = importlib.import_module(f"companion.games.{game}.record")
    return [record.move_to_json(move) for move in selfplay.random_game(seed, players)]


def store_played(store, game: str, *, seed: int = 3, players: int = 3, game_id: str | None = None,
                 cut: int | None = None, lines: list[dict] | None = None) -> list[dict]:
    """Store a game entered on the tablet (the first `cut` lines, or all) and return the lines stored."""
    lines = (lines or record_lines(game, seed, players))[:cut]
    rng = random.Random(seed)
    clock = START
    game_id = game_id or game
    store.create_game(game_id, game, f"{game} at the club", events=[(MOVE, lines[0])], source="tablet",
                      time=clock.isoformat(timespec="milliseconds"))
    for line in lines[1:]:
        clock += dt.timedelta(seconds=rng.uniform(20, 75))
        store.append(game_id, MOVE, line, "tablet", time=clock.isoformat(timespec="milliseconds"))
    return lines
