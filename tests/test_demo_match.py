"""End-to-end: the first turns of a blue/red match game on a rendered table, read back through the live loop.

The match's stage directions (companion/games/match/table/stage.py) act the game
out: discard-pile tops taken, matches laid at the seats, discards landing on
their piles; the deal and deck draws are typed (they name hidden cards). Every
frame goes through vision -> fusion -> MatchInterpreter -> rules -> event store.
The game must end where the record does, with no move wrong or missed, and the
camera must never propose a move that names a face-down card (a deck draw, the deal).
"""

from __future__ import annotations

import json

import pytest

from companion.demo import DemoOptions, run_demo
from companion.store.session import GameSession
from companion.store.sqlite import EventStore


@pytest.mark.slow
def test_match_video_fed_turns_end_where_the_record_does(tmp_path):
    result = run_demo(1, tmp_path, DemoOptions(video=False, max_moves=30, width=1280, height=720), game="match")
    assert result.pipeline_state == result.source_state
    assert result.wrong == 0, "a move the camera got wrong"
    assert result.missed == 0, "a move the camera neither produced nor raised"
    assert result.right == result.moves, result.to_json()
    store = EventStore(tmp_path / "companion.db")
    try:
        session = GameSession(store, "demo-1")
        camera = [json.loads(e.payload) for e in session.events if e.source == "camera"]
    finally:
        store.close()
    moved = {e.get("type") for e in camera if isinstance(e, dict)}
    assert {"draw", "match", "discard"} <= moved, "the camera produced discard-pile draws, matches and discards"
    assert not [e for e in camera if isinstance(e, dict) and e.get("type") in ("deal", "trade", "steal", "discard_wild")]
    assert not [e for e in camera if isinstance(e, dict) and e.get("type") == "draw"
                and not str(e.get("from")).endswith("-discard")], "the camera never names a card drawn face down"
