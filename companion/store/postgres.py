"""The event store in a PostgreSQL database: many tables (processes, machines) writing one club's games.

Same contract as the SQLite store (companion/store/sqlite.py), method for
method: rows are only inserted (the one DELETE drops old keyframe pictures),
each game's events are hash-chained from a random anchor
(store.events.chain_anchor), `(game_id, seq)` is unique, and an append
names the seq it was judged against, checked inside the write transaction.

How writers are ordered: SQLite has one writer at a time (BEGIN IMMEDIATE).
Here each write transaction first takes a transaction-scoped advisory lock
on its game, so two writers of one game queue behind each other and the
second sees the first's events when it checks `expected_seq` (StaleWrite);
writers of different games never wait for each other. The unique
constraints stay as the last guard (a violation is still a StaleWrite or a
RepeatedRequest, never a second copy).

Connections come from one psycopg_pool per database per process (a web
request opens a store and borrows a connection per call, so a room of
screens uses a handful). A lost connection is retried once on a fresh one
when nothing can have been stored; a write whose COMMIT was under way when
the connection went is reported as such (it may or may not be stored), never
retried blindly. A transaction is all or nothing, so a half-written move
cannot exist.

Every committed write of events sends `NOTIFY companion_events, '<game_id>'`
in its transaction: screens served by any process learn of any process's
move through the database (listen()), not by polling it.

Schema versions: a `schema_migrations` table lists the numbered steps
applied (MIGRATIONS below, each plain SQL run once in a transaction under an
advisory lock, so two processes opening a new database at once do not race).
A hand-kept list, not Alembic: the schema is five tables that only ever
gain columns and indexes, the store does not use an ORM or SQLAlchemy, and a
list that the store itself applies on open keeps a club's upgrade to
"install the new version" (docs/club.md).
"""

from __future__ import annotations

import atexit
import datetime as dt
import hashlib
import logging
import threading
from typing import Any, Callable, Iterator, Sequence, TypeVar
from urllib.parse import urlsplit

import psycopg
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from companion.errors import DiskFull, StorageFault, StoreError
from companion.store.events import Event, chain_anchor
from companion.store.reads import StoreReads
from companion.store.sqlite import DEFAULT_KEYFRAME_BUDGET, RepeatedRequest, StaleWrite
from companion.store.writes import chain_events, check_keyframe, event_rows, keyframes_to_drop


T = TypeVar("T")


def _scalar(cursor: psycopg.Cursor[Any]) -> Any:
    """Return the first column of a query's one row (an aggregate or INSERT ... RETURNING always has one)."""
    row = cursor.fetchone()
    assert row is not None, "an aggregate or RETURNING query returns a row"
    return row[0]


log = logging.getLogger(__name__)

CHANNEL = "companion_events"
"""The NOTIFY channel every committed write of events is announced on (payload: the game id)."""
POOL_MAX = 10
"""Connections one process may hold to one database (a web server's request threads share them)."""
CONNECT_SECONDS = 10.0
"""How long to wait for the database (or a free pooled connection) before telling the user it cannot be reached."""
PAGE = 2000
"""Events read per query by iter_events (memory stays flat for a game of any length)."""
_LOCK_SPACE = 0x436F6D70
"""First key of the store's advisory locks ('Comp'): the second is the game's, or 0 for migrations."""

MIGRATIONS: list[tuple[int, str, str]] = [
    (1, "games, events (unique game and seq), keyframes, replies, secrets", """
CREATE TABLE games (
    game_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT ''
);
CREATE TABLE events (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id TEXT NOT NULL,
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
CREATE UNIQUE INDEX events_request ON events (game_id, request_id) WHERE request_id IS NOT NULL;
CREATE TABLE keyframes (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id TEXT NOT NULL,
    created TEXT NOT NULL,
    size INTEGER NOT NULL,
    jpeg BYTEA NOT NULL
);
CREATE INDEX keyframes_game ON keyframes (game_id, id);
CREATE TABLE replies (
    game_id TEXT NOT NULL,
    request_id TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, request_id)
);
CREATE TABLE secrets (
    game_id TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, name)
);
"""),
]
"""(version, what it does, SQL): applied in order, each once, recorded in schema_migrations. Only ever append."""

