"""Save what can be trusted from a damaged event store: each game's intact prefix.

Reads a database file that may be corrupt (a disk error, a half-copied file,
bytes overwritten) row by row and keeps, per game, the events up to the first
one that cannot be read, has a broken hash or link, or no longer replays.
Only reads the damaged file; never repairs it in place.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError, StoreError
from companion.games import find_game
from companion.store.events import GENESIS_HASH, MOVE, Event
from companion.store.session import fold

_COLUMNS = "game_id, seq, time, source, kind, payload, prev_hash, hash"


@dataclass(frozen=True)
class Recovered:
    """One game's intact prefix."""

    game_id: str
    game: str
    events: tuple[Event, ...]
    """Events 1..n, all readable, hash-chained and replayable."""
    record_lines: tuple[dict, ...]
    """The moves in effect after those events (evidence removed): a record `companion replay` reads."""
    stopped: str | None
    """Why recovery stopped before the end of the stored log, or None if the whole log is intact."""


def recover(path: str | Path) -> list[Recovered]:
    """Return the intact prefix of every game found in the database file.

    Raises:
        StoreError: if the file is missing or not a readable SQLite database at all.
    """
    path = Path(path)
    if not path.is_file():
        raise StoreError(f"no event store at {str(path)!r}")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"cannot open {str(path)!r}: {exc}") from None
    try:
        return [_recover_game(db, game_id, game) for game_id, game in _game_ids(db, path)]
    finally:
        db.close()


def _game_ids(db: sqlite3.Connection, path: Path) -> list[tuple[str, str]]:
    try:
        return db.execute("SELECT game_id, game FROM games ORDER BY created, game_id").fetchall()
    except sqlite3.DatabaseError:
        pass
    # The games table is damaged: find games from their events (setup lines name the game).
    try:
        ids = [row[0] for row in db.execute("SELECT DISTINCT game_id FROM events NOT INDEXED")]
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{str(path)!r} is too damaged to list its games: {exc}") from None
    return [(game_id, "") for game_id in ids]


def _read(db: sqlite3.Connection, sql: str, game_id: str) -> tuple[list[Event], str | None]:
    """Read events until the first unreadable row; return them with the read error, if any."""
    events: list[Event] = []
    try:
        for row in db.execute(sql, (game_id,)):
            events.append(Event(*row))
    except sqlite3.DatabaseError as exc:
        return events, f"unreadable after event {events[-1].seq if events else 0}: {exc}"
    return events, None


def _recover_game(db: sqlite3.Connection, game_id: str, game_name: str) -> Recovered:
    # Two read paths: by the (game_id, seq) index, and a plain table scan in case the index is what broke.
    by_index = _read(db, f"SELECT {_COLUMNS} FROM events WHERE game_id = ? ORDER BY seq", game_id)
    by_table = _read(db, f"SELECT {_COLUMNS} FROM events NOT INDEXED WHERE game_id = ?", game_id)
    candidates = []
    for events, error in (by_index, by_table):
        events = sorted(events, key=lambda e: e.seq)
        prefix, why = _chained_prefix(events)
        candidates.append((prefix, why or error))
    prefix, stopped = max(candidates, key=lambda c: len(c[0]))
    if not game_name and prefix and prefix[0].kind == MOVE:
        game_name = str(prefix[0].data.get("game", ""))
    prefix, lines, replay_stop = _replayable_prefix(game_name, prefix)
    return Recovered(game_id=game_id, game=game_name, events=tuple(prefix), record_lines=tuple(lines),
                     stopped=replay_stop or stopped)


def _chained_prefix(events: list[Event]) -> tuple[list[Event], str | None]:
    prev = GENESIS_HASH
    for index, event in enumerate(events):
        if event.seq != index + 1:
            return events[:index], f"event {index + 1} is missing"
        if event.prev_hash != prev or event.hash != event.expected_hash():
            return events[:index], f"event {event.seq} fails its hash check"
        prev = event.hash
    return events, None


def _replayable_prefix(game_name: str, events: list[Event]) -> tuple[list[Event], list[dict], str | None]:
    """Shorten the prefix until its moves fold, and return it with its record lines."""
    try:
        game = find_game(game_name)
    except ValueError:
        return [], [], f"unknown game {game_name!r}"
    # A prefix of a replayable log replays too, so binary-search the longest one.
    def folds(end: int):
        try:
            folded = fold(game, events[:end])
        except (CompanionError, ValueError, KeyError, TypeError, AttributeError):
            return None
        return folded if folded.state is not None else None

    best = folds(len(events))
    end = len(events)
    if best is None:
        low, high = 0, len(events) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if folds(middle) is None:
                high = middle - 1
            else:
                low = middle
        end, best = low, folds(low)
    if best is None:
        return [], [], "no replayable setup"
    lines = [{k: v for k, v in e.data.items() if k != "evidence"} for e in best.moves]
    why = None if end == len(events) else f"event {events[end].seq} does not replay"
    return events[:end], lines, why
