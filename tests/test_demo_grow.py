"""End-to-end: the first rounds of a Grow Your Assets game on a rendered table, read back through the live loop.

Grow's stage directions (companion/games/grow/table/stage.py) act the game out:
each round's cards turned face up into the row, each pick carried to the seat
(red and blue cards onto the stack they join, or apart as a new one), discards
carried to the pile; bids, dice, actions and breaks are typed. Every frame goes
through vision -> fusion -> GrowInterpreter -> rules -> event store. The game
must end where the record does, with no move wrong or missed, and the camera
must never propose a sealed bid's reveal.
"""

from __future__ import annotations

import json

import pytest

from companion.demo import DemoOptions, run_demo
from companion.store.session import GameSession
from companion.store.sqlite import EventStore


@pytest.mark.slow
def test_grow_video_fed_rounds_end_where_the_record_does(tmp_path):
    result = run_demo(5, tmp_path, DemoOptions(video=False, max_moves=24, width=1280, height=720), game="grow")
    assert result.pipeline_state == result.source_state
    assert result.wrong == 0, "a move the camera got wrong"
    assert result.missed == 0, "a move the camera neither produced nor raised"
    assert result.right == result.moves, result.to_json()
    store = EventStore(tmp_path / "companion.db")
    try:
        session = GameSession(store, "demo-5")
        camera = [json.loads(e.payload) for e in session.events if e.source == "camera"]
    finally:
        store.close()
    moved = [e for e in camera if isinstance(e, dict) and e.get("type") in ("draw", "pick")]
    assert moved, "the camera produced the draws and picks"
    assert not any("bids" in json.dumps(e) for e in camera), "the camera never saw, proposed or worded a bid"


@pytest.mark.parametrize("game, players, limits", [("grow", 5, "2 to 4"), ("bux", 2, "3 to 5")])
def test_the_demo_refuses_a_player_count_its_game_does_not_allow(tmp_path, capsys, game, players, limits):
    from companion.cli import main

    code = main(["demo", "--game", game, "--players", str(players), "--headless", "--out", str(tmp_path / "out")])
    assert code != 0
    assert f"played by {limits} players, not {players}" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_the_demo_films_a_two_player_grow_game(tmp_path):
    """Grow is played by two as well (eight cards out): the demo's --players follows the game, not BUX's 3-5."""
    result = run_demo(4, tmp_path, DemoOptions(players=2, video=False, max_moves=8), game="grow")
    assert result.pipeline_state == result.source_state and result.wrong == 0 and result.moves == 8
    store = EventStore(tmp_path / "companion.db")
    try:
        assert len(GameSession(store, "demo-4").state.players) == 2
    finally:
        store.close()
