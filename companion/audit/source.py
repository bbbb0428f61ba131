"""Where an audit reads events from: a stored game, an events dump, or a plain record file.

Each source yields Event values in seq order, one at a time, and says how many
to expect (for the progress bar) and whether a hash chain exists to check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from companion.audit.limits import MAX_LINE_BYTES, check_record_file
from companion.errors import RecordError, StoreError
from companion.games import find_game, game_of_record
from companion.games.jsonl import is_blank, parse_line
from companion.games.safejson import BOM, load_json
from companion.store.events import MOVE, Event, canonical_json
from companion.store.backends import Store, is_postgres, open_store

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


def from_store(store: Store, game_id: str) -> AuditSource:
    """Return the source for a stored game.

    Raises:
        StoreError: if the game is not in the store.
    """
    game = store.game_name(game_id)
    return AuditSource(game_id=game_id, game=game, total=store.last_seq(game_id), chained=True,
                       events=lambda: store.iter_events(game_id), keyframe=store.get_keyframe,
                       label=f"game {game_id} in {store.label}", damage=tuple(store.integrity(game_id, full=True)))


def from_file(path: str | Path) -> AuditSource:
    """Return the source for a JSON Lines file: an events dump (with hashes) or a record.

    The file is streamed, one line at a time (memory does not grow with its
    size); a plain record over MAX_RECORD_BYTES and any line over
    MAX_LINE_BYTES are refused with one sentence. Every line is read with the
    shared safe JSON reader (depth, digits, BOM).

    Raises:
        RecordError: if the file cannot be read, is too big, or its first line is neither.
    """
    path = Path(path)
    try:
        with path.open("rb") as handle:
            head = handle.readline(MAX_LINE_BYTES + 1)
            total = _count_lines(handle) + (0 if is_blank(head) else 1)
    except OSError as exc:
        raise RecordError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if len(head) > MAX_LINE_BYTES:
        raise RecordError(f"the line is longer than {MAX_LINE_BYTES // 1024} KiB: no setup or event is that long", line=1)
    try:
        text = head.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError:
        raise RecordError(f"{str(path)!r} is not UTF-8 text", line=1) from None
    if is_blank(text):
        raise RecordError(f"{str(path)!r}: the first line must be a JSON object (a setup line or a stored event)", line=1)
    try:
        first = parse_line(text)
    except RecordError as error:
        raise error.at_line(1)
    if set(_FIELDS) <= set(first):
        return _dump_source(path, total, first)
    check_record_file(path)
    game = game_of_record([text]).name
    return AuditSource(game_id=path.stem, game=game, total=total, chained=False,
                       events=lambda: _record_events(path.stem, _lines(path)), keyframe=lambda _id: None,
                       label=f"record file {path.name}")


def _count_lines(handle) -> int:
    """Return how many newline-ended lines remain in a binary file (for the progress bar), reading 1 MiB at a time."""
    return sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b""))


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """Yield (line number, text) of the non-blank lines of a file, one at a time (a BOM on line 1 dropped).

    Raises:
        RecordError: for a line over MAX_LINE_BYTES or not UTF-8.
    """
    with path.open("rb") as handle:
        for number, raw in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""), start=1):
            if len(raw) > MAX_LINE_BYTES:
                raise RecordError(f"the line is longer than {MAX_LINE_BYTES // 1024} KiB: no move or event is that long",
                                  line=number)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError("not UTF-8 text", line=number) from None
            if number == 1:
                text = text.removeprefix(BOM)
            if not is_blank(text):
                yield number, text


def _dump_source(path: Path, total: int, first: dict) -> AuditSource:
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
        for number, line in _lines(path):
            try:
                data = parse_line(line)
            except RecordError as error:
                raise error.at_line(number)
            yield _dump_event(data, number)

    return AuditSource(game_id=str(first["game_id"]), game=str(game), total=total, chained=True,
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


def _record_events(game_id: str, lines: Iterator[tuple[int, str]]) -> Iterator[Event]:
    """Wrap record lines as unchained `move` events (source "import") so one audit path serves both."""
    for number, line in lines:
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


def open_for_audit(target: str, db: str | Path) -> tuple[AuditSource, Store | None]:
    """Return the source for a command-line target: an existing .jsonl file, else a game id in `db`.

    Raises:
        StoreError, RecordError: if neither exists or can be read.
    """
    path = Path(target)
    if path.suffix.lower() in (".jsonl", ".json") or path.is_file():
        if not path.is_file():
            raise RecordError(f"no record file {target!r}")
        return from_file(path), None
    if not is_postgres(db) and not Path(db).is_file():
        raise StoreError(f"no event store at {str(db)!r} (use --db), and {target!r} is not a record file")
    store = open_store(db, read_only=True)
    try:
        return from_store(store, target), store
    except BaseException:
        store.close()
        raise
