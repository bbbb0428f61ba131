"""One game's life in the event store: propose moves, fold events into state, undo, export.

Producers (tablet, camera tracker, import) propose record lines; the game's
engine decides; only accepted moves are stored as `move` events. A rejected
proposal is kept as a `rejected` event for the audit and changes nothing.
Undo is a compensating `undo` event naming the move it cancels.
"""

from __future__ import annotations

import bisect
import contextlib
import heapq
import json
import threading
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable

from companion.errors import CompanionError, Conflict, DamagedGame, RecordError, RuleViolation, StoreError
from companion.games import find_game, game_of_record
from companion.games.jsonl import is_blank, parse_line
from companion.games.messages import WORDING as COMMON_WORDING
from companion.games.base import Game
from companion.store import game_secrets
from companion.store.events import (ATTENTION, DICE, MOVE, OBSERVATION, REJECTED, RESOLVED, STATE_KINDS, UNDO, Event,
                                    canonical_json)
from companion.store.limits import bounded_refusal
from companion.store.sqlite import RepeatedRequest, StaleWrite

if TYPE_CHECKING:  # backends is imported by the callers that open a store; the name is for the checker only
    from companion.store.backends import Store

MAX_TRIES = 100
"""Times a write is judged again after another writer got in first, before the client is asked to retry."""


@dataclass(frozen=True)
class Request:
    """Who is writing: a client's request id (idempotency) and the latest event seq its screen had shown.

    `seen` is None for writers that judge against the freshest state (the
    camera loop, imports); a screen sends it so an entry made on an outdated
    screen is refused with Conflict instead of applied to a game it did not see.
    """

    request_id: str | None = None
    seen: int | None = None


Decide = Callable[["Folded", list[Event]], list[tuple[str, Any]]]
"""Given the game's folded state and its events, return the events to append (or raise CompanionError)."""


@dataclass(frozen=True)
class Folded:
    """The result of folding a game's events: the state and the moves still in effect."""

    state: Any
    moves: tuple[Event, ...]
    """The `move` events in effect (undone ones removed), setup first."""
    last_seq: int
    damage: DamagedGame | None = None
    """Set when an event does not replay: state and moves are then those of the events before it."""


class Replay:
    """A game's fold kept as it grows: the moves in effect and the state after each.

    Adding an event costs that event alone (an undo drops the last state), so
    a screen reading a long game pays only for what is new; the states also
    give every move's before and after without replaying (steps()).
    """

    def __init__(self, game: Game[Any, Any, Any]):
        self.game = game
        self.moves: list[Event] = []
        self.lines: list[dict[str, Any]] = []
        """Each move's payload, parsed once (read-only: shared by every reader)."""
        self.states: list[Any] = []
        self.last_seq = 0
        self.damage: DamagedGame | None = None

    def add(self, event: Event) -> None:
        """Fold one more event in (after the first damage only the seq moves on).

        Raises:
            DamagedGame: the event does not replay; the fold keeps the valid part before it.
        """
        self.last_seq = event.seq
        if self.damage is not None:
            return
        try:
            if event.damage:
                raise DamagedGame(f"event {event.seq}: {event.damage}", seq=event.seq)
            if event.kind == UNDO:
                target = event.data.get("undoes")
                if not self.moves or self.moves[-1].seq != target or len(self.moves) == 1:
                    raise DamagedGame(f"event {event.seq}: undo of {target!r} does not match the last move", seq=event.seq)
                self.moves.pop()
                self.lines.pop()
                self.states.pop()
            elif event.kind == MOVE:
                state = self.states[-1] if self.states else None
                data = event.data
                try:
                    move = self.game.move_from_json(data, first=state is None)
                    state = self.game.initial_state(move) if state is None else self.game.apply(state, move)
                except CompanionError as error:
                    raise DamagedGame(f"event {event.seq}: stored move does not replay: {error.message}", seq=event.seq) from None
                except (ValueError, TypeError, KeyError, RecursionError) as error:
                    raise DamagedGame(f"event {event.seq}: stored move does not replay: {error}", seq=event.seq) from None
                self.moves.append(event)
                self.lines.append(data)
                self.states.append(state)
        except DamagedGame as damage:
            self.damage = damage
            raise

    def folded(self) -> Folded:
        """Return the fold so far."""
        return Folded(state=self.states[-1] if self.states else None, moves=tuple(self.moves),
                      last_seq=self.last_seq, damage=self.damage)


