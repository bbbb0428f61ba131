"""JSON Lines plumbing shared by every game's record module (the games' PGN readers).

A record is one JSON object per line, the first a setup. Reading one line into
a dict, numbering lines, and the checks every record makes on a line's `type`
are the same for every game; what a line means is each game's record.py.
Pure: no I/O (lines come in as strings or bytes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable, Iterator, Literal, Mapping, TypeVar, overload

from companion.errors import CompanionError, RecordError
from companion.games.safejson import BOM, load_json
from companion.games.messages import WORDING as COMMON


ANNOTATIONS = ("note", "evidence")
"""Keys any line may carry besides its own: a person's note, the camera's or the dice's evidence."""


@dataclass(frozen=True)
class KeyWarning:
    """A key a record line carries that its line type does not have: read past, but reported.

    A typo such as "stak" for "stack" would otherwise change the game in
    silence (a Grow pick without its stack starts a new one), so readers keep
    reading older records and say so: replay prints it, the audit lists it.
    """

    line: int
    key: str
    type: str
    known: tuple[str, ...]

    @property
    def message(self) -> str:
        """Return the warning as a sentence (without its line number)."""
        return (f"{self.type}: unknown key {self.key!r} was ignored; a {self.type} line has "
                f"{', '.join(self.known)} (and perhaps {' or '.join(ANNOTATIONS)})")

    def to_json(self) -> dict[str, Any]:
        """Return the warning as a JSON object (the `warnings` array of `companion replay --json`)."""
        return {"line": self.line, "type": self.type, "key": self.key, "message": self.message}

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def unknown_keys(data: Any, line_keys: Mapping[str, Collection[str]]) -> list[str]:
    """Return the keys of one line (a dict) that its type does not have, in the line's order.

    A line of an unknown type, or not an object, has none here: reading it fails on its own.
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or data["type"] not in line_keys:
        return []
    known = line_keys[data["type"]]
    return [key for key in data if key not in known and key not in ANNOTATIONS]


def key_warnings(lines: Iterable[str | bytes | dict[str, Any]], line_keys: Mapping[str, Collection[str]]) -> list[KeyWarning]:
    """Return a KeyWarning for every unknown key in a record, with its 1-based line number.

    Lines that are blank or not JSON are skipped: the reader reports those itself.
    """
    found = []
    for number, line in enumerate(lines, start=1):
        if not isinstance(line, dict):
            if is_blank(line):
                continue
            try:
                line = parse_line(line)
            except RecordError:
                continue
        for key in unknown_keys(line, line_keys):
            found.append(KeyWarning(number, key, line["type"], tuple(line_keys[line["type"]])))
    return found


def refuse_unknown_keys(data: Any, line_keys: Mapping[str, Collection[str]]) -> None:
    """Refuse a line with a key its type does not have: what a screen or the camera sends must be exact.

    Raises:
        RecordError: naming the first unknown key and the keys the line type has.
    """
    unknown = unknown_keys(data, line_keys)
    if unknown:
        raise RecordError(KeyWarning(0, unknown[0], data["type"], tuple(line_keys[data["type"]])).message
                          .replace("was ignored", "is not part of the record"))


def raise_error(error: CompanionError) -> None:
    """The default `on_error`: stop at the first bad line."""
    raise error


MoveT = TypeVar("MoveT")
SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")


def read_lines(lines: Iterable[str | bytes], move_from_json: Callable[..., MoveT],
               on_error: Callable[[CompanionError], None] = raise_error) -> Iterator[tuple[int, MoveT]]:
    """Yield (1-based line number, move) for each line of a record.

    A UTF-8 byte-order mark and blank lines at the very end are fine (editors
    add them); a blank line anywhere else is an error, and an empty record
    fails at line 1. `on_error` receives each error (with its line); the
    default raises, an import tool may collect instead.
    """
    count = 0
    blank_since: int | None = None  # first line of the current run of blank lines
    for count, line in enumerate(lines, start=1):
        if is_blank(line):
            blank_since = blank_since or count
            continue
        if blank_since is not None:
            on_error(RecordError("blank line: every line must be one JSON object", line=blank_since))
            blank_since = None
        try:
            yield count, move_from_json(parse_line(line), first=count == 1)
        except CompanionError as error:
            on_error(error.at_line(count))
    if count == 0 or blank_since == 1:
        on_error(RecordError("empty record: the first line must be a setup", line=1))


def is_blank(line: Any) -> bool:
    """Return True for a line holding nothing but whitespace (and perhaps a byte-order mark)."""
    if isinstance(line, bytes):
        line = line.decode("utf-8", "replace")
    return isinstance(line, str) and not line.removeprefix(BOM).strip()


def parse_line(line: str | bytes) -> dict[str, Any]:
    """Return one record line as a dict.

    Raises:
        RecordError: for a blank line, text that is not UTF-8 or not JSON, or JSON that is not an object.
    """
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("line is not UTF-8 text") from None
    if not isinstance(line, str):
        raise RecordError(f"a line must be text, not {type(line).__name__}")
    text = line.rstrip("\r\n").removeprefix(BOM)
    if not text.strip():
        raise RecordError("blank line: every line must be one JSON object")
    data = load_json(text, "the line")
    if not isinstance(data, dict):
        raise RecordError(f"a line must be a JSON object, not {type(data).__name__}")
    return data


def line_type(data: Any, move_types: tuple[str, ...], *, first: bool) -> str:
    """Return a line's `type`, checking it is known and that only the first line is a setup.

    Raises:
        RecordError: naming what is wrong.
    """
    if not isinstance(data, dict):
        raise RecordError(f"a line must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind not in move_types:
        raise COMMON.malformed("record.unknown_type", kind=kind, known=list(move_types))
    if first and kind != "setup":
        raise COMMON.malformed("record.first_not_setup", kind=kind)
    if kind == "setup" and not first:
        raise COMMON.malformed("setup.not_first")
    return str(kind)  # one of move_types


def replay_lines(lines: Iterable[str | bytes], move_from_json: Callable[..., Any], initial_state: Callable[[SetupT], StateT],
                 apply: Callable[[StateT, Any], StateT]) -> StateT:
    """Return the state a record leads to: the setup line's state, then each move applied in turn.

    Raises:
        RecordError, RuleViolation: at the first bad line, with `line` set.
    """
    state: StateT | None = None
    for line_no, move in read_lines(lines, move_from_json):
        try:
            state = initial_state(move) if state is None else apply(state, move)
        except CompanionError as error:
            raise error.at_line(line_no)
    assert state is not None, "read_lines raises on an empty record"
    return state


def write_lines(moves: Iterable[Any], move_to_json: Callable[[Any], dict[str, Any]]) -> str:
    """Return the JSON Lines text of a record (setup first), one move a line."""
    return "".join(json.dumps(move_to_json(m), ensure_ascii=False) + "\n" for m in moves)


def _blank(value: Any) -> bool:
    """Say whether a value sent for one part of an entry holds nothing a refusal could show (missing, empty, not text)."""
    return value is None or isinstance(value, (bool, dict, list)) or value == ""


@overload
def name_field(data: dict[str, Any], key: str, kind: str, *, optional: Literal[False] = False) -> str: ...
@overload
def name_field(data: dict[str, Any], key: str, kind: str, *, optional: bool) -> str | None: ...
def name_field(data: dict[str, Any], key: str, kind: str, *, optional: bool = False) -> str | None:
    """Return a line's player name under `key` (None if absent and optional).

    Raises:
        RecordError: if it is not a non-empty string.
    """
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value:
        raise COMMON.malformed("record.not_a_name", key=key, value=value, **({"why": "missing"} if _blank(value) else {}))
    return value


def list_field(data: dict[str, Any], key: str, kind: str) -> list[Any]:
    """Return a line's list under `key`. Raises RecordError if it is not a list."""
    value = data.get(key)
    if not isinstance(value, list):
        raise COMMON.malformed("record.not_a_list", key=key, value=value, **({"why": "missing"} if value is None else {}))
    return value


@overload
def card_field(data: dict[str, Any], key: str, kind: str, cards: Collection[str], *, optional: Literal[False] = False) -> str: ...
@overload
def card_field(data: dict[str, Any], key: str, kind: str, cards: Collection[str], *, optional: bool) -> str | None: ...
def card_field(data: dict[str, Any], key: str, kind: str, cards: Collection[str], *, optional: bool = False) -> str | None:
    """Return a line's card code under `key`, one of `cards` (None if absent and optional).

    Raises:
        RecordError: if it is not one of the game's card codes.
    """
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or value not in cards:
        raise COMMON.malformed("record.not_a_card", key=key, value=value, **({"why": "missing"} if _blank(value) else {}))
    return value


def card_list(value: Any, what: str, cards: Collection[str]) -> list[str]:
    """Return `value` if it is a list of the game's card codes.

    Raises:
        RecordError: naming the first thing that is not.
    """
    if not isinstance(value, list):
        raise COMMON.malformed("record.not_card_list", value=value)
    for card in value:
        if not isinstance(card, str) or card not in cards:
            raise COMMON.malformed("record.unknown_card", card=card, **({"why": "missing"} if _blank(card) else {}))
    return value

