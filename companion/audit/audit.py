"""Run an audit: one streaming pass over a game's events, then replay and the anomaly finders.

The pass checks the hash chain event by event and keeps only what the report
needs: moves, undos, corrections, dice, and the camera observations that
actually saw a card move. Per-frame observations with no change are counted,
not kept, so a four-hour log of a million observations streams through in
bounded memory.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable

from companion.audit import anomalies as find
from companion.audit.chain import ChainCheck
from companion.audit.runs import SeqRuns
from companion.audit.game_audit import audit_for
from companion.audit.limits import MAX_JSON_ANOMALIES, MAX_KEPT
from companion.audit.seals import SealCheck
from companion.audit.source import AuditSource
from companion.errors import CompanionError, RecordError
from companion.games.safejson import load_json
from companion.games import find_game
from companion.games.base import SHARED
from companion.games.wording import plain
from companion.store.events import ATTENTION, DICE, MOVE, OBSERVATION, REJECTED, RESOLVED, SEED, SEED_REVEAL, UNDO

_EMPTY_CHANGES = '"changes":[]'


@dataclass
class Audit:
    """Everything an audit found; to_json() is the JSON export, report.render() the HTML."""

    game_id: str
    game: str
    label: str
    chained: bool
    chain: ChainCheck
    events: int = 0
    observations: int = 0
    """Camera observation events (with or without a change)."""
    moves: list[dict] = field(default_factory=list)
    """Every move event in log order (undone ones flagged), with state summaries after each applied move."""
    anomalies: list[find.Anomaly] = field(default_factory=list)
    replay_error: str | None = None
    final: dict | None = None
    """The final state's standings: state_to_json once the game is over (or with --full), else view_for(state, SHARED)."""
    flow: dict | None = None
    start_time: str = ""
    keyframe: Callable[[int], bytes | None] = lambda _id: None
    damage: tuple[str, ...] = ()
    """Problems with the database file itself: when any, no chain verdict is trusted."""
    not_kept: int = 0
    """Moves and other report items past MAX_KEPT: counted (and an error), not kept, so memory stays bounded."""
    seals: SealCheck = field(default_factory=SealCheck)
    """Seals given to check (`--seal`); empty when none were."""
    full: bool = False
    """Show everything the record holds even while the game runs (`--full`, for the organiser)."""

    @property
    def intact(self) -> bool:
        """Return True if the chain holds and the file it was read from is sound."""
        return self.chained and self.chain.ok and not self.damage

    @property
    def over(self) -> bool:
        """Return True if the replayed game has ended."""
        return bool(self.final and self.final.get("over"))

    @property
    def masked(self) -> bool:
        """Return True if the report hides what the rules hide: the game runs, its audit hides something, no --full."""
        return not self.full and not self.over and audit_for(self.game).hidden_while_playing is not None

    def mask(self, text: str) -> str:
        """Return the text with what the rules keep hidden removed, while the report is masked."""
        hide = audit_for(self.game).hidden_while_playing
        return hide(text) if self.masked and hide is not None else text

    def counts(self) -> dict[str, int]:
        """Return how many anomalies of each severity were found."""
        return {s: sum(1 for a in self.anomalies if a.severity == s) for s in find.SEVERITIES}

    def to_json(self) -> dict:
        """Return the audit as plain JSON (the export next to the HTML report).

        While masked, the moves carry their words and no record line (a line
        names the hidden cards), and every text goes through the game's mask.
        """
        body = {
            "game_id": self.game_id,
            "game": self.game,
            "source": self.label,
            "chain": {"checked": self.chained, "ok": self.chain.ok if self.chained else None, "head": self.chain.head if self.chained else None,
                      "seal": self.chain.seal if self.chained else None, "breaks": [vars(b) | {} for b in self.chain.breaks]},
            "file": {"ok": not self.damage, "problems": list(self.damage)},
            "seals": [{"seal": s.text, "found_at": s.found} for s in self.seals.seals],
            "events": self.events,
            "observations": self.observations,
            "replay": {"ok": self.replay_error is None, "error": self.replay_error},
            "standings": self.final,
            "flow": self.flow,
            "anomaly_counts": self.counts(),
            "anomalies": [a.to_json() for a in self.anomalies[:MAX_JSON_ANOMALIES]],
            "anomalies_not_listed": max(0, len(self.anomalies) - MAX_JSON_ANOMALIES),
            "moves": self.moves,
            "masked": self.masked,
        }
        if not self.masked:
            return body
        body["moves"] = [{k: v for k, v in move.items() if k != "line"} for move in self.moves]
        return _masked(body, self.mask)


