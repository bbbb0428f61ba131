"""One game's life in the event store: propose moves, fold events into state, undo, export.

Producers (tablet, camera tracker, import) propose record lines; the game's
engine decides; only accepted moves are stored as `move` events. A rejected
proposal is kept as a `rejected` event for the audit and changes nothing.
Undo is a compensating `undo` event naming the move it cancels.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any, Iterable

from companion.errors import CompanionError, RecordError, RuleViolation, StoreError
from companion.games import find_game, game_of_record
from companion.games.jsonl import is_blank, parse_line
from companion.games.base import Game
from companion.store.events import ATTENTION, MOVE, OBSERVATION, REJECTED, RESOLVED, UNDO, Event
from companion.store.sqlite import EventStore


@dataclass(frozen=True)
class Folded:
    """The result of folding a game's events: the state and the moves still in effect."""

    state: Any
    moves: tuple[Event, ...]
    """The `move` events in effect (undone ones removed), setup first."""
    last_seq: int


def fold(game: Game, events: Iterable[Event]) -> Folded:
    """Return the state a game's events lead to.

    Moves are replayed in order; an undo removes the latest move still in
    effect (it must name that move's seq). Rejected proposals, notes and
    evidence do not touch state.

    Raises:
        StoreError: if a stored move no longer applies (the log was tampered with).
    """
    effective: list[Event] = []
    last = 0
    for event in events:
        last = event.seq
        if event.kind == MOVE:
            effective.append(event)
        elif event.kind == UNDO:
            target = event.data.get("undoes")
            if not effective or effective[-1].seq != target or len(effective) == 1:
                raise StoreError(f"event {event.seq}: undo of {target!r} does not match the last move")
            effective.pop()
    state = None
    for event in effective:
        try:
            move = game.move_from_json(event.data, first=state is None)
            state = game.initial_state(move) if state is None else game.apply(state, move)
        except CompanionError as error:
            raise StoreError(f"event {event.seq}: stored move does not replay: {error.message}") from None
    return Folded(state=state, moves=tuple(effective), last_seq=last)


