"""A game's record functions, made once from its line converters and its rules.

Every game's record.py converts one line to a move and back (move_from_json,
move_to_json) and checks a line's cards against its own deck; reading a whole
record, writing one and replaying it through the rules are the same for every
game (companion.games.jsonl), and so is checking a line's type before reading it.
move_reader(), record_functions() and card_readers() bind those
shared loops to one game, so each record.py states only what is its own;
line_keys() reads the keys of its lines off its moves, which are named after
them. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable, Collection, Iterable, Iterator, Literal, Mapping, NamedTuple, Protocol, get_args, overload

from companion.errors import CompanionError
from companion.games.jsonl import card_field, card_list, line_type, raise_error, read_lines, replay_lines, write_lines


def line_keys(moves: Any) -> dict[str, tuple[str, ...]]:
    """Return a game's LINE_KEYS from its `Move` union: the keys of each line type, setup first.

    A move class is named after its line's `type` (RevealBids: "reveal_bids") and
    its fields are the line's keys after "type" (a setup's after "game" too), a
    trailing underscore dropped (`from_`: "from"). A game whose line words a
    field otherwise states that line's keys itself, over this.

    >>> from companion.games.grow.moves import Move
    >>> line_keys(Move)["act"]
    ('type', 'player', 'card', 'from', 'stack')
    """
    keys = {}
    for move in get_args(moves):
        kind = re.sub(r"(?<!^)(?=[A-Z])", "_", move.__name__).lower()
        fields = tuple(f.name.rstrip("_") for f in dataclasses.fields(move))
        keys[kind] = ("type", "game", *fields) if kind == "setup" else ("type", *fields)
    return keys


def move_reader(line_keys: Mapping[str, Any], setup: Callable[[dict[str, Any]], Any],
                move: Callable[[dict[str, Any], str], Any]) -> Callable[..., Any]:
    """Return a game's move_from_json(data, *, first=False): the line's type checked, then read by `setup` or `move`.

    The line types are line_keys' keys, setup first; only the first line may be
    a setup and it must be one (companion.games.jsonl.line_type). `move` reads
    any other line, given its type.
    """
    kinds = tuple(line_keys)

    def move_from_json(data: dict[str, Any], *, first: bool = False) -> Any:
        """Return the move a record line describes.

        Raises:
            RecordError: if the line's type, keys or values are malformed.
        """
        kind = line_type(data, kinds, first=first)
        return setup(data) if kind == "setup" else move(data, kind)

    return move_from_json


class RecordFunctions(NamedTuple):
    """One game's record readers and writer (the names each record.py exports)."""

    read_record: Callable[..., Iterator[tuple[int, Any]]]
    write_record: Callable[[Iterable[Any]], str]
    replay: Callable[[Iterable[str]], Any]


def record_functions(move_from_json: Callable[..., Any], move_to_json: Callable[[Any], dict[str, Any]],
                     initial_state: Callable[[Any], Any], apply: Callable[[Any, Any], Any]) -> RecordFunctions:
    """Return read_record, write_record and replay for the game these converters and rules belong to."""

    def read_record(lines: Iterable[str], on_error: Callable[[CompanionError], None] = raise_error) -> Iterator[tuple[int, Any]]:
        """Yield (line number, move) for each line of a record (see companion.games.jsonl.read_lines)."""
        return read_lines(lines, move_from_json, on_error)

    def write_record(moves: Iterable[Any]) -> str:
        """Return the JSON Lines text of a record (setup first), one move a line."""
        return write_lines(moves, move_to_json)

    def replay(lines: Iterable[str]) -> Any:
        """Return the state a record leads to.

        Raises:
            RecordError, RuleViolation: at the first bad line, with `line` set.
        """
        return replay_lines(lines, move_from_json, initial_state, apply)

    return RecordFunctions(read_record, write_record, replay)


class CardReader(Protocol):
    """card(data, key, kind, optional=False): a line's card code under `key`; never None unless optional."""

    @overload
    def __call__(self, data: dict[str, Any], key: str, kind: str, *, optional: Literal[False] = False) -> str: ...
    @overload
    def __call__(self, data: dict[str, Any], key: str, kind: str, *, optional: bool) -> str | None: ...


class CardReaders(NamedTuple):
    """A game's readers of card codes in a record line, checked against its deck."""

    card: CardReader
    cards: Callable[[Any, str], list[str]]


class _DeckCodes:
    """The readers of one deck's card codes (a class, so `card` keeps card_field's overloads)."""

    def __init__(self, deck: Collection[str]):
        self.deck = deck

    @overload
    def card(self, data: dict[str, Any], key: str, kind: str, *, optional: Literal[False] = False) -> str: ...
    @overload
    def card(self, data: dict[str, Any], key: str, kind: str, *, optional: bool) -> str | None: ...
    def card(self, data: dict[str, Any], key: str, kind: str, *, optional: bool = False) -> str | None:
        """Return a line's card code under `key` (see companion.games.jsonl.card_field)."""
        return card_field(data, key, kind, self.deck, optional=optional)

    def cards(self, value: Any, what: str) -> list[str]:
        """Return `value` if it is a list of the deck's card codes (see companion.games.jsonl.card_list)."""
        return card_list(value, what, self.deck)


def card_readers(deck: Collection[str]) -> CardReaders:
    """Return card(data, key, kind, optional=False) and cards(value, what), both checking codes against `deck`."""
    codes = _DeckCodes(deck)
    return CardReaders(codes.card, codes.cards)
