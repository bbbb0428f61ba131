"""What only the PostgreSQL store has: migrations, a read-only open, lost connections, LISTEN/NOTIFY, many processes."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import psycopg
import pytest

from companion.errors import StorageFault, StoreError
from companion.store import postgres
from companion.store.backends import listen, open_store
from companion.store.session import GameSession
from companion.store.sqlite import verify_chain

RECORDS = Path(__file__).parents[1] / "records"
BUX = [json.loads(line) for line in (RECORDS / "bux-3p-full.jsonl").read_text().splitlines() if line.strip()]


def test_the_schema_is_migrated_once_and_its_steps_are_listed(pg_url):
    with open_store(pg_url), open_store(pg_url):
        pass
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT version, description FROM schema_migrations ORDER BY version").fetchall()
    assert [row[0] for row in rows] == [version for version, _, _ in postgres.MIGRATIONS]
    assert all(row[1] for row in rows)


def test_a_database_of_a_newer_companion_is_refused_with_a_sentence(pg_url):
    open_store(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (999, 'from the future', 'now')")
    postgres.close_pools(pg_url)
    with pytest.raises(StoreError, match="newer companion .schema 999"):
        open_store(pg_url)


def test_read_only_never_creates_a_schema_and_refuses_writes_in_the_server(pg_url):
    with pytest.raises(StoreError, match="no event store in the PostgreSQL database"):
        open_store(pg_url, read_only=True)
    with open_store(pg_url) as store:
        GameSession.start(store, BUX[0], game_id="g")
    with open_store(pg_url, read_only=True) as audit:
        assert audit.last_seq("g") == 1
        with pytest.raises(StorageFault, match="read-only"):
            audit.append("g", "note", {})
        # Even past the store's own check, the server refuses the write on these connections.
        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            audit._run(lambda conn: conn.execute("INSERT INTO games VALUES ('x', 'bux', 'now', '')"))
    with open_store(pg_url) as store:
        assert [g["game_id"] for g in store.games()] == ["g"]


def test_an_unreachable_server_is_one_clear_sentence(tmp_path, monkeypatch):
    monkeypatch.setattr(postgres, "CONNECT_SECONDS", 1.0)
    url = f"postgresql://nobody@/club?host={tmp_path}"  # no server listens on a socket there
    with pytest.raises(StoreError, match="cannot reach the PostgreSQL database 'club'"):
        open_store(url)


def _drop_connections(url: str) -> None:
    """End every other server connection to the test database, as a server restart or a network cut would."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                     "WHERE datname = current_database() AND pid <> pg_backend_pid()")


def test_a_lost_connection_is_retried_once_and_the_move_is_stored_once(pg_url):
    with open_store(pg_url) as store:
        session = GameSession.start(store, BUX[0], game_id="g")
        _drop_connections(pg_url)
        session.submit(BUX[1])  # the pooled connection is dead: checked, replaced, the write goes through
        _drop_connections(pg_url)
        assert [e.seq for e in store.events("g")] == [1, 2]
        assert verify_chain(store.events("g")) is None


def test_a_connection_lost_during_commit_says_the_entry_may_be_stored(pg_url, monkeypatch):
    """The one case that is not retried: the COMMIT was sent, so the move may be stored; a blind retry could store it twice."""
    with open_store(pg_url) as store:
        GameSession.start(store, BUX[0], game_id="g")
        calls = []

        class CommitSent(postgres._Commit):
            def __init__(self):
                super().__init__()
                self.sent = True  # as if the connection broke while the COMMIT was on its way

        def lost(conn):
            calls.append(1)
            raise psycopg.OperationalError("server closed the connection unexpectedly")

        monkeypatch.setattr(postgres, "_Commit", CommitSent)
        with pytest.raises(StorageFault, match="may or may not be stored"):
            store._run(lost, write=True)
        assert calls == [1], "not retried"
        assert store.last_seq("g") == 1


def test_a_failure_before_commit_stores_nothing_of_the_batch(pg_url):
    with open_store(pg_url) as store:
        GameSession.start(store, BUX[0], game_id="g")
        with pytest.raises(TypeError):
            store.append_many("g", [("note", {"ok": 1}), ("note", {"bad": object()})])
        assert store.last_seq("g") == 1


def test_every_process_write_is_notified_with_its_game(pg_url):
    with open_store(pg_url) as store:
        GameSession.start(store, BUX[0], game_id="g")
    heard: list[str | None] = []
    arrived = threading.Event()

    def on_change(game_id):
        heard.append(game_id)
        arrived.set()

    stop, sees_all = listen(pg_url, on_change)
    try:
        assert sees_all
        # Another process (not this one's pool) stores a move.
        code = ("import sys, json; from companion.store.backends import open_store; from companion.store.session import GameSession;"
                "s = open_store(sys.argv[1]); GameSession(s, 'g').submit(json.loads(sys.argv[2]))")
        subprocess.run([sys.executable, "-c", code, pg_url, json.dumps(BUX[1])], check=True,
                       cwd=Path(__file__).parents[2], capture_output=True)
        assert arrived.wait(10)
        assert heard == ["g"]
    finally:
        stop()


def test_a_server_hears_another_process_write_by_notification_not_by_polling(pg_url):
    """The web broadcaster on a PostgreSQL store LISTENs: a camera process's move reaches its viewer at once,
    although the watcher would otherwise only read every NOTIFIED_SAFETY_SECONDS (30 s)."""
    import asyncio
    import time

    from companion.web.broadcast import NOTIFIED_SAFETY_SECONDS, Broadcaster

    with open_store(pg_url) as store:
        GameSession.start(store, BUX[0], game_id="g")
    code = ("import sys, json; from companion.store.backends import open_store; from companion.store.session import GameSession;"
            "s = open_store(sys.argv[1]); GameSession(s, 'g').submit(json.loads(sys.argv[2]), source='camera')")

    async def watch() -> tuple[float, bytes]:
        hub = Broadcaster(pg_url, lambda game_id, language: None, watch_seconds=NOTIFIED_SAFETY_SECONDS)
        try:
            viewer = await hub.join("g", None, last_id="1")
            assert hub._notified, "a PostgreSQL store is watched by notification"
            writer = await asyncio.create_subprocess_exec(sys.executable, "-c", code, pg_url, json.dumps(BUX[1]),
                                                          cwd=str(Path(__file__).parents[2]))
            assert await writer.wait() == 0
            written = time.monotonic()
            await asyncio.wait_for(viewer.wake.wait(), 10)
            return time.monotonic() - written, viewer.take()
        finally:
            hub.close()

    delay, message = asyncio.run(watch())
    assert b"id: 2" in message
    assert delay < 5, f"the change took {delay:.1f} s: heard by polling, not by NOTIFY"
