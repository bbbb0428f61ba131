"""What every game offers the rest of the companion, as a value (not a class tree).

The store, the CLI and the web page work with any game through this record of
functions: read a record line into a move, fold moves into state, summarise
state for shared screens. Pure: nothing here does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import importlib
import importlib.util
import unicodedata
from typing import Any, Callable, Generic, Iterable, Iterator, Mapping, MutableSequence, Optional, Protocol, Sequence, TypeVar, cast

from companion.errors import RuleViolation
from companion.games.jsonl import KeyWarning, key_warnings, refuse_unknown_keys
from companion.games.messages import WORDING as COMMON


@dataclass(frozen=True)
class NewGame:
    """A fresh game's setup record line, and what only the dealer may read (cards to deal or set aside)."""

    setup: dict[str, Any]
    dealer_note: tuple[str, ...] = ()


class Chance(Protocol):
    """The randomness a new setup may use, handed in (random.Random, secrets.SystemRandom): engines hold no source of their own."""

    def shuffle(self, items: MutableSequence[Any]) -> None: ...

    def sample(self, population: Sequence[Any], k: int) -> list[Any]: ...


NewSetup = Callable[[Sequence[str], Optional[str], Chance], NewGame]
"""new_setup(players in seating order, who plays first or None, chance) -> NewGame."""

Viewer = Optional[str]
"""Who looks at a game: a seat (its player's name) or SHARED.

Every holder of a screen or a file is one of these: a seat's phone is its
player; the wall, the tablet and every other shared screen, and the audit and
exports of a game in progress, are SHARED (no private seat); a name that is
no seat of the game sees what SHARED sees.
"""

SHARED: Viewer = None
"""The viewer with no private seat: what the whole table, a passer-by and a report of a running game may see."""


StateT = TypeVar("StateT")
"""A game's state (BuxState, ...): what its moves fold into."""
MoveT = TypeVar("MoveT")
"""A game's move: the union of its record's line types."""
SetupT = TypeVar("SetupT")
"""A game's setup move: the one its first record line holds, which starts the state."""
MoveT_co = TypeVar("MoveT_co", covariant=True)


class MoveFromJson(Protocol[MoveT_co]):
    """move_from_json(record line, first=is it the record's first line) -> the move it holds (RecordError if none)."""

    def __call__(self, data: dict[str, Any], *, first: bool = ...) -> MoveT_co: ...


