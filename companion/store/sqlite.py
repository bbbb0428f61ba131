"""Append-only event store in one SQLite file, hash-chained per game.

Rows are only ever inserted: this module has no UPDATE, and its only DELETE
is on the `keyframes` table (downscaled JPEGs of the table, kept under a
per-game byte budget; the oldest are dropped first). Events only reference a
keyframe by id, so pruning pictures never touches the hash-chained log.
Corrections and undo are new events that the fold interprets. WAL journal with
synchronous=FULL: an append is on disk (WAL fsynced at commit) before
append() returns, so a tablet that shows "accepted" never loses the move to a
power cut; the cost (one fsync per move, a few ms) is nothing at table speed.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import shutil
import sqlite3
from pathlib import Path
from typing import Any, Iterator, Sequence

from companion.errors import DiskFull, StorageFault, StoreError
from companion.store import notify
from companion.store.events import Event, chain_anchor, continues
from companion.store.integrity import check_file, check_game
from companion.store.readonly import connect_read_only
from companion.store.reads import StoreReads
from companion.store.writes import chain_events, check_keyframe, event_rows, keyframes_to_drop

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
    request_id TEXT,
    UNIQUE (game_id, seq)
);
CREATE TABLE IF NOT EXISTS keyframes (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    created TEXT NOT NULL,
    size INTEGER NOT NULL,
    jpeg BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS keyframes_game ON keyframes (game_id, id);
CREATE TABLE IF NOT EXISTS replies (
    game_id TEXT NOT NULL,
    request_id TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, request_id)
);
CREATE TABLE IF NOT EXISTS secrets (
    game_id TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, name)
);
"""


DEFAULT_KEYFRAME_BUDGET = 64 * 1024 * 1024
"""Bytes of keyframe JPEGs kept per game (about 2,000 frames of 640 px at quality 70)."""


REQUEST_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS events_request ON events (game_id, request_id) WHERE request_id IS NOT NULL"
"""One stored batch per client request id: the last guard against a repeated request storing twice."""


class StaleWrite(StoreError):
    """An append judged against an older sequence number than the game's latest: nothing was stored.

    The caller re-reads the game and judges its entry again (optimistic
    concurrency, the eventsourcing library's expected-version rule).
    """

    def __init__(self, game_id: str, expected: int, actual: int):
        super().__init__(f"game {game_id!r} moved on: the entry was judged at event {expected}, the game is at event {actual}")
        self.expected = expected
        self.actual = actual


class RepeatedRequest(Exception):
    """A request id whose events are already stored: the request was answered before (or is being answered).

    Not a CompanionError: nothing is wrong with the request; the web layer answers it as the first time.
    """

    def __init__(self, game_id: str, request_id: str, seq: int):
        super().__init__(f"request {request_id!r} of game {game_id!r} is already stored (event {seq})")
        self.request_id = request_id
        self.seq = seq


def _write_error(exc: sqlite3.DatabaseError) -> StoreError:
    """Return the StoreError for a failed write, in words a player can act on."""
    text = str(exc)
    if isinstance(exc, sqlite3.OperationalError) and "full" in text:
        return DiskFull("the disk is full: nothing was stored (the last entry was not saved); free some space and enter it again")
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return StorageFault("the event store is on read-only storage: nothing was stored; the scoreboard still shows "
                            "the game, and entries work again once the storage can be written")
    if isinstance(exc, sqlite3.OperationalError):
        return StorageFault(f"cannot write to the event store ({exc}): nothing was stored; try again")
    return StoreError(f"cannot write to the event store: {exc}")


def _disk_is_full(path: Path) -> bool:
    """Return True if the store's filesystem has no room left for a write (SQLite then says only "disk I/O error")."""
    try:
        return path.is_file() and shutil.disk_usage(path.parent).free < 64 * 1024
    except OSError:
        return False


def _is_read_only(exc: sqlite3.DatabaseError, path: Path) -> bool:
    """Return True if opening failed only because the storage cannot be written (the file itself exists)."""
    text = str(exc)
    readable = path.is_file() and path.stat().st_size > 0
    return readable and ("readonly" in text or "read-only" in text or "unable to open" in text)


