"""Open the event store that `--db` names: a file path (SQLite) or a postgresql:// URL (PostgreSQL).

Every place that opens a store goes through open_store(), so the rest of
the program never asks which backend it has: both stores offer the same
methods with the same meaning (companion/store/sqlite.py is the reference,
companion/store/postgres.py follows it). listen() is the one other
difference made uniform: how a process learns that a game changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Union

from companion.errors import StoreError
from companion.store import notify
from companion.store.sqlite import EventStore

if TYPE_CHECKING:  # imported lazily at run time: psycopg is needed only for PostgreSQL
    from companion.store.postgres import PostgresEventStore

Store = Union[EventStore, "PostgresEventStore"]  # noqa: F821 - imported lazily (psycopg is needed only for PostgreSQL)


def is_postgres(target: str | Path) -> bool:
    """Return True if `target` is a PostgreSQL URL (postgresql:// or postgres://), False for a file path.

    >>> is_postgres("postgresql:///club"), is_postgres("companion.db")
    (True, False)
    """
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def store_label(target: str | Path) -> str:
    """Return how messages name a store: the file's path, or the database's name (a URL's password is never shown)."""
    if is_postgres(target):
        from companion.store.postgres import database_name

        return f"PostgreSQL database {database_name(str(target))!r}"
    return repr(str(target))


def open_store(target: str | Path, *, read_only: bool = False, must_exist: bool = False, **options: Any) -> Store:
    """Return the open event store at `target` (a file path or a postgresql:// URL).

    read_only never writes (the audit, `games`, export); must_exist refuses
    a store that is not there yet instead of creating it.

    Raises:
        StoreError: if the store cannot be opened (or, with must_exist, does not exist).
    """
    if is_postgres(target):
        from companion.store.postgres import PostgresEventStore

        return PostgresEventStore(str(target), read_only=read_only, must_exist=must_exist, **options)
    if must_exist and not Path(target).exists():
        raise StoreError(f"no event store at {str(target)!r} (use --db)")
    return EventStore(target, read_only=read_only, **options)


def listen(target: str | Path, callback: Callable[[str | None], None]) -> tuple[Callable[[], None], bool]:
    """Call `callback(game_id or None)` after writes to the store; return (stop, sees_other_processes).

    PostgreSQL: LISTEN/NOTIFY, which carries every process's writes (the
    game id, or None after a reconnect, when anything may have changed).
    SQLite: only this process's commits (store.notify); a watcher must
    also poll the store's change_token() to see other processes' writes.
    """
    if is_postgres(target):
        from companion.store.postgres import listen as listen_postgres

        return listen_postgres(str(target), callback), True
    return notify.listen(target, lambda: callback(None)), False


def normalize(target: str | Path) -> str:
    """Return the spelling of `target` to hand to other threads and processes: an absolute file path, or the URL as given."""
    return str(target) if is_postgres(target) else str(Path(target).resolve())
