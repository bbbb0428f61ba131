"""A game's life in the store: submit, reject, undo, attention items, export and import."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import RecordError, RuleViolation, StoreError
from companion.games.bux.record import move_to_json, replay, state_to_json, write_record
from companion.games.bux.selfplay import random_game
from companion.store.session import GameSession, import_record
from companion.store.backends import open_store
from tests.backends import raw_execute

RECORD = Path(__file__).parents[1] / "records" / "bux-worked-example.jsonl"
LINES = [json.loads(line) for line in RECORD.read_text().splitlines()]


@pytest.fixture
def store(store_target):
    """An empty event store, once per backend (SQLite file, PostgreSQL database)."""
    with open_store(store_target) as s:
        yield s


def test_state_is_the_fold_of_accepted_moves(store):
    session = GameSession.start(store, LINES[0], game_id="g")
    for line in LINES[1:]:
        session.submit(line)
    assert state_to_json(session.state) == state_to_json(replay(RECORD.read_text().splitlines(True)))


def test_a_rejected_move_changes_nothing_but_is_kept_for_the_audit(store):
    session = GameSession.start(store, LINES[0], game_id="g")
    before = session.state
    bad = {**LINES[1], "price": 42}
    with pytest.raises(RuleViolation, match="multiple of 5"):
        session.submit(bad)
    assert session.state == before
    kinds = [e.kind for e in session.events]
    assert kinds == ["move", "rejected"]
    assert session.events[-1].data["rule"] == "bid.not_multiple"
    with pytest.raises(RecordError):
        session.submit({"type": "draw"})
    assert session.state == before


def test_undo_is_a_compensating_event(store):
    session = GameSession.start(store, LINES[0], game_id="g")
    session.submit(LINES[1])
    after_one = session.state
    session.submit(LINES[2])
    session.undo()
    assert session.state == after_one
    assert [e.kind for e in session.events] == ["move", "move", "move", "undo"]
    session.submit(LINES[2])
    session.undo()
    session.undo()
    with pytest.raises(RuleViolation, match="no move to undo"):
        session.undo()


def test_another_connection_sees_new_events(store, store_target):
    session = GameSession.start(store, LINES[0], game_id="g")
    with open_store(store_target) as other_store:
        other = GameSession(other_store, "g")
        assert other.state == session.state
        session.submit(LINES[1])
        assert other.state == session.state


def test_attention_items_stay_open_until_resolved(store):
    session = GameSession.start(store, LINES[0], game_id="g")
    item = session.raise_attention("a card vanished", cards=["heart-x-25"], players=["Ann"], proposed=LINES[1])
    assert [i["id"] for i in session.open_attention()] == [item]
    session.resolve(item, "dismissed")
    assert session.open_attention() == []
    with pytest.raises(RuleViolation):
        session.resolve(item, "confirmed")


def test_export_then_import_reproduces_the_game(store):
    session = GameSession.start(store, LINES[0], game_id="g")
    for line in LINES[1:4]:
        session.submit(line, evidence={"frames": [1.0]})
    text = session.export_record()
    assert "evidence" not in text
    copy = import_record(store, text.splitlines(True), game_id="copy")
    assert copy.state == session.state
    assert {g["game_id"] for g in store.games()} == {"g", "copy"}


def test_import_of_a_bad_record_stores_nothing(store):
    text = RECORD.read_text().replace('"price": 40', '"price": 41')
    with pytest.raises(RuleViolation) as info:
        import_record(store, text.splitlines(True), game_id="bad")
    assert info.value.line == 2
    assert store.games() == []


def test_a_tampered_log_is_reported_not_replayed(store, store_target):
    session = GameSession.start(store, LINES[0], game_id="g")
    session.submit(LINES[1])
    raw_execute(store_target, "INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash) "
                "VALUES ('g', 3, 't', 'x', 'move', '{\"type\":\"broke\",\"player\":\"Ann\"}', '', '')")
    damaged = GameSession(store, "g")
    assert damaged.damage is not None and damaged.damage.seq == 3 and "does not replay" in damaged.damage.message
    assert damaged.state == GameSession(store, "g").refresh().state  # the valid prefix, readable
    assert len(damaged.refresh().moves) == 2
    with pytest.raises(StoreError, match="read-only"):
        damaged.submit(LINES[2])
    with pytest.raises(StoreError, match="does not replay"):
        damaged.export_record()
    assert store.last_seq("g") == 3  # the refused write stored nothing


_EXAMPLES = itertools.count()


def fast_dir():
    """A temporary folder in RAM when the machine has one: same SQLite settings, no wait on fsync."""
    import tempfile

    return tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), undo_at=st.integers(1, 30))
def test_store_round_trip_and_undo_redo(backend, request, seed, undo_at):
    """Export -> import -> replay reproduces the stored state; undo then redo returns the same state."""
    moves = random_game(seed)
    # PostgreSQL: one database for every example (each example's games have their own ids).
    target = request.getfixturevalue("pg_url") if backend == "postgres" else None
    game_id = f"g{next(_EXAMPLES)}"
    with fast_dir() as folder, open_store(target or Path(folder) / "g.db") as store:
        session = GameSession.start(store, move_to_json(moves[0]), game_id=game_id)
        for index, move in enumerate(moves[1:], start=1):
            line = move_to_json(move)
            if index == undo_at:
                before = session.state
                session.submit(line)
                after = session.state
                session.undo()
                assert session.state == before
                session.submit(line)
                assert session.state == after
            else:
                session.submit(line)
        exported = [json.loads(line) for line in session.export_record().splitlines()]
        assert exported == [json.loads(line) for line in write_record(moves).splitlines()]
        copy = import_record(store, session.export_record().splitlines(True), game_id=f"copy-{game_id}")
        assert copy.state == session.state == replay(write_record(moves).splitlines(True))


def test_a_line_with_an_unknown_key_is_refused_not_stored_with_the_key_ignored(store):
    """Issue 14: the tablet and the camera never store a key the line type does not have (a typo changes play)."""
    session = GameSession.start(store, LINES[0], game_id="g")
    line = {**LINES[1], "pricee": 40}
    with pytest.raises(RecordError, match="draw: unknown key 'pricee' is not part of the record; a draw line has type, player"):
        session.submit(line)
    assert [e.kind for e in store.events("g")] == ["move", "rejected"]
    with pytest.raises(RecordError, match="unknown key 'firts'"):
        GameSession.start(store, {**LINES[0], "firts": "Ann"}, game_id="h")
    noted = session.submit({**LINES[1], "note": "Ben hesitated"})  # a note is welcome on any line
    assert noted.data["note"] == "Ben hesitated"


def test_a_damaged_game_says_so_in_sentences_without_doubled_stops(store):
    """A stored move that does not replay quotes the rules' sentence, which ends in a full stop:
    the refusal read 'The game is over.. The game is read-only' and export 'The game is over.; `companion recover`'."""
    from companion.errors import DamagedGame

    session = GameSession.start(store, LINES[0], game_id="g")
    for line in LINES[1:]:
        session.submit(line)
    store.append("g", "move", LINES[-1], source="tablet")  # a second copy, stored behind the session's back
    with pytest.raises(DamagedGame) as write:
        GameSession(store, "g").submit(LINES[-1])
    with pytest.raises(DamagedGame) as export:
        GameSession(store, "g").record_lines()
    for message in (write.value.message, export.value.message):
        assert f"event {len(LINES) + 1}: stored move does not replay: " in message
        assert ".." not in message and ".;" not in message, message
