"""The append-only event store on both backends (a real SQLite file, a real PostgreSQL database): hash chain, clear errors.

Tests named for SQLite (WAL, a file that is not a database) are about the file and run on SQLite only.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import companion.store.postgres as postgres_module
import companion.store.sqlite as sqlite_module
from companion.errors import StoreError
from companion.store.backends import open_store
from companion.store.events import GENESIS_HASH
from companion.store.sqlite import EventStore, verify_chain
from tests.backends import raw_execute


@pytest.fixture
def store(store_target):
    with open_store(store_target) as s:
        s.create_game("g1", "bux")
        yield s


def test_events_are_numbered_and_chained(store):
    a = store.append("g1", "move", {"type": "x"}, "tablet")
    b = store.append("g1", "note", {"text": "hi"}, "system")
    assert (a.seq, b.seq) == (1, 2)
    assert re.fullmatch(r"[0-9a-f]{64}", a.prev_hash) and a.prev_hash != GENESIS_HASH and b.prev_hash == a.hash
    assert verify_chain(store.events("g1")) is None
    assert [e.data for e in store.events("g1")] == [{"type": "x"}, {"text": "hi"}]


def test_games_have_separate_chains(store):
    store.create_game("g2", "bux")
    store.append("g1", "move", {"n": 1})
    first_of_g2 = store.append("g2", "move", {"n": 1})
    assert first_of_g2.seq == 1 and first_of_g2.prev_hash != store.events("g1")[0].prev_hash, "each game's chain starts from its own random anchor"


def test_a_chain_from_before_random_anchors_still_verifies(store, tmp_path):
    """Games stored when every chain started from zeros audit as before."""
    from companion.store.events import Event, event_hash

    def event(seq: int, prev: str) -> Event:
        time = "2026-01-01T00:00:00.000+00:00"
        return Event("old", seq, time, "tablet", "move", "{}", prev, event_hash("old", seq, time, "tablet", "move", "{}", prev))

    first = event(1, GENESIS_HASH)
    assert verify_chain([first, event(2, first.hash)]) is None
    assert verify_chain([first, event(2, GENESIS_HASH)]) == 2, "only the first event may start anywhere"


def test_an_edited_event_is_detected_and_located(store, store_target):
    for n in range(5):
        store.append("g1", "move", {"n": n})
    raw_execute(store_target, "UPDATE events SET payload = ? WHERE game_id = 'g1' AND seq = 3", ('{"n":99}',))
    assert verify_chain(store.events("g1")) == 3


def test_a_deleted_event_is_detected_and_located(store, store_target):
    for n in range(5):
        store.append("g1", "move", {"n": n})
    raw_execute(store_target, "DELETE FROM events WHERE game_id = 'g1' AND seq = 2")
    assert verify_chain(store.events("g1")) == 3
    assert any("gaps" in problem for problem in store.integrity("g1")), "the per-game check names the gap too"


def test_append_many_is_all_or_nothing(store):
    with pytest.raises(TypeError):
        store.append_many("g1", [("move", {"ok": 1}), ("move", {"bad": object()})])
    assert store.events("g1") == []


def test_sqlite_wal_mode_and_full_sync(tmp_path):
    store = EventStore(tmp_path / "events.db")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


@pytest.mark.parametrize("module", [sqlite_module, postgres_module], ids=["sqlite", "postgres"])
def test_the_module_never_updates_or_deletes_events(module):
    source = Path(module.__file__).read_text()
    assert "INSERT INTO events" in source
    assert not re.search(r"\b(UPDATE|DELETE\s+FROM|REPLACE\s+INTO|INSERT\s+OR\s+REPLACE\s+INTO)\s+(events|games)\b", source, re.I)


def test_duplicate_game_and_unknown_game_are_clear_errors(store):
    with pytest.raises(StoreError, match="already exists"):
        store.create_game("g1", "bux")
    with pytest.raises(StoreError, match="no stored game"):
        store.game_name("nope")


def test_sqlite_a_file_that_is_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="cannot open event store"):
        EventStore(path)