def _masked(value: Any, mask: Callable[[str], str]) -> Any:
    """Return a JSON value with every string (keys too) passed through mask."""
    if isinstance(value, str):
        return mask(value)
    if isinstance(value, dict):
        return {mask(k) if isinstance(k, str) else k: _masked(v, mask) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked(v, mask) for v in value]
    return value


def run_audit(source: AuditSource, progress: Callable[[Iterable], Iterable] | None = None,
              seals: SealCheck | None = None, *, full: bool = False) -> Audit:
    """Return the audit of one game's events (read once, in order), checking `seals` if given.

    `full` shows everything the record holds even while the game runs (else
    the audit of a game in progress hides what its rules hide: Audit.masked).

    Raises:
        CompanionError: if the source cannot be read (a damaged store, a malformed file).
    """
    audit = Audit(game_id=source.game_id, game=source.game, label=source.label, chained=source.chained,
                  chain=ChainCheck(), keyframe=source.keyframe, seals=seals or SealCheck(),
                  damage=source.damage, full=full)
    kept, observations, observation_seqs = _read_events(audit, source, progress)
    audit.start_time = audit.moves[0]["time"] if audit.moves else ""
    _source_anomalies(audit, source)
    _mark_undone(audit, kept[UNDO])
    _replay(audit)
    with contextlib.suppress(ValueError):  # an unknown game: _replay has said so
        audit.anomalies += find.unknown_keys(audit.moves, find_game(audit.game).line_keys)
    by_seq = {m["seq"]: m for m in audit.moves}
    # A move is expected to cite camera evidence only in a game the camera reads, and only if a camera watched this one.
    camera_read = audit_for(audit.game).camera_read
    watched = camera_read and (audit.observations > 0 or any(m["source"] == "camera" for m in audit.moves))
    if source.chained:
        audit.anomalies += find.missing_evidence(audit.moves, observation_seqs, expected=watched)
    elif len(audit.moves) > 1:
        audit.anomalies.append(find.Anomaly("evidence.none", find.NOTICE, None,
                                            "a plain record carries no camera evidence or hash chain: only the rules were checked"
                                            if camera_read else "a plain record carries no hash chain: only the rules were checked"))
    audit.anomalies += find.unexplained_changes(observations, audit.moves)
    audit.anomalies += find.corrections(kept[UNDO], kept[REJECTED], kept[ATTENTION], kept[RESOLVED], by_seq,
                                        reasons=not audit.masked)
    audit.anomalies += find.dice_checks(kept[DICE], kept[SEED], kept[SEED_REVEAL])
    checks = audit_for(audit.game).checks
    if checks is not None:
        audit.anomalies += checks(audit.moves, kept)
    rank = {s: i for i, s in enumerate(find.SEVERITIES)}
    audit.anomalies.sort(key=lambda a: (rank[a.severity], a.seq if a.seq is not None else -1))
    return audit


