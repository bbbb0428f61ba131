"""A simulated club night: each round seated by companion/club/seating.py, each table's game self-played and
written move by move through the real store (GameSession), as a table's tablet would.

Used by tests/club/test_night.py (a few tables, on the PostgreSQL fixture) and
scripts/bench_club_night.py (50 tables x 4 rounds x 200 players). Everything
it writes is checked afterwards against what it meant to write: every event
stored (none lost) and the store's standings equal to the night it played.
"""

from __future__ import annotations

import datetime as dt
import importlib
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from companion.club.rounds import night_standing, night_tables
from companion.club.seating import player_limits, seat_round
from companion.club.stats import standings
from companion.games import find_game, game_modules
from companion.store.session import GameSession


@dataclass
class Night:
    """What a simulated night wrote and meant: per game its lines, per player games and wins; and its timings."""

    written: dict[str, int] = field(default_factory=dict)
    """Events written per game id."""
    games: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    finished: Counter[str] = field(default_factory=Counter)
    seat_s: list[float] = field(default_factory=list)
    standing_s: list[float] = field(default_factory=list)
    round_s: list[float] = field(default_factory=list)
    repeats: list[int] = field(default_factory=list)
    since: dt.date = field(default_factory=dt.date.today)
    """The night's date when it began: a night that runs past midnight keeps it (its games are since then)."""


def renamed(data: Any, names: dict[str, str]) -> Any:
    """Return a record line with the self-play's seat names replaced by the club's (keys and exact string values)."""
    if isinstance(data, dict):
        return {names.get(k, k): renamed(v, names) for k, v in data.items()}
    if isinstance(data, list):
        return [renamed(v, names) for v in data]
    return names.get(data, data) if isinstance(data, str) else data


def table_lines(game_name: str, players: tuple[str, ...], seed: int) -> list[dict[str, Any]]:
    """Return the record lines of a whole self-played game of `game_name` for `players` (its own selfplay module)."""
    game = find_game(game_name)
    selfplay = importlib.import_module(f"{game_modules()[game_name]}.selfplay")
    lines = [game.move_to_json(m) for m in selfplay.random_game(seed, players=len(players))]
    return [renamed(line, dict(zip(lines[0]["players"], players))) for line in lines]


def play_table(store, game_name: str, players: tuple[str, ...], seed: int, game_id: str, night: Night) -> None:
    """Play one table's game into the store, one move at a time, and note what it should hold."""
    game = find_game(game_name)
    lines = table_lines(game_name, players, seed)
    session = GameSession.start(store, lines[0], game_id=game_id, title=game_id)
    for line in lines[1:]:
        session.submit(line, source="tablet")
    final = game.state_to_json(game.replay(lines_as_text(lines)))
    night.written[game_id] = len(lines)
    for name in players:
        night.games[name] += 1
        night.finished[name] += bool(final.get("over"))
        night.wins[name] += bool(final.get("over")) and name in (final.get("winners") or [])


def lines_as_text(lines: list[dict[str, Any]]) -> list[str]:
    import json

    return [json.dumps(line, ensure_ascii=False) + "\n" for line in lines]


def run_night(store, game_name: str, rosters: list[list[str]], *, tables: int, mode: str = "swiss",
              workers: int = 8, seed: int = 0) -> Night:
    """Play one round per entry of `rosters` (the players present that round), each seated from the store's night so far."""
    night = Night()
    limits = player_limits(game_name)
    for number, present in enumerate(rosters, start=1):
        started = time.perf_counter()
        standing = night_standing(store, night.since, until=dt.date.max) if mode == "swiss" else []
        before = night_tables(store, night.since, dt.date.max)
        night.standing_s.append(time.perf_counter() - started)
        started = time.perf_counter()
        seating = seat_round(present, before, limits, mode=mode, standing=standing, seed=seed + number, tables=tables)
        night.seat_s.append(time.perf_counter() - started)
        night.repeats.append(seating.repeats)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            jobs = [pool.submit(play_table, store, game_name, table, seed * 1000 + number * 100 + t,
                                f"r{number}-t{t:02d}", night) for t, table in enumerate(seating.tables, start=1)]
            for job in jobs:
                job.result()
        night.round_s.append(time.perf_counter() - started)
    return night


def check_night(store, night: Night) -> dict[str, Any]:
    """Return what the store holds against what the night wrote: events lost, and standings that differ."""
    lost = {gid: count - store.last_seq(gid) for gid, count in night.written.items() if store.last_seq(gid) != count}
    table = standings(store, None, night.since, None)
    stored = {p["id"]: (p["games"], p["finished"], p["wins"]) for p in table["players"]}
    meant = {name: (night.games[name], night.finished[name], night.wins[name]) for name in night.games}
    differ = sorted(name for name in set(stored) | set(meant) if stored.get(name) != meant.get(name))
    return {"games": len(night.written), "events": sum(night.written.values()), "lost": lost, "differ": differ,
            "damaged": table["damaged"], "unlisted": table["unlisted"]}