def _damage_hint(exc: sqlite3.DatabaseError, path: Path) -> str:
    """Return advice to add to a read error when the file itself is damaged."""
    text = str(exc)
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return f" (the file is damaged; `companion recover {path} --out DIR` saves the intact part of each game)"
    return ""


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


class EventStore(StoreReads):
    """An open SQLite event store. Use as a context manager or call close()."""

    EVENT_COLUMNS = "game_id, seq, time, source, kind, CAST(payload AS BLOB), prev_hash, hash"
    """An event row with its payload as bytes: sqlite3 would stop the whole query at one payload that is not UTF-8."""

    def __init__(self, path: str | Path, *, keyframe_budget: int = DEFAULT_KEYFRAME_BUDGET, read_only: bool = False):
        """Open (creating if needed) the store; with read_only, open an existing file that cannot be written.

        read_only never creates a file or a schema and never changes a byte of
        the file (the audit judges evidence it must not touch); `notes` then
        says what had to be worked around to read it (see store.readonly).
        """
        self.path = Path(path)
        self.key = notify.file_key(self.path)
        """One spelling per database (the file's real path): the key of caches shared by the stores of one process."""
        self.label = self.path.name
        """What to call the store in messages (the file's name)."""
        self.keyframe_budget = keyframe_budget
        self.read_only = False
        """True when the store was opened for reading only (asked for, or the storage cannot be written)."""
        self._unwritable: StoreError | None = None
        """Why writes are refused, when the store was opened read-only."""
        self.notes: list[str] = []
        if read_only:
            self.db, self.notes = connect_read_only(self.path)
            self.read_only = True
            self._unwritable = StorageFault("this event store was opened read-only (for the audit): nothing was stored")
            return
        try:
            # check_same_thread=False: the live camera loop and the tablet's server threads share one
            # store, always under LiveTable's lock, so calls never overlap. Other writers (each web
            # request opens its own store) are ordered by SQLite's write lock and expected_seq.
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=10, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            # FULL, not NORMAL: in WAL mode NORMAL skips the fsync at commit, so
            # the last moves could vanish on a power cut after the tablet said
            # "accepted". FULL syncs the WAL on every commit (kill -9 alone never
            # loses a committed move even with NORMAL; power loss would).
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
            self._migrate()
        except sqlite3.DatabaseError as exc:
            with contextlib.suppress(Exception):
                self.db.close()
            if _disk_is_full(self.path):
                self._unwritable = DiskFull("the disk is full: nothing was stored (the last entry was not saved); "
                                            "free some space and enter it again")
            elif _is_read_only(exc, self.path):
                self._unwritable = _write_error(sqlite3.OperationalError("readonly"))
            else:
                raise StoreError(f"cannot open event store {str(self.path)!r}: {exc}{_damage_hint(exc, self.path)}") from None
            self._open_read_only(exc)

    def _check_writable(self) -> None:
        """Refuse a write at once, with the reason, when the store could only be opened for reading."""
        if self._unwritable is not None:
            raise self._unwritable

    def _open_read_only(self, why: sqlite3.DatabaseError) -> None:
        """Open a store on storage that cannot be written, for reading: scoreboards stay up, writes are refused.

        `mode=ro` still needs the WAL's shared-memory file; on a read-only
        filesystem only `immutable=1` opens a WAL database (store.readonly).
        """
        try:
            self.db, self.notes = connect_read_only(self.path)
        except StoreError:
            raise StoreError(f"cannot open event store {str(self.path)!r}: {why}") from None
        self.read_only = True

    def _migrate(self) -> None:
        """Bring a store written by an older version up to this schema (adds columns and indexes only)."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(events)")}
        if "request_id" not in columns:
            self.db.execute("ALTER TABLE events ADD COLUMN request_id TEXT")
        self.db.execute(REQUEST_INDEX)

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database connection."""
        self.db.close()

    def create_game(self, game_id: str, game: str, title: str = "", *, events: Sequence[tuple[str, Any]] = (),
                    source: str = "system", time: str | None = None, secrets: dict[str, str] | None = None) -> list[Event]:
        """Register a new game id together with its first events and its secrets, in one transaction.

        A crash can never leave a registered game without its setup (or its
        key): either the game, its events and its secrets are stored, or nothing is.

        Raises:
            StoreError: if the id exists or the store cannot be written.
        """
        self._check_writable()
        try:
            with self._transaction():
                self.db.execute("INSERT INTO games (game_id, game, created, title) VALUES (?, ?, ?, ?)", (game_id, game, _now(), title))
                stored = self._insert_events(game_id, list(events), source, time)
                self.db.executemany("INSERT INTO secrets (game_id, name, value, created) VALUES (?, ?, ?, ?)",
                                    [(game_id, name, value, _now()) for name, value in (secrets or {}).items()])
        except sqlite3.IntegrityError:
            raise StoreError(f"game {game_id!r} already exists") from None
        except sqlite3.DatabaseError as exc:
            raise _write_error(exc) from None
        return stored

    def adopt_game(self, info: dict[str, str], events: list[Event], secrets: dict[str, str],
                   keyframes: dict[int, bytes]) -> list[int]:
        """Store a game moved from another store exactly as it was (same events, hashes, times), in one transaction.

        Keyframes keep their ids (the moves' evidence names them) where the id
        is free here; returns the ids that were taken by another game's
        pictures and so were not carried. The caller verifies the chain.

        Raises:
            StoreError: if the game id exists here or the store cannot be written.
        """
        self._check_writable()
        skipped = []
        try:
            with self._transaction():
                self.db.execute("INSERT INTO games (game_id, game, created, title) VALUES (?, ?, ?, ?)",
                                (info["game_id"], info["game"], info["created"], info["title"]))
                self.db.executemany(
                    "INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(e.game_id, e.seq, e.time, e.source, e.kind, e.payload, e.prev_hash, e.hash) for e in events])
                self.db.executemany("INSERT INTO secrets (game_id, name, value, created) VALUES (?, ?, ?, ?)",
                                    [(info["game_id"], name, value, _now()) for name, value in secrets.items()])
                for frame_id, jpeg in sorted(keyframes.items()):
                    if self.db.execute("SELECT 1 FROM keyframes WHERE id = ?", (frame_id,)).fetchone():
                        skipped.append(frame_id)
                        continue
                    self.db.execute("INSERT INTO keyframes (id, game_id, created, size, jpeg) VALUES (?, ?, ?, ?, ?)",
                                    (frame_id, info["game_id"], _now(), len(jpeg), jpeg))
        except sqlite3.IntegrityError:
            raise StoreError(f"game {info['game_id']!r} already exists") from None
        except sqlite3.DatabaseError as exc:
            raise _write_error(exc) from None
        return skipped

    def append(self, game_id: str, kind: str, payload: Any, source: str = "system", *, time: str | None = None,
               expected_seq: int | None = None, request_id: str | None = None) -> Event:
        """Append one event and return it; durable on disk when this returns (see append_many)."""
        return self.append_many(game_id, [(kind, payload)], source, time=time, expected_seq=expected_seq,
                                request_id=request_id)[0]

    def append_many(self, game_id: str, items: list[tuple[str, Any]], source: str = "system", *, time: str | None = None,
                    expected_seq: int | None = None, request_id: str | None = None) -> list[Event]:
        """Append several (kind, payload) events in one transaction: all are stored or none.

        `expected_seq` is the seq of the game's latest event when the entry was
        judged; if anything was appended since, nothing is stored and
        StaleWrite is raised, checked inside the write transaction (BEGIN
        IMMEDIATE), so two writers never both chain onto the same event.
        `request_id` (a client's id for one request) is kept on the first
        event; a second batch with the same id raises RepeatedRequest.

        Raises:
            StaleWrite: the game moved on since expected_seq.
            RepeatedRequest: request_id is already stored.
            StoreError: if the database cannot be written (disk full, read-only, corrupt).
        """
        self._check_writable()
        try:
            with self._transaction():
                if request_id is not None:
                    seq = self._request_seq(game_id, request_id)
                    if seq is not None:
                        raise RepeatedRequest(game_id, request_id, seq)
                if expected_seq is not None:
                    actual = self._last(game_id)[0]
                    if actual != expected_seq:
                        raise StaleWrite(game_id, expected_seq, actual)
                events = self._insert_events(game_id, items, source, time, request_id)
        except sqlite3.IntegrityError as exc:
            if request_id is not None and "request" in str(exc):
                raise RepeatedRequest(game_id, request_id, self.request_seq(game_id, request_id) or 0) from None
            raise _write_error(exc) from None
        except sqlite3.DatabaseError as exc:
            raise _write_error(exc) from None
        return events

    def _request_seq(self, game_id: str, request_id: str) -> int | None:
        row = self.db.execute("SELECT seq FROM events WHERE game_id = ? AND request_id = ?", (game_id, request_id)).fetchone()
        return row[0] if row else None

    def put_reply(self, game_id: str, request_id: str, status: int, body: str) -> None:
        """Keep the answer given to a request id, so a repeat of it gets the same answer (first one wins)."""
        self._check_writable()
        try:
            self.db.execute("INSERT OR IGNORE INTO replies (game_id, request_id, status, body, created) VALUES (?, ?, ?, ?, ?)",
                            (game_id, request_id, status, body, _now()))
        except sqlite3.DatabaseError as exc:
            raise _write_error(exc) from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """Run the block as one write transaction: committed if it returns, rolled back if it raises."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        notify.committed(self.path)  # live screens learn of the write at once (companion/store/notify.py)

    def _last(self, game_id: str) -> tuple[int, str]:
        """Return (seq, hash) of the game's latest event, (0, a fresh anchor) if none, inside the caller's transaction."""
        row = self.db.execute("SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)).fetchone()
        return (row[0], row[1]) if row else (0, chain_anchor())

    def _insert_events(self, game_id: str, items: list[tuple[str, Any]], source: str, time: str | None,
                       request_id: str | None = None) -> list[Event]:
        """Insert chained events inside the caller's transaction and return them (the first carries request_id)."""
        seq, prev = self._last(game_id)
        events = chain_events(game_id, items, source, time or _now(), seq, prev)
        self.db.executemany("INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash, request_id) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", event_rows(events, request_id))
        return events

    def iter_events(self, game_id: str) -> Iterator[Event]:
        """Yield a game's events in order without loading them all at once (see _event())."""
        try:
            cursor = self.db.execute(
                f"SELECT {self.EVENT_COLUMNS} FROM events WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
            for row in cursor:
                yield _event(row)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot read the event store: {exc}{_damage_hint(exc, self.path)}") from None

    def put_secret(self, game_id: str, name: str, value: str) -> None:
        """Store a game's secret (a dice seed, the web key) once; secrets are never shown or changed.

        Kept out of the hash-chained events so the log can be shared before
        the secret is revealed. Insert-only like the events.

        Raises:
            StoreError: if the secret already exists or the store cannot be written.
        """
        self._check_writable()
        try:
            self.db.execute("INSERT INTO secrets (game_id, name, value, created) VALUES (?, ?, ?, ?)", (game_id, name, value, _now()))
        except sqlite3.IntegrityError:
            raise StoreError(f"secret {name!r} of game {game_id!r} already exists") from None
        except sqlite3.DatabaseError as exc:
            raise _write_error(exc) from None

    def put_keyframe(self, game_id: str, jpeg: bytes, *, budget: int | None = None) -> int:
        """Store one keyframe (JPEG bytes) of a game and return its id, for a move's evidence.

        Keeps the game's keyframes within `budget` bytes (default: the store's
        keyframe_budget) by dropping its oldest ones; a move whose keyframe was
        dropped still names the id, and get_keyframe() then returns None.

        Raises:
            StoreError: if the bytes are not a JPEG or the store cannot be written.
        """
        jpeg = check_keyframe(jpeg)
        limit = self.keyframe_budget if budget is None else budget
        self._check_writable()
        try:
            with self._transaction():
                cursor = self.db.execute("INSERT INTO keyframes (game_id, created, size, jpeg) VALUES (?, ?, ?, ?)",
                                         (game_id, _now(), len(jpeg), jpeg))
                frame_id = cursor.lastrowid
                assert frame_id is not None, "an INSERT sets the row id"
                self._prune_keyframes(game_id, limit)
        except sqlite3.DatabaseError as exc:
            raise _write_error(exc) from None
        return frame_id

    def _prune_keyframes(self, game_id: str, limit: int) -> None:
        """Drop a game's oldest keyframes until the rest fit in `limit` bytes (the newest always stays)."""
        total = self.db.execute("SELECT COALESCE(SUM(size), 0) FROM keyframes WHERE game_id = ?", (game_id,)).fetchone()[0]
        if total <= limit:
            return
        rows = self.db.execute("SELECT id, size FROM keyframes WHERE game_id = ? ORDER BY id", (game_id,)).fetchall()
        drop = keyframes_to_drop(rows, total, limit)
        # The one DELETE of this module: pictures only, never events (see the module docstring).
        self.db.executemany("DELETE FROM keyframes WHERE id = ?", [(frame_id,) for frame_id in drop])

    def integrity(self, game_id: str | None = None, *, full: bool = False) -> list[str]:
        """Return what is wrong with the file's hold on a game (and, with full, on the whole file); empty if sound.

        The per-game check costs one index range and one table step (cheap
        enough before every fold); full adds SQLite's integrity_check of the
        whole file (0.33 s per 100 MB, for the audit). A problem means reads
        of this game cannot be trusted: not even a perfect hash chain.
        """
        problems = list(self.notes)
        if full:
            problems += check_file(self.db)
        if game_id is not None:
            problems += check_game(self.db, game_id)
        return problems

    def last_seqs(self, game_ids: list[str]) -> dict[str, int]:
        """Return the latest seq of each of several games (0 for a game without events)."""
        return {game_id: self.last_seq(game_id) for game_id in game_ids}

    def change_token(self) -> int:
        """Return a number that changes when another connection (any process) commits to the file (PRAGMA data_version)."""
        version: int = self._query("PRAGMA data_version")[0][0]
        return version

    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot read the event store {str(self.path)!r}: {exc}{_damage_hint(exc, self.path)}") from None

    def _select(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._query(sql, args)

    def _to_event(self, row: tuple[Any, ...]) -> Event:
        return _event(row)


def _event(row: tuple[Any, ...]) -> Event:
    """Return the Event of one row whose payload came as bytes, decoding it here, row by row.

    A payload that is not valid UTF-8 (a damaged disk, a hand edit) must not
    stop the reading of a game: its event comes back with the bytes decoded
    with replacement characters (so its hash no longer matches) and `damage`
    saying why, for the audit to name and the fold to stop at.
    """
    raw = row[5]
    if isinstance(raw, str):  # not reached with the CAST; kept for a row read another way
        return Event(*row)
    try:
        payload = bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        return Event(row[0], row[1], row[2], row[3], row[4], bytes(raw).decode("utf-8", "replace"), row[6], row[7],
                     damage="its payload is not valid UTF-8")
    return Event(row[0], row[1], row[2], row[3], row[4], payload, row[6], row[7])


def verify_chain(events: list[Event]) -> int | None:
    """Return the seq of the first event whose hash or link is wrong, or None if the chain holds.

    A deleted event shows as a gap in seq or a prev_hash that does not match.
    """
    prev = ""
    for expected_seq, event in enumerate(events, start=1):
        if event.seq != expected_seq or not continues(event.seq, event.prev_hash, prev) or event.hash != event.expected_hash():
            return event.seq
        prev = event.hash
    return None
