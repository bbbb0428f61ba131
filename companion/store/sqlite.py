"""Append-only event store in one SQLite file, hash-chained per game.

Rows are only ever inserted: this module has no UPDATE or DELETE. Corrections
and undo are new events that the fold interprets. WAL journal with
synchronous=FULL: an append is on disk (WAL fsynced at commit) before
append() returns, so a tablet that shows "accepted" never loses the move to a
power cut; the cost (one fsync per move, a few ms) is nothing at table speed.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from typing import Any, Iterator

from companion.errors import StoreError
from companion.store.events import GENESIS_HASH, Event, canonical_json, event_hash

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(game_id),
    seq INTEGER NOT NULL,
    time TEXT NOT NULL,
    source TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    UNIQUE (game_id, seq)
);
CREATE TABLE IF NOT EXISTS secrets (
    game_id TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, name)
);
"""


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


class EventStore:
    """An open SQLite event store. Use as a context manager or call close()."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=10)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot open event store {str(self.path)!r}: {exc}") from None

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database connection."""
        self.db.close()

    def create_game(self, game_id: str, game: str, title: str = "") -> None:
        """Register a new game id. Raises StoreError if the id exists."""
        try:
            self.db.execute("INSERT INTO games (game_id, game, created, title) VALUES (?, ?, ?, ?)", (game_id, game, _now(), title))
        except sqlite3.IntegrityError:
            raise StoreError(f"game {game_id!r} already exists") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot write to the event store: {exc}") from None

    def games(self) -> list[dict[str, str]]:
        """Return every stored game: id, game name, creation time and title, oldest first."""
        rows = self._query("SELECT game_id, game, created, title FROM games ORDER BY created, game_id")
        return [dict(zip(("game_id", "game", "created", "title"), row)) for row in rows]

    def game_name(self, game_id: str) -> str:
        """Return which game (e.g. 'bux') a stored game id plays. Raises StoreError if unknown."""
        rows = self._query("SELECT game FROM games WHERE game_id = ?", (game_id,))
        if not rows:
            raise StoreError(f"no stored game {game_id!r}")
        return rows[0][0]

    def append(self, game_id: str, kind: str, payload: Any, source: str = "system", *, time: str | None = None) -> Event:
        """Append one event and return it; durable on disk when this returns.

        Raises:
            StoreError: if the database cannot be written (disk full, read-only, corrupt).
        """
        return self.append_many(game_id, [(kind, payload)], source, time=time)[0]

    def append_many(self, game_id: str, items: list[tuple[str, Any]], source: str = "system", *, time: str | None = None) -> list[Event]:
        """Append several (kind, payload) events in one transaction: all are stored or none.

        Raises:
            StoreError: if the database cannot be written (disk full, read-only, corrupt).
        """
        events = []
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                row = self.db.execute(
                    "SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
                ).fetchone()
                seq, prev = (row[0], row[1]) if row else (0, GENESIS_HASH)
                when = time or _now()
                for kind, payload in items:
                    seq += 1
                    text = canonical_json(payload)
                    digest = event_hash(game_id, seq, when, source, kind, text, prev)
                    self.db.execute(
                        "INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (game_id, seq, when, source, kind, text, prev, digest),
                    )
                    events.append(Event(game_id, seq, when, source, kind, text, prev, digest))
                    prev = digest
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot write to the event store: {exc}") from None
        return events

    def events(self, game_id: str, after: int = 0) -> list[Event]:
        """Return a game's events in order (those with seq > after)."""
        rows = self._query(
            "SELECT game_id, seq, time, source, kind, payload, prev_hash, hash FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        )
        return [Event(*row) for row in rows]

    def iter_events(self, game_id: str) -> Iterator[Event]:
        """Yield a game's events in order without loading them all at once."""
        try:
            cursor = self.db.execute(
                "SELECT game_id, seq, time, source, kind, payload, prev_hash, hash FROM events WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
            for row in cursor:
                yield Event(*row)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot read the event store: {exc}") from None

    def put_secret(self, game_id: str, name: str, value: str) -> None:
        """Store a game's secret (a dice seed, the web key) once; secrets are never shown or changed.

        Kept out of the hash-chained events so the log can be shared before
        the secret is revealed. Insert-only like the events.

        Raises:
            StoreError: if the secret already exists or the store cannot be written.
        """
        try:
            self.db.execute("INSERT INTO secrets (game_id, name, value, created) VALUES (?, ?, ?, ?)", (game_id, name, value, _now()))
        except sqlite3.IntegrityError:
            raise StoreError(f"secret {name!r} of game {game_id!r} already exists") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot write to the event store: {exc}") from None

    def get_secret(self, game_id: str, name: str) -> str | None:
        """Return a game's stored secret, or None if it was never stored."""
        rows = self._query("SELECT value FROM secrets WHERE game_id = ? AND name = ?", (game_id, name))
        return rows[0][0] if rows else None

    def last_seq(self, game_id: str) -> int:
        """Return the seq of a game's latest event (0 if none): a cheap "anything new?" check."""
        rows = self._query("SELECT MAX(seq) FROM events WHERE game_id = ?", (game_id,))
        return rows[0][0] or 0

    def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot read the event store {str(self.path)!r}: {exc}") from None


def verify_chain(events: list[Event]) -> int | None:
    """Return the seq of the first event whose hash or link is wrong, or None if the chain holds.

    A deleted event shows as a gap in seq or a prev_hash that does not match.
    """
    prev = GENESIS_HASH
    for expected_seq, event in enumerate(events, start=1):
        if event.seq != expected_seq or event.prev_hash != prev or event.hash != event.expected_hash():
            return event.seq
        prev = event.hash
    return None
