"""Small blue/red match states built by hand, so each rule test exercises one rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.match.state import COLOURS, COLOUR, PLAY, MatchState

ROOT = Path(__file__).resolve().parents[3]
RECORDS = ROOT / "tests" / "records"


def make_state(hands: dict[str, list[str]], *, to_move: str = "Ann", phase: str = PLAY, advanced: bool = False,
               decks: list[str] = (), discards: dict[str, list[str]] | None = None,
               matches: dict[str, list[tuple[str, str]]] | None = None) -> MatchState:
    """Return a tracked mid-round state with exactly the given hands, deck cards, discard piles and matches."""
    players = tuple(hands)
    discards = discards or {}
    matches = matches or {}
    return MatchState(
        players=players,
        advanced=advanced,
        dealer=(players.index(to_move) - 1) % len(players),
        phase=phase,
        tracked=True,
        to_move=players.index(to_move),
        hands=tuple(frozenset(hands[p]) for p in players),
        matches=tuple(tuple(matches.get(p, ())) for p in players),
        decks=tuple(frozenset(c for c in decks if COLOUR[c] == colour) for colour in COLOURS),
        discards=tuple(tuple(discards.get(colour, ())) for colour in COLOURS),
    )


def lines(*objs) -> list[str]:
    """Return record lines (JSON text with newlines) for the given line objects."""
    return [json.dumps(o) + "\n" for o in objs]


@pytest.fixture
def write_json(tmp_path):
    """Write an object as a JSON file in tmp_path and return its path as a string."""
    def write(obj, name: str = "round.json") -> str:
        path = tmp_path / name
        path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
        return str(path)
    return write
