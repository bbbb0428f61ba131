"""Open an event store so that nothing can be written to it: for the audit, `games`, export and recovery.

An audit that writes (a schema into an empty file, a WAL switch, a migration)
changes the evidence it is judging, and fails on a file the user may only
read. This module opens with SQLite's `mode=ro`, never runs DDL, and falls
back, saying so, where a plain read-only open fails on a sound or slightly
damaged file:

* a WAL database in a folder the user cannot write (no `-shm` can be made):
  `immutable=1`, which reads the main file only;
* a damaged schema entry (SQLite refuses every statement of the file):
  `PRAGMA writable_schema=ON`, under which SQLite skips the entries it cannot
  parse (the connection still cannot write).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from companion.errors import StoreError

SQLITE_MAGIC = b"SQLite format 3\x00"


def connect_read_only(path: str | Path) -> tuple[sqlite3.Connection, list[str]]:
    """Return a connection that cannot write the file, and notes on what had to be worked around.

    A note is a sentence about the file (e.g. its schema is damaged); the
    caller decides whether it makes the file untrustworthy.

    Raises:
        StoreError: if the file is missing, empty, not SQLite, or cannot be opened at all.
    """
    path = Path(path)
    if not path.is_file():
        raise StoreError(f"no event store at {str(path)!r}")
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if not head:
        raise StoreError(f"{str(path)!r} is empty (0 bytes): it holds no games (left untouched)")
    if head != SQLITE_MAGIC:
        raise StoreError(f"{str(path)!r} is not an event store: file is not a database")
    uri = "file:" + quote(str(path.resolve()))
    notes: list[str] = []
    last: sqlite3.DatabaseError | None = None
    for mode in ("mode=ro", "immutable=1"):
        for lenient in (False, True):
            try:
                db = sqlite3.connect(f"{uri}?{mode}", uri=True, isolation_level=None, check_same_thread=False)
            except sqlite3.DatabaseError as exc:
                last = exc
                break
            try:
                if lenient:
                    db.execute("PRAGMA writable_schema=ON")
                db.execute("SELECT name FROM sqlite_master").fetchall()
            except sqlite3.DatabaseError as exc:
                db.close()
                last = exc
                if "malformed database schema" in str(exc) and not lenient:
                    notes.append(f"the schema is damaged ({exc}); its other entries were read")
                    continue
                break
            if mode == "immutable=1" and _wal_size(path):
                notes.append(f"its -wal file could not be read (the folder is read-only): the latest events may be "
                             f"missing; copy {path.name} and {path.name}-wal to a writable folder and run this again")
            return db, notes
        notes = []
    raise StoreError(f"cannot open {str(path)!r} read-only: {last}")


def _wal_size(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    try:
        return wal.stat().st_size
    except OSError:
        return 0