def fold(game: Game[Any, Any, Any], events: Iterable[Event], *, strict: bool = True) -> Folded:
    """Return the state a game's events lead to.

    Moves are replayed in order; an undo removes the latest move still in
    effect (it must name that move's seq). Rejected proposals, notes and
    evidence do not touch state. With strict=False an event that does not
    replay stops the fold there: the result holds the valid prefix and says
    where it stopped (`damage`), so a damaged game can still be shown.

    Raises:
        DamagedGame (a StoreError): strict only, if a stored move no longer applies (the log was tampered with).
    """
    replay = Replay(game)
    for event in events:
        try:
            replay.add(event)
        except DamagedGame:
            if strict:
                raise
    return replay.folded()


def _seq(event: Event) -> int:
    return event.seq


class _Log:
    """One game's events and fold, shared by every session of this process on the same store file."""

    def __init__(self, game: Game[Any, Any, Any]):
        self.lock = threading.Lock()
        self.game = game
        self.events: list[Event] = []
        self.by_kind: dict[str, list[Event]] = {}
        """The same events by kind, so a screen reads its dice or attention items without scanning observations."""
        self.replay = Replay(game)
        self.folded: Folded | None = None

    def catch_up(self, store: Store, game_id: str) -> None:
        """Read what was stored since the last call (one query when nothing was), starting over if the file changed under it."""
        head = store.head(game_id)
        last = self.events[-1] if self.events else None
        if self.folded is not None and (head is None and last is None or head is not None and last is not None
                                        and head.seq == last.seq and head.hash == last.hash):
            return
        new = store.events(game_id, after=last.seq if last else 0)
        whole = last is None
        if last is not None and (not new or new[0].seq != last.seq + 1 or new[0].prev_hash != last.hash):
            self.events, self.by_kind, self.replay = [], {}, Replay(self.game)  # another file, or rewritten: read it whole
            new, whole = store.events(game_id), True
        for event in new:
            self.events.append(event)
            self.by_kind.setdefault(event.kind, []).append(event)
            with contextlib.suppress(DamagedGame):
                self.replay.add(event)
        if whole and self.replay.damage is None:
            # Integrity before trust: a damaged index can hand back a cut-down game whose chain looks whole.
            problems = store.integrity(game_id)
            if problems:
                self.replay.damage = DamagedGame(f"the database file is damaged: {problems[0]}",
                                                 seq=(self.events[-1].seq + 1) if self.events else 1)
        self.folded = self.replay.folded()


_LOGS: "OrderedDict[tuple[str, str], _Log]" = OrderedDict()
_LOGS_LOCK = threading.Lock()
MAX_LOGS = 32
"""Games whose fold a process keeps (least recently read dropped first)."""


def _log_of(store: Store, game_id: str, game: Game[Any, Any, Any]) -> _Log:
    key = (store.key, game_id)
    with _LOGS_LOCK:
        log = _LOGS.get(key)
        if log is None or log.game is not game:
            log = _LOGS[key] = _Log(game)
        _LOGS.move_to_end(key)
        while len(_LOGS) > MAX_LOGS:
            _LOGS.popitem(last=False)
        return log