@dataclass(frozen=True)
class Game(Generic[StateT, MoveT, SetupT]):
    """A game's public face: its name and the pure functions that play it.

    Generic over the game's state, move and setup types, so a caller that
    knows its game (a game's own screens, its tests) gets them checked; the
    registry hands out Game[Any, Any, Any], as it knows games only by name.
    """

    name: str
    title: str
    read_record: Callable[[Iterable[str]], Iterator[tuple[int, MoveT]]]
    move_from_json: MoveFromJson[MoveT]
    move_to_json: Callable[[MoveT], dict[str, Any]]
    initial_state: Callable[[SetupT], StateT]
    apply: Callable[[StateT, MoveT], StateT]
    replay: Callable[[Iterable[str]], StateT]
    state_to_json: Callable[[StateT], dict[str, Any]]
    is_over: Callable[[StateT], bool]
    format_summary: Optional[Callable[[dict[str, Any]], str]] = None
    """Human-readable text of state_to_json's summary; None uses a generic table."""
    line_keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The keys each line type has ({"pick": ("type", "player", ...)}); others are reported (key_warnings)."""
    new_setup: Optional[NewSetup] = None
    """How `serve --new-game` starts this game; None: only from a setup file (--setup)."""
    score_holdings: Optional[Callable[[Any], dict[str, Any]]] = None
    """`companion score`: the parsed holdings file -> each player's score (CompanionError on bad input); None: not offered."""
    final_kinds: Mapping[str, Callable[[dict[str, Any]], Optional[str]]] = field(default_factory=dict)
    """Per line type, why a stored move of it cannot be undone ("reveal", "dice", "draw") or None (undoable).

    A move that revealed hidden information or used chance is never undone,
    only corrected by a new visible move: an undo after it would let the table
    play it again knowing what it showed (rebid knowing every bid, roll the
    dice again, draw another card). Types not listed are undoable.
    """
    view: Optional[Callable[..., dict[str, Any]]] = None
    """view(state, viewer, **naming) -> what that viewer may see, JSON-ready; None: state_to_json for everyone.

    The game's one redaction path (see view_for): screens, the audit and
    exports ask it, never strip hidden facts themselves.
    """

    def view_for(self, state: Any, viewer: Viewer = SHARED, **naming: Any) -> dict[str, Any]:
        """Return what `viewer` (a seat's name, or SHARED) may see of `state`: the rules' own redaction.

        A game without a `view` hides nothing beyond its public summary
        (state_to_json) and shows every viewer that. `naming` passes through
        to the game's view (BUX: how the caller names face-down cards).
        """
        if self.view is None:
            return self.state_to_json(state)
        return self.view(state, viewer, **naming)

    event_kinds: tuple[str, ...] = ()
    """Kinds of event this game's screens store beside the shared ones (companion.store.events.KINDS), e.g. Grow's
    sealed bids: declared here so that no shared code names them (the audit keeps them for the game's own checks)."""

    @classmethod
    def of_package(cls, package: str, title: str, *, name: Optional[str] = None,
                   view: Optional[Callable[..., dict[str, Any]]] = None, event_kinds: tuple[str, ...] = (),
                   score_holdings: Optional[Callable[[Any], dict[str, Any]]] = None,
                   final_kinds: Optional[Mapping[str, Callable[[dict[str, Any]], Optional[str]]]] = None) -> "Game[Any, Any, Any]":
        """Return the game whose functions live in `package`'s modules under the names every game uses.

        `<package>.record` holds read_record, move_from_json, move_to_json,
        replay, state_to_json, LINE_KEYS and perhaps format_summary;
        `<package>.rules` holds initial_state, apply and is_over; `<package>.setup`
        (if there is one) holds new_setup. The name is the package's last part
        unless given. What has no conventional home (the view_for, its own event kinds, scoring,
        final kinds) is passed as is.
        """
        record = importlib.import_module(f"{package}.record")
        rules = importlib.import_module(f"{package}.rules")
        setup = importlib.import_module(f"{package}.setup") if importlib.util.find_spec(f"{package}.setup") else None
        return cls(
            name=name or package.rpartition(".")[2],
            title=title,
            read_record=record.read_record,
            move_from_json=record.move_from_json,
            move_to_json=record.move_to_json,
            initial_state=rules.initial_state,
            apply=rules.apply,
            replay=record.replay,
            state_to_json=record.state_to_json,
            is_over=rules.is_over,
            format_summary=getattr(record, "format_summary", None),
            line_keys=record.LINE_KEYS,
            new_setup=setup.new_setup if setup is not None else None,
            view=view,
            event_kinds=event_kinds,
            score_holdings=score_holdings,
            final_kinds=final_kinds or {},
        )

    def final_kind(self, line: Any) -> Optional[str]:
        """Return why this record line's move cannot be undone ("reveal", "dice", "draw"), or None if it can."""
        kind = line.get("type") if isinstance(line, dict) else None
        judge = self.final_kinds.get(kind) if isinstance(kind, str) else None
        return judge(line) if judge is not None else None

    def key_warnings(self, lines: Iterable[Any]) -> list[KeyWarning]:
        """Return a KeyWarning for each key of a record that its line type does not have."""
        return key_warnings(lines, self.line_keys)

    def refuse_unknown_keys(self, line: Any) -> None:
        """Refuse a line holding a key its type does not have (what the tablet and the camera send is exact).

        Raises:
            RecordError: naming the key.
        """
        refuse_unknown_keys(line, self.line_keys)

    def steps(self, lines: Iterable[dict[str, Any]]) -> list[tuple[dict[str, Any], Optional[StateT], StateT]]:
        """Return (record line, state before, state after) for each line in order; the setup's before is None.

        For screens and reports that tell a game move by move, comparing each move's two states.
        """
        out: list[tuple[dict[str, Any], Optional[StateT], StateT]] = []
        state: Optional[StateT] = None
        for line in lines:
            move = self.move_from_json(line, first=state is None)
            # move_from_json(first=True) reads only a setup line (else RecordError), so the first move is the setup.
            new = self.initial_state(cast(SetupT, move)) if state is None else self.apply(state, move)
            out.append((line, state, new))
            state = new
        return out


