"""Every finished game out to other tools: a BG Stats import file (JSON) and a BoardGameGeek-style play log (XML).

Both are written from GameResults (finished, audit clean: companion/club/results.py)
and both have a reader here, so the tests read a written file back through
the format's own fields (docs/club.md, "Export", says where each format
comes from and which fields we fill).

Identifiers in the BG Stats file (uuids, ids) are derived from the game ids
and names (uuid5), so exporting the same games twice gives the same bytes,
and an app importing it twice can recognise the plays it already has.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from companion.club.results import GameResult

NAMESPACE = uuid.UUID("5b1f3c2e-8f1d-4c61-9b0e-7a3c1d2e4f50")
"""The companion's own uuid5 namespace for exported ids (fixed, so exports are reproducible)."""
ABOUT = ("This is a Play file that can be read by Board Game Stats. "
         "Written by the table companion from its finished, audited games.")


@dataclass(frozen=True)
class Play:
    """What both formats carry of a game, as a reader sees it: compared with the GameResult in tests."""

    game: str
    date: str
    """Local date the game started, YYYY-MM-DD."""
    duration_minutes: int
    players: tuple[str, ...]
    scores: tuple[float | None, ...]
    winners: tuple[str, ...]


def play_of(result: GameResult, titles: dict[str, str] | None = None) -> Play:
    """Return what an export should carry of one result (`titles` maps a game type to the name written)."""
    return Play((titles or {}).get(result.game, result.game), _local(result.started).date().isoformat(),
                result.duration_minutes, result.players, result.scores, result.winners)


def _local(text: str) -> dt.datetime:
    """Return a stored UTC time on this machine's clock, without its offset (both formats write local times)."""
    when = dt.datetime.fromisoformat(text)
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return when.astimezone().replace(tzinfo=None, microsecond=0)


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "\x1f".join(parts)))


def _score_text(score: float | None) -> str:
    """Return a score as BG Stats writes it: a number as text ("1385", "12.5"), or "" for none."""
    if score is None:
        return ""
    return str(int(score)) if float(score).is_integer() else repr(float(score))


def to_bgstats(results: list[GameResult], titles: dict[str, str] | None = None, location: str = "Club") -> dict:
    """Return a BG Stats import file (players, locations, games, plays with playerScores) for these games."""
    names = sorted({name for r in results for name in r.players})
    player_ids = {name: i + 1 for i, name in enumerate(names)}
    kinds = sorted({r.game for r in results})
    game_ids = {kind: i + 1 for i, kind in enumerate(kinds)}
    stamp = max((_local(r.ended) for r in results), default=dt.datetime(2000, 1, 1)).strftime("%Y-%m-%d %H:%M:%S")
    return {
        "about": ABOUT,
        "players": [{"uuid": _uuid("player", n), "id": player_ids[n], "name": n, "isAnonymous": False,
                     "modificationDate": stamp, "bggUsername": ""} for n in names],
        "locations": [{"uuid": _uuid("location", location), "id": 1, "name": location, "modificationDate": stamp}],
        "games": [{"uuid": _uuid("game", k), "id": game_ids[k], "name": (titles or {}).get(k, k), "modificationDate": stamp,
                   "cooperative": False, "highestWins": True,
                   "noPoints": all(s is None for r in results if r.game == k for s in r.scores),
                   "usesTeams": False, "bggId": 0} for k in kinds],
        "plays": [_bgstats_play(r, player_ids, game_ids[r.game]) for r in results],
    }


def _bgstats_play(result: GameResult, player_ids: dict[str, int], game_id: int) -> dict:
    """Return one play: its date, length, location, game and one playerScore per seat (rank 1 best, ties shared)."""
    started = _local(result.started).strftime("%Y-%m-%d %H:%M:%S")
    return {"uuid": _uuid("play", result.game_id), "modificationDate": started, "entryDate": started,
            "playDate": started, "usesTeams": False, "durationMin": result.duration_minutes, "ignored": False,
            "manualWinner": False, "rounds": 0, "locationRefId": 1, "gameRefId": game_id, "board": result.title,
            "rating": 0, "scoringSetting": 0,
            "playerScores": [{"score": _score_text(score), "winner": name in result.winners, "newPlayer": False,
                              "startPlayer": seat == 0, "playerRefId": player_ids[name], "rank": rank + 1, "seatOrder": seat}
                             for seat, (name, score, rank) in enumerate(zip(result.players, result.scores, result.ranks()))]}


def read_bgstats(data: dict) -> list[Play]:
    """Return the plays of a BG Stats file, read only through its own fields (players, games, plays, playerScores)."""
    players = {p["id"]: p["name"] for p in data["players"]}
    games = {g["id"]: g["name"] for g in data["games"]}
    out = []
    for play in data["plays"]:
        scores = sorted(play["playerScores"], key=lambda s: s.get("seatOrder", 0))
        names = tuple(players[s["playerRefId"]] for s in scores)
        out.append(Play(games[play["gameRefId"]], play["playDate"][:10], int(play["durationMin"]), names,
                        tuple(float(s["score"]) if s.get("score") not in (None, "") else None for s in scores),
                        tuple(players[s["playerRefId"]] for s in scores if s.get("winner"))))
    return out


def to_bgg_xml(results: list[GameResult], titles: dict[str, str] | None = None, location: str = "Club") -> str:
    """Return a BoardGameGeek-style play log: <plays><play date length location><item name/><players><player .../>."""
    root = ET.Element("plays", {"total": str(len(results))})
    for result in results:
        play = ET.SubElement(root, "play", {"id": result.game_id, "date": _local(result.started).date().isoformat(),
                                             "quantity": "1", "length": str(result.duration_minutes), "incomplete": "0",
                                             "nowinstats": "0", "location": location})
        item = ET.SubElement(play, "item", {"name": (titles or {}).get(result.game, result.game), "objecttype": "thing",
                                            "objectid": "0"})
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", {"value": "boardgame"})
        ET.SubElement(play, "comments").text = f"table companion game {result.game_id}" + (f", {result.title}" if result.title else "")
        seats = ET.SubElement(play, "players")
        for seat, (name, score) in enumerate(zip(result.players, result.scores)):
            ET.SubElement(seats, "player", {"username": "", "userid": "0", "name": name, "startposition": str(seat + 1),
                                            "color": "", "score": _score_text(score), "new": "0", "rating": "0",
                                            "win": "1" if name in result.winners else "0"})
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def read_bgg_xml(text: str) -> list[Play]:
    """Return the plays of a BoardGameGeek play log, read through its attributes (date, length, item name, players)."""
    root = ET.fromstring(text)
    out = []
    for play in root.findall("play"):
        seats = sorted(play.findall("players/player"), key=lambda p: int(p.get("startposition") or 0))
        item = play.find("item")
        out.append(Play(item.get("name", "") if item is not None else "", play.get("date", ""), int(play.get("length") or 0),
                        tuple(p.get("name", "") for p in seats),
                        tuple(float(p.get("score") or "") if p.get("score") else None for p in seats),
                        tuple(p.get("name", "") for p in seats if p.get("win") == "1")))
    return out
