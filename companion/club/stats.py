"""Standings across games and nights: per player, games played, wins, final chips and chips over each game.

Reads a store (either backend) and folds each game with its own engine;
never writes. Player identity is explicit: a club's player list
(`{"players": [{"id": "ann", "name": "Ann"}, ...]}`) names who is who, and
a seat counts for a player only when the name typed at the table is exactly
a listed name. "Ann" and "ann " are never merged by guessing: a seat whose
name is not on the list is reported as unlisted, so the club can add it (or
fix the setup). Without a list, each exact name is its own player.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.club.nights import in_nights
from companion.errors import CompanionError
from companion.games import find_game
from companion.store.session import Replay


@dataclass
class Seat:
    """One player's part in one stored game."""

    game_id: str
    game: str
    created: str
    name: str
    """The name as typed at the table."""
    over: bool
    won: bool
    chips: int | None
    """Final chips (games that count chips), else None."""
    chips_over: list[int] | None
    """Chips after the setup and after each move in effect (games that count chips)."""


@dataclass
class Player:
    """One club player's standing."""

    id: str
    name: str
    seats: list[Seat] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """Return the player's figures: games, finished games, wins, win rate, chips, per game type."""
        finished = [s for s in self.seats if s.over]
        wins = sum(s.won for s in finished)
        chips = [s.chips for s in finished if s.chips is not None]
        by_game: dict[str, dict[str, int]] = {}
        for seat in self.seats:
            row = by_game.setdefault(seat.game, {"played": 0, "finished": 0, "wins": 0})
            row["played"] += 1
            row["finished"] += seat.over
            row["wins"] += seat.over and seat.won
        return {"id": self.id, "name": self.name, "games": len(self.seats), "finished": len(finished), "wins": wins,
                "win_rate": round(wins / len(finished), 3) if finished else None,
                "final_chips_total": sum(chips) if chips else None,
                "final_chips_mean": round(sum(chips) / len(chips), 1) if chips else None,
                "by_game": by_game}


def read_roster(path: str | Path) -> dict[str, str]:
    """Return the club's player list as {name as typed at the table: player id}.

    Raises:
        CompanionError: with one sentence, if the file is missing, not JSON, or malformed (or a name is listed twice).
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CompanionError(f"cannot read the club's player list {str(path)!r}: {exc}") from None
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, list) or not all(isinstance(p, dict) and isinstance(p.get("id"), str)
                                                and isinstance(p.get("name"), str) for p in players):
        raise CompanionError(f"{str(path)!r} is not a player list: expected {{\"players\": [{{\"id\": ..., \"name\": ...}}]}}")
    roster: dict[str, str] = {}
    for player in players:
        if player["name"] in roster:
            raise CompanionError(f"the player list names {player['name']!r} twice: each name at the table must mean one player")
        roster[player["name"]] = player["id"]
    return roster


def standings(store, roster: dict[str, str] | None = None, since: dt.date | None = None,
              until: dt.date | None = None) -> dict[str, Any]:
    """Return {"players": [summary with "seats"], "unlisted": [...], "damaged": [...]} over the stored games.

    `since`/`until` (inclusive, local dates; None is open) keep only the games
    created on those nights (companion/club/nights.py); by default, every game.

    Players are ordered by wins, then finished games, then name. A game that
    does not replay or fails the store's integrity check is listed under
    "damaged" and counts for nobody.
    """
    players: dict[str, Player] = {}
    unlisted: list[dict[str, str]] = []
    damaged: list[str] = []
    names = {player_id: name for name, player_id in (roster or {}).items()}
    for info in store.games():
        if not in_nights(info["created"], since, until):
            continue
        game_id = info["game_id"]
        try:
            game = find_game(info["game"])
        except ValueError:
            damaged.append(game_id)
            continue
        if store.integrity(game_id):
            damaged.append(game_id)
            continue
        replay = Replay(game)
        for event in store.iter_events(game_id):
            try:
                replay.add(event)
            except CompanionError:
                break
        if replay.damage is not None or not replay.states:
            damaged.append(game_id)
            continue
        summaries = [game.state_to_json(state) for state in replay.states]
        final = summaries[-1]
        over = bool(final.get("over"))
        for name, facts in (final.get("players") or {}).items():
            chips_over = None
            if isinstance(facts, dict) and isinstance(facts.get("chips"), int):
                chips_over = [s["players"][name]["chips"] for s in summaries]
            seat = Seat(game_id, info["game"], info["created"], name, over, name in (final.get("winners") or []),
                        chips_over[-1] if chips_over else None, chips_over)
            if roster is None:
                player_id = name
            elif name in roster:
                player_id = roster[name]
            else:
                unlisted.append({"game_id": game_id, "name": name})
                continue
            players.setdefault(player_id, Player(player_id, names.get(player_id, name))).seats.append(seat)
    ordered = sorted(players.values(), key=lambda p: (-p.summary()["wins"], -p.summary()["finished"], p.name))
    return {"players": [{**p.summary(), "seats": [vars(s) for s in p.seats]} for p in ordered],
            "unlisted": unlisted, "damaged": damaged}


def to_csv(table: dict[str, Any]) -> str:
    """Return the standings as CSV: one row per player (per-game-type columns for every game type seen)."""
    types = sorted({t for p in table["players"] for t in p["by_game"]})
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["id", "name", "games", "finished", "wins", "win_rate", "final_chips_total", "final_chips_mean"]
                    + [f"{t}_{k}" for t in types for k in ("played", "wins")])
    for p in table["players"]:
        writer.writerow([p["id"], p["name"], p["games"], p["finished"], p["wins"], p["win_rate"], p["final_chips_total"],
                         p["final_chips_mean"]] + [p["by_game"].get(t, {}).get(k, 0) for t in types for k in ("played", "wins")])
    return out.getvalue()