def describe_change(event: Event) -> dict[str, Any]:
    """Return what a stored event changed, in a screen's terms: {"kind", "type", "player"}."""
    data = event.data if event.kind in (MOVE, DICE) else {}
    return {"kind": event.kind, "type": data.get("type") if isinstance(data, dict) else None,
            "player": data.get("player") if isinstance(data, dict) and isinstance(data.get("player"), str) else None}


class GameSession:
    """A stored game: read its state, submit moves, undo, export.

    The folded state is cached and refreshed from the store when new events appear,
    so several sessions (web workers, the tracker) can share one database file.
    Every write goes through write(): judged against the state read, appended
    only if nothing was stored meanwhile (expected seq), judged again if
    something was. A session made for one client request carries that
    request's `Request` (id and the seq its screen had shown); the first write
    that stores events uses its id, so a repeated request stores nothing twice.
    """

    def __init__(self, store: Store, game_id: str, *, request: Request | None = None, shared: bool = False):
        self.store = store
        self.game_id = game_id
        self.game = find_game(store.game_name(game_id))
        self.request = request or Request()
        self.stored_request_id: str | None = None
        """The request id this session's write stored its events under (None until it stored some)."""
        # shared: the web server's sessions (one per request) share one fold per game, so a read costs
        # what is new; others (CLI, camera loop) keep their own, read from the file they opened.
        self._log = _log_of(store, game_id, self.game) if shared else _Log(self.game)
        self._count = 0
        self._folded: Folded | None = None

    @classmethod
    def start(cls, store: Store, setup: dict[str, Any], *, source: str = "tablet", game_id: str | None = None, title: str = "") -> "GameSession":
        """Create a game from its setup line and return its session.

        Raises:
            RecordError, RuleViolation: if the setup is malformed or illegal (nothing is stored).
            StoreError: if the game id exists or the store cannot be written.
        """
        try:
            game = find_game(str(setup.get("game", "")))
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        game.refuse_unknown_keys(setup)
        game.initial_state(game.move_from_json(setup, first=True))
        game_id = game_id or uuid.uuid4().hex[:12]
        store.create_game(game_id, game.name, title, events=[(MOVE, setup)], source=source,
                          secrets=game_secrets.new_game(store, game_id))
        return cls(store, game_id)

    def refresh(self) -> Folded:
        """Return the folded state, reading any events stored since the last call (a damaged log folds up to the damage).

        The fold is shared by this process's sessions of the same game and
        grows by the new events only, so a read costs what is new, not the game.
        """
        with self._log.lock:
            self._log.catch_up(self.store, self.game_id)
            self._count = len(self._log.events)
            self._folded = self._log.folded
        assert self._folded is not None, "catch_up folds the log"
        return self._folded

    @property
    def _events(self) -> list[Event]:
        """The events read at the last refresh (a copy: other sessions may read more meanwhile)."""
        return self._log.events[:self._count]

    def events_of(self, *kinds: str) -> list[Event]:
        """Return the events of these kinds, in order, as of a fresh read (cheap: kept by kind as they come)."""
        folded = self.refresh()
        with self._log.lock:
            # Each list is in seq order: cut it at this read's last seq (a C-speed slice, not a filter in Python).
            lists = [events[:bisect.bisect_right(events, folded.last_seq, key=_seq)]
                     for events in (self._log.by_kind.get(kind, []) for kind in kinds)]
        return lists[0] if len(lists) == 1 else list(heapq.merge(*lists, key=_seq))

    def steps(self, *, with_evidence: bool = False) -> list[tuple[dict[str, Any], Any, Any]]:
        """Return (record line, state before, state after) for each move in effect, setup first, without replaying.

        with_evidence keeps each line's `evidence` (what the camera or the dice saw), for screens that show it.
        """
        with self._log.lock:
            self._log.catch_up(self.store, self.game_id)
            datas, states = list(self._log.replay.lines), list(self._log.replay.states)
        lines = [d if with_evidence or "evidence" not in d else {k: v for k, v in d.items() if k != "evidence"} for d in datas]
        return [(line, before, after) for line, before, after in zip(lines, [None, *states[:-1]], states)]

    @property
    def damage(self) -> DamagedGame | None:
        """Return why the stored log stops replaying, or None for a sound game."""
        return self.refresh().damage

    @property
    def state(self) -> Any:
        """Return the current game state (of the valid prefix, for a damaged game)."""
        return self.refresh().state

    @property
    def events(self) -> list[Event]:
        """Return every event of the game so far."""
        self.refresh()
        return list(self._events)

    def write(self, decide: Decide, *, source: str) -> list[Event]:
        """Append what `decide` returns, judged against the latest state; the one write path of a game.

        `decide(folded, events)` is called with the freshest state and returns
        the (kind, payload) events to store, or raises CompanionError to store
        nothing. If another writer appended first, the game is re-read and
        `decide` runs again, so nothing is ever chained onto a state it was
        not judged against. Returns the stored events ([] if decide stored none).

        Raises:
            Conflict: the request's screen had not shown a state change stored since (`Request.seen`).
            RepeatedRequest: this request id was stored already, found inside the write transaction (the caller
                answers as the first time).
            DamagedGame: the stored log does not replay; the game is read-only.
            CompanionError: whatever `decide` raises.
        """
        for _ in range(MAX_TRIES):
            folded = self.refresh()
            if folded.damage is not None:
                raise DamagedGame(f"{folded.damage.message.rstrip('.')}. The game is read-only: run `companion audit {self.game_id}` "
                                  f"and `companion recover` to save its intact part", seq=folded.damage.seq)
            self._refuse_stale(folded)
            try:
                items = decide(folded, self._events)
            except CompanionError:
                self._refuse_repeat()  # a refusal of a request already stored is that request's repeat
                raise
            if not items:
                return []
            items = [*items, *self._reveal_due(folded, items)]
            try:
                events = self.store.append_many(self.game_id, items, source, expected_seq=folded.last_seq,
                                                request_id=self.request.request_id)
            except StaleWrite:
                continue
            # One stored batch per request id; this request's later writes are judged after its own.
            self.stored_request_id = self.stored_request_id or self.request.request_id
            self.request = Request(None, events[-1].seq if self.request.seen is not None else None)
            return events
        raise Conflict("Many entries arrived at once and this one could not be judged; nothing was stored. Try again.")

    def _reveal_due(self, folded: Folded, items: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
        """Return the dice seed's reveal if `items` hold a move after which the game is over, the seed was committed
        (a `seed` event: the game's dice were used) and it was never revealed.

        Stored by the move that ends the game, in its transaction, so a read
        (the scoreboard's state.json) never has to write it. Other writes (a
        note, the seed's own commitment, an undo) never reveal it.
        """
        kinds = {kind for kind, _payload in items}
        if MOVE not in kinds or kinds & {UNDO, game_secrets.REVEAL}:
            return []
        with self._log.lock:
            if self._log.by_kind.get(game_secrets.REVEAL) or not self._log.by_kind.get(game_secrets.SEED):
                return []
        state = folded.state
        try:
            for kind, payload in items:
                if kind == MOVE:
                    state = self.game.apply(state, self.game.move_from_json(payload))
            over = self.game.is_over(state)
        except (CompanionError, ValueError, TypeError, KeyError, AttributeError):
            return []  # decide's own check refuses such a line; nothing is due
        seed = self.store.get_secret(self.game_id, game_secrets.DICE_SEED) if over else None
        return [(game_secrets.REVEAL, {"seed": seed})] if seed is not None else []

    def check_seen(self) -> None:
        """Answer now as write() would before judging: Conflict if the screen had not shown a change stored since.

        For views that build a line from the state before write() judges it:
        an entry refused because the game moved on meanwhile is a conflict,
        not a wrong entry, and a repeat of a stored request is RepeatedRequest.
        """
        self._refuse_stale(self.refresh())

    def _refuse_stale(self, folded: Folded) -> None:
        """Raise Conflict for a screen that missed a state change (read from the fold in memory: no query).

        The request id is looked up only if the screen is refused (a repeat of
        a stored request is then answered as the first time); an entry that
        stores is checked once, inside the write transaction (append_many).
        """
        seen = self.request.seen
        if seen is None or seen >= folded.last_seq:
            return
        events = self._log.events  # walked back from this read's end: no copy of a long log per entry
        later = []
        for index in range(min(self._count, len(events)) - 1, -1, -1):
            if events[index].seq <= seen:
                break
            later.append(events[index])
        changes = tuple(describe_change(e) for e in reversed(later) if e.kind in STATE_KINDS)
        if changes:
            self._refuse_repeat()  # the change the screen missed may be this very request's, stored before
            # The sentence a person reads is the web's (companion/web/writes.py conflict_message, translated);
            # this message is for a log: what changed after the screen's seq.
            raise Conflict(f"{len(changes)} change(s) stored after event {seen}: "
                           + ", ".join(c.get("type") or c["kind"] for c in changes), changes=changes)

    def _refuse_repeat(self) -> None:
        """Raise RepeatedRequest if this session's request id is stored already; asked only when refusing the request.

        A write that stores finds a repeat inside its transaction; this is for
        the refusals (a conflict, a rule the repeat breaks because the first
        was applied), so a repeat is answered as the first time, not refused.
        """
        request_id = self.request.request_id
        if request_id is None:
            return
        seq = self.store.request_seq(self.game_id, request_id)
        if seq is not None:
            raise RepeatedRequest(self.game_id, request_id, seq)

    def submit(self, line: dict[str, Any], *, source: str = "tablet", evidence: Any = None, also: Iterable[tuple[str, Any]] = ()) -> Event:
        """Judge a proposed record line; store it if legal and return its event.

        `also` are events stored in the same transaction after the move (e.g.
        the attention item it resolves).

        A line holding a key its type does not have is refused (RecordError),
        not stored with the key ignored: what a screen or the camera sends is
        exact, so a typo in a view shows at once. Imported records keep theirs
        (the audit lists them).

        Raises:
            RecordError, RuleViolation: if the line is malformed or illegal; a
            `rejected` event is stored for the audit and the state is unchanged.
        """
        refused: list[CompanionError] = []

        def decide(folded: Folded, _events: list[Event]) -> list[tuple[str, Any]]:
            refused.clear()
            try:
                self.game.refuse_unknown_keys(line)
                self.game.apply(folded.state, self.game.move_from_json(line))
            except CompanionError as error:
                refused.append(error)
                # Bounded: a refused line is kept whole only if small (the log holds moves, not payloads).
                return [(REJECTED, bounded_refusal(line, error.message, getattr(error, "rule", None), canonical_json(line)))]
            payload = dict(line)
            if evidence is not None:
                payload["evidence"] = evidence
            return [(MOVE, payload), *also]

        events = self.write(decide, source=source)
        if refused:
            raise refused[0]
        return events[0]

    def undo(self, *, source: str = "tablet") -> Event:
        """Cancel the last move in effect with a compensating event and return it.

        A move that revealed hidden information or used chance (the game's
        final_kinds: a reveal, a dice roll, a draw from a face-down deck) is
        never undone: the table would play it again knowing what it showed.

        Raises:
            RuleViolation: undo.nothing if only the setup remains; undo.final/<kind> for such a move.
        """
        def decide(folded: Folded, _events: list[Event]) -> list[tuple[str, Any]]:
            if len(folded.moves) <= 1:
                raise COMMON_WORDING.violation("undo.nothing")
            why = self.final_kind(folded)
            if why is not None:
                raise COMMON_WORDING.violation(f"undo.final/{why}")
            return [(UNDO, {"undoes": folded.moves[-1].seq})]

        return self.write(decide, source=source)[0]

    def final_kind(self, folded: Folded | None = None) -> str | None:
        """Return why the last move in effect cannot be undone ("reveal", "dice", "draw"), or None if it can (or none is left)."""
        folded = folded or self.refresh()
        if len(folded.moves) <= 1:
            return None
        last = folded.moves[-1]
        return self.game.final_kind(last.data) if not last.damage else None

    def raise_attention(self, message: str, *, cards: Iterable[str | None] = (), players: Iterable[str | None] = (),
                        proposed: dict[str, Any] | None = None, evidence: Any = None, source: str = "camera") -> str:
        """Store a "needs attention" item and return its id.

        Used when the camera sees something the rules reject or cannot explain, or
        when an inferred move waits for a one-tap confirm (`proposed` is then the
        record line to submit). Never applied silently, never dropped: it stays
        open until resolve() is called. A card or player is None where the seen line names none.
        """
        item_id = uuid.uuid4().hex[:8]
        payload = {"id": item_id, "message": message, "cards": list(cards), "players": list(players),
                   "proposed": proposed, "evidence": evidence}
        self.write(lambda _folded, _events: [(ATTENTION, payload)], source=source)
        return item_id

    def open_attention(self) -> list[dict[str, Any]]:
        """Return the attention items not yet resolved, oldest first (each with its event seq and time)."""
        return open_items(self.events_of(ATTENTION, RESOLVED))

    def resolve(self, item_id: str, how: str, *, source: str = "tablet") -> Event:
        """Close an attention item ("confirmed", "corrected" or "dismissed").

        Raises:
            RuleViolation: if no open item has that id.
        """
        def decide(_folded: Folded, events: list[Event]) -> list[tuple[str, Any]]:
            if item_id not in {item["id"] for item in open_items(events)}:
                raise RuleViolation("attention.unknown", f"no open attention item {item_id!r}")
            return [(RESOLVED, {"id": item_id, "how": how})]

        return self.write(decide, source=source)[0]

    def observe(self, changes: list[dict[str, Any]], t: float, *, source: str = "camera", extra: dict[str, Any] | None = None) -> Event:
        """Store one settled table change the camera saw and return its event.

        `changes` are {"code", "from", "to"} (zone names, None for "not on the
        table"); `t` is the camera time in seconds. The audit checks that some
        move explains each change. Observations never touch state.
        """
        payload = {"t": t, "changes": [dict(c) for c in changes], **(extra or {})}
        return self.write(lambda _folded, _events: [(OBSERVATION, payload)], source=source)[0]

    def record_lines(self) -> list[dict[str, Any]]:
        """Return the record lines of the moves in effect (evidence and envelope removed).

        Raises:
            DamagedGame: the stored log does not replay (`companion recover` saves its intact part).
        """
        folded = self.refresh()
        if folded.damage is not None:
            raise DamagedGame(f"{folded.damage.message.rstrip('.')}; `companion recover` saves the intact part", seq=folded.damage.seq)
        return [{k: v for k, v in e.data.items() if k != "evidence"} for e in folded.moves]

    def export_record(self) -> str:
        """Return the game as a JSON Lines record that `companion replay` reads."""
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in self.record_lines())


def open_items(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Return the attention items raised and not resolved in `events`, oldest first."""
    items: dict[str, dict[str, Any]] = {}
    for event in events:
        if event.kind == ATTENTION:
            items[event.data["id"]] = {**event.data, "seq": event.seq, "time": event.time, "source": event.source}
        elif event.kind == RESOLVED:
            items.pop(event.data.get("id"), None)
    return list(items.values())


def import_record(store: Store, lines: Iterable[str], *, game_id: str | None = None, title: str = "") -> GameSession:
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
    store.create_game(game_id, game.name, title, events=[(MOVE, data) for data in parsed], source="import",
                      secrets=game_secrets.new_game(store, game_id))
    return GameSession(store, game_id)
