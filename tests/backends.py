"""Test helpers that reach under either event-store backend: raw SQL, as a person with database rights would.

Used to tamper with a stored game (the store itself never updates or
deletes events), so the tests can show both backends catch it the same way.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.store.backends import is_postgres


def raw_execute(target: str | Path, sql: str, params: tuple = ()) -> None:
    """Run one SQL statement on the store at `target` outside the event store (`?` placeholders on both backends)."""
    if is_postgres(target):
        import psycopg

        with psycopg.connect(str(target), autocommit=True) as conn:
            conn.execute(sql.replace("?", "%s"), params)
        return
    db = sqlite3.connect(target)
    try:
        db.execute(sql, params)
        db.commit()
    finally:
        db.close()


def raw_query(target: str | Path, sql: str, params: tuple = ()) -> list[tuple]:
    """Return the rows of one SQL query on the store at `target` (`?` placeholders on both backends)."""
    if is_postgres(target):
        import psycopg

        with psycopg.connect(str(target), autocommit=True) as conn:
            return conn.execute(sql.replace("?", "%s"), params).fetchall()
    db = sqlite3.connect(target)
    try:
        return db.execute(sql, params).fetchall()
    finally:
        db.close()