class GameSession:
    """A stored game: read its state, submit moves, undo, export.

    The folded state is cached and refreshed from the store when new events appear,
    so several sessions (web workers, the tracker) can share one database file.
    """

    def __init__(self, store: EventStore, game_id: str):
        self.store = store
        self.game_id = game_id
        self.game = find_game(store.game_name(game_id))
        self._events: list[Event] = []
        self._folded: Folded | None = None

    @classmethod
    def start(cls, store: EventStore, setup: dict, *, source: str = "tablet", game_id: str | None = None, title: str = "") -> "GameSession":
        """Create a game from its setup line and return its session.

        Raises:
            RecordError, RuleViolation: if the setup is malformed or illegal (nothing is stored).
            StoreError: if the game id exists or the store cannot be written.
        """
        try:
            game = find_game(str(setup.get("game", "")))
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        game.initial_state(game.move_from_json(setup, first=True))
        game_id = game_id or uuid.uuid4().hex[:12]
        store.create_game(game_id, game.name, title, events=[(MOVE, setup)], source=source)
        return cls(store, game_id)

    def refresh(self) -> Folded:
        """Return the folded state, reading any events stored since the last call."""
        new = self.store.events(self.game_id, after=self._events[-1].seq if self._events else 0)
        if new or self._folded is None:
            self._events.extend(new)
            self._folded = fold(self.game, self._events)
        return self._folded

    @property
    def state(self) -> Any:
        """Return the current game state."""
        return self.refresh().state

    @property
    def events(self) -> list[Event]:
        """Return every event of the game so far."""
        self.refresh()
        return list(self._events)

    def submit(self, line: dict, *, source: str = "tablet", evidence: Any = None) -> Event:
        """Judge a proposed record line; store it if legal and return its event.

        Raises:
            RecordError, RuleViolation: if the line is malformed or illegal; a
            `rejected` event is stored for the audit and the state is unchanged.
        """
        state = self.state
        try:
            move = self.game.move_from_json(line)
            self.game.apply(state, move)
        except CompanionError as error:
            self.store.append(self.game_id, REJECTED, {"line": line, "message": error.message, "rule": getattr(error, "rule", None)}, source)
            raise
        payload = dict(line)
        if evidence is not None:
            payload["evidence"] = evidence
        return self.store.append(self.game_id, MOVE, payload, source)

    def undo(self, *, source: str = "tablet") -> Event:
        """Cancel the last move in effect with a compensating event and return it.

        Raises:
            RuleViolation: if only the setup remains.
        """
        moves = self.refresh().moves
        if len(moves) <= 1:
            raise RuleViolation("undo.nothing", "undo: there is no move to undo")
        return self.store.append(self.game_id, UNDO, {"undoes": moves[-1].seq}, source)

    def raise_attention(self, message: str, *, cards: Iterable[str] = (), players: Iterable[str] = (),
                        proposed: dict | None = None, evidence: Any = None, source: str = "camera") -> str:
        """Store a "needs attention" item and return its id.

        Used when the camera sees something the rules reject or cannot explain, or
        when an inferred move waits for a one-tap confirm (`proposed` is then the
        record line to submit). Never applied silently, never dropped: it stays
        open until resolve() is called.
        """
        item_id = uuid.uuid4().hex[:8]
        payload = {"id": item_id, "message": message, "cards": list(cards), "players": list(players),
                   "proposed": proposed, "evidence": evidence}
        self.store.append(self.game_id, ATTENTION, payload, source)
        return item_id

    def open_attention(self) -> list[dict]:
        """Return the attention items not yet resolved, oldest first (each with its event seq and time)."""
        items: dict[str, dict] = {}
        for event in self.events:
            if event.kind == ATTENTION:
                items[event.data["id"]] = {**event.data, "seq": event.seq, "time": event.time, "source": event.source}
            elif event.kind == RESOLVED:
                items.pop(event.data.get("id"), None)
        return list(items.values())

    def resolve(self, item_id: str, how: str, *, source: str = "tablet") -> Event:
        """Close an attention item ("confirmed", "corrected" or "dismissed").

        Raises:
            RuleViolation: if no open item has that id.
        """
        if item_id not in {item["id"] for item in self.open_attention()}:
            raise RuleViolation("attention.unknown", f"no open attention item {item_id!r}")
        return self.store.append(self.game_id, RESOLVED, {"id": item_id, "how": how}, source)

    def observe(self, changes: list[dict], t: float, *, source: str = "camera", extra: dict | None = None) -> Event:
        """Store one settled table change the camera saw and return its event.

        `changes` are {"code", "from", "to"} (zone names, None for "not on the
        table"); `t` is the camera time in seconds. The audit checks that some
        move explains each change. Observations never touch state.
        """
        payload = {"t": t, "changes": [dict(c) for c in changes], **(extra or {})}
        return self.store.append(self.game_id, OBSERVATION, payload, source)

    def record_lines(self) -> list[dict]:
        """Return the record lines of the moves in effect (evidence and envelope removed)."""
        return [{k: v for k, v in e.data.items() if k != "evidence"} for e in self.refresh().moves]

    def export_record(self) -> str:
        """Return the game as a JSON Lines record that `companion replay` reads."""
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in self.record_lines())


def import_record(store: EventStore, lines: Iterable[str], *, game_id: str | None = None, title: str = "") -> GameSession:
    """Store a whole record as a new game and return its session.

    The record is replayed first; nothing is stored unless every line is legal.

    Raises:
        RecordError, RuleViolation: at the first bad line (with its line number).
    """
    lines = list(lines)
    game = game_of_record(lines)
    game.replay(lines)
    parsed = [parse_line(raw) for raw in lines if not is_blank(raw)]  # replay accepted them: trailing blanks only
    game_id = game_id or uuid.uuid4().hex[:12]
    store.create_game(game_id, game.name, title, events=[(MOVE, data) for data in parsed], source="import")
    return GameSession(store, game_id)