SCHEMA_VERSION = MIGRATIONS[-1][0]


def database_name(url: str) -> str:
    """Return the database a URL names, for messages and labels (never its password).

    >>> database_name("postgresql://ann:secret@db.local:5432/club?sslmode=require")
    'club'
    """
    return urlsplit(url).path.lstrip("/") or "postgres"


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


def _game_lock(game_id: str) -> int:
    """Return the advisory-lock key of a game (a 31-bit digest of its id; a collision only makes two games queue)."""
    return int.from_bytes(hashlib.sha256(game_id.encode("utf-8")).digest()[:4], "big") >> 1


_POOLS: dict[tuple[str, bool], ConnectionPool] = {}
_CURRENT: set[str] = set()
"""Databases this process has seen at the current schema version (a web request opens a store each time)."""
_POOLS_LOCK = threading.Lock()


def _pool(url: str, read_only: bool) -> ConnectionPool:
    """Return this process's pool for a database (read-only pools refuse every write in the server itself)."""
    key = (url, read_only)
    with _POOLS_LOCK:
        pool = _POOLS.get(key)
        if pool is None:
            settings: dict[str, Any] = {"autocommit": True, "connect_timeout": int(CONNECT_SECONDS)}
            if read_only:  # the server itself refuses every write on these connections
                given = conninfo_to_dict(url).get("options") or ""
                settings["options"] = f"{given} -c default_transaction_read_only=on".strip()
            pool = ConnectionPool(url, min_size=1, max_size=POOL_MAX, open=False, timeout=CONNECT_SECONDS, kwargs=settings,
                                  check=ConnectionPool.check_connection, name=f"companion:{database_name(url)}")
            try:
                pool.open(wait=True, timeout=CONNECT_SECONDS)
            except PoolTimeout:
                pool.close()
                raise StoreError(_unreachable(url)) from None
            _POOLS[key] = pool
        return pool


def _unreachable(url: str) -> str:
    return (f"cannot reach the PostgreSQL database {database_name(url)!r} (is the server running, and may this "
            f"user connect to it?): nothing was read or stored")


def close_pools(url: str | None = None) -> None:
    """Close this process's pooled connections (to one database, or all): at exit, or before a database is dropped."""
    with _POOLS_LOCK:
        keys = [key for key in _POOLS if url is None or key[0] == url]
        pools = [_POOLS.pop(key) for key in keys]
    for pool in pools:
        pool.close()
    with _POOLS_LOCK:
        _CURRENT.difference_update({key[0] for key in keys} if url is not None else set(_CURRENT))


atexit.register(close_pools)


def _write_error(exc: psycopg.Error) -> StoreError:
    """Return the StoreError for a failed write, in words a player can act on."""
    if isinstance(exc, pg_errors.DiskFull):
        return DiskFull("the database server's disk is full: nothing was stored (the last entry was not saved); "
                        "free some space and enter it again")
    if isinstance(exc, pg_errors.ReadOnlySqlTransaction):
        return StorageFault("this event store was opened read-only (for the audit): nothing was stored")
    if isinstance(exc, pg_errors.InsufficientPrivilege):
        return StorageFault("the database refuses writes from this user: nothing was stored; the scoreboard still shows the game")
    return StoreError(f"cannot write to the event store: {exc}")


class _Commit:
    """Marks the moment a write's COMMIT is sent: a lost connection after it leaves the outcome unknown."""

    def __init__(self) -> None:
        self.sent = False


