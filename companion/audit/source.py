"""Where an audit reads events from: a stored game, an events dump, or a plain record file.

Each source yields Event values in seq order, one at a time, and says how many
to expect (for the progress bar) and whether a hash chain exists to check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from companion.errors import RecordError, StoreError
from companion.games import find_game
from companion.store.events import MOVE, Event, canonical_json
from companion.store.sqlite import EventStore

_FIELDS = ("game_id", "seq", "time", "source", "kind", "payload", "prev_hash", "hash")


@dataclass(frozen=True)
class AuditSource:
    """A game's events to audit."""

    game_id: str
    game: str
    total: int
    chained: bool
    """False for a plain record: there is no hash chain to check."""
    events: Callable[[], Iterator[Event]]
    keyframe: Callable[[int], bytes | None]
    label: str
    damage: tuple[str, ...] = ()
    """What is wrong with the database file itself (store.integrity): the events read from it cannot be trusted."""


def from_store(store: EventStore, game_id: str) -> AuditSource:
    """Return the source for a stored game.

    Raises:
        StoreError: if the game is not in the store.
    """
    game = store.game_name(game_id)
    return AuditSource(game_id=game_id, game=game, total=store.last_seq(game_id), chained=True,
                       events=lambda: store.iter_events(game_id), keyframe=store.get_keyframe,
                       label=f"game {game_id} in {store.path.name}", damage=tuple(store.integrity(game_id, full=True)))


def from_file(path: str | Path) -> AuditSource:
    """Return the source for a JSON Lines file: an events dump (with hashes) or a record.

    Raises:
        RecordError: if the file cannot be read or its first line is neither.
    """
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {str(path)!r}: {getattr(exc, 'strerror', None) or exc}") from None
    lines = [line for line in lines if line.strip()]
    try:
        first = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        first = None
    if not isinstance(first, dict):
        raise RecordError(f"{str(path)!r}: the first line must be a JSON object (a setup line or a stored event)", line=1)
    if set(_FIELDS) <= set(first):
        return _dump_source(path, lines, first)
    try:
        game = find_game(str(first.get("game", ""))).name
    except ValueError as exc:
        raise RecordError(str(exc), line=1) from None
    return AuditSource(game_id=path.stem, game=game, total=len(lines), chained=False,
                       events=lambda: _record_events(path.stem, lines), keyframe=lambda _id: None,
                       label=f"record file {path.name}")


def _dump_source(path: Path, lines: list[str], first: dict) -> AuditSource:
    game = first.get("game") or json.loads(first["payload"]).get("game", "")
    try:
        find_game(str(game))
    except ValueError as exc:
        raise RecordError(str(exc), line=1) from None

    def events() -> Iterator[Event]:
        for number, line in enumerate(lines, start=1):
            try:
                data = json.loads(line)
                yield Event(*(data[name] for name in _FIELDS))
            except (json.JSONDecodeError, KeyError, TypeError):
                raise RecordError("not a stored event (game_id, seq, time, source, kind, payload, prev_hash, hash)", line=number) from None

    return AuditSource(game_id=str(first["game_id"]), game=str(game), total=len(lines), chained=True,
                       events=events, keyframe=lambda _id: None, label=f"events file {path.name}")


def _record_events(game_id: str, lines: list[str]) -> Iterator[Event]:
    """Wrap record lines as unchained `move` events (source "import") so one audit path serves both."""
    for number, line in enumerate(lines, start=1):
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc.msg}", line=number) from None
        yield Event(game_id, number, "", "import", MOVE, canonical_json(data), "", "")


def dump_events(events: list[Event], game: str) -> str:
    """Return events as JSON Lines (every envelope field, plus the game name): a file from_file() audits."""
    out = []
    for event in events:
        row = {name: getattr(event, name) for name in _FIELDS}
        row["game"] = game
        out.append(json.dumps(row, ensure_ascii=False) + "\n")
    return "".join(out)


def open_for_audit(target: str, db: str | Path) -> tuple[AuditSource, EventStore | None]:
    """Return the source for a command-line target: an existing .jsonl file, else a game id in `db`.

    Raises:
        StoreError, RecordError: if neither exists or can be read.
    """
    path = Path(target)
    if path.suffix.lower() in (".jsonl", ".json") or path.is_file():
        if not path.is_file():
            raise RecordError(f"no record file {target!r}")
        return from_file(path), None
    if not Path(db).is_file():
        raise StoreError(f"no event store at {str(db)!r} (use --db), and {target!r} is not a record file")
    store = EventStore(db, read_only=True)
    try:
        return from_store(store, target), store
    except BaseException:
        store.close()
        raise
