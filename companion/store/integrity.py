"""Is the database file sound? The checks made before any verdict trusts what SQLite returns.

The hash chain proves that the events SQLite hands back agree with each
other; it cannot see events SQLite fails to hand back. One damaged byte in
the (game_id, seq) index makes a lookup stop early, and a 19-event prefix of
a 47-event game is a perfect chain. So before trusting a read:

* check_file(): SQLite's own `PRAGMA integrity_check` (every b-tree, and
  every index against its table; `quick_check` skips the latter and misses
  exactly that damage). Measured 0.33 s on a 106 MB store of 203,694 events
  (docs/audit.md).
* check_game(): cheap per game (one index range and one backwards table step,
  ~30 ms for 200,000 events): the index's count and last seq agree, seqs run
  from 1 without gaps, and the table's newest row of the game carries the
  same last seq as the index. Usable before every fold.

Read-only: these functions only run SELECTs and PRAGMAs that read.
"""

from __future__ import annotations

import sqlite3

MAX_PROBLEMS = 20
"""Lines of integrity_check kept: enough to say what broke, bounded for a shredded file."""


def recover_hint(path: object) -> str:
    """Return the advice every integrity problem ends with."""
    return f"`companion recover {path} --out DIR` saves the intact part of each game"


def check_file(db: sqlite3.Connection) -> list[str]:
    """Return SQLite's integrity_check problems for the whole file (empty if it is sound)."""
    try:
        rows = db.execute(f"PRAGMA integrity_check({MAX_PROBLEMS})").fetchall()
    except sqlite3.DatabaseError as exc:
        return [f"the integrity check cannot run: {exc}"]
    lines = [str(row[0]).replace("*** in database main ***\n", "").strip() for row in rows]
    return [] if lines == ["ok"] else lines


def check_game(db: sqlite3.Connection, game_id: str) -> list[str]:
    """Return what is wrong with how the file holds one game's events (empty if the counts agree)."""
    try:
        # One statement, so both halves read the same snapshot: two would let another
        # writer's commit fall between them and look like a damaged index.
        # The subquery reads the table backwards from its end, without the index: the newest row of the game.
        count, first, last, newest = db.execute(
            "SELECT COUNT(*), MIN(seq), MAX(seq), "
            "(SELECT seq FROM events NOT INDEXED WHERE game_id = ?1 ORDER BY id DESC LIMIT 1) "
            "FROM events WHERE game_id = ?1", (game_id,)).fetchone()
    except sqlite3.DatabaseError as exc:
        return [f"the events of game {game_id!r} cannot be read: {exc}"]
    problems = []
    if newest != last:
        problems.append(f"the index lists game {game_id!r} up to event {last}, but the table holds event {newest}: the index is damaged")
    if count and (first != 1 or count != last):
        problems.append(f"game {game_id!r} holds {count} events numbered {first} to {last}: the numbers have gaps or repeats")
    return problems
