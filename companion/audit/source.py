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
from companion.games import find_game, game_of_record
from companion.games.jsonl import is_blank, parse_line
from companion.games.safejson import BOM, load_json
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


def from_store(store: EventStore, game_id: str) -> AuditSource:
    """Return the source for a stored game.

    Raises:
        StoreError: if the game is not in the store.
    """
    game = store.game_name(game_id)
    return AuditSource(game_id=game_id, game=game, total=store.last_seq(game_id), chained=True,
                       events=lambda: store.iter_events(game_id), keyframe=store.get_keyframe,
                       label=f"game {game_id} in {store.path.name}")


def from_file(path: str | Path) -> AuditSource:
    """Return the source for a JSON Lines file: an events dump (with hashes) or a record.

    Raises:
        RecordError: if the file cannot be read or its first line is neither.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {str(path)!r}: {exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{str(path)!r} is not UTF-8 text", line=data[: exc.start].count(b"\n") + 1) from None
    lines = text.removeprefix(BOM).splitlines()
    while lines and is_blank(lines[-1]):
        lines.pop()
    try:
        first = parse_line(lines[0]) if lines and not is_blank(lines[0]) else None
    except RecordError as error:
        raise error.at_line(1)
    if first is None:
        raise RecordError(f"{str(path)!r}: the first line must be a JSON object (a setup line or a stored event)", line=1)
    if set(_FIELDS) <= set(first):
        return _dump_source(path, lines, first)
    game = game_of_record(lines).name
    return AuditSource(game_id=path.stem, game=game, total=len(lines), chained=False,
                       events=lambda: _record_events(path.stem, lines), keyframe=lambda _id: None,
                       label=f"record file {path.name}")


def _dump_source(path: Path, lines: list[str], first: dict) -> AuditSource:
    game = first.get("game")
    if game is None:
        payload = _dump_event(first, 1).payload
        setup = load_json(payload, "event 1's payload")
        game = setup.get("game") if isinstance(setup, dict) else None
    try:
        find_game(str(game))
    except ValueError as exc:
        raise RecordError(str(exc), line=1) from None

    def events() -> Iterator[Event]:
        for number, line in enumerate(lines, start=1):
            try:
                data = parse_line(line)
            except RecordError as error:
                raise error.at_line(number)
            yield _dump_event(data, number)

    return AuditSource(game_id=str(first["game_id"]), game=str(game), total=len(lines), chained=True,
                       events=events, keyframe=lambda _id: None, label=f"events file {path.name}")


_TYPES = {"game_id": str, "seq": int, "time": str, "source": str, "kind": str, "payload": str, "prev_hash": str, "hash": str}


def _dump_event(data: dict, number: int) -> Event:
    """Return the Event one line of an events file holds, its fields checked (payload: a JSON string).

    Raises:
        RecordError: with the line number, naming the first missing or malformed field.
    """
    missing = [name for name in _FIELDS if name not in data]
    if missing:
        raise RecordError(f"not a stored event: {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing", line=number)
    for name, kind in _TYPES.items():
        value = data[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RecordError(f"event {number}: {name!r} must be {'a whole number' if kind is int else 'a string'}, "
                              f"not {type(value).__name__}", line=number)
    try:
        load_json(data["payload"], "the payload")
    except RecordError as error:
        raise RecordError(f"event {number}: {error.message}", line=number) from None
    return Event(*(data[name] for name in _FIELDS))


def _record_events(game_id: str, lines: list[str]) -> Iterator[Event]:
    """Wrap record lines as unchained `move` events (source "import") so one audit path serves both."""
    for number, line in enumerate(lines, start=1):
        try:
            data = parse_line(line)
        except RecordError as error:
            raise error.at_line(number)
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
    store = EventStore(db)
    try:
        return from_store(store, target), store
    except BaseException:
        store.close()
        raise