class PostgresEventStore(StoreReads):
    """An open event store in a PostgreSQL database. Use as a context manager or call close().

    Opening is cheap after the first time in a process (the pool and the
    schema check are shared); close() returns nothing to the server, the
    pool keeps its connections for the next store of the same database.
    """

    def __init__(self, url: str, *, keyframe_budget: int = DEFAULT_KEYFRAME_BUDGET, read_only: bool = False,
                 must_exist: bool = False):
        """Open (creating the schema if needed) the store at `url`; read_only never writes, and needs the schema there.

        Raises:
            StoreError: the server cannot be reached, or (read_only / must_exist) the database holds no event store,
                or it was written by a newer companion.
        """
        self.url = url
        self.key = url
        """One spelling per database: the key of caches shared by the stores of one process."""
        self.label = database_name(url)
        """What to call the store in messages (the database's name)."""
        self.keyframe_budget = keyframe_budget
        self.read_only = read_only
        self.notes: list[str] = []
        self.pool = _pool(url, read_only)
        if url in _CURRENT:  # this process already found (or made) the current schema there: no query per open
            return
        version = self._schema_version()
        if version is None and (read_only or must_exist):
            raise StoreError(f"no event store in the PostgreSQL database {self.label!r} (use --db)")
        if version is not None and version > SCHEMA_VERSION:
            raise StoreError(f"the event store in {self.label!r} was written by a newer companion (schema {version}, "
                             f"this one knows {SCHEMA_VERSION}): upgrade this machine's companion")
        if version != SCHEMA_VERSION and not read_only:
            self._migrate()
            version = SCHEMA_VERSION
        if version == SCHEMA_VERSION:
            _CURRENT.add(url)

    # --- connections, retries, schema

    def _run(self, work: Callable[[psycopg.Connection], T], *, write: bool = False) -> T:
        """Return work(connection), on a pooled connection; retry once on a fresh one if the connection was lost.

        A write is retried only if its COMMIT was not yet sent: the transaction
        then rolled back on the server, so nothing of it is stored.
        """
        commit = _Commit()
        for attempt in (1, 2):
            try:
                with self.pool.connection() as conn:
                    if write:
                        with conn.transaction():
                            result = work(conn)
                            commit.sent = True
                        return result
                    return work(conn)
            except PoolTimeout:
                raise StorageFault(f"the PostgreSQL database {self.label!r} did not answer within {CONNECT_SECONDS:.0f} s "
                                   f"(unreachable, or all {POOL_MAX} of this machine's connections busy): "
                                   "nothing was stored; try again") from None
            except psycopg.OperationalError as exc:
                if not _is_connection_loss(exc):
                    raise
                if commit.sent:
                    raise StorageFault("the connection to the database was lost while saving: the entry may or may "
                                       "not be stored; look at the board before entering it again") from None
                if attempt == 2:
                    raise StorageFault(f"lost the connection to the PostgreSQL database {self.label!r} twice: "
                                       "nothing was stored; try again") from None
                log.warning("lost the connection to %s, retrying once: %s", self.label, exc)
        raise AssertionError("unreachable")

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._run(lambda conn: conn.execute(sql, args).fetchall())
        except psycopg.Error as exc:
            raise StoreError(f"cannot read the event store {self.label!r}: {exc}") from None

    def _select(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._read(sql.replace("?", "%s"), args)

    def _schema_version(self) -> int | None:
        def version(conn: psycopg.Connection) -> int | None:
            if _scalar(conn.execute("SELECT to_regclass('schema_migrations')")) is None:
                return None
            latest: int | None = _scalar(conn.execute("SELECT MAX(version) FROM schema_migrations"))
            return latest or 0
        try:
            return self._run(version)
        except psycopg.Error as exc:
            raise StoreError(f"cannot read the event store {self.label!r}: {exc}") from None

    def _migrate(self) -> None:
        """Apply the migrations this database lacks, each in its own transaction, one process at a time."""
        def step(conn: psycopg.Connection) -> None:
            conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (_LOCK_SPACE,))
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                         "description TEXT NOT NULL, applied TEXT NOT NULL)")
            done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
            for version, description, sql in MIGRATIONS:
                if version not in done:
                    conn.execute(sql)
                    conn.execute("INSERT INTO schema_migrations (version, description, applied) VALUES (%s, %s, %s)",
                                 (version, description, _now()))
        try:
            self._run(step, write=True)
        except psycopg.Error as exc:
            raise StoreError(f"cannot prepare the event store in {self.label!r}: {exc}") from None

    def _check_writable(self) -> None:
        if self.read_only:
            raise StorageFault("this event store was opened read-only (for the audit): nothing was stored")

    def __enter__(self) -> "PostgresEventStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Let go of the store (the process's pool keeps its connections for the next store of this database)."""

    # --- games

    def create_game(self, game_id: str, game: str, title: str = "", *, events: Sequence[tuple[str, Any]] = (),
                    source: str = "system", time: str | None = None, secrets: dict[str, str] | None = None) -> list[Event]:
        """Register a new game id together with its first events and its secrets, in one transaction.

        Raises:
            StoreError: if the id exists or the store cannot be written.
        """
        self._check_writable()

        def work(conn: psycopg.Connection) -> list[Event]:
            self._lock_game(conn, game_id)
            conn.execute("INSERT INTO games (game_id, game, created, title) VALUES (%s, %s, %s, %s)", (game_id, game, _now(), title))
            stored = self._insert_events(conn, game_id, list(events), source, time)
            if secrets:
                with conn.cursor() as cursor:
                    cursor.executemany("INSERT INTO secrets (game_id, name, value, created) VALUES (%s, %s, %s, %s)",
                                       [(game_id, name, value, _now()) for name, value in secrets.items()])
            return stored
        return self._write_new_game(work, game_id)

    def adopt_game(self, info: dict[str, str], events: list[Event], secrets: dict[str, str],
                   keyframes: dict[int, bytes]) -> list[int]:
        """Store a game moved from another store exactly as it was, in one transaction (see the SQLite store's).

        Raises:
            StoreError: if the game id exists here or the store cannot be written.
        """
        self._check_writable()
        game_id = info["game_id"]

        def work(conn: psycopg.Connection) -> list[int]:
            self._lock_game(conn, game_id)
            conn.execute("INSERT INTO games (game_id, game, created, title) VALUES (%s, %s, %s, %s)",
                         (game_id, info["game"], info["created"], info["title"]))
            with conn.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                    [(e.game_id, e.seq, e.time, e.source, e.kind, e.payload, e.prev_hash, e.hash) for e in events])
                cursor.executemany("INSERT INTO secrets (game_id, name, value, created) VALUES (%s, %s, %s, %s)",
                                   [(game_id, name, value, _now()) for name, value in secrets.items()])
            skipped = []
            for frame_id, jpeg in sorted(keyframes.items()):
                if conn.execute("SELECT 1 FROM keyframes WHERE id = %s", (frame_id,)).fetchone():
                    skipped.append(frame_id)
                    continue
                conn.execute("INSERT INTO keyframes (id, game_id, created, size, jpeg) OVERRIDING SYSTEM VALUE "
                             "VALUES (%s, %s, %s, %s, %s)", (frame_id, game_id, _now(), len(jpeg), jpeg))
            if keyframes:  # new pictures must be numbered after the carried ones
                conn.execute("SELECT setval(pg_get_serial_sequence('keyframes', 'id'), "
                             "GREATEST((SELECT MAX(id) FROM keyframes), 1))")
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game_id))
            return skipped
        return self._write_new_game(work, game_id)

    def _write_new_game(self, work: Callable[[psycopg.Connection], T], game_id: str) -> T:
        """Run a write that inserts game `game_id` (create_game, adopt_game); an id already here is one sentence."""
        try:
            return self._run(work, write=True)
        except pg_errors.UniqueViolation:
            raise StoreError(f"game {game_id!r} already exists") from None
        except psycopg.Error as exc:
            raise _write_error(exc) from None

    # --- events

    def append(self, game_id: str, kind: str, payload: Any, source: str = "system", *, time: str | None = None,
               expected_seq: int | None = None, request_id: str | None = None) -> Event:
        """Append one event and return it; committed when this returns (see append_many)."""
        return self.append_many(game_id, [(kind, payload)], source, time=time, expected_seq=expected_seq,
                                request_id=request_id)[0]

    def append_many(self, game_id: str, items: list[tuple[str, Any]], source: str = "system", *, time: str | None = None,
                    expected_seq: int | None = None, request_id: str | None = None) -> list[Event]:
        """Append several (kind, payload) events in one transaction: all are stored or none.

        `expected_seq` is checked after taking the game's write lock, inside
        the transaction, exactly as the SQLite store checks it under BEGIN
        IMMEDIATE; `request_id` is kept on the first event.

        Raises:
            StaleWrite: the game moved on since expected_seq.
            RepeatedRequest: request_id is already stored.
            StoreError: if the database cannot be written (or the connection was lost while committing).
        """
        self._check_writable()

        def work(conn: psycopg.Connection) -> list[Event]:
            self._lock_game(conn, game_id)
            if request_id is not None:
                row = conn.execute("SELECT seq FROM events WHERE game_id = %s AND request_id = %s",
                                   (game_id, request_id)).fetchone()
                if row is not None:
                    raise RepeatedRequest(game_id, request_id, row[0])
            if expected_seq is not None:
                actual = self._last(conn, game_id)[0]
                if actual != expected_seq:
                    raise StaleWrite(game_id, expected_seq, actual)
            return self._insert_events(conn, game_id, items, source, time, request_id)
        try:
            return self._run(work, write=True)
        except pg_errors.UniqueViolation as exc:
            if request_id is not None and "request" in str(exc):
                raise RepeatedRequest(game_id, request_id, self.request_seq(game_id, request_id) or 0) from None
            # Not reachable while every writer takes the game's lock; a writer that did not still cannot fork the chain.
            raise StaleWrite(game_id, expected_seq if expected_seq is not None else -1, self.last_seq(game_id)) from None
        except psycopg.Error as exc:
            raise _write_error(exc) from None

    @staticmethod
    def _lock_game(conn: psycopg.Connection, game_id: str) -> None:
        """Take the game's write lock for this transaction: its writers queue, other games' writers do not."""
        conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (_LOCK_SPACE, _game_lock(game_id)))

    @staticmethod
    def _last(conn: psycopg.Connection, game_id: str) -> tuple[int, str]:
        row = conn.execute("SELECT seq, hash FROM events WHERE game_id = %s ORDER BY seq DESC LIMIT 1", (game_id,)).fetchone()
        return (row[0], row[1]) if row else (0, chain_anchor())

    def _insert_events(self, conn: psycopg.Connection, game_id: str, items: list[tuple[str, Any]], source: str,
                       time: str | None, request_id: str | None = None) -> list[Event]:
        """Insert chained events inside the caller's transaction, announce them, and return them."""
        seq, prev = self._last(conn, game_id)
        events = chain_events(game_id, items, source, time or _now(), seq, prev)
        if events:
            with conn.cursor() as cursor:
                cursor.executemany("INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash, request_id) "
                                   "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)", event_rows(events, request_id))
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game_id))  # delivered at COMMIT, to every listener
        return events

    def put_reply(self, game_id: str, request_id: str, status: int, body: str) -> None:
        """Keep the answer given to a request id, so a repeat of it gets the same answer (first one wins)."""
        self._check_writable()
        try:
            self._run(lambda conn: conn.execute(
                "INSERT INTO replies (game_id, request_id, status, body, created) VALUES (%s, %s, %s, %s, %s) "
                "ON CONFLICT DO NOTHING", (game_id, request_id, status, body, _now())), write=True)
        except psycopg.Error as exc:
            raise _write_error(exc) from None

    def iter_events(self, game_id: str) -> Iterator[Event]:
        """Yield a game's events in order, PAGE at a time (memory does not grow with the game)."""
        after = 0
        while True:
            rows = self._read(f"SELECT {self.EVENT_COLUMNS} FROM events WHERE game_id = %s AND seq > %s ORDER BY seq LIMIT {PAGE}",
                              (game_id, after))
            for row in rows:
                yield Event(*row)
            if len(rows) < PAGE:
                return
            after = rows[-1][1]

    def last_seqs(self, game_ids: list[str]) -> dict[str, int]:
        """Return the latest seq of each of several games in one query (0 for a game without events)."""
        rows = self._read("SELECT game_id, MAX(seq) FROM events WHERE game_id = ANY(%s) GROUP BY game_id", (list(game_ids),))
        found = dict(rows)
        return {game_id: found.get(game_id, 0) for game_id in game_ids}

    def integrity(self, game_id: str | None = None, *, full: bool = False) -> list[str]:
        """Return what is wrong with the database's hold on a game; empty if sound.

        There is no file to check: the server keeps its own pages. What can
        still go wrong is a row removed by hand (a DELETE by someone with
        rights), so the game's seqs must run 1..n without gaps or repeats.
        """
        problems = list(self.notes)
        if game_id is not None:
            rows = self._read("SELECT COUNT(*), MIN(seq), MAX(seq) FROM events WHERE game_id = %s", (game_id,))
            count, first, last = rows[0]
            if count and (first != 1 or count != last):
                problems.append(f"game {game_id!r} holds {count} events numbered {first} to {last}: the numbers have gaps or repeats")
        return problems

    # --- secrets and keyframes

    def put_secret(self, game_id: str, name: str, value: str) -> None:
        """Store a game's secret (a dice seed, the web key) once; secrets are never shown or changed.

        Raises:
            StoreError: if the secret already exists or the store cannot be written.
        """
        self._check_writable()
        try:
            self._run(lambda conn: conn.execute("INSERT INTO secrets (game_id, name, value, created) VALUES (%s, %s, %s, %s)",
                                                (game_id, name, value, _now())), write=True)
        except pg_errors.UniqueViolation:
            raise StoreError(f"secret {name!r} of game {game_id!r} already exists") from None
        except psycopg.Error as exc:
            raise _write_error(exc) from None

    def put_keyframe(self, game_id: str, jpeg: bytes, *, budget: int | None = None) -> int:
        """Store one keyframe (JPEG bytes) of a game and return its id, keeping the game within `budget` bytes.

        Raises:
            StoreError: if the bytes are not a JPEG or the store cannot be written.
        """
        jpeg = check_keyframe(jpeg)
        limit = self.keyframe_budget if budget is None else budget
        self._check_writable()

        def work(conn: psycopg.Connection) -> int:
            frame_id: int = _scalar(conn.execute("INSERT INTO keyframes (game_id, created, size, jpeg) VALUES (%s, %s, %s, %s) RETURNING id",
                                                 (game_id, _now(), len(jpeg), jpeg)))
            total: int = _scalar(conn.execute("SELECT COALESCE(SUM(size), 0) FROM keyframes WHERE game_id = %s", (game_id,)))
            if total > limit:
                rows = conn.execute("SELECT id, size FROM keyframes WHERE game_id = %s ORDER BY id", (game_id,)).fetchall()
                drop = keyframes_to_drop(rows, total, limit)
                # The one DELETE of this module: pictures only, never events (see the module docstring).
                conn.execute("DELETE FROM keyframes WHERE id = ANY(%s)", (drop,))
            return frame_id
        try:
            return self._run(work, write=True)
        except psycopg.Error as exc:
            raise _write_error(exc) from None

    def change_token(self) -> None:
        """Return None: changes by any process arrive as notifications (listen()), there is nothing to poll."""
        return None


