"""Save what can be trusted from a damaged event store: each game's verified prefix, and say how far it goes.

Reads a database file that may be damaged (a disk error, a half-copied file,
a shredded index or schema entry, bytes overwritten by hand) and never writes
to it; a file nobody may write is fine. It tries hard to read: SQLite
read-only (with a damaged schema entry skipped), a plain table scan without
the index, and, when SQLite reports any damage, every table-leaf page of the
file and its -wal read byte by byte (store.pages). Rows found more than one
way are candidates; only the hash chain decides.

And it is conservative about what it keeps. The chain is followed from
event 1 while each event's hash and link hold. At a break (an event that does
not chain, or a gap with events after it) the event *just before* the break
is suspect too: an edit of event 12 that recomputes only its own hash shows as
a broken link at event 13, so event 12 is set apart as suspect, never kept as
verified. Finally the verified events must replay under the rules.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.errors import CompanionError, StoreError
from companion.games import find_game
from companion.store.events import MOVE, Event, canonical_json, continues
from companion.store.integrity import check_file
from companion.store.limits import MAX_EVENT_BYTES, bounded_refusal
from companion.store.pages import PageFile
from companion.store.readonly import connect_read_only
from companion.store.session import Folded, fold

_COLUMNS = "game_id, seq, time, source, kind, payload, prev_hash, hash"


@dataclass(frozen=True)
class Recovered:
    """One game's verified prefix, and what was read beyond it."""

    game_id: str
    game: str
    events: tuple[Event, ...]
    """Events 1..n: readable, hash-chained, not next to a break, and replayable."""
    record_lines: tuple[dict[str, Any], ...]
    """The moves in effect after those events (evidence removed): a record `companion replay` reads."""
    stopped: str | None
    """Why the verified prefix ends before the end of what was read, or None if the whole log is verified."""
    suspect: tuple[Event, ...] = ()
    """The event just before a break: it chains to the verified prefix, yet the break may be its rewrite."""
    unverified: tuple[Event, ...] = ()
    """Events read after the break (first candidate per seq): kept for people to look at, vouched for by nothing."""
    file_problems: tuple[str, ...] = ()
    """What SQLite or the reader found wrong with the file: events after the verified ones may be lost."""

    @property
    def verified_through(self) -> int:
        """Return the seq of the last verified event (0 if none)."""
        return self.events[-1].seq if self.events else 0


