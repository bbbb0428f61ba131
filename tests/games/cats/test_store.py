"""The cat auction in the event store: a real SQLite file, submit/reject/undo, export and import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import RuleViolation
from companion.games.cats.record import replay, state_to_json
from companion.store.events import MOVE, REJECTED
from companion.store.session import GameSession, import_record
from companion.store.sqlite import EventStore, verify_chain

RECORD = Path(__file__).resolve().parents[2] / "records" / "cats-3p.jsonl"


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.sqlite") as store:
        yield store


def record_lines() -> list[dict]:
    return [json.loads(line) for line in RECORD.read_text(encoding="utf-8").splitlines()]


def parsed(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def test_a_whole_game_played_move_by_move_matches_its_record(store):
    lines = record_lines()
    session = GameSession.start(store, lines[0], source="tablet")
    for line in lines[1:]:
        session.submit(line, source="camera" if line["type"] in ("bid", "play", "lot") else "tablet")
    expected = replay(RECORD.read_text(encoding="utf-8").splitlines(True))
    assert session.state == expected
    assert parsed(session.export_record()) == parsed(RECORD.read_text(encoding="utf-8"))
    assert verify_chain(store.events(session.game_id)) is None


def test_an_illegal_move_is_stored_as_rejected_and_changes_nothing(store):
    lines = record_lines()
    session = GameSession.start(store, lines[0])
    before = session.state
    with pytest.raises(RuleViolation) as info:
        session.submit({"type": "bid", "player": lines[0]["first"], "cards": [lines[0]["hands"][lines[0]["first"]][0]]})
    assert info.value.rule == "bid.lot_first"
    events = store.events(session.game_id)
    assert [e.kind for e in events] == [MOVE, REJECTED] and events[-1].data["rule"] == "bid.lot_first"
    assert session.state == before


def test_undo_restores_the_state_before_the_last_move(store):
    lines = record_lines()
    session = GameSession.start(store, lines[0])
    for line in lines[1:6]:
        session.submit(line)
    before = session.state
    session.submit(lines[6])
    session.undo()
    assert session.state == before and state_to_json(session.state) == state_to_json(before)


def test_import_then_export_round_trips(store):
    session = import_record(store, RECORD.read_text(encoding="utf-8").splitlines(True))
    assert session.game.name == "cats" and parsed(session.export_record()) == parsed(RECORD.read_text(encoding="utf-8"))