def _is_connection_loss(exc: psycopg.OperationalError) -> bool:
    """Return True for a dropped connection (server restarted, network gone), not for e.g. a lock timeout."""
    if isinstance(exc, (pg_errors.AdminShutdown, pg_errors.CrashShutdown, pg_errors.CannotConnectNow)):
        return True
    return exc.sqlstate is None or exc.sqlstate.startswith("08")


def listen(url: str, callback: Callable[[str | None], None], *, stop_seconds: float = 0.5) -> Callable[[], None]:
    """Call `callback(game_id)` for every committed write of events to the database, by any process; return a stopper.

    One thread holds one connection that LISTENs on CHANNEL. If the connection
    is lost it reconnects (every second until it can) and calls
    `callback(None)` once it is back: notifications sent meanwhile were
    missed, so the listener must re-read what it shows. The callback runs on
    the listening thread: it must be quick (schedule work elsewhere).
    Returns once the first LISTEN is in place (or CONNECT_SECONDS passed), so
    a write made after this returns is heard.
    """
    stopping = threading.Event()
    ready = threading.Event()

    def run() -> None:
        missed = False
        while not stopping.is_set():
            try:
                with psycopg.connect(url, autocommit=True, connect_timeout=int(CONNECT_SECONDS)) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    ready.set()
                    if missed:
                        callback(None)
                    while not stopping.is_set():
                        for note in conn.notifies(timeout=stop_seconds):
                            callback(note.payload)
            except psycopg.Error as exc:
                missed = True
                log.warning("lost the notification connection to %s (%s); reconnecting", database_name(url), exc)
                stopping.wait(1.0)
            except Exception:  # noqa: BLE001 - a broken callback must not end the screens' updates
                log.exception("a change listener failed")

    thread = threading.Thread(target=run, name=f"listen:{database_name(url)}", daemon=True)
    thread.start()
    ready.wait(CONNECT_SECONDS)

    def stop() -> None:
        stopping.set()
        thread.join(timeout=stop_seconds * 4)

    return stop