def _read_events(audit: Audit, source: AuditSource, progress: Callable[[Iterable], Iterable] | None
                 ) -> tuple[dict[str, list[dict]], list[dict], SeqRuns]:
    """Read the source's events once, in order, into the audit (counts, moves, the chain and seal checks);
    return the events the checks after need: corrections, attention, dice and seeds by kind, the camera's
    changes, and the observations' seqs.

    Past MAX_KEPT kept events only the chain and the counts go on (constant memory to the end of the log)."""
    kept: dict[str, list[dict]] = {k: [] for k in (UNDO, REJECTED, ATTENTION, RESOLVED, DICE, SEED, SEED_REVEAL,
                                                   *_own_kinds(source.game))}
    observations: list[dict] = []
    observation_seqs = SeqRuns()
    stream: Iterable[Any] = source.events()
    if progress is not None:
        stream = progress(stream)
    check = audit.chain.check
    see = audit.seals.see if audit.seals.seals and source.chained else None
    room = MAX_KEPT
    for event in stream:
        audit.events += 1
        if source.chained:
            intact = check(event)
            if see is not None:
                see(event, intact)
        kind = event.kind
        if event.damage:  # its bytes cannot be read: name it, and replay stops there if it was a move
            audit.anomalies.append(find.Anomaly("event.damaged", find.ERROR, event.seq, event.damage, event.time))
            if kind == MOVE:
                audit.moves.append({"seq": event.seq, "time": event.time, "source": event.source, "line": {},
                                    "evidence": None, "undone": False, "damaged": event.damage})
            continue
        if kind == OBSERVATION:
            audit.observations += 1
            if len(observation_seqs) < MAX_KEPT:
                observation_seqs.add(event.seq)
            if _EMPTY_CHANGES in event.payload:
                continue
        if kind == MOVE or kind == OBSERVATION or kind in kept:
            if room <= 0:
                # Past the limit only the chain (above) and the counts go on: constant memory to the end of the log.
                audit.not_kept += 1
                continue
            room -= 1
        if kind == OBSERVATION:
            data = _data(event)
            if isinstance(data, dict) and data.get("changes"):
                observations.append({"seq": event.seq, "time": event.time, "t": data.get("t"), "changes": data["changes"]})
        elif kind == MOVE:
            data = _data(event)
            line = {k: v for k, v in data.items() if k != "evidence"} if isinstance(data, dict) else {}
            evidence = data.get("evidence") if isinstance(data, dict) and isinstance(data.get("evidence"), dict) else None
            audit.moves.append({"seq": event.seq, "time": event.time, "source": event.source, "line": line,
                                "evidence": evidence, "undone": False})
        elif kind in kept:
            kept[kind].append({"seq": event.seq, "time": event.time, "source": event.source, "data": _data(event) or {}})
    return kept, observations, observation_seqs


def _source_anomalies(audit: Audit, source: AuditSource) -> None:
    """Add what the source itself shows wrong: a log too long to keep, a damaged store, chain breaks, seals."""
    if audit.not_kept:
        audit.anomalies.append(find.Anomaly("audit.too_long", find.ERROR, None,
                                            f"the log holds {audit.not_kept:,} more moves, corrections and camera changes than the "
                                            f"{MAX_KEPT:,} an audit keeps: the chain was checked to the end, the rules and "
                                            "anomalies only up to there (no real game comes near)"))
    for problem in audit.damage:
        audit.anomalies.append(find.Anomaly("store.damaged", find.ERROR, None,
                                            f"the database file is damaged, so what it returns cannot be trusted: {problem}; "
                                            "`companion recover DB --out DIR` saves the intact part of each game"))
    for brk in audit.chain.breaks:
        audit.anomalies.append(find.Anomaly(f"chain.{brk.kind}", find.ERROR, brk.seq, brk.message))
    if audit.seals.seals and not source.chained:
        audit.anomalies.append(find.Anomaly("seal", find.ERROR, None, "a plain record has no hash chain, so no seal can be checked"))
    for seq, message in audit.seals.problems() if source.chained else ():
        audit.anomalies.append(find.Anomaly("seal", find.ERROR, seq, message))


def _own_kinds(game: str) -> tuple[str, ...]:
    """Return the kinds of event the game stores beside the shared ones (none for a game this companion does not know)."""
    try:
        return find_game(game).event_kinds
    except ValueError:
        return ()


def standing(summary: dict) -> dict[str, float]:
    """Return each player's headline number from a state summary: chips, money, total score, or (no score) cards held."""
    out = {}
    for name, info in (summary.get("players") or {}).items():
        value = None
        if isinstance(info, dict):
            for key in ("chips", "money", "total", "score", "points", "cards"):
                item = info.get(key)
                if isinstance(item, dict):
                    item = item.get("total")
                if isinstance(item, (int, float)) and not isinstance(item, bool):
                    value = item
                    break
        elif isinstance(info, (int, float)):
            value = info
        if value is not None:
            out[name] = value
    return out


def _data(event) -> Any:
    try:
        return load_json(event.payload, "the payload")
    except RecordError:
        return None


