"""End-to-end: the first rounds of a cat auction on a rendered table, read back through the live loop.

The cat auction's stage directions (companion/games/cats/table/stage.py) act the game out
as a real table enters it: hands dealt in secret, the lot and penalties laid face down,
bids and cat cards laid face up on the stake, a round's bids carried to the discard pile;
what is hidden is typed. Every frame goes through vision -> fusion -> CatsInterpreter ->
rules -> event store. The game must end where the record does, with no move wrong or
missed, and nothing the camera stored may name a face-down card.
"""

from __future__ import annotations

import json

import pytest

from companion.demo import DemoOptions, run_demo
from companion.store.session import GameSession
from companion.store.sqlite import EventStore


@pytest.mark.slow
def test_cats_video_fed_rounds_end_where_the_record_does(tmp_path):
    result = run_demo(3, tmp_path, DemoOptions(video=False, max_moves=20, width=1280, height=720), game="cats")
    assert result.pipeline_state == result.source_state
    assert result.wrong == 0, "a move the camera got wrong"
    assert result.missed == 0, "a move the camera neither produced nor raised"
    assert result.right == result.moves, result.to_json()
    store = EventStore(tmp_path / "companion.db")
    try:
        session = GameSession(store, "demo-3")
        camera = [(e.kind, json.loads(e.payload)) for e in session.events if e.source == "camera"]
    finally:
        store.close()
    moved = [p for kind, p in camera if isinstance(p, dict) and p.get("type") in ("bid", "play")]
    assert moved, "the camera produced the bids and cat cards"
    assert not [p for kind, p in camera if isinstance(p, dict) and p.get("type") in ("lot", "pass", "draw", "reveal", "deal")]
    seen = {c["code"] for kind, p in camera if isinstance(p, dict) for c in p.get("changes", [])}
    laid = {c for p in moved for c in p.get("cards", []) + [p.get("card"), p.get("turned")] if c}
    assert seen and seen <= laid, "the camera read only the cards laid face up on the stake"
