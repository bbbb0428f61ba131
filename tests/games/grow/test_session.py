"""A Grow Your Assets game in the real event store: moves judged, rejections audited, undo, export."""

from __future__ import annotations

import json

import pytest

from companion.errors import RuleViolation
from companion.store.session import GameSession, import_record
from companion.store.sqlite import EventStore, verify_chain

from .regenerate_records import RECORDS


@pytest.fixture
def store(tmp_path):
    store = EventStore(tmp_path / "games.sqlite")
    yield store
    store.close()


def test_a_recorded_game_plays_through_the_store(store):
    lines = [json.loads(line) for line in (RECORDS / "grow-joe-moe.jsonl").read_text(encoding="utf-8").splitlines()]
    session = GameSession.start(store, lines[0])
    for line in lines[1:]:
        session.submit(line, source="tablet")
    with pytest.raises(RuleViolation):
        session.submit({"type": "roll", "player": "Moe", "dice": [1, 1]})
    assert session.events[-1].kind == "rejected"
    expected = json.loads((RECORDS / "grow-joe-moe.expected.json").read_text(encoding="utf-8"))
    assert session.game.state_to_json(session.state) == expected
    exported = [json.loads(line) for line in session.export_record().splitlines()]
    assert exported == lines
    before = session.state
    session.submit({"type": "roll", "player": "Joe", "dice": [2, 3]})
    rolled = session.state
    assert rolled != before
    with pytest.raises(RuleViolation) as refused:
        session.undo()  # dice are never rolled again: a roll is corrected by a new move, not undone
    assert refused.value.rule == "undo.final/dice" and session.state == rolled
    assert verify_chain(store.events(session.game_id)) is None


def test_import_record_stores_a_whole_grow_game(store):
    text = (RECORDS / "grow-4p.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    session = import_record(store, text)
    expected = json.loads((RECORDS / "grow-4p.expected.json").read_text(encoding="utf-8"))
    assert session.game.state_to_json(session.state) == expected