def _mark_undone(audit: Audit, undos: list[dict]) -> None:
    """Flag moves cancelled by an undo, following the same stack rule as the store's fold."""
    undo_at = {u["seq"]: u for u in undos}
    effective: list[dict] = []
    order = sorted([(m["seq"], "move", m) for m in audit.moves] + [(u["seq"], "undo", u) for u in undos], key=lambda x: x[0])
    for seq, kind, item in order:
        if kind == "move":
            effective.append(item)
            continue
        target = item["data"].get("undoes")
        if len(effective) > 1 and effective[-1]["seq"] == target:
            effective.pop()["undone"] = True
            continue
        audit.anomalies.append(find.Anomaly("replay.fails", find.ERROR, seq, f"undo names event {target!r}, which is not the last move in effect"))
    del undo_at


def describe_generic(line: dict) -> str:
    """Return a plain one-line description of any game's record line (lists as words, never Python's repr).

    >>> describe_generic({"type": "bid", "player": "Ann", "cards": ["bank-1000-01", "bank-500-02"]})
    'bid by Ann: cards bank-1000-01 and bank-500-02'
    """
    who = line.get("player")
    rest = ", ".join(f"{k} {plain(v)}" for k, v in line.items() if k not in ("type", "player"))
    return f"{line.get('type', 'move')}{' by ' + str(who) if who else ''}{': ' + rest if rest else ''}"


def _undone_text(game, extras, line: dict, state) -> str:
    """Return an undone move in the game's words (applied to the state it was entered on), else generically."""
    if extras.describe is not None and state is not None:
        try:
            return extras.describe(line, state, game.apply(state, game.move_from_json(line, first=False)))
        except (CompanionError, LookupError, TypeError, ValueError):
            pass  # an undone move need not have been legal: said generically below
    return describe_generic(line)


def _replay(audit: Audit) -> None:
    """Apply the moves in effect through the rules, keeping a summary after each and the money flow."""
    try:
        game = find_game(audit.game)
    except ValueError as exc:
        audit.replay_error = str(exc)
        audit.anomalies.append(find.Anomaly("replay.fails", find.ERROR, None, str(exc)))
        return
    extras = audit_for(audit.game)
    state = None
    book = None
    number = 0
    for row in audit.moves:
        if row["undone"]:
            row["text"] = _undone_text(game, extras, row["line"], state)
            continue
        if row.get("damaged"):
            audit.replay_error = f"event {row['seq']}: {row['damaged']}"
            audit.anomalies.append(find.Anomaly("replay.fails", find.ERROR, row["seq"], f"the move does not replay: {row['damaged']}", row["time"]))
            row["text"] = "a damaged move"
            row["failed"] = True
            break
        try:
            move = game.move_from_json(row["line"], first=state is None)
            after = game.initial_state(move) if state is None else game.apply(state, move)
        except CompanionError as error:
            audit.replay_error = f"event {row['seq']}: {error.message}"
            audit.anomalies.append(find.Anomaly("replay.fails", find.ERROR, row["seq"],
                                                f"{row['line'].get('type', 'move')} does not replay: {error.message}", row["time"]))
            row["text"] = describe_generic(row["line"])
            row["failed"] = True
            break
        if state is None:
            book = extras.book(row["line"], after) if extras.book else None
        words: str | None = book.step(row["line"], state, after) if book is not None and state is not None else None
        if extras.describe is not None:
            row["text"] = extras.describe(row["line"], state, after)
        elif words is not None:
            row["text"] = words
        elif state is None:
            row["text"] = f"{', '.join(after.players)} sit down" if hasattr(after, "players") else "setup"
        else:
            row["text"] = describe_generic(row["line"])
        row["number"] = number
        number += 1
        summary = game.view_for(after, SHARED)  # the standings and phases read what every screen shows
        row["standing"] = standing(summary)
        phase = extras.phase(summary) if extras.phase else None
        if phase is not None:
            row["phase"] = asdict(phase)
        state = after
    if state is not None:
        # A game in progress is reported as a shared screen sees it (unless --full); once over, nothing is hidden.
        audit.final = game.state_to_json(state) if game.is_over(state) or audit.full else game.view_for(state, SHARED)
    if book is not None:
        audit.flow = book.to_json()