MAX_NAME = 24
"""Longest player name: it must fit a seat plate, a phone's header and a scoreboard column."""


UNSEEN = ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")
"""Unicode categories a name may not hold: control and format characters, line/paragraph separators, unassigned."""


def visible_name(name: str) -> str:
    """Return `name` with each character of UNSEEN written as <U+XXXX>, so a refusal naming it stays one visible line.

    >>> visible_name("Ann\\nLee"), visible_name("A\\u2028")
    ('Ann<U+000A>Lee', 'A<U+2028>')
    """
    return "".join(f"<U+{ord(ch):04X}>" if unicodedata.category(ch) in UNSEEN else ch for ch in name)


def name_problem(name: object) -> tuple[str, dict[str, Any]] | None:
    """Return why `name` cannot be a player's name, as (reason key, parameters), or None if it can.

    Names travel in links (/g/<id>/me/<name>), record lines and screens, so
    a name holds no '/', no control character or line/paragraph separator
    (U+2028/U+2029 break a JSON Lines record read back by some tools), and no
    leading or trailing space (two names that look alike must not differ).
    The key picks the sentence (companion.games.messages, "setup.player_name/<key>").

    >>> name_problem("Ann"), name_problem("A/B"), name_problem(" Ann")
    (None, ('slash', {'name': 'A/B'}), ('space', {'name': ' Ann'}))
    """
    if not isinstance(name, str):
        return "not_text", {"name": name}
    if not name.strip():
        return "empty", {}
    if any(unicodedata.category(ch) in UNSEEN for ch in name):
        return "control", {"name": visible_name(name)}
    if name != name.strip():
        return "space", {"name": name}
    if len(name) > MAX_NAME:
        return "long", {"name": name, "length": len(name), "maximum": MAX_NAME}
    if "/" in name:
        return "slash", {"name": name}
    return None


def verify_player_names(players: Sequence[object]) -> None:
    """Check every player's name (see name_problem) and that no two are the same, ignoring case.

    Raises:
        RuleViolation: setup.player_name or setup.duplicate_player.
    """
    for seat, player in enumerate(players, start=1):
        problem = name_problem(player)
        if problem:
            why, params = problem
            raise COMMON.violation("setup.player_name", why=why, seat=seat, count=len(players), **params)
    seen: dict[str, str] = {}
    for player in players:
        if not isinstance(player, str):
            continue  # never: name_problem refused every name that is not text above
        key = player.casefold()
        if key in seen:
            if seen[key] == player:
                raise COMMON.violation("setup.duplicate_player", name=player)
            raise COMMON.violation("setup.duplicate_player", why="case", name=player, other=seen[key])
        seen[key] = player


def verify_seating(players: tuple[str, ...], minimum: int, maximum: int, title: str) -> None:
    """Check a setup's players: how many, each a usable name, no name twice (ignoring case).

    Raises:
        RuleViolation: setup.player_count, setup.player_name or setup.duplicate_player.
    """
    if not minimum <= len(players) <= maximum:
        raise COMMON.violation("setup.player_count", title=title, minimum=minimum, maximum=maximum, count=len(players))
    verify_player_names(players)


def plural(count: int, noun: str, many: str | None = None) -> str:
    """Return `count` and the noun in the number it takes: "1 card", "2 cards", "0 cards".

    `many` is the plural when it is not the noun plus "s" ("copy" → "copies").

    >>> plural(1, "card"), plural(3, "card"), plural(2, "copy", "copies")
    ('1 card', '3 cards', '2 copies')
    """
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def possessive(name: str) -> str:
    """Return a player's name in the possessive for a message: "Ann's", "Jess's".

    Names are shown bare (not in quotes) so the apostrophe reads as English;
    name_problem() keeps names free of control characters and edge spaces.

    >>> possessive("Ann"), possessive("Jess")
    ("Ann's", "Jess's")
    """
    return f"{name}'s"