@dataclass
class _Found:
    """Everything read from the file, every way: candidate events per game and seq."""

    events: dict[str, dict[int, list[Event]]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add(self, event: Event) -> None:
        options = self.events.setdefault(event.game_id, {}).setdefault(event.seq, [])
        if event not in options:
            options.append(event)


def recover(path: str | Path) -> list[Recovered]:
    """Return the verified prefix of every game found in the database file.

    Raises:
        StoreError: if the file is missing, or no game can be read from it at all.
    """
    path = Path(path)
    if not path.is_file():
        raise StoreError(f"no event store at {str(path)!r}")
    found = _Found()
    try:
        db, notes = connect_read_only(path)
    except StoreError as exc:
        found.problems.append(str(exc))
    else:
        found.problems += notes
        try:
            _read_with_sqlite(db, found)
        finally:
            db.close()
    if found.problems:
        _read_pages(path, found)
    if not found.events:
        why = found.problems[0] if found.problems else "it holds no events"
        raise StoreError(f"no game can be read from {str(path)!r}: {why}")
    games = [_recover_game(game_id, found.names.get(game_id, ""), found.events[game_id]) for game_id in found.events]
    return [replace(game, file_problems=tuple(found.problems)) for game in games]


def _read_with_sqlite(db: sqlite3.Connection, found: _Found) -> None:
    """Read games and events through SQLite (the table without its index), noting any damage it reports."""
    try:
        for game_id, name in db.execute("SELECT game_id, game FROM games NOT INDEXED ORDER BY rowid"):
            found.names[game_id] = name
            found.events.setdefault(game_id, {})
    except sqlite3.DatabaseError as exc:
        found.problems.append(f"the games table cannot be read: {exc}")
    try:
        for row in db.execute(f"SELECT {_COLUMNS} FROM events NOT INDEXED ORDER BY rowid"):
            found.add(Event(*row))
    except sqlite3.DatabaseError as exc:
        found.problems.append(f"the events table cannot be read to its end: {exc}")
    found.problems += check_file(db)


def _read_pages(path: Path, found: _Found) -> None:
    """Add every events row (and games row) found on the file's leaf pages, whatever SQLite thinks of them."""
    try:
        pages = PageFile(path)
    except OSError as exc:
        found.problems.append(f"cannot read {str(path)!r}: {exc.strerror or exc}")
        return
    try:
        for _rowid, values in pages.rows():
            event = _as_event(values)
            if event is not None:
                found.add(event)
            elif len(values) == 4 and all(isinstance(v, str) for v in values) and values[0] not in found.names:
                # A games row (game_id, game, created, title); secrets rows have the same shape, so the name must be a game.
                try:
                    found.names[values[0]] = find_game(values[1]).name
                except ValueError:
                    pass
    finally:
        pages.close()


def _as_event(values: list[Any]) -> Event | None:
    """Return the Event a raw events row holds (9 columns, or 10 with request_id), or None if the row is something else."""
    if len(values) not in (9, 10) or values[0] is not None:
        return None
    game_id, seq, *texts = values[1:9]
    if not isinstance(game_id, str) or not isinstance(seq, int) or not all(isinstance(t, str) for t in texts):
        return None
    if len(texts[4]) != 64 or len(texts[5]) != 64:
        return None
    return Event(game_id, seq, *texts)


def _size(event: Event) -> int:
    return len(event.payload.encode("utf-8", "surrogatepass"))


def _cut_oversized(event: Event) -> Event:
    """Return the event with a payload over MAX_EVENT_BYTES replaced by its digest and an excerpt (set-apart files only).

    Why: whatever recover writes, audit reads; audit refuses a line over its
    limit, and a megabyte payload is no move. The stand-in no longer matches
    the event's hash, so the audit reports it as unverified, which it is.
    """
    if _size(event) <= MAX_EVENT_BYTES:
        return event
    stand_in = bounded_refusal(None, "", None, event.payload)["cut"]
    return replace(event, payload=canonical_json({"oversized": stand_in}),
                   damage=f"its payload ({_size(event)} bytes) is over the {MAX_EVENT_BYTES // 1024} KiB an event may hold; "
                          "only its digest is kept")


def _recover_game(game_id: str, game_name: str, options: dict[int, list[Event]]) -> Recovered:
    chain, suspect, why = _verified_chain(options)
    boundary = (suspect or chain)[-1] if suspect or chain else None
    beyond = [opts[0] for seq, opts in sorted(options.items()) if opts and seq > (boundary.seq if boundary else 0)]
    big = next((index for index, event in enumerate(chain) if _size(event) > MAX_EVENT_BYTES), None)
    if big is not None:  # stored before events had a size limit: the verified prefix ends before it
        event = chain[big]
        why = (f"event {event.seq} holds {_size(event)} bytes, more than the {MAX_EVENT_BYTES // 1024} KiB an event may hold: "
               f"it and the events after it are set apart unverified (its payload cut to a digest); "
               f"verified through event {chain[big - 1].seq if big else 0}")
        beyond = chain[big:] + suspect + beyond
        chain, suspect = chain[:big], []
    if not game_name:
        first = (chain or suspect)[0] if chain or suspect else None
        if first is not None and first.kind == MOVE:
            try:
                game_name = str(json.loads(first.payload).get("game", ""))
            except (ValueError, AttributeError):
                game_name = ""
    prefix, lines, replay_stop = _replayable_prefix(game_name, chain)
    # Events that chain but do not replay are not verified either: they go with the unverified ones.
    return Recovered(game_id=game_id, game=game_name, events=tuple(prefix), record_lines=tuple(lines),
                     stopped=replay_stop or why, suspect=tuple(_cut_oversized(e) for e in suspect),
                     unverified=tuple(_cut_oversized(e) for e in chain[len(prefix):] + beyond))


def _verified_chain(options: dict[int, list[Event]]) -> tuple[list[Event], list[Event], str | None]:
    """Return (verified events 1..n, the suspect event before a break, why the chain stops or None)."""
    chain: list[Event] = []
    prev = ""
    seq = 1
    last = max(options, default=0)
    while seq <= last:
        candidates = options.get(seq, [])
        pick = next((e for e in candidates if continues(seq, e.prev_hash, prev) and e.hash == e.expected_hash()), None)
        if pick is None:
            break
        chain.append(pick)
        prev = pick.hash
        seq += 1
    else:
        return chain, [], None
    if not options.get(seq):
        what = f"event {seq} cannot be read, though later events can"
    elif any(e.hash == e.expected_hash() for e in options[seq]):
        what = f"event {seq} does not link to event {seq - 1}"
    else:
        what = f"event {seq} fails its hash check"
    if not chain:
        return [], [], f"{what}: nothing before it to verify"
    suspect = chain.pop()
    return chain, [suspect], (f"{what}: event {suspect.seq} may be a rewrite and is set apart as suspect; "
                              f"verified through event {chain[-1].seq if chain else 0}")


def _replayable_prefix(game_name: str, events: list[Event]) -> tuple[list[Event], list[dict[str, Any]], str | None]:
    """Shorten the prefix until its moves fold, and return it with its record lines."""
    if not game_name:
        return [], [], "which game this is cannot be told (no games row and no setup naming it): nothing replays"
    try:
        game = find_game(game_name)
    except ValueError:
        return [], [], f"unknown game {game_name!r}"
    # A prefix of a replayable log replays too, so binary-search the longest one.
    def folds(end: int) -> Folded | None:
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
